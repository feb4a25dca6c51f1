import { expect, test } from '@playwright/test';
import { createCustomer } from './support/admin.ts';
import { expectAccessible, namespacesPath, openSignedIn, recordMutations } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// Issue 28: offline, the portal stays on screen and says what happens; nothing is sent behind the customer's
// back; once back online the customer carries on where they were.
test('offline: the portal stays, says so and sends nothing; back online, Retry and the form carry on', async ({
  page,
  context,
}) => {
  const customer = await createCustomer('offline', 'Olive Offline');
  // The create form is loaded while online; the namespace list's code is not loaded yet.
  await openSignedIn(page, `${namespacesPath}/new`, customer);
  const created = recordMutations(page, 'NamespaceCreate');
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('offline');
  const banner = page
    .getByRole('status')
    .filter({ hasText: 'You are offline. Pages not opened yet cannot load' });

  await test.step('going offline shows the banner', async () => {
    await expect(banner).toHaveCount(0);
    await context.setOffline(true);
    await expect(banner).toBeVisible();
  });

  await test.step('a form submitted offline says nothing was sent, at once, and creates nothing', async () => {
    await page.getByRole('button', { name: 'Create namespace' }).click();
    await expect(page.getByText('You are offline: nothing was sent')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create namespace' })).toBeEnabled();
    await expect(page).toHaveURL(`${namespacesPath}/new`);
    expect(created).toEqual([]);
    await expectAccessible(page);
  });

  await test.step('a page whose code was not loaded says so in the page, with Retry; the window stays on the app', async () => {
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Namespaces' })
      .click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page).toHaveURL(namespacesPath);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Products' })).toBeVisible();
    await expect(banner).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'offline-page-not-loaded');
  });

  await test.step('back online: the banner goes, Retry loads the page', async () => {
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'No namespaces yet' })).toBeVisible();
    expect(created).toEqual([]);
  });

  await test.step('the form submits once online, and only then', async () => {
    await page.goBack();
    await expect(page).toHaveURL(`${namespacesPath}/new`);
    await page.getByRole('textbox', { name: 'Name' }).fill('offline');
    await page.getByRole('button', { name: 'Create namespace' }).click();
    await expect(page).toHaveURL(`${namespacesPath}/offline/containers`);
    expect(created).toEqual([{ input: { name: 'offline' } }]);
  });
});

test('offline on a phone: the navigation drawer, whose code loads on demand, still opens', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createCustomer('offline-phone', 'Phil Phone');
  await openSignedIn(page, namespacesPath, customer);
  await expect(page.getByRole('heading', { name: 'No namespaces yet' })).toBeVisible();
  // Fetched ahead in idle time once the screen is up.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => /navigation-drawer/.test(entry.name)),
      ),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const products = page.getByRole('navigation', { name: 'Products' });
  await expect(products.getByRole('link', { name: 'Message queues' })).toBeVisible();
  await expect(page).toHaveURL(namespacesPath);
  await context.setOffline(false);
});
