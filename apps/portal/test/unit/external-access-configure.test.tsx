import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessSection, containerWith, openContainer, ownConnection } from '../support/external-access.ts';

// A container's external access configured on its Configure tab (issue 27): prefilled with its connection, and
// saved as the patch of API.md: ports keyed by external port and protocol, removed ones and removed allowlist
// entries ABSENT, the whole connection ABSENT when turned off, `sharedIp: false` sent again for its own
// addresses, and nothing of it when it did not change. The platform's refusals land on the fields they name.

const save = () => screen.getByRole('button', { name: 'Save changes' });

type Refusal = { message: string; extensions: { code: string; field?: string } };

async function openConfigure(refuse?: Refusal[]) {
  const opened = openContainer(containerWith(ownConnection), 'configure', { refuse });
  await screen.findByRole('region', { name: 'External access' });
  await accessSection().findByRole('group', { name: 'port 443/TCP' });
  return opened;
}

const group = (name: string) => accessSection().getByRole('group', { name });
const textbox = (port: string, name: string) => {
  const found = group(port).querySelectorAll<HTMLElement>('input, textarea');
  const field = [...found].find((element) => element.getAttribute('name')?.endsWith(name));
  if (!field) throw new Error(`no ${name} in ${port}`);
  return field;
};

describe('external access on the Configure tab', () => {
  it('opens with the connection: own addresses, each port with its allowlist', async () => {
    await openConfigure();
    expect(accessSection().getByRole('switch', { name: 'Reachable from the internet' })).toBeChecked();
    expect(accessSection().getByRole('radio', { name: /^Own addresses/ })).toBeChecked();
    expect(textbox('port 443/TCP', 'externalPort')).toHaveValue('443');
    expect(textbox('port 443/TCP', 'allowlist')).toHaveValue('10.0.0.0/8, 192.0.2.7');
    expect(textbox('port 53/UDP', 'allowlist')).toHaveValue('');
    expect(save()).toBeDisabled();
  });

  it('sends a removed port and removed allowlist entries ABSENT, the added entry PRESENT, and sharedIp false again', async () => {
    const { user, modified } = await openConfigure();
    await user.click(accessSection().getByRole('button', { name: 'Remove port 53/UDP' }));
    const allowlist = textbox('port 443/TCP', 'allowlist');
    await user.clear(allowlist);
    await user.type(allowlist, '10.0.0.0/8, 198.51.100.0/24');
    await user.click(save());

    await waitFor(() => expect(modified).toHaveLength(1));
    expect(modified[0]).toEqual({
      name: 'web',
      namespace: 'shop',
      externalConnection: {
        sharedIp: false,
        ports: [
          { externalPort: 53, protocol: 'UDP', state: 'ABSENT', allowList: [] },
          {
            externalPort: 443,
            internalPort: 8080,
            protocol: 'TCP',
            state: 'PRESENT',
            allowList: [
              { ip: '192.0.2.7', state: 'ABSENT' },
              { ip: '198.51.100.0/24', state: 'PRESENT' },
            ],
          },
        ],
      },
    });
  });

  it('moves a port to another external port: the old one ABSENT, the new one added whole', async () => {
    const { user, modified } = await openConfigure();
    const external = textbox('port 443/TCP', 'externalPort');
    await user.clear(external);
    await user.type(external, '8443');
    await user.click(save());
    await waitFor(() => expect(modified).toHaveLength(1));
    expect(modified[0]?.externalConnection).toEqual({
      sharedIp: false,
      ports: [
        { externalPort: 443, protocol: 'TCP', state: 'ABSENT', allowList: [] },
        {
          externalPort: 8443,
          internalPort: 8080,
          protocol: 'TCP',
          state: 'PRESENT',
          allowList: [
            { ip: '10.0.0.0/8', state: 'PRESENT' },
            { ip: '192.0.2.7', state: 'PRESENT' },
          ],
        },
      ],
    });
  });

  it('turned off, says what saving does, and removes the connection (state ABSENT)', async () => {
    const { user, modified } = await openConfigure();
    await user.click(accessSection().getByRole('switch', { name: 'Reachable from the internet' }));
    expect(
      await accessSection().findByText(
        'Saving removes its addresses and ports. Turned on again later, it may get other addresses.',
      ),
    ).toBeVisible();
    await user.click(save());
    await waitFor(() => expect(modified).toHaveLength(1));
    expect(modified[0]).toEqual({
      name: 'web',
      namespace: 'shop',
      externalConnection: { sharedIp: false, state: 'ABSENT', ports: [] },
    });
  });

  it('moving to shared addresses sends sharedIp alone', async () => {
    const { user, modified } = await openConfigure();
    await user.click(accessSection().getByRole('radio', { name: 'Shared addresses' }));
    await user.click(save());
    await waitFor(() => expect(modified).toHaveLength(1));
    expect(modified[0]?.externalConnection).toEqual({ sharedIp: true, ports: [] });
  });

  it('leaves the connection out of a change that is not about it', async () => {
    const { user, modified } = await openConfigure();
    const image = screen.getByRole('textbox', { name: /^Image/ });
    await user.clear(image);
    await user.type(image, 'nginx:1.28');
    await user.click(save());
    await waitFor(() => expect(modified).toHaveLength(1));
    expect(modified[0]).toEqual({ name: 'web', namespace: 'shop', image: 'nginx:1.28' });
  });

  it("puts the platform's refusal of a port on that port's field, and one naming no port on the section", async () => {
    const taken = 'Port 8443/TCP is already taken on 203.0.113.1 and 2001:db8::1';
    const tooMany = 'No external address is free: try again later or contact support';
    const { user } = await openConfigure([
      {
        message: taken,
        extensions: { code: 'BAD_USER_INPUT', field: 'externalConnection.ports.externalPort' },
      },
      { message: tooMany, extensions: { code: 'BAD_USER_INPUT', field: 'externalConnection.sharedIp' } },
    ]);
    const external = textbox('port 443/TCP', 'externalPort');
    await user.clear(external);
    await user.type(external, '8443');
    await user.click(save());

    const moved = textbox('port 8443/TCP', 'externalPort');
    await waitFor(() => expect(moved).toHaveAccessibleDescription(taken));
    expect(moved).toHaveAttribute('aria-invalid', 'true');
    expect(accessSection().getByRole('alert')).toHaveTextContent(tooMany);
    // Said where it belongs, not in the snack bar as well.
    expect(screen.queryAllByText(taken)).toHaveLength(1);
  });

  it('says a refusal about something else in the snack bar', async () => {
    const { user } = await openConfigure([
      { message: 'Container web is being changed', extensions: { code: 'CONFLICT' } },
    ]);
    await user.click(accessSection().getByRole('radio', { name: 'Shared addresses' }));
    await user.click(save());
    expect(await screen.findByText('Container web is being changed')).toBeVisible();
  });
});
