import { expect, test } from '@playwright/test';
import { createCustomer } from './support/admin.ts';
import { checkoutPath, payWithCard } from './support/checkout.ts';
import {
  createLegacyDatabase,
  databasesPath,
  expectLegacyDatabasePage,
  expectSubscriptionGate,
  fact,
  pickSmallPlan,
  recordCheckouts,
} from './support/databases.ts';
import { platformRequest } from './support/platform.ts';
import {
  closeMessage,
  createNamespace,
  namespacesPath,
  openSignedIn,
  recordMutations,
  expectAccessible,
} from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// Cloud databases (issue 14): /storage is behind the cloud-database subscription, bought through the gate's
// own checkout (the local provider's hosted page); then a cluster is created (plan picker with prices, inline
// errors, its plan's checkout skipped), given a read-only user whose connection string is copied, and a
// second database; the list shows it beside a legacy database, the namespace's Databases tab shows it, and
// deleting it with the typed confirmation takes it off the list. The server runs the simulated driver.

test('a customer subscribes to cloud databases, creates a cluster, connects a read-only user, and deletes it', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const customer = await createCustomer('databases', 'Dora Database');
  const clusterPath = `${databasesPath}/shop/orders`;
  const heading = page.getByRole('heading', { level: 1 });
  const checkouts = recordCheckouts(page);

  await test.step('without the subscription, /storage explains it and offers its checkout', async () => {
    await openSignedIn(page, '/storage', customer);
    await expectSubscriptionGate(page);
  });

  await test.step('the gate’s checkout activates the subscription, and the databases’ pages open', async () => {
    await page.getByRole('button', { name: 'Subscribe to cloud databases' }).click();
    await expect(page).toHaveURL(checkoutPath);
    await expect(page).toHaveTitle('Subscribe to Cloud databases, monthly (EUR)');
    await expect(page.getByText('€15.00 per month')).toBeVisible();
    expect(checkouts).toEqual(['cloud-databases-EUR-Monthly']);
    await payWithCard(page, '€15.00', customer.name);

    // The local provider applies the payment before it sends the browser back: the pages open at once.
    await expect(
      page.getByRole('status').filter({ hasText: 'Your subscription request has been received.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${databasesPath}$`));
    await expect(page.getByRole('region', { name: 'Cloud databases subscription' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No database clusters yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a cloud database' })).toBeVisible();
  });

  await test.step('a namespace for the cluster', async () => {
    await createNamespace(page, 'shop');
  });

  const form = page.getByRole('form', { name: 'New database cluster' });
  const created = recordMutations(page, 'CloudDatabaseClusterCreate');

  await test.step('the create form shows the plans with their prices and refuses a reserved user name inline', async () => {
    await page.goto(databasesPath);
    await page.getByRole('link', { name: 'Create a cloud database' }).click();
    await expect(page).toHaveURL(`${databasesPath}/new`);
    await expect(heading).toHaveText('Create a new Cloud Database');

    await form.getByRole('combobox', { name: 'Namespace' }).selectOption('shop');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('orders');
    await form.getByRole('combobox', { name: 'Engine' }).selectOption({ label: 'PostgreSQL' });
    await form.getByRole('combobox', { name: 'Version' }).selectOption({ label: '16 (16.10)' });

    await pickSmallPlan(form);

    await form.getByRole('textbox', { name: 'Database name' }).fill('shop');
    const userName = form.getByRole('textbox', { name: 'User name' });
    await userName.fill('postgres');
    // Said as it is typed, on the field, before anything is submitted.
    await expect(userName).toHaveAttribute('aria-invalid', 'true');
    await expect(userName).toHaveAccessibleDescription('This name is reserved');
    await form.getByRole('button', { name: 'Create cluster' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'needs attention' })).toHaveText(
      '1 field needs attention',
    );
    await expect(userName).toBeFocused();
    expect(created).toEqual([]);

    await userName.fill('shop_app');
    await expect(userName).toHaveAttribute('aria-invalid', 'false');
    await expect(form.getByText(/needs? attention/)).toHaveCount(0);
  });

  await test.step('the plan’s checkout is offered, skipped, and the cluster page opens on the created cluster', async () => {
    const payNow = form.getByRole('switch', { name: 'Pay for this cluster now' });
    await expect(payNow).toBeChecked();
    await expect(
      form.getByText("Once the cluster is created, you go to the checkout for its plan's monthly price."),
    ).toBeVisible();
    await payNow.uncheck();
    await expect(form.getByText('The cluster is created without going to the checkout.')).toBeVisible();
    await expectAccessible(page);
    // Away from the plans: the pointer left where the switch was would show a plan as hovered.
    await page.mouse.move(0, 0);
    await captureScreens(page, 'database-create');

    await form.getByRole('button', { name: 'Create cluster' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: "Your database cluster 'orders' is being created! 🚀" }),
    ).toBeVisible();
    await expect(page).toHaveURL(clusterPath);
    expect(created).toEqual([
      {
        input: {
          namespace: 'shop',
          name: 'orders',
          spec: { type: 'postgresql', version: '16' },
          plan: 's-1',
          databases: [{ name: 'shop' }],
          users: [{ name: 'shop_app', permissions: [{ databaseName: 'shop', permission: 'READ_WRITE' }] }],
        },
      },
    ]);
    // No checkout since the subscription's.
    expect(checkouts).toEqual(['cloud-databases-EUR-Monthly']);
    // The simulated driver has it running within seconds; the page follows it meanwhile.
    await expect(heading.getByText('running', { exact: true })).toBeVisible({ timeout: 60_000 });
  });

  const users = page.getByRole('table', { name: 'Users' });
  const databases = page.getByRole('table', { name: 'Databases' });
  const addUser = page.getByRole('button', { name: 'Add user' });
  let host = '';
  let port = '';

  await test.step('the cluster page shows its engine, plan, address, first user and database', async () => {
    await expect(heading).toContainText('orders');
    await expect(page.getByText('Database cluster in shop')).toBeVisible();
    await expect(fact(page, 'Engine')).toHaveText('PostgreSQL 16 (16.10)');
    await expect(fact(page, 'Plan')).toHaveText('Small (General purpose)');
    await expect(fact(page, 'Size')).toHaveText('1 vCPU · 2 GB memory · 25 GB storage');
    await expect(fact(page, 'Replicas')).toHaveText('1');
    await expect(fact(page, 'Price')).toHaveText('€30.00 per month');
    host = (await fact(page, 'Host').textContent()) ?? '';
    port = (await fact(page, 'Port').textContent()) ?? '';
    expect(host).toMatch(/^orders-shop\.[\w.-]+$/);
    expect(port).toMatch(/^\d+$/);

    await expect(users.getByRole('row', { name: /^admin admin Owns every database/ })).toBeVisible();
    await expect(users.getByRole('row', { name: /^shop_app shop: read and write/ })).toBeVisible();
    await expect(databases.getByRole('row', { name: /^shop / })).toBeVisible();
  });

  await test.step('a user added with read-only access connects with the copied connection string', async () => {
    await expect(addUser).toBeEnabled();
    await addUser.click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('textbox', { name: 'User name' }).fill('reporter');
    await dialog.getByRole('combobox', { name: 'shop' }).selectOption({ label: 'Read only' });
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'User reporter is being added: reveal its password under Connection' }),
    ).toBeVisible();
    await expect(users.getByRole('row', { name: /^reporter shop: read only/ })).toBeVisible();
    // The page offers the new user's connection string, focused.
    const reveal = page.getByRole('button', { name: 'Reveal connection string' });
    await expect(reveal).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'User', exact: true })).toHaveValue('reporter');
    // Added once the platform has applied it (the cluster is locked until then).
    await expect(addUser).toBeEnabled({ timeout: 60_000 });

    await reveal.click();
    const connection = page.getByRole('group', { name: 'How to connect as reporter' });
    await connection.getByRole('button', { name: 'Copy connection string of reporter' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const dsn = new RegExp(`^postgresql://reporter:([^@/]+)@${host.replaceAll('.', '\\.')}:${port}/shop$`);
    expect(copied).toMatch(dsn);
    await expect(connection.getByText(copied, { exact: true })).toBeVisible();
    await expect(connection.getByRole('heading', { name: 'psql' })).toBeVisible();
    await expect(connection.getByText(`psql '${copied}'`, { exact: true })).toBeVisible();
  });

  await test.step('a database added is listed', async () => {
    await page.getByRole('button', { name: 'Add database' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add database' });
    await dialog.getByRole('textbox', { name: 'Database name' }).fill('analytics');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Monthly reports');
    await dialog.getByRole('button', { name: 'Add database' }).click();
    await expect(dialog).toHaveCount(0);
    await closeMessage(page, 'Database analytics is being added');
    await expect(databases.getByRole('row', { name: /^analytics Monthly reports/ })).toBeVisible();
    await expect(addUser).toBeEnabled({ timeout: 60_000 });
    await expect(databases.getByRole('row', { name: /^analytics Monthly reports ready/ })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'database-cluster');
  });

  const inventory = {
    name: 'inventory',
    username: 'owner',
    password: 'a-long-enough-password',
    whitelist: ['203.0.113.7', '10.0.0.0/8'],
  };
  const legacy = await test.step('a legacy database, created through the API', () =>
    createLegacyDatabase(page, inventory));

  await test.step('the list shows the cluster and the legacy database', async () => {
    await page.goto(databasesPath);
    await expect(heading).toHaveText('Cloud databases');
    const clusters = page.getByRole('table', { name: 'Database clusters' });
    await expect(clusters.getByRole('row').filter({ hasText: 'orders' }).getByRole('cell')).toHaveText([
      'orders',
      'shop',
      'PostgreSQL 16',
      'Small',
      // Created without paying: the state says its plan is unpaid (database-unpaid.spec.ts).
      /^runningUnpaid plan/,
      '€30.00',
    ]);
    await expect(clusters.getByRole('link', { name: 'orders' })).toHaveAttribute('href', clusterPath);

    await expect(page.getByRole('heading', { name: 'Single-node databases' })).toBeVisible();
    const singleNode = page.getByRole('table', { name: 'Single-node databases' });
    // The list follows the new database until it runs.
    await expect(singleNode.getByRole('row').filter({ hasText: 'inventory' }).getByRole('cell')).toHaveText(
      ['inventory', legacy.version.name, legacy.nodeType.name, legacy.location.name, 'running'],
      { timeout: 60_000 },
    );
    await expectAccessible(page);
    await captureScreens(page, 'databases-list');
  });

  await test.step('the legacy database’s page shows what the platform knows of it', async () => {
    await page.getByRole('link', { name: 'inventory' }).click();
    await expectLegacyDatabasePage(page, legacy, inventory);
  });

  await test.step('the namespace’s Databases tab lists the cluster', async () => {
    await page.goto(`${namespacesPath}/shop/containers`);
    await page.getByRole('tab', { name: 'Databases' }).click();
    await expect(page).toHaveURL(`${namespacesPath}/shop/databases`);
    const clusters = page.getByRole('table', { name: 'Database clusters' });
    await expect(clusters.getByRole('row').filter({ hasText: 'orders' }).getByRole('cell')).toHaveText([
      'orders',
      'PostgreSQL 16',
      'Small',
      // Created without paying: the state says its plan is unpaid (database-unpaid.spec.ts).
      /^runningUnpaid plan/,
      '€30.00',
    ]);
    await expect(page.getByRole('link', { name: 'Create a cloud database' })).toHaveAttribute(
      'href',
      `${databasesPath}/new?namespace=shop`,
    );
  });

  await test.step('deleting the cluster asks for its name and takes it off the list', async () => {
    await page.getByRole('link', { name: 'orders' }).click();
    await expect(page).toHaveURL(clusterPath);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete cluster orders?' });
    const confirm = dialog.getByRole('button', { name: 'Delete cluster' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Type orders to confirm' }).fill('orders');
    await confirm.click();
    await expect(page.getByRole('status').filter({ hasText: 'Cluster deleted successfully' })).toBeVisible();
    await expect(page).toHaveURL(databasesPath);
    // The list follows the deletion until the cluster is gone; the legacy database stays.
    await expect(page.getByRole('heading', { name: 'No database clusters yet' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('table', { name: 'Single-node databases' })).toContainText('inventory');
    const remaining = await platformRequest<{ cloudDatabaseClusters: { name: string }[] }>(
      page,
      '{ cloudDatabaseClusters { name } }',
    );
    expect(remaining.cloudDatabaseClusters).toEqual([]);
  });
});
