import { expect, test } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { createNamespace, expectAccessible, namespacesPath, openSignedIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// What the platform refuses lands on the field it names (issue 28, item 6): a container name already taken is
// marked on the Name field, which is focused and brought into view from the bottom of the form, and is not
// a message at the bottom of the page instead.

test('a container name already taken is marked on its field, focused and in view, from the bottom of the form', async ({
  page,
}) => {
  const customer = await createCustomer('server-field-errors', 'Rae Refused');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'taken');
  const newContainer = `${namespacesPath}/taken/container/new`;
  const form = page.getByRole('form', { name: 'New container' });
  const name = form.getByRole('textbox', { name: 'Name', exact: true });
  const image = form.getByRole('textbox', { name: 'Image' });
  const taken = 'A container named web already exists in namespace taken';

  await test.step('the first container named web is created', async () => {
    await page.goto(newContainer);
    await name.fill('web');
    await image.fill('nginx:1.27');
    await form.getByRole('button', { name: 'Create container' }).click();
    await expect(page).toHaveURL(`${namespacesPath}/taken/container/web/overview`);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await test.step(`at ${viewport.width} px: a second one named web is refused on its Name field`, async () => {
      await page.setViewportSize(viewport);
      await page.goto(newContainer);
      await name.fill('web');
      await image.fill('nginx:1.27');
      const submit = form.getByRole('button', { name: 'Create container' });
      await submit.scrollIntoViewIfNeeded();
      await expect(name).not.toBeInViewport();
      await submit.click();

      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toHaveAccessibleDescription(taken);
      await expect(name).toBeFocused();
      await expect(name).toBeInViewport();
      await expect(name).toHaveValue('web');
      await expect(page).toHaveURL(newContainer);
      // Said on the field only: no message at the bottom of the page.
      await expect(page.getByText(taken)).toHaveCount(1);
    });
  }

  await test.step('the field is clear again once the name is changed, and the form sends', async () => {
    await expectAccessible(page);
    await captureScreens(page, 'server-field-error-container');
    await name.fill('web-2');
    await expect(name).toHaveAttribute('aria-invalid', 'false');
    await form.getByRole('button', { name: 'Create container' }).click();
    await expect(page).toHaveURL(`${namespacesPath}/taken/container/web-2/overview`);
  });
});

test('a namespace name already taken is marked on its field and focused', async ({ page }) => {
  const customer = await createCustomer('server-field-errors-ns', 'Nia Namespace');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'shop');
  await page.goto(`${namespacesPath}/new`);
  const form = page.getByRole('form', { name: 'New namespace' });
  const name = form.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('shop');
  await form.getByRole('button', { name: 'Create namespace' }).click();

  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('A namespace named shop already exists');
  await expect(name).toBeFocused();
  await expect(page.getByText('A namespace named shop already exists')).toHaveCount(1);
  await expectAccessible(page);
});
