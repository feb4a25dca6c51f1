import { expect, test } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { addRegistry, createVolume, fillContainerForm, resizeVolume } from './support/containers.ts';
import {
  createNamespace,
  expectAccessible,
  namespacesPath,
  openSignedIn,
  recordMutations,
} from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

test('a customer adds a registry and a volume, runs a container with both, changes it, resizes the volume and removes it all', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const customer = await createCustomer('containers', 'Cora Containers');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'journey');
  const base = `${namespacesPath}/journey`;
  const volumeRow = page.getByRole('row', { name: /shop-data/ });
  const heading = page.getByRole('heading', { level: 1 });
  const overviewVariables = page.getByRole('table', { name: 'Environment variables' });
  const containerRow = page.getByRole('row', { name: /shop/ });
  const volumeDialog = page.getByRole('dialog', { name: 'Delete volume shop-data?' });

  await test.step('empty tabs offer to create', async () => {
    // Empty tabs, each with its call to action.
    await expect(page.getByRole('tab', { name: 'Containers', selected: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No containers yet' })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'containers-empty');
    await page.getByRole('tab', { name: 'Registries' }).click();
    await expect(page.getByRole('heading', { name: 'No private registries yet' })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'registries-empty');
  });

  await test.step('add a private registry', async () => {
    // A private registry. Its sign-in check needs a reachable registry, so it is added without the check.
    await addRegistry(page, 'journey', {
      name: 'acme',
      server: 'registry.example.com',
      user: 'robot',
      token: 'registry-token',
    });
  });

  await test.step('create a volume', async () => {
    // A volume.
    await page.getByRole('tab', { name: 'Volumes' }).click();
    await expect(page.getByRole('heading', { name: 'No volumes yet' })).toBeVisible();
    await expectAccessible(page);
    // The server's price list: 10 cents a GB and month.
    await createVolume(page, 'journey', { name: 'shop-data', sizeGb: 5, monthly: '€0.50' });
  });

  await test.step('create a container using both', async () => {
    // The container, using both, with a secret variable, a web address with an allowlist and a mount.
    await page.getByRole('tab', { name: 'Containers' }).click();
    await page.getByRole('link', { name: 'Create container' }).click();
    await expect(page).toHaveURL(`${base}/container/new`);
    await expect(page).toHaveTitle('Create container · journey | Berth');
    const form = page.getByRole('form', { name: 'New container' });
    await fillContainerForm(page, form, {
      name: 'shop',
      image: 'registry.example.com/acme/shop:1.0',
      registry: 'acme',
      memory: '1 GB',
      // The server's price list: 120 cents a month per 0.25 vCPU and 50 per 0.5 GB, so 120 + 2 × 50.
      monthly: '€2.20',
      port: '8080',
      variables: [
        { name: 'MODE', value: 'production' },
        { name: 'API_KEY', value: 's3cret-value', secret: true },
      ],
      address: { domain: 'shop.journey.example.com', allowed: '203.0.113.0/24, 2001:db8::/32' },
      healthPath: '/healthz',
      mount: { path: '/data', volume: 'shop-data' },
    });
    await expectAccessible(page);
    await captureScreens(page, 'container-new');

    const created = recordMutations(page, 'ContainerCreate');
    await form.getByRole('button', { name: 'Create container' }).click();
    await expect(page).toHaveURL(`${base}/container/shop/overview`);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      input: {
        name: 'shop',
        namespace: 'journey',
        registry: 'acme',
        resources: 'CPU_250_RAM_1000',
        ports: ['8080'],
        environmentVariables: [
          { name: 'MODE', value: 'production', secret: false },
          { name: 'API_KEY', value: 's3cret-value', secret: true },
        ],
        ingresses: [
          {
            domainName: 'shop.journey.example.com',
            port: 8080,
            enableTLS: true,
            whitelist: ['203.0.113.0/24', '2001:db8::/32'],
          },
        ],
        mounts: [{ path: '/data', volume: { name: 'shop-data', autoCreate: false } }],
        healthCheck: { port: 8080, path: '/healthz' },
      },
    });
  });

  await test.step('it settles at running', async () => {
    // It comes up replica by replica and settles at running.
    await expect(page).toHaveTitle('shop · journey | Berth');
    await expect(heading).toContainText('shop');
    await expect(heading.getByText('running', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('1 of 1 available')).toBeVisible({ timeout: 30_000 });
    const replicas = page.getByRole('table', { name: 'Replicas' });
    await expect(replicas.getByRole('row', { name: /shop-/ })).toHaveCount(1);
    const overviewAddresses = page.getByRole('table', { name: 'Web addresses' });
    await expect(
      overviewAddresses.getByRole('link', { name: 'shop.journey.example.com', exact: true }),
    ).toHaveAttribute('href', 'https://shop.journey.example.com');
    await expect(
      overviewAddresses.getByRole('button', { name: 'Copy https://shop.journey.example.com' }),
    ).toBeVisible();
    await expect(overviewAddresses).toContainText('203.0.113.0/24, 2001:db8::/32');
    await expect(overviewVariables.getByRole('row', { name: /MODE/ })).toContainText('production');
    await expect(overviewVariables.getByRole('row', { name: /API_KEY/ })).toContainText('secret, hidden');
    await expect(page.getByText('s3cret-value')).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Volume mounts' })).toContainText('shop-data (5 GB)');
    await expect(page.getByText('GET /healthz on port 8080')).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'container-overview');
  });

  await test.step('the list shows it', async () => {
    // The list shows it too, with its address to copy.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Containers' })
      .click();
    await expect(containerRow.getByText('running', { exact: true })).toBeVisible();
    await expect(containerRow).toContainText('1 of 1 available');
    await expect(containerRow).toContainText('registry.example.com/acme/shop:1.0');
    // One replica of €2.20 a month.
    await expect(containerRow.getByRole('cell', { name: '€2.20', exact: true })).toBeVisible();
    await expect(
      containerRow.getByRole('button', { name: 'Copy https://shop.journey.example.com' }),
    ).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'containers');
  });

  await test.step('configure it: only the change is sent', async () => {
    // Configure: change a variable, remove the address; only that is sent.
    await containerRow.getByRole('link', { name: 'shop', exact: true }).click();
    await page.getByRole('tab', { name: 'Configure' }).click();
    await expect(page).toHaveURL(`${base}/container/shop/configure`);
    const configure = page.getByRole('form', { name: 'Configure container' });
    await expect(configure.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
    await expect(configure.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    const configureVariables = configure.getByRole('region', { name: 'Environment variables' });
    const storedSecret = configureVariables.getByRole('group', { name: 'API_KEY' }).getByLabel('Value');
    await expect(storedSecret).toHaveValue('');
    await expect(storedSecret).toHaveAttribute('placeholder', 'Stored, hidden');
    await expect(storedSecret).toHaveAttribute('type', 'password');
    await configureVariables.getByRole('group', { name: 'MODE' }).getByLabel('Value').fill('staging');
    await configure.getByRole('button', { name: 'Remove shop.journey.example.com' }).click();
    await expectAccessible(page);
    await captureScreens(page, 'container-configure');

    const modified = recordMutations(page, 'ContainerModify');
    await configure.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your changes are saved and being applied' }),
    ).toBeVisible();
    await expect(page).toHaveURL(`${base}/container/shop/overview`);
    expect(modified).toEqual([
      {
        input: {
          name: 'shop',
          namespace: 'journey',
          environmentVariables: [{ name: 'MODE', value: 'staging', secret: false }],
          ingresses: [
            {
              port: 8080,
              enableTLS: true,
              whitelist: ['203.0.113.0/24', '2001:db8::/32'],
              domainName: 'shop.journey.example.com',
              state: 'ABSENT',
            },
          ],
        },
      },
    ]);
    await expect(overviewVariables.getByRole('row', { name: /MODE/ })).toContainText('staging');
    await expect(
      page.getByText('No web addresses: the container is not reachable from the web.'),
    ).toBeVisible();
    await expect(overviewVariables.getByRole('row', { name: /API_KEY/ })).toContainText('secret, hidden');
    await expect(heading.getByText('running', { exact: true })).toBeVisible({ timeout: 30_000 });
  });

  await test.step('resize the volume', async () => {
    // Resize the volume: only larger.
    await resizeVolume(page, 'journey', {
      name: 'shop-data',
      fromGb: 5,
      toGb: 8,
      was: '€0.50',
      monthly: '€0.80',
    });
  });

  await test.step('a mounted volume cannot be deleted', async () => {
    // The volume is still mounted: the platform would refuse, so the dialog names the container and asks nothing.
    await volumeRow.getByRole('button', { name: 'Delete volume shop-data' }).click();
    await expect(volumeDialog.getByRole('link', { name: 'shop' })).toHaveAttribute(
      'href',
      `${base}/container/shop`,
    );
    await expect(volumeDialog.getByRole('textbox')).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/screens/volume-delete-in-use-desktop-light.png' });
    await volumeDialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('delete the container, then the volume', async () => {
    // Delete the container (typed confirmation), then the volume.
    await page.goto(`${base}/container/shop`);
    await expect(page).toHaveURL(`${base}/container/shop/overview`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const containerDialog = page.getByRole('dialog', { name: 'Delete container shop?' });
    await expect(containerDialog.getByRole('button', { name: 'Delete container' })).toBeDisabled();
    await containerDialog.getByRole('textbox', { name: 'Type shop to confirm' }).fill('shop');
    await expectAccessible(page);
    await containerDialog.getByRole('button', { name: 'Delete container' }).click();
    await expect(page).toHaveURL(`${base}/containers`);
    await expect(page.getByRole('heading', { name: 'No containers yet' })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('tab', { name: 'Volumes' }).click();
    await expect(volumeRow.getByText('—')).toBeVisible({ timeout: 30_000 });
    await volumeRow.getByRole('button', { name: 'Delete volume shop-data' }).click();
    await volumeDialog.getByRole('textbox', { name: 'Type shop-data to confirm' }).fill('shop-data');
    await volumeDialog.getByRole('button', { name: 'Delete volume' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Volume shop-data is being deleted' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No volumes yet' })).toBeVisible({ timeout: 30_000 });
  });

  await test.step('delete the registry', async () => {
    // The registry goes too, now that nothing uses it.
    await page.getByRole('tab', { name: 'Registries' }).click();
    await page.getByRole('button', { name: 'Delete registry acme' }).click();
    await page
      .getByRole('dialog', { name: 'Delete registry acme?' })
      .getByRole('button', { name: 'Delete registry' })
      .click();
    await expect(page.getByRole('heading', { name: 'No private registries yet' })).toBeVisible({
      timeout: 30_000,
    });
  });
});

test('a restricted customer cannot open container/new once the namespace has a container', async ({
  page,
}) => {
  const customer = await createCustomer('restricted-containers', 'Rex Restricted');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'solo');
  const base = `${namespacesPath}/solo`;

  // The first container is allowed.
  await page.getByRole('link', { name: 'Create container' }).click();
  await expect(page).toHaveURL(`${base}/container/new`);
  const form = page.getByRole('form', { name: 'New container' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('first');
  await form.getByRole('textbox', { name: 'Image' }).fill('nginx:1.27');
  await form.getByRole('button', { name: 'Create container' }).click();
  await expect(page).toHaveURL(`${base}/container/first/overview`);

  // A second is not: the address leads back to the namespace, which offers no create action.
  await page.goto(`${base}/container/new`);
  await expect(page).toHaveURL(`${base}/containers`);
  await expect(page.getByRole('row', { name: /first/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create container' })).toHaveCount(0);
});
