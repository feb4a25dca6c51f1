import { expect, test } from '@playwright/test';
import { admin, createCustomer, testPassword, uniqueEmail } from './support/admin.ts';
import { expectAccessible, namespacesPath, openSignedIn } from './support/portal.ts';

test('registering a new account lands on the namespace list', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await page.getByLabel('Name').fill('Nora Newcomer');
  await page.getByLabel('Email').fill(uniqueEmail('register'));
  await page.getByLabel('Password', { exact: true }).fill(testPassword);
  await page.getByLabel('Repeat password').fill(testPassword);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));
  await expect(page.getByRole('heading', { name: 'Namespaces', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No namespaces yet' })).toBeVisible();

  // Signed in, /register has nothing left to do and goes home.
  await page.goto('/register');
  await expect(page).toHaveURL(/\/welcome$/);

  await page.getByRole('button', { name: 'Account of Nora Newcomer' }).click();
  await expect(page.getByRole('menu')).toContainText('Nora Newcomer');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a suspended customer sees why, has no create action, and is not allowed to create', async ({
  page,
}) => {
  const customer = await createCustomer('suspended', 'Sam Suspended');
  await admin('customer', 'suspend', '--email', customer.email, '--reason', 'PAYMENT_ISSUES');

  await openSignedIn(page, namespacesPath, customer);
  // The API's own refusal, with the way to pay (cancel-subscription.spec.ts follows it).
  await expect(
    page.getByText(
      'Your account is suspended because of payment issues, so nothing can be created, grown or changed: pay the open invoice on the billing page.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No namespaces yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create namespace' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`${namespacesPath}/new`);
  await expect(page).toHaveURL(/\/not-allowed$/);
  await expect(page).toHaveTitle('Not allowed | Berth');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to namespaces' }).click();
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));
});

test('a restricted customer who has a namespace is sent from the create page back to the list', async ({
  page,
}) => {
  const customer = await createCustomer('restricted', 'Rita Restricted');
  await openSignedIn(page, `${namespacesPath}/new`, customer);
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}/new$`));
  await page.getByRole('textbox', { name: 'Name' }).fill('first');
  await page.getByRole('button', { name: 'Create namespace' }).click();
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}/first/containers$`));

  await page.goto(`${namespacesPath}/new`);
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));
  await expect(page.getByRole('row', { name: /first/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create namespace' })).toHaveCount(0);
});

test('a subscribed customer may create more than one namespace', async ({ page }) => {
  const customer = await createCustomer('subscribed', 'Sue Subscribed');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, `${namespacesPath}/new`, customer);
  for (const name of ['one', 'two']) {
    await page.goto(`${namespacesPath}/new`);
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Create namespace' }).click();
    await expect(page).toHaveURL(new RegExp(`${namespacesPath}/${name}/containers$`));
  }
  await page.goto(namespacesPath);
  await expect(page.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Create namespace' })).toBeVisible();
  // The list narrows to the names that contain what is typed.
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('tw');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row', { name: /two/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 of 2 shown' })).toBeVisible();
});
