import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/lib/format.ts';
import {
  apiKeysAnswer,
  deployKey,
  expiredKey,
  keysOnPlatform,
  newSecret,
  revokedKey,
} from '../support/account-api-keys.ts';
import { signInStatus, twoFactorOff } from '../support/account-sign-in.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The account page's API keys (issue 26): the keys with their access, expiry and last use; making one (checked
// as typed, the secret shown once with copy); revoking one after a confirmation; and how the API access
// section tells a script to use a key.

const DAY_MS = 24 * 3600_000;

// The page's other sections: two-factor sign-in off (account-two-factor.test.tsx tests them).
beforeEach(() => server.use(signInStatus(twoFactorOff)));

function openKeys(...args: Parameters<typeof keysOnPlatform>) {
  const { handlers, sent } = keysOnPlatform(...args);
  server.use(...handlers);
  return { ...renderWithProviders({ path: '/account' }), sent };
}

const keysSection = async () => within(await screen.findByRole('region', { name: 'API keys' }));

async function openCreateDialog(user: ReturnType<typeof openKeys>['user']) {
  await user.click(await (await keysSection()).findByRole('button', { name: 'Create API key' }));
  return within(await screen.findByRole('dialog', { name: 'Create API key' }));
}

describe('the API keys section', () => {
  it('says there are none yet, and offers to make one', async () => {
    openKeys([]);
    const section = await keysSection();
    expect(await section.findByText('No API keys yet')).toBeVisible();
    expect(section.getByRole('button', { name: 'Create API key' })).toBeEnabled();
  });

  it('lists each key with its client ID, access, expiry and last use; revoked ones cannot be revoked again', async () => {
    openKeys([deployKey, expiredKey, revokedKey]);
    const table = within(await (await keysSection()).findByRole('table', { name: 'API keys' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [deploy, expired, revoked] = rows.map((row) => within(row));
    expect(deploy?.getByText('Deploys from CI')).toBeVisible();
    expect(deploy?.getByText(deployKey.clientId)).toBeVisible();
    expect(deploy?.getByText('Read and write')).toBeVisible();
    expect(deploy?.getByText(formatDateTime(deployKey.expiresAt))).toBeVisible();
    expect(deploy?.getByText(formatDateTime(deployKey.lastUsedAt))).toBeVisible();
    expect(expired?.getByText('Read only')).toBeVisible();
    expect(expired?.getByText('Expired')).toBeVisible();
    expect(expired?.getByText('Never')).toBeVisible();
    expect(expired?.getByRole('button', { name: 'Revoke API key Old report' })).toBeEnabled();
    expect(revoked?.getByText('Revoked')).toBeVisible();
    expect(revoked?.queryByRole('button')).not.toBeInTheDocument();
  });

  it('an external identity provider: says so, and offers nothing', async () => {
    server.use(apiKeysAnswer(null));
    renderWithProviders({ path: '/account' });
    const section = await keysSection();
    expect(await section.findByText(/identity provider keeps your sign-in/)).toBeVisible();
    expect(section.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('creating a key', () => {
  it('checks the name as it is typed, and sends nothing while it is wrong', async () => {
    const { user, sent } = openKeys([]);
    const dialog = await openCreateDialog(user);
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'x'.repeat(101));
    expect(await dialog.findByText('Use at most 100 characters')).toBeVisible();
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByText('Enter a name for the key')).toBeVisible();
    // Brought into view and focused in the frame after the errors show.
    await waitFor(() => expect(name).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it('sends the name, access and expiry, then shows the secret once, to copy', async () => {
    const { user, sent } = openKeys([]);
    const dialog = await openCreateDialog(user);
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), '  Nightly backup ');
    await user.click(dialog.getByRole('radio', { name: /^Read and write/ }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Expires after' }), '30 days');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));

    const created = within(await screen.findByRole('dialog', { name: 'API key Nightly backup' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.variables).toMatchObject({ name: 'Nightly backup', scope: 'READ_WRITE' });
    const lifetime = Date.parse(String(sent[0]?.variables.expiresAt)) - Date.now();
    expect(Math.abs(lifetime - 30 * DAY_MS)).toBeLessThan(60_000);
    expect(created.getByText(newSecret)).toBeVisible();
    expect(created.getByText(/shown only this once/)).toBeVisible();
    await user.click(created.getByRole('button', { name: 'Copy the client secret' }));
    expect(await navigator.clipboard.readText()).toBe(newSecret);

    // Escape does not take away a secret that is shown once: Close does.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'API key Nightly backup' })).toBeVisible();
    await user.click(created.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(newSecret)).not.toBeInTheDocument();
    const table = within(await (await keysSection()).findByRole('table', { name: 'API keys' }));
    expect(table.getByText('Nightly backup')).toBeVisible();
  });

  it('shows the platform refusing the name at the name field', async () => {
    const { user } = openKeys(
      [deployKey],
      [
        {
          errors: [
            {
              message: 'You already have an API key named Deploys from CI',
              extensions: { code: 'BAD_USER_INPUT', field: 'name' },
            },
          ],
        },
      ],
    );
    const dialog = await openCreateDialog(user);
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Deploys from CI');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByText('You already have an API key named Deploys from CI')).toBeVisible();
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveFocus());
  });
});

describe('revoking a key', () => {
  it('asks first, then marks it revoked', async () => {
    const { user, sent } = openKeys([deployKey]);
    await user.click(
      await (await keysSection()).findByRole('button', { name: 'Revoke API key Deploys from CI' }),
    );
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke API key Deploys from CI?' }));
    await user.click(confirm.getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('API key Deploys from CI revoked')).toBeVisible();
    expect(sent).toEqual([{ operation: 'revoke', variables: { id: '1' } }]);
    const section = await keysSection();
    expect(await section.findByText('Revoked')).toBeVisible();
    await waitFor(() => expect(section.getByRole('button', { name: 'Create API key' })).toHaveFocus());
  });
});

describe('API access', () => {
  it('shows the two calls with a key: a token, then the API', async () => {
    openKeys([]);
    const access = within(await screen.findByRole('region', { name: 'API access' }));
    const tokenEndpoint = `${window.location.origin}/realms/berth/protocol/openid-connect/token`;
    expect(access.getByLabelText('Example token request').textContent).toBe(
      [
        `curl -X POST '${tokenEndpoint}'`,
        `  -u "$CLIENT_ID:$CLIENT_SECRET"`,
        `  -d grant_type=client_credentials`,
      ].join(' \\\n'),
    );
    const apiCall = access.getByLabelText('Example API request').textContent;
    expect(apiCall).toContain(`curl -X POST '${window.location.origin}/graphql/platform'`);
    expect(apiCall).toContain('-H "Authorization: Bearer $ACCESS_TOKEN"');
    expect(access.queryByText(/password/i)).not.toBeInTheDocument();
  });
});
