import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as clusters from '../support/create-cluster.ts';
import { accessSection } from '../support/external-access.ts';
import * as queues from '../support/message-queues.ts';

// External access on the create forms of a database cluster and a message queue (issue 27): the same section
// as a container's, forwarding to the resource's service port over TCP; sent with the create, or refused on it.

type User = {
  click: (element: Element) => Promise<void>;
  type: (element: Element, text: string) => Promise<void>;
};

/** Turns access on in the form, and fills its first port: external port and allowlist. */
async function addPort(user: User, external: string, allowlist: string) {
  await user.click(accessSection().getByRole('switch', { name: 'Reachable from the internet' }));
  const port = within(await accessSection().findByRole('group', { name: 'port 1' }));
  if (external) await user.type(port.getByRole('textbox', { name: 'External port' }), external);
  if (allowlist) await user.type(port.getByRole('textbox', { name: 'Allowed IP addresses' }), allowlist);
  return port;
}

describe('a new database cluster', () => {
  it('is not reachable unless access is turned on, and forwards to its engine port over TCP only', async () => {
    const { user } = clusters.openCreate();
    await clusters.fillValid(user);
    const reachable = accessSection().getByRole('switch', { name: 'Reachable from the internet' });
    expect(reachable).not.toBeChecked();
    await user.click(reachable);
    const port = within(await accessSection().findByRole('group', { name: 'port 1' }));
    expect(port.getByRole('textbox', { name: 'Internal port' })).toHaveValue('The MySQL port');
    expect(port.queryByRole('combobox', { name: /Protocol/ })).toBeNull();
  });

  it('is sent with its external access and the advisor when chosen', async () => {
    const { user, sent } = clusters.openCreate();
    await clusters.fillValid(user);
    await user.click(clusters.form().getByRole('switch', { name: 'Pay for this cluster now' }));
    await addPort(user, '', '198.51.100.0/24');
    await user.click(
      clusters.form().getByRole('switch', { name: 'Database advisor (analyses the databases once a day)' }),
    );
    await clusters.submit(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.input).toMatchObject({
      name: 'orders-db',
      advisor: { enabled: true },
      externalConnection: {
        sharedIp: true,
        ports: [
          {
            externalPort: null,
            internalPort: null,
            protocol: 'TCP',
            state: 'PRESENT',
            allowList: [{ ip: '198.51.100.0/24', state: 'PRESENT' }],
          },
        ],
      },
    });
  });

  it("puts the platform's refusal of the addresses on the section, and of a port on its field", async () => {
    const noAddress = 'No external address is free: try again later or contact support';
    const taken = 'Port 5432/TCP is already taken on 192.0.2.1 and 2001:db8::';
    const { user } = clusters.openCreate({
      refuse: [
        { message: noAddress, extensions: { code: 'BAD_USER_INPUT', field: 'externalConnection.sharedIp' } },
        {
          message: taken,
          extensions: { code: 'BAD_USER_INPUT', field: 'externalConnection.ports.externalPort' },
        },
      ],
    });
    await clusters.fillValid(user);
    await user.click(clusters.form().getByRole('switch', { name: 'Pay for this cluster now' }));
    const port = await addPort(user, '5432', '');
    await clusters.submit(user);
    expect(await accessSection().findByRole('alert')).toHaveTextContent(noAddress);
    expect(port.getByRole('textbox', { name: 'External port' })).toHaveAccessibleDescription(taken);
    // Nothing is said twice above the buttons.
    expect(screen.queryAllByText(noAddress)).toHaveLength(1);
  });
});

describe('a new message queue', () => {
  it('is sent with its external access, forwarding to its AMQP port', async () => {
    const { user, sent } = queues.openCreate();
    await queues.fillValid(user);
    await user.click(queues.form().getByRole('switch', { name: 'Pay for this queue now' }));
    const port = await addPort(user, '5671', '203.0.113.7');
    expect(port.getByRole('textbox', { name: 'Internal port' })).toHaveValue('The AMQP port');
    await user.click(queues.form().getByRole('button', { name: 'Create queue' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.input.externalConnection).toEqual({
      sharedIp: true,
      ports: [
        {
          externalPort: 5671,
          internalPort: null,
          protocol: 'TCP',
          state: 'PRESENT',
          allowList: [{ ip: '203.0.113.7', state: 'PRESENT' }],
        },
      ],
    });
  });
});
