import { expect, test, type Page } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { payWithCard, checkoutPath, subscribeToCloudDatabases } from './support/checkout.ts';
import { platformRequest } from './support/platform.ts';
import {
  closeMessage,
  createNamespace,
  namespacesPath,
  openSignedIn,
  expectAccessible,
} from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// Money and access (issue 24): a customer pays for cloud databases and for a cluster's plan on the local
// provider's hosted checkout; deleting the cluster ends its plan at the end of the period, for good; the
// serverless-containers subscription is cancelled (after a confirmation saying when it ends and what stops)
// and resumed on the Billing page. A customer suspended for payment issues reads the API's refusal and is
// sent to the Billing page. The free start says that it costs nothing until the customer subscribes.

const databasesPath = '/storage/databases';
const containersPlan = 'Serverless containers, monthly (EUR)';
const clusterPlan = 'Database cluster: Small';
/** A day as the Billing page writes it in the browser's locale (en-US): `Feb 15, 2030`. */
const day = '[A-Z][a-z]{2} \\d{1,2}, \\d{4}';

/** One subscription of the Billing page's list, by its plan's name. */
const subscription = (page: Page, plan: string) =>
  page.getByRole('region', { name: 'Subscriptions' }).getByRole('listitem', { name: plan });

test('a cluster’s plan ends with the cluster; the serverless containers subscription is cancelled and resumed', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const customer = await createCustomer('cancelling', 'Cleo Cancel');
  const heading = page.getByRole('heading', { level: 1 });

  await test.step('the customer subscribes to cloud databases', async () => {
    await subscribeToCloudDatabases(page, customer);
  });

  await test.step('a cluster is created and its plan paid for at once through its checkout', async () => {
    await createNamespace(page, 'shop');
    await page.goto(`${databasesPath}/new`);
    const form = page.getByRole('form', { name: 'New database cluster' });
    await form.getByRole('combobox', { name: 'Namespace' }).selectOption('shop');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('orders');
    await form.getByRole('combobox', { name: 'Engine' }).selectOption({ label: 'PostgreSQL' });
    await form.getByRole('combobox', { name: 'Version' }).selectOption({ label: '16 (16.10)' });
    await form
      .getByRole('radiogroup', { name: 'Plan' })
      .getByRole('radio', { name: /^Small 1 vCPU/ })
      .check();
    await form.getByRole('textbox', { name: 'Database name' }).fill('shop');
    await form.getByRole('textbox', { name: 'User name' }).fill('shop_app');
    await expect(form.getByRole('switch', { name: 'Pay for this cluster now' })).toBeChecked();
    await form.getByRole('button', { name: 'Create cluster' }).click();

    await expect(page).toHaveURL(checkoutPath);
    await expect(page.getByText('€30.00 per month')).toBeVisible();
    await payWithCard(page, '€30.00', customer.name);
    await expect(page).toHaveURL(`${databasesPath}/shop/orders`);
    await expect(heading.getByText('running', { exact: true })).toBeVisible({ timeout: 60_000 });
  });

  await test.step('the Billing page lists the cluster’s plan, and says the free start’s usage is not charged', async () => {
    await page.goto('/account/billing');
    const plan = subscription(page, clusterPlan);
    await expect(plan).toContainText(new RegExp(`Cluster orders · €30\\.00 per month · Renews on ${day}`));
    await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
    await expect(
      page
        .getByRole('region', { name: 'Usage this month' })
        .getByText('Free start: this usage is not charged'),
    ).toBeVisible();
  });

  await test.step('deleting the cluster ends its plan with the period paid for, with no way to resume it', async () => {
    await page.goto(`${databasesPath}/shop/orders`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete cluster orders?' });
    await dialog.getByRole('textbox', { name: 'Type orders to confirm' }).fill('orders');
    await dialog.getByRole('button', { name: 'Delete cluster' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cluster deleted successfully' })).toBeVisible();

    await page.goto('/account/billing');
    const plan = subscription(page, clusterPlan);
    // Its cluster is gone: the plan still names it until it ends.
    await expect(plan).toContainText(
      new RegExp(`^${clusterPlan}Cluster orders · €30\\.00 per month · Ends on ${day}`),
    );
    await expect(plan.getByRole('button')).toHaveCount(0);
  });

  await test.step('the customer subscribes to serverless containers', async () => {
    await page.goto(namespacesPath);
    await page.getByRole('button', { name: 'Upgrade to create more' }).click();
    await expect(page).toHaveURL(checkoutPath);
    await payWithCard(page, '€9.00', customer.name);
    await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));
    await expect(page.getByRole('link', { name: 'Create namespace' })).toBeVisible({ timeout: 45_000 });
  });

  const plan = subscription(page, containersPlan);
  let periodEnd = '';

  await test.step('cancelling asks first, saying when it ends and what stops then', async () => {
    await page.goto('/account/billing');
    await expect(plan).toContainText(new RegExp(`€9\\.00 per month · Renews on ${day}`));
    periodEnd = new RegExp(`Renews on (${day})`).exec((await plan.textContent()) ?? '')?.[1] ?? '';

    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel subscription?' });
    await expect(dialog).toContainText(
      `${containersPlan} ends on ${periodEnd} instead of renewing. Until then nothing changes, and you can resume it.`,
    );
    await expect(dialog).toContainText(
      'From then on, your account goes back to the free start: nothing beyond one namespace with one container and one container job can be added; what runs keeps running.',
    );
    await expectAccessible(page);
    for (const viewport of [
      { label: 'desktop', width: 1280, height: 800 },
      { label: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.screenshot({
        path: `test-results/screens/billing-cancel-dialog-${viewport.label}-light.png`,
      });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: `Subscription cancelled: it ends on ${periodEnd}.` }),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(plan).toContainText(`€9.00 per month · Ends on ${periodEnd}`);
    await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    await closeMessage(page, 'Subscription cancelled');
    await expectAccessible(page);
    await captureScreens(page, 'billing-cancelled');
  });

  await test.step('a cancelled subscription is resumed, and renews again', async () => {
    await plan.getByRole('button', { name: 'Resume' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Subscription resumed: it renews on ${periodEnd}.` }),
    ).toBeVisible();
    await expect(plan).toContainText(`€9.00 per month · Renews on ${periodEnd}`);
    await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
    // Reloaded, the server says the same.
    await page.reload();
    await expect(plan).toContainText(`€9.00 per month · Renews on ${periodEnd}`);
  });
});

test('a customer suspended for payment issues reads why and is sent to the Billing page', async ({
  page,
}) => {
  const customer = await createCustomer('suspended-payment', 'Sid Suspended');
  await admin('customer', 'suspend', '--email', customer.email, '--reason', 'PAYMENT_ISSUES');
  const refusal =
    'Your account is suspended because of payment issues, so nothing can be created, grown or changed: pay the open invoice on the billing page.';

  await openSignedIn(page, namespacesPath, customer);
  const notice = page.getByRole('alert').filter({ hasText: refusal });
  await expect(notice.getByRole('link', { name: 'Go to Billing' })).toHaveAttribute(
    'href',
    '/account/billing',
  );
  await expectAccessible(page);
  await captureScreens(page, 'suspended-notice');

  await page.goto(`${namespacesPath}/new`);
  await expect(page).toHaveURL(/\/not-allowed$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(main.getByText(refusal)).toHaveCount(1);
  await expectAccessible(page);
  await captureScreens(page, 'not-allowed-suspended');

  await main.getByRole('link', { name: 'Go to Billing' }).click();
  await expect(page).toHaveURL(/\/account\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(main.getByText(refusal)).toHaveCount(1);
  await expect(main.getByText(/The next successful payment lifts the suspension/)).toBeVisible();
});

test('the free start says what it costs: nothing, until the customer subscribes', async ({ page }) => {
  const customer = await createCustomer('free-start', 'Fran Free');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'first');
  await platformRequest(
    page,
    `mutation ($input: ContainerCreateInput!) { containerCreate(containerInput: $input) { name } }`,
    { input: { namespace: 'first', name: 'web', image: 'nginx:1.27' } },
  );

  await page.goto(`${namespacesPath}/first/containers`);
  await expect(page.getByRole('row', { name: /web/ })).toBeVisible();
  await expect(
    page.getByText(
      'Free start: your containers cost nothing. The monthly cost is what they will cost once you subscribe.',
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'free-start-containers');

  await page.goto('/account/billing');
  await expect(
    page.getByText(
      /^The free start costs nothing and needs no card: one namespace with one container and one container job\./,
    ),
  ).toBeVisible();
  const usage = page.getByRole('region', { name: 'Usage this month' });
  await expect(usage.getByText('Free start: this usage is not charged')).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'free-start-billing');
});
