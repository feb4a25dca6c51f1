import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCustomer } from './support/admin.ts';
import { closeMessage, expectAccessible, openSignedIn } from './support/portal.ts';
import { captureDialog, captureScreens } from './support/screens.ts';

// API keys on the account page (issue 26): a key made in the browser (its name checked as typed, its secret
// shown once), then used as a script uses it, with plain HTTP outside the browser: a token from the token
// endpoint the API access section shows (client credentials in Basic authentication, as `curl -u` sends
// them), a read and a change at the API address it shows; the key's last use shown; the key revoked, after
// which the token endpoint refuses it and the API refuses its earlier token (401).

/** Opens the Create API key dialog from the keyboard. */
async function openCreateDialog(page: Page): Promise<Locator> {
  await page
    .getByRole('region', { name: 'API keys' })
    .getByRole('button', { name: 'Create API key' })
    .focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  return dialog;
}

/** A value of the facts list in `scope` (the dd after the dt named `term`). */
const factValue = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').locator('code');

/** The client-credentials grant as `curl -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials`. */
function tokenRequest(tokenEndpoint: string, clientId: string, clientSecret: string) {
  return fetch(tokenEndpoint, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
}

function apiRequest(apiUrl: string, token: string, query: string) {
  return fetch(apiUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
}

test('an API key made on the account page works for a script until it is revoked', async ({ page }) => {
  test.setTimeout(180_000);
  const customer = await createCustomer('api-keys', 'Kim Keys');
  await openSignedIn(page, '/account', customer);
  const keys = page.getByRole('region', { name: 'API keys' });
  await expect(keys.getByText('No API keys yet')).toBeVisible();
  await expectAccessible(page);

  const access = page.getByRole('region', { name: 'API access' });
  const tokenEndpoint = (await factValue(access, 'Token endpoint').textContent()) ?? '';
  const apiUrl = (await factValue(access, 'API').textContent()) ?? '';
  expect(tokenEndpoint).toBe('http://localhost:8090/realms/berth/protocol/openid-connect/token');
  expect(apiUrl).toBe('http://localhost:8090/graphql/platform');
  await expect(access.getByLabel('Example token request', { exact: true })).toContainText(
    'grant_type=client_credentials',
  );

  const credentials =
    await test.step('a key is made: its name checked as typed, its secret shown once', async () => {
      await captureDialog(page, 'account-api-key-dialog', () => openCreateDialog(page));
      const dialog = await openCreateDialog(page);
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('Enter a name for the key')).toBeVisible();
      await page.keyboard.type('deploys from CI');
      await dialog.getByRole('radio', { name: /^Read and write/ }).check();
      await dialog.getByRole('combobox', { name: 'Expires after' }).selectOption('30 days');
      await dialog.getByRole('button', { name: 'Create key' }).click();

      const created = page.getByRole('dialog', { name: 'API key deploys from CI' });
      await expect(created.getByText('shown only this once', { exact: false })).toBeVisible();
      const clientId = (await factValue(created, 'Client ID').textContent()) ?? '';
      const clientSecret = (await factValue(created, 'Client secret').textContent()) ?? '';
      expect(clientId).toMatch(/^berth-key-[0-9a-f]{16}$/);
      expect(clientSecret.length).toBeGreaterThanOrEqual(43);
      await expectAccessible(page);
      // A click beside it or Escape does not take the secret away: only Close does.
      await page.keyboard.press('Escape');
      await expect(created).toBeVisible();
      await created.getByRole('button', { name: 'Close' }).click();
      await expect(created).toBeHidden();
      const row = keys.getByRole('row', { name: /deploys from CI/ });
      await expect(row).toContainText(clientId);
      await expect(row).toContainText('Read and write');
      await expect(row).toContainText('Never');
      await expect(page.getByText(clientSecret)).toHaveCount(0);
      return { clientId, clientSecret };
    });

  const token = await test.step('a script gets a token with it, reads and creates', async () => {
    const answer = await tokenRequest(tokenEndpoint, credentials.clientId, credentials.clientSecret);
    expect(answer.status).toBe(200);
    const { access_token: accessToken } = (await answer.json()) as { access_token: string };
    const read = await apiRequest(apiUrl, accessToken, '{ account { email } }');
    expect(await read.json()).toEqual({ data: { account: { email: customer.email } } });
    const create = await apiRequest(
      apiUrl,
      accessToken,
      'mutation { namespaceCreate(namespaceInput: { name: "from-script" }) { name } }',
    );
    expect(await create.json()).toEqual({ data: { namespaceCreate: { name: 'from-script' } } });
    await page.reload();
    await expect(keys.getByRole('row', { name: /deploys from CI/ })).not.toContainText('Never');
    return accessToken;
  });

  await captureScreens(page, 'account-api-keys');

  await test.step('revoked, the key and its earlier token are refused', async () => {
    await keys.getByRole('button', { name: 'Revoke API key deploys from CI' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key deploys from CI?' });
    await expect(confirm).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(keys.getByRole('row', { name: /deploys from CI/ })).toContainText('Revoked');
    // The Revoke button went with the key: the focus is on making a new one (before the message is closed,
    // which takes the focus with its own button).
    await expect(keys.getByRole('button', { name: 'Create API key' })).toBeFocused();
    await closeMessage(page, 'API key deploys from CI revoked');

    const refused = await tokenRequest(tokenEndpoint, credentials.clientId, credentials.clientSecret);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
    expect((await apiRequest(apiUrl, token, '{ account { email } }')).status).toBe(401);
  });
});
