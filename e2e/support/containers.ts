import { expect, type Locator, type Page } from '@playwright/test';
import { choose } from './forms.ts';
import { expectAccessible, namespacesPath } from './portal.ts';
import { captureScreens } from './screens.ts';

// Steps of a namespace's containers journey (containers.spec.ts): each one action through the portal's
// forms, with its checks, axe and screens (test-results/screens/).

export interface PrivateRegistry {
  name: string;
  /** Its host name, without a scheme. */
  server: string;
  user: string;
  token: string;
}

/**
 * Adds `registry` from the namespace's Registries tab (open) without the sign-in check, which needs a
 * reachable registry; the form refuses the address with http:// on the way. Screens registry-new and
 * registries.
 */
export async function addRegistry(page: Page, namespace: string, registry: PrivateRegistry): Promise<void> {
  const base = `${namespacesPath}/${namespace}`;
  const address = page.getByRole('textbox', { name: 'Registry', exact: true });
  await page.getByRole('link', { name: 'Add registry' }).click();
  await expect(page).toHaveURL(`${base}/registries/new`);
  await expect(page).toHaveTitle(`Add registry · ${namespace} | Berth`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(registry.name);
  await address.fill(`http://${registry.server}`);
  await expect(page.getByText('Leave out http://: registries are reached over HTTPS')).toBeVisible();
  await address.fill(registry.server);
  await page.getByRole('textbox', { name: 'User name' }).fill(registry.user);
  await page.getByLabel('Password or access token').fill(registry.token);
  await page.getByRole('switch', { name: /Sign in to the registry now/ }).uncheck();
  await expectAccessible(page);
  await captureScreens(page, 'registry-new');
  await page.getByRole('button', { name: 'Add registry' }).click();
  await expect(page).toHaveURL(`${base}/registries`);
  const row = page.getByRole('row', { name: new RegExp(registry.name) });
  await expect(row).toContainText(registry.server);
  await expect(row.getByText(registry.user)).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'registries');
}

/** The price the server's price list gives a volume: 10 cents a GB and month. */
const volumePricePerGb = '€0.10';

/**
 * Creates the volume `name` of `sizeGb` from the namespace's Volumes tab (open), which costs `monthly` a
 * month; the form refuses more than 1000 GB on the way. Screen volume-new.
 */
export async function createVolume(
  page: Page,
  namespace: string,
  volume: { name: string; sizeGb: number; monthly: string },
): Promise<void> {
  const size = page.getByRole('spinbutton', { name: 'Size (GB)' });
  const row = page.getByRole('row', { name: new RegExp(volume.name) });
  await page.getByRole('link', { name: 'Create volume' }).click();
  await expect(page).toHaveTitle(`Create volume · ${namespace} | Berth`);
  await page.getByRole('textbox', { name: 'Name' }).fill(volume.name);
  await size.fill('1001');
  await expect(page.getByText('Use at most 1000 GB')).toBeVisible();
  await size.fill(String(volume.sizeGb));
  await expect(
    page.getByText(`${volume.monthly} per month (${volume.sizeGb} GB at ${volumePricePerGb} per GB)`),
  ).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'volume-new');
  await page.getByRole('button', { name: 'Create volume' }).click();
  await expect(page).toHaveURL(`${namespacesPath}/${namespace}/volumes`);
  await expect(row.getByText('created', { exact: true })).toBeVisible();
  await expect(row).toContainText(`of ${volume.sizeGb} GB`);
  await expect(row.getByRole('cell', { name: volume.monthly, exact: true })).toBeVisible();
}

/**
 * Resizes the volume `name` from `fromGb` (costing `was` a month) to `toGb` (costing `monthly`), opened from
 * the namespace's Volumes tab; the form refuses the current size, as volumes only grow. Screens volume-resize
 * and volumes.
 */
export async function resizeVolume(
  page: Page,
  namespace: string,
  volume: { name: string; fromGb: number; toGb: number; was: string; monthly: string },
): Promise<void> {
  const base = `${namespacesPath}/${namespace}`;
  const row = page.getByRole('row', { name: new RegExp(volume.name) });
  await page.goto(`${base}/volumes`);
  await page.getByRole('link', { name: `Resize volume ${volume.name}` }).click();
  await expect(page).toHaveURL(`${base}/volumes/${volume.name}/resize`);
  await expect(page).toHaveTitle(`Resize ${volume.name} · ${namespace} | Berth`);
  await expect(page.getByText(`${volume.fromGb} GB`, { exact: true })).toBeVisible();
  const newSize = page.getByRole('spinbutton', { name: 'New size (GB)' });
  await newSize.fill(String(volume.fromGb));
  await expect(
    page.getByText(`Enter more than the current ${volume.fromGb} GB: volumes only grow`),
  ).toBeVisible();
  await newSize.fill(String(volume.toGb));
  await expect(
    page.getByText(`${volume.monthly} per month at ${volume.toGb} GB, now ${volume.was} per month`),
  ).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'volume-resize');
  await page.getByRole('button', { name: 'Resize volume' }).click();
  await expect(page).toHaveURL(`${base}/volumes`);
  await expect(row).toContainText(`of ${volume.toGb} GB`);
  await expect(row.getByRole('cell', { name: volume.monthly, exact: true })).toBeVisible();
  await expect(row.getByText('created', { exact: true })).toBeVisible();

  await expectAccessible(page);
  await captureScreens(page, 'volumes');
}

export interface NewContainer {
  name: string;
  image: string;
  /** The private registry its image comes from. */
  registry: string;
  memory: string;
  /** What a replica costs a month with that memory. */
  monthly: string;
  port: string;
  variables: { name: string; value: string; secret?: boolean }[];
  address: { domain: string; allowed: string };
  healthPath: string;
  mount: { path: string; volume: string };
}

/**
 * Fills the New container `form` with `container`: a secret variable's value is typed in a password field,
 * and the form refuses an image name with capitals and an allowlist entry with a prefix over 32 on the way.
 */
export async function fillContainerForm(page: Page, form: Locator, container: NewContainer): Promise<void> {
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(container.name);
  await form.getByRole('textbox', { name: 'Image' }).fill('Registry.example.com/acme/Shop');
  await expect(form.getByText('Image names are lowercase')).toBeVisible();
  await form.getByRole('textbox', { name: 'Image' }).fill(container.image);
  await choose(page, /^Registry/, new RegExp(container.registry), form);
  await expect(form.getByText(/per month per replica/)).toBeVisible();
  await choose(page, /^Memory/, container.memory, form);
  await expect(form.getByText(`${container.monthly} per month per replica`)).toBeVisible();
  await form.getByRole('textbox', { name: 'Ports' }).fill(container.port);

  const variables = form.getByRole('region', { name: 'Environment variables' });
  for (const [index, variable] of container.variables.entries()) {
    await variables.getByRole('button', { name: 'Add variable' }).click();
    await variables.getByRole('textbox', { name: 'Variable name' }).nth(index).fill(variable.name);
    if (variable.secret) {
      await variables.getByRole('switch', { name: 'Secret' }).nth(index).check();
      await expect(variables.getByLabel('Value').nth(index)).toHaveAttribute('type', 'password');
    }
    await variables.getByLabel('Value').nth(index).fill(variable.value);
  }

  const addresses = form.getByRole('region', { name: 'Web addresses' });
  const allowed = addresses.getByRole('textbox', { name: 'Allowed IP addresses' });
  await addresses.getByRole('button', { name: 'Add web address' }).click();
  await addresses.getByRole('textbox', { name: 'Domain' }).fill(container.address.domain);
  await allowed.fill('203.0.113.0/24, 10.0.0.0/33');
  await expect(addresses.getByText('10.0.0.0/33: the prefix length must be 0 to 32')).toBeVisible();
  await allowed.fill(container.address.allowed);

  const health = form.getByRole('region', { name: 'Health check' });
  await health.getByRole('switch', { name: "Check the container's health" }).check();
  await health.getByRole('textbox', { name: 'Path' }).fill(container.healthPath);

  const mounts = form.getByRole('region', { name: 'Volume mounts' });
  await mounts.getByRole('button', { name: 'Add mount' }).click();
  await mounts.getByRole('textbox', { name: 'Mount path' }).fill(container.mount.path);
  await choose(page, /^Existing volume/, new RegExp(container.mount.volume), mounts);
}
