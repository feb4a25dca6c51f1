import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cluster, openCluster } from '../support/cluster-details.ts';
import {
  accessSection,
  containerWith,
  openContainer,
  ownConnection,
  sharedConnection,
} from '../support/external-access.ts';
import { openQueue, queue } from '../support/message-queues.ts';

// External access on the pages of a container, a database cluster and a message queue (issue 27): the
// addresses and each port forwarded, to copy; not reachable, said so, with the way to add access: the
// container's Configure tab, a dialog on a cluster's or queue's page that sends the modify mutation's patch.

const ports = () => within(accessSection().getByRole('list', { name: 'Forwarded ports' }));

async function copied(user: { click: (element: Element) => Promise<void> }, label: string) {
  await user.click(accessSection().getByRole('button', { name: label }));
  return navigator.clipboard.readText();
}

describe('a container with external access', () => {
  it('shows its own addresses with their price, and each port as address → port, protocol and who may connect', async () => {
    const { user } = openContainer(containerWith(ownConnection), 'overview');
    expect(await screen.findByText('203.0.113.1:443')).toBeVisible();
    expect(accessSection().getByText('203.0.113.1')).toBeVisible();
    expect(accessSection().getByText('2001:db8::1')).toBeVisible();
    expect(await accessSection().findByText('Its own, €3.00 a month')).toBeVisible();
    const [https, dns] = ports().getAllByRole('listitem');
    expect(https).toHaveTextContent('203.0.113.1:443 → 8080 TCP, from 10.0.0.0/8, 192.0.2.7');
    expect(dns).toHaveTextContent('203.0.113.1:53 → 5353 UDP, from anywhere');

    expect(await copied(user, 'Copy 203.0.113.1:443')).toBe('203.0.113.1:443');
    expect(await copied(user, 'Copy 2001:db8::1')).toBe('2001:db8::1');
    expect(accessSection().getByRole('link', { name: 'Change external access' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/container/web/configure',
    );
  });

  it('says a container without it is not reachable, and links to Configure to add it', async () => {
    openContainer(containerWith(null), 'overview');
    expect(
      await screen.findByText(
        'Not reachable from the internet by IP address: no ports are forwarded to the container.',
      ),
    ).toBeVisible();
    expect(accessSection().getByRole('link', { name: 'Add external access' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/container/web/configure',
    );
  });
});

describe("a database cluster's external access", () => {
  it('shows shared addresses at no extra cost, and the port the platform chose', async () => {
    const { user } = openCluster({ answer: () => ({ ...cluster, externalConnection: sharedConnection }) });
    expect(await screen.findByText('192.0.2.1:30000')).toBeVisible();
    expect(accessSection().getByText('Shared with your other resources, at no extra cost')).toBeVisible();
    expect(ports().getByRole('listitem')).toHaveTextContent('192.0.2.1:30000 → 5432 TCP, from anywhere');
    expect(await copied(user, 'Copy 192.0.2.1:30000')).toBe('192.0.2.1:30000');
  });

  it('adds it from a dialog: its service port, TCP only, and sends the connection to create', async () => {
    const { user, sent } = openCluster();
    await user.click(await screen.findByRole('button', { name: 'Add external access' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'External access' }));
    expect(dialog.getByRole('switch', { name: 'Reachable from the internet' })).toBeChecked();
    const port = within(await dialog.findByRole('group', { name: 'port 1' }));
    expect(port.getByRole('textbox', { name: 'Internal port' })).toHaveValue('5432');
    expect(port.getByRole('textbox', { name: 'Internal port' })).toHaveAttribute('readonly');
    expect(port.queryByRole('combobox', { name: /Protocol/ })).toBeNull();

    const allowlist = port.getByRole('textbox', { name: 'Allowed IP addresses' });
    await user.type(allowlist, '203.0.113.0/24, 300.1.1.1');
    expect(
      await port.findByText('300.1.1.1 is not an IP address or CIDR range, such as 203.0.113.0/24'),
    ).toBeVisible();
    await user.clear(allowlist);
    await user.type(allowlist, '203.0.113.0/24');
    await user.click(dialog.getByRole('radio', { name: /^Own addresses/ }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent.filter((item) => item.operation === 'clusterModify')).toHaveLength(1));
    expect(sent.find((item) => item.operation === 'clusterModify')?.variables).toEqual({
      input: {
        namespace: 'shop',
        name: 'orders-db',
        externalConnection: {
          sharedIp: false,
          ports: [
            {
              externalPort: null,
              internalPort: null,
              protocol: 'TCP',
              state: 'PRESENT',
              allowList: [{ ip: '203.0.113.0/24', state: 'PRESENT' }],
            },
          ],
        },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('External access is being changed')).toBeVisible();
  });

  it("puts the platform's refusal on the port it names, the dialog staying open", async () => {
    const taken = 'Port 5432/TCP is already taken on 192.0.2.1 and 2001:db8::';
    const { user } = openCluster({
      refuse: { message: taken, code: 'BAD_USER_INPUT', field: 'externalConnection.ports.externalPort' },
    });
    await user.click(await screen.findByRole('button', { name: 'Add external access' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'External access' }));
    const port = within(await dialog.findByRole('group', { name: 'port 1' }));
    await user.type(port.getByRole('textbox', { name: 'External port' }), '5432');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    const external = port.getByRole('textbox', { name: 'External port' });
    await waitFor(() => expect(external).toHaveAccessibleDescription(taken));
    expect(external).toHaveValue('5432');
    expect(screen.getByRole('dialog', { name: 'External access' })).toBeVisible();
  });
});

describe("a message queue's external access", () => {
  it('is changed from a dialog: turned off, it is removed (state ABSENT)', async () => {
    const { user, sent } = openQueue({ answer: () => ({ ...queue, externalConnection: ownConnection }) });
    expect(await screen.findByText('203.0.113.1:443')).toBeVisible();
    await user.click(accessSection().getByRole('button', { name: 'Change external access' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'External access' }));
    await dialog.findByRole('group', { name: 'port 443/TCP' });
    await user.click(dialog.getByRole('switch', { name: 'Reachable from the internet' }));
    expect(
      await dialog.findByText(
        'Saving removes its addresses and ports. Turned on again later, it may get other addresses.',
      ),
    ).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.filter((item) => item.operation === 'modify')).toHaveLength(1));
    expect(sent.find((item) => item.operation === 'modify')?.variables).toEqual({
      input: {
        namespace: 'shop',
        name: 'orders-mq',
        externalConnection: { sharedIp: false, state: 'ABSENT', ports: [] },
      },
    });
    expect(await screen.findByText('External access is being removed')).toBeVisible();
  });

  it('saves nothing while the queue is being changed, and says so', async () => {
    const { user } = openQueue({ answer: () => ({ ...queue, locked: true, state: 'updating' }) });
    await user.click(await screen.findByRole('button', { name: 'Add external access' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'External access' }));
    expect(
      dialog.getByText('A change is being applied to this queue. You can save once it is done.'),
    ).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
