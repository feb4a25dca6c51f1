import { expect, test } from '@playwright/test';
import { createCustomer } from './support/admin.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  namespacesPath,
  openSignedIn,
} from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

test('addresses: home, redirects, unknown paths and titles', async ({ page }) => {
  const customer = await createCustomer('navigation', 'Nina Navigator');
  await openSignedIn(page, '/', customer);
  await expect(page).toHaveURL(/\/welcome$/);

  await page.goto('/compute');
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));
  await expect(page).toHaveTitle('Namespaces | Berth');

  await page.goto(`${namespacesPath}/namespace`);
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));

  await page.goto(`${namespacesPath}/new`);
  await page.getByRole('textbox', { name: 'Name' }).fill('legacy');
  await page.getByRole('button', { name: 'Create namespace' }).click();
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}/legacy/containers$`));
  await expect(page).toHaveTitle('Containers · legacy | Berth');

  await page.goto(`${namespacesPath}/namespace/legacy/12345`);
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}/legacy/containers$`));

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page).toHaveTitle('Not found | Berth');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page).toHaveURL(/\/welcome$/);

  await page.goto(`${namespacesPath}/not.a.name`);
  await expect(page).toHaveURL(/\/not-found$/);

  await page.goto(`${namespacesPath}/missing`);
  await expect(page.getByRole('heading', { name: 'Namespace not found' })).toBeVisible();
});

test('breadcrumbs lead back up from the pages below the namespace list, and titles name the page', async ({
  page,
}) => {
  const customer = await createCustomer('breadcrumbs', 'Bree Crumb');
  await openSignedIn(page, `${namespacesPath}/new`, customer);
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });

  await test.step('the create page: one step up to the list', async () => {
    await expect(trail.getByRole('link')).toHaveText(['Namespaces']);
    await expect(trail.locator('[aria-current="page"]')).toHaveText('Create namespace');
    await page.getByRole('textbox', { name: 'Name' }).fill('crumbs');
    await page.getByRole('button', { name: 'Create namespace' }).click();
    await expect(page).toHaveURL(`${namespacesPath}/crumbs/containers`);
  });

  await test.step('a form in the namespace: back to its tab, then to the list', async () => {
    await page.goto(`${namespacesPath}/crumbs/volumes/new`);
    await expect(page).toHaveTitle('Create volume · crumbs | Berth');
    await expect(trail.getByRole('link')).toHaveText(['Namespaces', 'crumbs', 'Volumes']);
    await expect(trail.locator('[aria-current="page"]')).toHaveText('Create volume');
    await expectAccessible(page);
    await captureScreens(page, 'breadcrumbs-create-volume');
    await trail.getByRole('link', { name: 'Volumes' }).click();
    await expect(page).toHaveURL(`${namespacesPath}/crumbs/volumes`);
    await expect(page).toHaveTitle('Volumes · crumbs | Berth');
    await expect(trail.getByRole('link')).toHaveText(['Namespaces']);
    await expect(trail.locator('[aria-current="page"]')).toHaveText('crumbs');
    await trail.getByRole('link', { name: 'Namespaces' }).click();
    await expect(page).toHaveURL(namespacesPath);
    await expect(page).toHaveTitle('Namespaces | Berth');
    await expect(trail).toHaveCount(0);
  });

  await test.step('from the create page back to the namespace, by keyboard', async () => {
    await page.goto(`${namespacesPath}/crumbs/registries/new`);
    await trail.getByRole('link', { name: 'crumbs' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${namespacesPath}/crumbs/containers`);
  });
});

test('the dark theme is remembered across a reload', async ({ page }) => {
  const customer = await createCustomer('theme', 'Theo Theme');
  await openSignedIn(page, '/welcome', customer);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  const dark = await background();
  expect(dark).not.toBe(light);
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await background()).toBe(dark);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list and the form fit the screen and the navigation opens as a drawer', async ({ page }) => {
    const customer = await createCustomer('phone', 'Pia Phone');
    await openSignedIn(page, `${namespacesPath}/new`, customer);
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page
      .getByRole('textbox', { name: 'Name' })
      .fill('a-rather-long-namespace-name-for-a-small-phone-screen-012345678');
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('A description long enough to wrap onto a few lines on a phone screen, to see it grow.');
    await page.getByRole('button', { name: 'Create namespace' }).click();
    await expect(page.getByRole('heading', { name: 'a-rather-long-namespace-name' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.goto(
      `${namespacesPath}/a-rather-long-namespace-name-for-a-small-phone-screen-012345678/volumes/new`,
    );
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveCount(3);
    await expectNoHorizontalScroll(page);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').nth(1).click();
    await expect(page.getByRole('tab', { name: 'Containers', selected: true })).toBeVisible();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Serverless containers' }).click();
    await expect(page.getByRole('row', { name: /a-rather-long/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
});
