import { expect, test, type Page } from '@playwright/test';
import { createCustomer } from './support/admin.ts';
import { payWithCard, checkoutPath, subscribeToCloudDatabases } from './support/checkout.ts';
import { fact } from './support/databases.ts';
import { platformRequest } from './support/platform.ts';
import { closeMessage, createNamespace, expectAccessible } from './support/portal.ts';
import { captureDialog, useTheme, expectNoSidewaysScroll } from './support/screens.ts';

// Changing a database cluster's plan (issue 24) on the Billing page: the dialog lists the plans the cluster
// can move to with their price, and says what the chosen one does and charges before it is confirmed. An
// upgrade (xs-1 → s-1) applies at once, charging the rest of the period, and the cluster is resized; a
// downgrade (s-3 → s-1) waits for the period's end, which the list says, and Keep takes it back.

const databasesPath = '/storage/databases';
/** A day as the Billing page writes it in the browser's locale (en-US): `Feb 15, 2030`. */
const day = '[A-Z][a-z]{2} \\d{1,2}, \\d{4}';
const money = '€\\d+\\.\\d\\d';
const viewports = [
  { label: 'desktop', size: { width: 1280, height: 800 } },
  { label: 'phone', size: { width: 390, height: 844 } },
] as const;

/** One subscription of the Billing page's list, by its plan's whole name. */
const subscription = (page: Page, plan: string) =>
  page.getByRole('region', { name: 'Subscriptions' }).getByRole('listitem', { name: plan, exact: true });

/** The state of cluster shop/`name`, as the platform says. */
async function clusterState(page: Page, name: string): Promise<string> {
  const data = await platformRequest<{ cloudDatabaseCluster: { state: string } }>(
    page,
    `{ cloudDatabaseCluster(cloudDatabase: { namespace: "shop", name: "${name}" }) { state } }`,
  );
  return data.cloudDatabaseCluster.state;
}

test('a cluster’s plan is upgraded at once for the rest of the period, and a downgrade waits for its end', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const customer = await createCustomer('plan-change', 'Petra Plan');
  const heading = page.getByRole('heading', { level: 1 });

  await test.step('the customer subscribes to cloud databases', async () => {
    await subscribeToCloudDatabases(page, customer);
  });

  await test.step('a cluster on Small, high availability is created through the API, to be paid later', async () => {
    await createNamespace(page, 'shop');
    await platformRequest(
      page,
      `mutation { cloudDatabaseClusterCreate(cloudDatabaseClusterInput: {
        namespace: "shop", name: "archive", spec: { type: "postgresql", version: "16" }, plan: "s-3"
      }) { id } }`,
    );
  });

  await test.step('a cluster on Extra small is created and its plan paid for at once through its checkout', async () => {
    await page.goto(`${databasesPath}/new?namespace=shop`);
    const form = page.getByRole('form', { name: 'New database cluster' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('orders');
    await form
      .getByRole('radiogroup', { name: 'Plan' })
      .getByRole('radio', { name: /^Extra small 1 vCPU/ })
      .check();
    await expect(form.getByRole('switch', { name: 'Pay for this cluster now' })).toBeChecked();
    await form.getByRole('button', { name: 'Create cluster' }).click();
    await expect(page).toHaveURL(checkoutPath);
    await payWithCard(page, '€15.00', customer.name);
    await expect(page).toHaveURL(`${databasesPath}/shop/orders`);
    await expect(heading.getByText('running', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(fact(page, 'Plan')).toHaveText('Extra small (Development)');
  });

  const orders = subscription(page, 'Database cluster: Extra small');

  await test.step('the dialog lists the plans with at least the cluster’s storage, with their price', async () => {
    await page.goto('/account/billing');
    await expect(orders).toContainText(new RegExp(`Cluster orders · €15\\.00 per month · Renews on ${day}`));
    await orders.getByRole('button', { name: 'Change plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the plan of orders' });
    await expect(dialog).toContainText('Now on Extra small, €15.00 per month.');
    await expect(dialog).toContainText(
      "Storage cannot shrink, so only plans with at least the cluster's storage are offered.",
    );
    const plans = dialog.getByRole('radiogroup', { name: 'New plan' });
    await expect(plans.getByRole('radio')).toHaveCount(9);
    await expect(plans.getByRole('radio').first()).toHaveAccessibleName('Small €30.00 per month');
    await expect(dialog.getByRole('button', { name: 'Change plan' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  const chooseSmall = async () => {
    await orders.getByRole('button', { name: 'Change plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the plan of orders' });
    await dialog.getByRole('radio', { name: 'Small €30.00 per month' }).check();
    await expect(dialog).toContainText(
      new RegExp(
        `Upgrade now: ${money} is charged today for the rest of this period \\(until ${day}\\); then €30\\.00 per month\\.`,
      ),
    );
    return dialog;
  };

  await test.step('screenshots of the upgrade’s dialog, light and dark, on a desktop and a phone', async () => {
    await captureDialog(page, 'plan-upgrade-dialog', chooseSmall);
  });

  await test.step('the upgrade is confirmed with the charge shown; the list shows the new plan', async () => {
    const dialog = await chooseSmall();
    const said = (await dialog.getByText(/^Upgrade now:/).textContent()) ?? '';
    const charged = new RegExp(`^Upgrade now: (${money}) is charged today`).exec(said)?.[1] ?? '';
    // Two weeks or more of the €15.00 difference are left in a fresh period.
    expect(Number(charged.slice(1))).toBeGreaterThan(7);
    expect(Number(charged.slice(1))).toBeLessThanOrEqual(15);
    await dialog.getByRole('button', { name: 'Upgrade now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Plan changed to Small.' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const upgraded = subscription(page, 'Database cluster: Small');
    await expect(upgraded).toContainText(
      new RegExp(`Cluster orders · €30\\.00 per month · Renews on ${day}`),
    );
    await expect(orders).toHaveCount(0);
    // The upgrade's invoice, for the amount shown.
    await expect(
      page.getByRole('region', { name: 'Invoices' }).getByText(charged, { exact: true }).first(),
    ).toBeVisible();
    await closeMessage(page, 'Plan changed to Small.');
  });

  await test.step('the cluster is resized to Small, and its events say its plan changed', async () => {
    await page.goto(`${databasesPath}/shop/orders`);
    await expect(heading.getByText('running', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(fact(page, 'Plan')).toHaveText('Small (General purpose)');
    await expect(fact(page, 'Size')).toHaveText('1 vCPU · 2 GB memory · 25 GB storage');
    // The cluster's page lists no events: the platform's say it.
    const { cloudDatabaseCluster } = await platformRequest<{
      cloudDatabaseCluster: { events: { type: string; message: string }[] };
    }>(
      page,
      '{ cloudDatabaseCluster(cloudDatabase: { namespace: "shop", name: "orders" }) { events(limit: 5) { type message } } }',
    );
    expect(cloudDatabaseCluster.events).toContainEqual({
      type: 'PLAN_CHANGED',
      message: 'Plan changed from Extra small to Small: 1 vCPU, 2 GB memory, 25 GB storage, one replica',
    });
  });

  await test.step('the other cluster’s plan is paid for through its checkout', async () => {
    await expect
      .poll(() => clusterState(page, 'archive'), { timeout: 90_000, intervals: [2_000] })
      .toBe('running');
    await page.goto(databasesPath);
    const row = page
      .getByRole('table', { name: 'Database clusters' })
      .getByRole('row')
      .filter({ hasText: 'archive' });
    await row.getByRole('button', { name: 'Pay for archive' }).click();
    await expect(page).toHaveURL(checkoutPath);
    await payWithCard(page, '€90.00', customer.name);
    await expect(page).toHaveURL(`${databasesPath}/shop/archive`);
  });

  const archive = subscription(page, 'Database cluster: Small, high availability');
  const chooseDowngrade = async () => {
    await archive.getByRole('button', { name: 'Change plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the plan of archive' });
    await dialog.getByRole('radio', { name: 'Small €30.00 per month' }).check();
    await expect(dialog).toContainText(
      new RegExp(
        `Downgrade on ${day}: until then the cluster keeps Small, high availability; from then €30\\.00 per month\\. Nothing is charged now\\.`,
      ),
    );
    return dialog;
  };

  await test.step('a downgrade says it waits for the period’s end; the list says when the plan changes', async () => {
    await page.goto('/account/billing');
    await expect(archive).toContainText(
      new RegExp(`Cluster archive · €90\\.00 per month · Renews on ${day}`),
    );
    const periodEnd = new RegExp(`Renews on (${day})`).exec((await archive.textContent()) ?? '')?.[1] ?? '';
    await captureDialog(page, 'plan-downgrade-dialog', chooseDowngrade);

    const dialog = await chooseDowngrade();
    await expect(dialog).toContainText(`Downgrade on ${periodEnd}:`);
    // Keyboard only: from the chosen plan to the confirmation.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Downgrade' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `Downgrade to Small on ${periodEnd}: nothing changes until then.` }),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(archive).toContainText(`Changes to Small on ${periodEnd}`);
    await expect(archive).toContainText('€90.00 per month');
    await closeMessage(page, 'Downgrade to Small');
    await expectAccessible(page);
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(page, theme);
      for (const viewport of viewports) {
        await page.setViewportSize(viewport.size);
        if (viewport.label === 'phone') await expectNoSidewaysScroll(page);
        await archive.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/tmp/plan-pending-${viewport.label}-${theme}.png` });
      }
      await page.setViewportSize(viewports[0].size);
    }
    await useTheme(page, 'light');
  });

  await test.step('Keep takes the downgrade back; the cluster keeps its plan', async () => {
    await archive.getByRole('button', { name: 'Keep Small, high availability' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Small, high availability is kept' }),
    ).toBeVisible();
    await expect(archive.getByText(/^Changes to/)).toHaveCount(0);
    await expect(archive.getByRole('button', { name: /^Keep/ })).toHaveCount(0);
    await page.reload();
    await expect(archive).toContainText(new RegExp(`€90\\.00 per month · Renews on ${day}`));
    await expect(archive.getByText(/^Changes to/)).toHaveCount(0);
    await page.goto(`${databasesPath}/shop/archive`);
    await expect(fact(page, 'Plan')).toHaveText('Small, high availability (General purpose)');
  });
});
