import { expect, test, type Page } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { platformRequest, waitUntilSettled } from './support/platform.ts';
import {
  closeMessage,
  createNamespace,
  expectAccessible,
  namespacesPath,
  openSignedIn,
  recordMutations,
} from './support/portal.ts';
import { captureDialog, captureScreens } from './support/screens.ts';

// External access (issue 27): a container made reachable from the internet on its Configure tab (one port, an
// allowlist entry), its addresses and port then on its page, copied; and a database cluster given addresses
// of its own from its page's dialog, with their monthly price. The server runs the simulated driver, which
// hands out addresses from the operator's pools (documentation ranges by default).

interface Connection {
  ipv4: string;
  ipv6: string;
  sharedIp: boolean;
  ports: { externalPort: number; internalPort: number | null; protocol: string; allowList: string[] }[];
}

const connectionFields =
  'externalConnection { ipv4 ipv6 sharedIp ports { externalPort internalPort protocol allowList } }';

async function containerConnection(page: Page): Promise<Connection | null> {
  const data = await platformRequest<{ container: { externalConnection: Connection | null } }>(
    page,
    `{ container(containerResourceInput: { namespace: "edge", name: "web" }) { ${connectionFields} } }`,
  );
  return data.container.externalConnection;
}

async function clusterState(page: Page) {
  const data = await platformRequest<{
    cloudDatabaseCluster: { state: string; locked: boolean; externalConnection: Connection | null };
  }>(
    page,
    `{ cloudDatabaseCluster(cloudDatabase: { namespace: "edge", name: "orders" }) { state locked ${connectionFields} } }`,
  );
  return data.cloudDatabaseCluster;
}

/** Copies with the button named `label` and returns what the clipboard then holds. */
async function copy(page: Page, label: string): Promise<string> {
  await page.getByRole('region', { name: 'External access' }).getByRole('button', { name: label }).click();
  return page.evaluate(() => navigator.clipboard.readText());
}

test('a customer makes a container and a database cluster reachable from the internet, and copies their addresses', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const customer = await createCustomer('external-access', 'Ines Internet');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'cloud-database');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'edge');
  const base = `${namespacesPath}/edge/container/web`;
  const section = page.getByRole('region', { name: 'External access' });
  const modified = recordMutations(page, 'ContainerModify');

  await test.step('a container listening on 8080, not reachable from the internet', async () => {
    await platformRequest(
      page,
      `mutation { containerCreate(containerInput: {
        name: "web", namespace: "edge", image: "nginx:1.27", ports: ["8080"], scaling: { manual: { replicas: 1 } }
      }) { id } }`,
    );
    await waitUntilSettled(page, 'edge');
    await page.goto(`${base}/overview`);
    await expect(
      section.getByText(
        'Not reachable from the internet by IP address: no ports are forwarded to the container.',
      ),
    ).toBeVisible();
    await section.getByRole('link', { name: 'Add external access' }).click();
    await expect(page).toHaveURL(`${base}/configure`);
  });

  await test.step('on its Configure tab: one port with an allowlist entry, checked as typed', async () => {
    const form = page.getByRole('form', { name: 'Configure container' });
    const access = form.getByRole('region', { name: 'External access' });
    await access.getByRole('switch', { name: 'Reachable from the internet' }).check();
    await expect(access.getByRole('radio', { name: 'Shared addresses' })).toBeChecked();
    await expect(access.getByRole('radio', { name: 'Own addresses (€3.00 a month)' })).not.toBeChecked();
    const port = access.getByRole('group', { name: 'port 1' });
    await expect(port.getByRole('combobox', { name: /^Internal port/ })).toHaveText('8080');
    await expect(port.getByRole('combobox', { name: /^Protocol/ })).toHaveText('TCP');
    const allowlist = port.getByRole('textbox', { name: 'Allowed IP addresses' });
    await allowlist.fill('198.51.100.0/33');
    await expect(allowlist).toHaveAccessibleDescription('198.51.100.0/33: the prefix length must be 0 to 32');
    await allowlist.fill('198.51.100.0/24');
    await expect(allowlist).toHaveAttribute('aria-invalid', 'false');
    await port.getByRole('textbox', { name: 'External port' }).fill('8443');
    await access.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await captureScreens(page, 'external-access-configure');
    await access.screenshot({ path: 'test-results/screens/external-access-section-desktop-light.png' });

    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(`${base}/overview`);
    await closeMessage(page, 'Your changes are saved and being applied');
    expect(modified).toEqual([
      {
        input: {
          name: 'web',
          namespace: 'edge',
          externalConnection: {
            sharedIp: true,
            ports: [
              {
                externalPort: 8443,
                internalPort: 8080,
                protocol: 'TCP',
                state: 'PRESENT',
                allowList: [{ ip: '198.51.100.0/24', state: 'PRESENT' }],
              },
            ],
          },
        },
      },
    ]);
  });

  let connection: Connection | null = null;
  await test.step('its page shows the addresses and the port, to copy', async () => {
    await expect
      .poll(async () => (connection = await containerConnection(page)), { timeout: 60_000 })
      .not.toBeNull();
    if (!connection) throw new Error('no connection');
    const { ipv4, ipv6 } = connection;
    const address = `${ipv4}:8443`;
    await expect(section.getByText(address, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(section.getByRole('listitem')).toHaveText(`${address} → 8080 TCP, from 198.51.100.0/24`);
    await expect(section.getByText(ipv6, { exact: true })).toBeVisible();
    await expect(section.getByText('Shared with your other resources, at no extra cost')).toBeVisible();
    expect(await copy(page, `Copy ${address}`)).toBe(address);
    expect(await copy(page, `Copy ${ipv6}`)).toBe(ipv6);
    await waitUntilSettled(page, 'edge');
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await captureScreens(page, 'external-access-container');
    await section.screenshot({ path: 'test-results/screens/external-access-view-desktop-light.png' });
  });

  await test.step('a database cluster is given addresses of its own from its page', async () => {
    const offer = await platformRequest<{
      cloudDatabaseClusterPlans: { id: string; name: string }[];
      cloudDatabaseClusterVersions: { type: string; version: string }[];
    }>(page, '{ cloudDatabaseClusterPlans { id name } cloudDatabaseClusterVersions { type version } }');
    const plan = offer.cloudDatabaseClusterPlans.find((candidate) => candidate.name === 'Small');
    const version = offer.cloudDatabaseClusterVersions.find((candidate) => candidate.type === 'postgresql');
    await platformRequest(
      page,
      `mutation ($plan: String!, $version: String!) { cloudDatabaseClusterCreate(cloudDatabaseClusterInput: {
        name: "orders", namespace: "edge", plan: $plan, spec: { type: "postgresql", version: $version },
        databases: [{ name: "shop" }]
      }) { id } }`,
      { plan: plan?.id, version: version?.version },
    );
    await page.goto('/storage/databases/edge/orders');
    await expect(page.getByRole('heading', { level: 1 }).getByText('running', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await expect(section).toContainText('Not reachable from the internet by IP address');

    const open = async () => {
      await section.getByRole('button', { name: 'Add external access' }).click();
      const dialog = page.getByRole('dialog', { name: 'External access' });
      await expect(dialog.getByRole('group', { name: 'port 1' })).toBeVisible();
      return dialog;
    };
    await captureDialog(page, 'external-access-dialog', open);

    const dialog = await open();
    await dialog.getByRole('radio', { name: 'Own addresses (€3.00 a month)' }).check();
    const port = dialog.getByRole('group', { name: 'port 1' });
    await expect(port.getByRole('textbox', { name: 'Internal port' })).toHaveValue('5432');
    await expect(port.getByRole('combobox', { name: /Protocol/ })).toHaveCount(0);
    await port.getByRole('textbox', { name: 'Allowed IP addresses' }).fill('203.0.113.0/24');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await closeMessage(page, 'External access is being changed');

    await expect
      .poll(async () => (await clusterState(page)).externalConnection, { timeout: 60_000 })
      .not.toBeNull();
    const cluster = await clusterState(page);
    const { ipv4 } = cluster.externalConnection ?? { ipv4: '' };
    expect(cluster.externalConnection).toMatchObject({
      sharedIp: false,
      ports: [{ externalPort: 5432, internalPort: 5432, protocol: 'TCP', allowList: ['203.0.113.0/24'] }],
    });
    await expect(section.getByRole('listitem')).toHaveText(`${ipv4}:5432 → 5432 TCP, from 203.0.113.0/24`, {
      timeout: 30_000,
    });
    await expect(section.getByText('Its own, €3.00 a month')).toBeVisible();
    expect(await copy(page, `Copy ${ipv4}:5432`)).toBe(`${ipv4}:5432`);
    await expect(page.getByRole('heading', { level: 1 }).getByText('running', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await captureScreens(page, 'external-access-cluster');
  });
});
