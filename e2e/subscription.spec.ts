import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Route } from '@playwright/test';
import { createCustomer } from './support/admin.ts';
import { checkoutPath, fillCard, goodCard } from './support/checkout.ts';
import { platformRequest } from './support/platform.ts';
import {
  createNamespace,
  expectAccessible,
  expectNoHorizontalScroll,
  namespacesPath,
  openSignedIn,
} from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// A customer without a subscription subscribes through the local provider's hosted checkout (Berth's own
// test-mode payment pages, README "Billing") and gets `create` without reloading the portal; the Billing
// page then shows the invoice of the payment and what the running container costs this month.

const planName = 'Serverless containers, monthly (EUR)';
const detailsPath = /\/billing\/hosted\/details\/bd_[\w-]+$/;

/**
 * Full-page screenshots of a hosted payment page, at 1280x800 and 390x844, in the browser's light and dark
 * colour scheme (the provider's page follows the system, it has no theme switch); on the phone nothing may
 * scroll sideways. Leaves the page light, at the size it had.
 */
async function captureHostedPage(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const viewport of [
      { label: 'desktop', width: 1280, height: 800 },
      { label: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      if (viewport.label === 'phone') await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: `test-results/screens/${name}-${viewport.label}-${colorScheme}.png`,
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}

/** What the platform knows of the customer's payments, asked as the signed-in customer. */
async function paymentState(page: Page) {
  const data = await platformRequest<{
    account: { customer: { hasPaymentDetails: boolean; recurringPayment: boolean } };
  }>(page, `{ account { customer { hasPaymentDetails recurringPayment } } }`);
  return data.account.customer;
}

test('a restricted customer subscribes through the hosted checkout and may create without a reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const customer = await createCustomer('subscribing', 'Una Upgrade');
  const upgrade = page.getByRole('button', { name: 'Upgrade to create more' });
  const createNamespaceLink = page.getByRole('link', { name: 'Create namespace' });
  const namespaceReason = page.getByText('Without a subscription you can have one namespace.');
  const activating = page.getByRole('status').filter({ hasText: 'Activating your subscription…' });

  await test.step('the first namespace may be created without a subscription', async () => {
    await openSignedIn(page, namespacesPath, customer);
    await expect(page.getByRole('heading', { name: 'No namespaces yet' })).toBeVisible();
    await createNamespace(page, 'first');
  });

  await test.step('with its one container, the namespace offers the upgrade instead of creating', async () => {
    await platformRequest(
      page,
      `mutation ($input: ContainerCreateInput!) { containerCreate(containerInput: $input) { name } }`,
      { input: { namespace: 'first', name: 'web', image: 'nginx:1.27' } },
    );
    await page.goto(`${namespacesPath}/first/containers`);
    await expect(page.getByRole('row', { name: /web/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade to create more' })).toBeVisible();
    await expect(page.getByText('Without a subscription a namespace holds one container.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create container' })).toHaveCount(0);
    await expectAccessible(page);

    // The create page of a second container sends the customer back, saying why.
    await page.goto(`${namespacesPath}/first/container/new`);
    await expect(page).toHaveURL(new RegExp(`${namespacesPath}/first/containers$`));
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Without a subscription a namespace holds one container. Upgrade to create more.',
      }),
    ).toBeVisible();
  });

  await test.step('the namespace list offers the upgrade with its reason', async () => {
    await page.goto(namespacesPath);
    await expect(page.getByRole('row', { name: /first/ })).toBeVisible();
    await expect(upgrade).toBeVisible();
    await expect(namespaceReason).toBeVisible();
    await expect(createNamespaceLink).toHaveCount(0);
    await expectAccessible(page);
    await captureScreens(page, 'subscription-upgrade');
  });

  // The local provider applies the payment before it sends the browser back; a real provider's event comes
  // a moment later. To see the portal wait for it, the permissions answers (UMA) are stood in for: the first
  // after the return is the answer from before the payment, as while the provider's event is on its way, and
  // those after it are held back while the waiting screen is looked at, as on a slow connection.
  const isPermissionsRequest = (body: string | null) => body?.includes('uma-ticket') ?? false;
  let beforePayment: Awaited<ReturnType<Route['fetch']>> | undefined;
  let permissionsMode: 'record' | 'replay-then-hold' | 'through' = 'record';
  const permissionsGate = { open: (): void => undefined };
  const permissionsHeld = new Promise<void>((resolve) => (permissionsGate.open = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/protocol/openid-connect/token'),
    async (route) => {
      if (!isPermissionsRequest(route.request().postData())) return route.continue();
      if (permissionsMode === 'record') {
        beforePayment = await route.fetch();
        return route.fulfill({ response: beforePayment });
      }
      if (permissionsMode === 'replay-then-hold' && beforePayment) {
        const answer = beforePayment;
        beforePayment = undefined;
        return route.fulfill({ response: answer });
      }
      await permissionsHeld;
      return route.continue();
    },
  );

  await test.step('a cancelled checkout changes nothing', async () => {
    await upgrade.click();
    await expect(page).toHaveURL(checkoutPath);
    await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
    await page.getByRole('link', { name: '← Back to Berth' }).click();
    await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Checkout cancelled. Nothing was charged and your plan is unchanged.' }),
    ).toBeVisible();
    await expect(upgrade).toBeVisible();
    await expect(namespaceReason).toBeVisible();
    await expect(activating).toHaveCount(0);
    await expect(createNamespaceLink).toHaveCount(0);
    expect(await paymentState(page)).toEqual({ hasPaymentDetails: false, recurringPayment: false });
  });

  await test.step('the hosted checkout names the plan and its price, and a declined card changes nothing', async () => {
    await upgrade.click();
    await expect(page).toHaveURL(checkoutPath);
    await expect(page).toHaveTitle(`Subscribe to ${planName}`);
    await expect(page.getByText(`Subscribe to ${planName}`)).toBeVisible();
    await expect(page.getByText('€9.00 per month')).toBeVisible();
    await expect(page.getByText(customer.email)).toBeVisible();
    await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
    await expectAccessible(page);

    await fillCard(page, '4000 0000 0000 0002', customer.name);
    await page.getByRole('button', { name: 'Subscribe for €9.00 a month' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(checkoutPath);
    // What was typed stays, but the card's number and code are asked for again, from the number.
    await expect(page.getByLabel('Name on card')).toHaveValue('Una Upgrade');
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(page.getByLabel('Card number')).toBeFocused();
    await expectAccessible(page);
    await captureHostedPage(page, 'subscription-checkout-declined');
    expect(await paymentState(page)).toEqual({ hasPaymentDetails: false, recurringPayment: false });
  });

  await test.step('the good card: back in the portal the subscription is activated', async () => {
    expect(beforePayment).toBeDefined();
    permissionsMode = 'replay-then-hold';
    await fillCard(page, goodCard, customer.name);
    await page.getByRole('button', { name: 'Subscribe for €9.00 a month' }).click();
    await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));
    await expect(
      page.getByRole('status').filter({ hasText: 'Your subscription request has been received.' }),
    ).toBeVisible();
    await expect(activating).toBeVisible();
    await expect(page.getByRole('button', { name: 'Activating subscription' })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'subscription-activating');

    permissionsMode = 'through';
    permissionsGate.open();
    await expect(createNamespaceLink).toBeVisible();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Your subscription is active: you can now create without limits.' }),
    ).toBeVisible();
    await expect(activating).toHaveCount(0);
    await expect(upgrade).toHaveCount(0);
    await expect(namespaceReason).toHaveCount(0);
    expect(await paymentState(page)).toEqual({ hasPaymentDetails: true, recurringPayment: true });

    await createNamespace(page, 'second');
  });

  await test.step('billing details are updated on the hosted page', async () => {
    await page.getByRole('button', { name: 'Account of Una Upgrade' }).click();
    await page.getByRole('menuitem', { name: 'Update billing details' }).click();
    await expect(page).toHaveURL(detailsPath);
    await expect(page.getByRole('heading', { name: 'Update billing details' })).toBeVisible();
    await expect(page.getByLabel('Email for invoices')).toHaveValue(customer.email);
    await page.getByLabel('Company name').fill('Upgrade GmbH');
    await page.getByLabel('Street and house number').fill('Hafenstraße 1');
    await page.getByLabel('Postal code').fill('20457');
    await page.getByLabel('City').fill('Hamburg');
    await page.getByLabel('Country').fill('Germany');
    await page.getByLabel('VAT number (optional)').fill('DE123456789');
    await expectAccessible(page);
    await captureHostedPage(page, 'subscription-billing-details');
    await page.getByRole('button', { name: 'Save' }).click();

    // Back in the portal's billing page (the provider's return address), which shows what was saved.
    await expect(page).toHaveURL(/\/account\/billing$/);
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await expect(page.getByText('Upgrade GmbH')).toBeVisible();
    await expect(page.getByText('DE123456789')).toBeVisible();
    // The address, saved in parts, is shown as before: a line each (street, postal code and city, country).
    await expect(page.getByText('Hafenstraße 1 20457 Hamburg Germany')).toBeVisible();

    // Opened again, the page shows what was saved.
    await page.getByRole('button', { name: 'Account of Una Upgrade' }).click();
    await page.getByRole('menuitem', { name: 'Update billing details' }).click();
    await expect(page).toHaveURL(detailsPath);
    await expect(page.getByLabel('Company name')).toHaveValue('Upgrade GmbH');
    await expect(page.getByLabel('Street and house number')).toHaveValue('Hafenstraße 1');
    await expect(page.getByLabel('Postal code')).toHaveValue('20457');
    await expect(page.getByLabel('City')).toHaveValue('Hamburg');
    await expect(page.getByLabel('Country')).toHaveValue('Germany');
    await expect(page.getByLabel('VAT number (optional)')).toHaveValue('DE123456789');
  });

  await test.step("the Billing page shows this month's usage of the running container and the invoice", async () => {
    await page.goto('/account/billing');
    const usage = page.getByRole('region', { name: 'Usage this month' });
    const byNamespace = usage.getByRole('table', { name: 'Cost by namespace' });
    // The container 'web' has run since the journey began; its meter may have been written a moment after
    // the page asked, so the page is asked again until the namespace is listed. Seconds of use may still
    // cost €0.00: the amounts' form is checked, not their value.
    await expect(async () => {
      await page.reload();
      await expect(byNamespace.getByRole('row', { name: /^first €\d+\.\d\d$/ })).toBeVisible({
        timeout: 3_000,
      });
    }).toPass({ timeout: 60_000 });
    await expect(usage.getByRole('group', { name: 'Cost so far' })).toContainText(/€\d+\.\d\d/);
    await expect(usage.getByRole('group', { name: /^Forecast to / })).toContainText(/€\d+\.\d\d/);
    await expect(
      usage.getByRole('img', { name: /Chart of this month's cost by namespace and resource type/ }),
    ).toBeVisible();
    await expect(
      usage.getByRole('table', { name: 'Cost by resource type' }).getByRole('row', { name: /^Containers / }),
    ).toBeVisible();

    const invoices = page.getByRole('table', { name: 'Invoices' });
    const invoice = invoices.getByRole('row').filter({ hasText: /BERTH-\d{6}/ });
    await expect(invoice).toHaveCount(1);
    await expect(invoice).toContainText('€9.00');
    await expect(invoice).toContainText('paid');
    await expectAccessible(page);
    await captureScreens(page, 'billing');
  });

  await test.step('the invoice page shows the plan line and total, and prints only the invoice', async () => {
    const link = page.getByRole('table', { name: 'Invoices' }).getByRole('link', { name: /^BERTH-\d{6}$/ });
    const number = (await link.textContent()) ?? '';
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/account/billing/invoices/${number}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
    await expect(page).toHaveTitle(`Invoice ${number} | Berth`);
    const lines = page.getByRole('table', { name: 'Invoice lines' });
    await expect(lines.getByRole('row', { name: `${planName} €9.00` })).toBeVisible();
    await expect(lines.getByRole('row', { name: 'Subtotal (net) €9.00' })).toBeVisible();
    await expect(lines.getByRole('row', { name: 'VAT 0 % €0.00' })).toBeVisible();
    await expect(lines.getByRole('row', { name: 'Total €9.00' })).toBeVisible();
    await expect(page.getByText('Berth Cloud GmbH')).toBeVisible();
    await expect(page.getByText('Am Sandtorkai 1')).toBeVisible();
    await expect(page.getByText('VAT number DE999999999')).toBeVisible();
    await expect(page.getByText('Upgrade GmbH')).toBeVisible();
    await expect(page.getByText('VAT number DE123456789')).toBeVisible();
    await expect(page.getByText('Hafenstraße 1 20457 Hamburg Germany')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Billing' }),
    ).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'billing-invoice');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByText('Upgrade GmbH')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/billing-invoice-print.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    await page.goto('/account/billing/invoices/BERTH-999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Billing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  });
});
