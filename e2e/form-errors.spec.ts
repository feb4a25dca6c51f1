import { expect, test } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import {
  createNamespace,
  expectAccessible,
  namespacesPath,
  openSignedIn,
  recordMutations,
} from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

test('a long form whose error is out of view brings the first invalid field into view, focuses it and counts what needs attention', async ({
  page,
}) => {
  const customer = await createCustomer('form-errors', 'Fay Form');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'forms');
  const created = recordMutations(page, 'ContainerCreate');
  await page.goto(`${namespacesPath}/forms/container/new`);
  const form = page.getByRole('form', { name: 'New container' });
  const name = form.getByRole('textbox', { name: 'Name', exact: true });
  const image = form.getByRole('textbox', { name: 'Image' });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await test.step(`at ${viewport.width} px: submitted from the bottom with two fields empty`, async () => {
      await page.setViewportSize(viewport);
      await name.fill('');
      await image.fill('');
      const submit = form.getByRole('button', { name: 'Create container' });
      await submit.scrollIntoViewIfNeeded();
      await expect(name).not.toBeInViewport();
      await submit.click();

      await expect(form.getByRole('alert').filter({ hasText: 'fields need attention' })).toHaveText(
        '2 fields need attention',
      );
      await expect(name).toBeFocused();
      await expect(name).toBeInViewport();
      await expect(name).toHaveAttribute('aria-invalid', 'true');
    });
  }

  await test.step('the count follows the fixes, and the form then submits', async () => {
    await name.fill('web');
    await expect(form.getByRole('alert').filter({ hasText: 'needs attention' })).toHaveText(
      '1 field needs attention',
    );
    await form.getByRole('button', { name: 'Create container' }).click();
    await expect(image).toBeFocused();
    await expect(image).toBeInViewport();
    await expectAccessible(page);
    await captureScreens(page, 'form-first-error');
    await image.fill('nginx:1.27');
    await expect(form.getByText(/needs? attention/)).toHaveCount(0);
    expect(created).toHaveLength(0);
    await form.getByRole('button', { name: 'Create container' }).click();
    await expect(page).toHaveURL(`${namespacesPath}/forms/container/web/overview`);
    expect(created).toHaveLength(1);
  });
});
