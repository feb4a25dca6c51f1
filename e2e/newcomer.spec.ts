import { expect, test } from '@playwright/test';
import { expectAccessible, namespacesPath, recordMutations, signIn } from './support/portal.ts';

// The demo customer is new and restricted: it may create its first namespace. The data folder is fresh,
// so the demo account starts with none.
test('a newcomer signs in, creates a namespace, sees it settle and deletes it', async ({ page }) => {
  const namespacesCreated = recordMutations(page, 'NamespaceCreate');

  await page.goto('/');
  await signIn(page, 'demo@example.com', 'berth-demo');

  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
  await expect(page).toHaveTitle('Welcome to the product | Berth');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Go to your namespaces' }).click();
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));
  await expect(page).toHaveTitle('Namespaces | Berth');
  await expect(page.getByRole('heading', { name: 'No namespaces yet' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Create namespace' }).click();
  await expect(page).toHaveTitle('Create namespace | Berth');
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('My_Shop');
  await expect(page.getByText('Start with a lowercase letter')).toBeVisible();
  await name.fill('my_shop');
  await expect(page.getByText('Use only lowercase letters, digits and hyphens')).toBeVisible();
  await page.getByRole('button', { name: 'Create namespace' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(namespacesCreated).toHaveLength(0);
  await expectAccessible(page);

  await name.fill('my-shop');
  await page.getByRole('textbox', { name: 'Description' }).fill('The web shop');
  await page.getByRole('button', { name: 'Create namespace' }).click();

  // Not said to be created while it is still being set up (issue 28).
  await expect(
    page.getByRole('status').filter({ hasText: "Your namespace 'my-shop' is being created" }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}/my-shop/containers$`));
  await expect(page.getByRole('heading', { name: 'my-shop' })).toBeVisible();
  await expect(page.getByText('The web shop')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Serverless containers' }).click();
  const row = page.getByRole('row', { name: /my-shop/ });
  await expect(row).toBeVisible();
  // The list keeps refreshing while the namespace is being created and shows where it settles.
  await expect(row.getByText('created', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await row.getByRole('link', { name: 'my-shop' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete namespace my-shop?' });
  const confirm = dialog.getByRole('button', { name: 'Delete namespace' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Type my-shop to confirm' }).fill('my-sho');
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Type my-shop to confirm' }).fill('my-shop');
  await expectAccessible(page);
  await confirm.click();

  await expect(page.getByRole('status').filter({ hasText: 'Your namespace is being deleted' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));
  await expect(page.getByRole('row', { name: /my-shop/ }).getByText('being deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No namespaces yet' })).toBeVisible();
});
