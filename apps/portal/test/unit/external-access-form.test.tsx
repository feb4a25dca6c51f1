import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { externalConnectionCreateInput } from '../../src/components/external-access/external-access-values.ts';
import { ContainerForm } from '../../src/features/containers/components/container-form.tsx';
import { toCreateInput } from '../../src/features/containers/components/container-input.ts';
import {
  defaultContainerValues,
  externalAccessTarget,
  type ContainerFormValues,
} from '../../src/features/containers/components/container-schema.ts';
import { accessSection, portGroup } from '../support/external-access.ts';
import { ipAddressPrice } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The External access section of a container's form (issue 27): off until turned on, then shared or own
// addresses at their price and the ports forwarded, each checked as typed, so nothing the platform would
// refuse is sent; and the create input it makes.

beforeEach(() => {
  server.use(
    graphql.query('DefaultContainerAddress', () =>
      HttpResponse.json({
        data: { namespace: { id: '1', defaultContainerAddress: 'shop-web.apps.localhost' } },
      }),
    ),
  );
});

async function renderForm() {
  const onSubmit = vi.fn<(values: ContainerFormValues) => Promise<unknown>>().mockResolvedValue(undefined);
  const { user } = renderWithProviders(
    <ContainerForm
      mode="create"
      namespace="web"
      initialValues={defaultContainerValues}
      registries={[]}
      volumes={[]}
      pending={false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  await screen.findByRole('form');
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'shop');
  await user.type(screen.getByRole('textbox', { name: /^Image/ }), 'nginx:1.27');
  return { onSubmit, user };
}

type User = Awaited<ReturnType<typeof renderForm>>['user'];

const reachable = () => accessSection().getByRole('switch', { name: 'Reachable from the internet' });

async function turnOn(user: User, ports = '8080, 5353') {
  await user.type(screen.getByRole('textbox', { name: 'Ports' }), ports);
  await user.click(reachable());
  await accessSection().findByRole('group', { name: 'port 1' });
  return portGroup('port 1');
}

/** Chooses `option` in the MUI select named `name` within `scope`. */
async function choose(user: User, scope: ReturnType<typeof within>, name: string, option: string) {
  await user.click(scope.getByRole('combobox', { name: new RegExp(`^${name}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('external access in the container form', () => {
  it('cannot be turned on before the container has a port, and says why', async () => {
    const { user } = await renderForm();
    expect(reachable()).not.toBeChecked();
    expect(reachable()).toBeDisabled();
    expect(
      accessSection().getByText(
        "Add a port first: external access forwards to one of the container's ports.",
      ),
    ).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Ports' }), '8080');
    expect(reachable()).toBeEnabled();
  });

  it('turned on, offers shared or own addresses at their monthly price, and a first port to the first container port', async () => {
    const { user } = await renderForm();
    const port = await turnOn(user);
    const shared = accessSection().getByRole('radio', { name: 'Shared addresses' });
    expect(shared).toBeChecked();
    expect(shared).toHaveAccessibleDescription(/At no extra cost/);
    expect(
      await accessSection().findByRole('radio', { name: 'Own addresses (€3.00 a month)' }),
    ).not.toBeChecked();
    const external = port.getByRole('textbox', { name: 'External port' });
    expect(external).toHaveValue('');
    expect(external).toHaveAttribute('placeholder', 'Chosen for you');
    expect(port.getByRole('combobox', { name: /^Internal port/ })).toHaveTextContent('8080');
    expect(port.getByRole('combobox', { name: /^Protocol/ })).toHaveTextContent('TCP');
    expect(port.getByRole('textbox', { name: 'Allowed IP addresses' })).toHaveValue('');
  });

  it('says own addresses are priced by the month when the platform lists no price', async () => {
    server.use(ipAddressPrice(null));
    const { user } = await renderForm();
    await turnOn(user);
    const own = await accessSection().findByRole('radio', { name: 'Own addresses' });
    await waitFor(() => expect(own).toHaveAccessibleDescription(/priced by the month/));
  });

  it('checks ports and allowlists as typed, and sends nothing while one is wrong', async () => {
    const { user, onSubmit } = await renderForm();
    const first = await turnOn(user);
    const external = first.getByRole('textbox', { name: 'External port' });
    await user.type(external, '70000');
    expect(await first.findByText('Enter a port from 1 to 65535')).toBeVisible();
    await user.clear(external);
    await user.type(external, '443');

    await user.click(accessSection().getByRole('button', { name: 'Add port' }));
    const second = portGroup('port 2');
    await user.type(second.getByRole('textbox', { name: 'External port' }), '443');
    expect(await second.findByText('443/TCP is already used above')).toBeVisible();
    // The same number over UDP is another port.
    await choose(user, second, 'Protocol', 'UDP');
    await waitFor(() => expect(second.queryByText('443/UDP is already used above')).toBeNull());
    expect(second.queryByText(/is already used above/)).toBeNull();

    const allowlist = portGroup('port 443/TCP').getByRole('textbox', { name: 'Allowed IP addresses' });
    await user.type(allowlist, '10.0.0.0/33');
    expect(allowlist).toHaveAccessibleDescription('10.0.0.0/33: the prefix length must be 0 to 32');
    await user.click(screen.getByRole('button', { name: 'Create container' }));
    expect(await screen.findByText('1 field needs attention')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(allowlist);
    await user.type(allowlist, '10.0.0.0/8, 192.0.2.7');
    await user.click(screen.getByRole('button', { name: 'Create container' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const [values] = onSubmit.mock.calls[0] ?? [];
    if (!values) throw new Error('the form submitted nothing');
    const target = externalAccessTarget([8080, 5353]);
    expect(
      toCreateInput('web', values, await externalConnectionCreateInput(values.externalAccess, target)),
    ).toMatchObject({
      ports: ['8080', '5353'],
      externalConnection: {
        sharedIp: true,
        ports: [
          {
            externalPort: 443,
            internalPort: 8080,
            protocol: 'TCP',
            state: 'PRESENT',
            allowList: [
              { ip: '10.0.0.0/8', state: 'PRESENT' },
              { ip: '192.0.2.7', state: 'PRESENT' },
            ],
          },
          { externalPort: 443, internalPort: 8080, protocol: 'UDP', state: 'PRESENT', allowList: [] },
        ],
      },
    });
  });

  it('says what is wrong with a port while other fields are still wrong too', async () => {
    const { user } = await renderForm();
    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    const port = await turnOn(user);
    await user.type(port.getByRole('textbox', { name: 'External port' }), '0');
    expect(await port.findByText('Enter a port from 1 to 65535')).toBeVisible();
  });

  it('wants its own external port for a second port to the same container port', async () => {
    const { user } = await renderForm();
    await turnOn(user);
    await user.click(accessSection().getByRole('button', { name: 'Add port' }));
    const second = portGroup('port 2');
    // A new row is not marked before anyone has been in it; leaving its empty external port tells why it
    // is wanted.
    expect(second.queryByText(/another port forwards/)).toBeNull();
    await user.click(second.getByRole('textbox', { name: 'External port' }));
    await user.tab();
    expect(
      await second.findByText('Enter an external port: another port forwards to 8080/TCP too'),
    ).toBeVisible();
    await choose(user, second, 'Internal port', '5353');
    await waitFor(() => expect(second.queryByText(/another port forwards/)).toBeNull());
  });

  it('forwards at most ten ports', async () => {
    const { user } = await renderForm();
    await turnOn(user, '8080');
    const add = accessSection().getByRole('button', { name: 'Add port' });
    for (let count = 1; count < 10; count += 1) await user.click(add);
    expect(accessSection().getAllByRole('group', { name: /^port/ })).toHaveLength(10);
    expect(add).toBeDisabled();
    expect(accessSection().getByText('External access forwards at most 10 ports.')).toBeVisible();
  });

  it('refuses a port the container no longer has', async () => {
    const { user } = await renderForm();
    await turnOn(user, '8080');
    // The container's port taken away: the ports forwarded to it say so.
    const ports = screen.getByRole('textbox', { name: 'Ports' });
    await user.clear(ports);
    await user.type(ports, '9090');
    await user.click(screen.getByRole('button', { name: 'Create container' }));
    expect(
      (await portGroup('port 1').findAllByText("Port 8080 is not one of the container's ports"))[0],
    ).toBeVisible();
  });

  it('turned off again, keeps nothing of it in what is sent', async () => {
    const { user, onSubmit } = await renderForm();
    const port = await turnOn(user);
    await user.type(port.getByRole('textbox', { name: 'External port' }), '99999');
    await user.click(reachable());
    expect(accessSection().queryByRole('group', { name: /^port/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create container' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const [values] = onSubmit.mock.calls[0] ?? [];
    if (!values) throw new Error('the form submitted nothing');
    expect(
      await externalConnectionCreateInput(values.externalAccess, externalAccessTarget([8080])),
    ).toBeNull();
    expect(toCreateInput('web', values, null)).not.toHaveProperty('externalConnection');
  });
});
