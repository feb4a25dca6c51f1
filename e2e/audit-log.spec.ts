import { expect, test, type Page } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { platformRequest, waitUntilSettled } from './support/platform.ts';
import { createNamespace, expectAccessible, namespacesPath, openSignedIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// The audit log page (issue 15): what the customer changed shows with who, what and the change set as a
// diff, a changed secret only as "changed", and the filters narrow it.

const FIRST_SECRET = 'first-secret-value-4f1a';
const SECOND_SECRET = 'second-secret-value-9c2e';

async function modifyContainer(page: Page, change: Record<string, unknown>) {
  await platformRequest(
    page,
    `mutation ($input: ContainerModifyInput) { containerModify(containerInput: $input) { name } }`,
    { input: { name: 'web', namespace: 'audited', ...change } },
  );
  await waitUntilSettled(page, 'audited');
}

test('a customer sees who changed what: the image as old → new, the secret only as changed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const customer = await createCustomer('audit-log', 'Audrey Auditor');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'audited');

  await test.step('create a container, then change its image and its secret', async () => {
    await platformRequest(
      page,
      `mutation ($input: ContainerCreateInput!) { containerCreate(containerInput: $input) { name } }`,
      {
        input: {
          name: 'web',
          namespace: 'audited',
          image: 'nginx:1.26',
          ports: ['80'],
          environmentVariables: [
            { name: 'MODE', value: 'live' },
            { name: 'API_TOKEN', value: FIRST_SECRET, secret: true },
          ],
        },
      },
    );
    await waitUntilSettled(page, 'audited');
    await modifyContainer(page, { image: 'nginx:1.27' });
    await modifyContainer(page, {
      environmentVariables: [{ name: 'API_TOKEN', value: SECOND_SECRET, secret: true }],
    });
  });

  const changes = page.getByRole('list', { name: 'Changes, newest first' });
  const entry = (name: string) => changes.getByRole('listitem', { name, exact: true });
  const secretChange = entry('Audrey Auditor changed container web in namespace audited').first();
  const imageChange = entry('Audrey Auditor changed container web in namespace audited').nth(1);

  await test.step('the audit log, opened from the navigation, shows both changes newest first', async () => {
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL('/account/audit-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(secretChange.getByText('environment variables › API_TOKEN')).toBeVisible();
    await expect(secretChange.getByText('secret changed')).toBeVisible();
    await expect(imageChange.locator('del')).toContainText(['nginx:1.26']);
    await expect(imageChange.locator('ins')).toContainText(['nginx:1.27']);
    await expect(entry('Audrey Auditor created container web in namespace audited')).toBeVisible();
    await expect(entry('Audrey Auditor created namespace audited')).toBeVisible();
    await expect(secretChange.locator('time')).toHaveAttribute('title', /\d{4}/);
    const text = (await changes.textContent()) ?? '';
    expect(text).not.toContain(FIRST_SECRET.slice(0, 12));
    expect(text).not.toContain(SECOND_SECRET.slice(0, 12));
    await expectAccessible(page);
    await captureScreens(page, 'audit-log');
  });

  await test.step('the filters ask for one type and event, the search narrows on the page', async () => {
    await page.getByRole('combobox', { name: 'Resource type' }).selectOption('Namespace');
    await expect(changes.getByRole('listitem')).toHaveCount(1);
    await expect(entry('Audrey Auditor created namespace audited')).toBeVisible();
    await page.getByRole('combobox', { name: 'Resource type' }).selectOption('Container');
    await page.getByRole('combobox', { name: 'Event' }).selectOption('Changed');
    await expect(changes.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Search' }).fill('image');
    await expect(changes.getByRole('listitem')).toHaveCount(1);
    await expect(changes.locator('ins')).toContainText(['nginx:1.27']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('nothing-like-this');
    await expect(page.getByRole('heading', { name: 'No matching changes' })).toBeVisible();
    await expectAccessible(page);
  });
});
