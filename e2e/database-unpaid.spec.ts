import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../apps/server/test/support/ports.ts';
import { admin, adminIn, createCustomer, testPassword, uniqueEmail } from './support/admin.ts';
import { startBerthServer } from './support/berth-server.ts';
import { payWithCard } from './support/checkout.ts';
import { platformRequest } from './support/platform.ts';
import { createNamespace, expectAccessible, namespacesPath, openSignedIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// Pay later (issue 24): a cluster created with "Pay for this cluster now" switched off runs unpaid. The list,
// the namespace's Databases tab and the cluster's page say so, with the day it is stopped unless paid (the
// server's UNPAID_GRACE_DAYS, 7 by default); the list's Pay opens the checkout of the cluster's plan on the
// local provider, and once it is paid nothing says unpaid any more. On a server without grace days
// (UNPAID_GRACE_DAYS=0) an unpaid cluster is stopped at the server's next minute; paying starts it again.

const databasesPath = '/storage/databases';
const clusterPath = `${databasesPath}/shop/orders`;
const graceMs = 7 * 24 * 3600_000;

interface ClusterPayment {
  state: string;
  unpaidSince: string | null;
  unpaidStopAt: string | null;
  events: { type: string; occurredAt: string }[];
}

/** What the platform says of the cluster shop/orders: its state, whether it is paid, and its events. */
async function clusterPayment(page: Page): Promise<ClusterPayment> {
  const data = await platformRequest<{ cloudDatabaseCluster: ClusterPayment }>(
    page,
    `{ cloudDatabaseCluster(cloudDatabase: { namespace: "shop", name: "orders" }) {
      state unpaidSince unpaidStopAt events { type occurredAt }
    } }`,
  );
  return data.cloudDatabaseCluster;
}

/** A time as the portal writes it (lib/format.ts), in the browser's locale and time zone. */
function formatInBrowser(page: Page, time: string): Promise<string> {
  return page.evaluate(
    (at) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    time,
  );
}

test('a cluster created without paying shows as unpaid, with the day it stops, until its plan is paid', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const customer = await createCustomer('unpaid-cluster', 'Ursula Unpaid');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'cloud-database');
  const heading = page.getByRole('heading', { level: 1 });
  const notice = page.getByRole('region', { name: 'Unpaid plan' });
  const row = page
    .getByRole('table', { name: 'Database clusters' })
    .getByRole('row')
    .filter({ hasText: 'orders' });

  await openSignedIn(page, databasesPath, customer);
  await createNamespace(page, 'shop');

  await test.step('created with "Pay for this cluster now" switched off', async () => {
    await page.goto(`${databasesPath}/new?namespace=shop`);
    const form = page.getByRole('form', { name: 'New database cluster' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('orders');
    await form
      .getByRole('radiogroup', { name: 'Plan' })
      .getByRole('radio', { name: /^Small 1 vCPU/ })
      .check();
    await form.getByRole('switch', { name: 'Pay for this cluster now' }).uncheck();
    await form.getByRole('button', { name: 'Create cluster' }).click();
    await expect(page).toHaveURL(clusterPath);
    await expect(heading.getByText('running', { exact: true })).toBeVisible({ timeout: 60_000 });
  });

  const { unpaidSince, unpaidStopAt } = await clusterPayment(page);
  expect(unpaidSince).not.toBeNull();
  expect(Date.parse(unpaidStopAt ?? '') - Date.parse(unpaidSince ?? '')).toBe(graceMs);
  const stopsOn = await formatInBrowser(page, unpaidStopAt ?? '');

  await test.step('its page says when it stops unless paid, and what paying costs', async () => {
    await expect(notice).toContainText(
      `The plan of this cluster is not paid. It will be stopped on ${stopsOn} unless it is paid; nothing is deleted.`,
    );
    await expect(notice.getByText('€30.00 per month for Small')).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Pay for this cluster' })).toBeEnabled();
    await expectAccessible(page);
    await captureScreens(page, 'database-unpaid');
  });

  await test.step('the list marks it unpaid, with the day it stops and Pay', async () => {
    await page.goto(databasesPath);
    await expect(row.getByText('Unpaid plan', { exact: true })).toBeVisible();
    await expect(row.getByText(`Stops on ${stopsOn}`)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Pay for orders' })).toBeEnabled();
    await expectAccessible(page);
    await captureScreens(page, 'databases-unpaid-list');
  });

  await test.step('so does the namespace’s Databases tab', async () => {
    await page.goto(`${namespacesPath}/shop/databases`);
    await expect(row.getByText('Unpaid plan', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Pay for orders' })).toBeEnabled();
  });

  await test.step('Pay opens the checkout of its plan; once paid, the cluster’s page opens and says nothing unpaid', async () => {
    await page.goto(databasesPath);
    await row.getByRole('button', { name: 'Pay for orders' }).click();
    await expect(page).toHaveURL(/\/billing\/hosted\/checkout\/cs_[\w-]+$/);
    await expect(page).toHaveTitle('Subscribe to Database cluster: Small');
    await payWithCard(page, '€30.00', customer.name);

    await expect(
      page.getByRole('status').filter({ hasText: 'Your subscription request has been received.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(clusterPath);
    await expect(heading.getByText('running', { exact: true })).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect(await clusterPayment(page)).toMatchObject({ unpaidSince: null, unpaidStopAt: null });
  });

  await test.step('the list no longer marks it or offers Pay', async () => {
    await page.goto(databasesPath);
    await expect(row.getByRole('cell', { name: 'running', exact: true })).toBeVisible();
    await expect(row.getByText(/unpaid/i)).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Pay for orders' })).toHaveCount(0);
  });
});

test('a cluster left unpaid past its grace days is stopped, keeping everything, and starts again once paid', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // A server of its own whose unpaid clusters stop at its next minute.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'berth-e2e-unpaid-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = await startBerthServer({
    port,
    dataDir,
    env: { PUBLIC_URL: baseUrl, UNPAID_GRACE_DAYS: '0' },
  });
  try {
    const customer = { email: uniqueEmail('stopped-cluster'), password: testPassword, name: 'Stan Stopped' };
    await adminIn(
      dataDir,
      'account',
      'create',
      '--email',
      customer.email,
      '--password',
      customer.password,
      '--name',
      customer.name,
    );
    await adminIn(dataDir, 'subscription', 'grant', '--email', customer.email, '--product', 'cloud-database');
    await openSignedIn(page, `${baseUrl}${databasesPath}`, customer);
    const notice = page.getByRole('region', { name: 'Unpaid plan' });

    await test.step('created unpaid through the API, it is stopped once it has run', async () => {
      await platformRequest(page, 'mutation { namespaceCreate(namespaceInput: { name: "shop" }) { id } }');
      await platformRequest(
        page,
        `mutation { cloudDatabaseClusterCreate(cloudDatabaseClusterInput: {
          namespace: "shop", name: "orders", spec: { type: "postgresql", version: "16" }, plan: "s-1",
          databases: [{ name: "shop" }]
        }) { id } }`,
      );
      await expect
        .poll(async () => (await clusterPayment(page)).state, { timeout: 150_000, intervals: [2_000] })
        .toBe('stopped');
    });

    const { events, unpaidSince, unpaidStopAt } = await clusterPayment(page);
    expect(unpaidSince).not.toBeNull();
    expect(unpaidStopAt).toBeNull();
    const stop = events.find((event) => event.type === 'STOPPED_UNPAID');
    const stoppedOn = await formatInBrowser(page, stop?.occurredAt ?? '');

    await test.step('its page says when it was stopped and that paying starts it; the list marks it', async () => {
      await page.goto(`${baseUrl}${clusterPath}`);
      await expect(notice).toContainText(
        `This cluster was stopped on ${stoppedOn} because its plan is not paid. Pay for it to start it again; its databases and users are kept.`,
      );
      await expect(notice.getByText('€30.00 per month for Small')).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Databases' }).getByRole('row', { name: /^shop / }),
      ).toBeVisible();
      await expectAccessible(page);
      await captureScreens(page, 'database-stopped-unpaid');

      await page.goto(`${baseUrl}${databasesPath}`);
      const row = page
        .getByRole('table', { name: 'Database clusters' })
        .getByRole('row')
        .filter({ hasText: 'orders' });
      await expect(row.getByText('Stopped: unpaid plan', { exact: true })).toBeVisible();
      await expect(row.getByText(/^Stops on/)).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Pay for orders' })).toBeEnabled();
      await expectAccessible(page);
      await captureScreens(page, 'databases-stopped-unpaid-list');
    });

    await test.step('paid, it starts again', async () => {
      await page.goto(`${baseUrl}${clusterPath}`);
      await notice.getByRole('button', { name: 'Pay for this cluster' }).click();
      await expect(page).toHaveTitle('Subscribe to Database cluster: Small');
      await payWithCard(page, '€30.00', customer.name);
      await expect(page).toHaveURL(`${baseUrl}${clusterPath}`);
      await expect(notice).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 }).getByText('running', { exact: true })).toBeVisible(
        {
          timeout: 60_000,
        },
      );
      const paid = await clusterPayment(page);
      expect(paid).toMatchObject({ unpaidSince: null, unpaidStopAt: null });
      expect(paid.events.map((event) => event.type)).toContain('STARTED_PAID');
    });
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
