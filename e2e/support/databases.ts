import { expect, type Locator, type Page } from '@playwright/test';
import { platformRequest } from './platform.ts';
import { expectAccessible } from './portal.ts';
import { captureScreens } from './screens.ts';

export const databasesPath = '/storage/databases';

/** The value a facts list (`dl`) within `scope` gives for `term`. */
export function fact(scope: Page | Locator, term: string): Locator {
  return scope.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
}

export interface LegacyDatabase {
  id: string;
  name: string;
  hostname: string;
  username: string;
  connectionString: string;
  whitelist: string[];
  version: { key: string; type: string; name: string };
  nodeType: {
    key: string;
    name: string;
    description: string | null;
    numberOfNodes: number;
    price: { amount: number | null; currency: string | null };
    specifications: { cpu: number; ram: number; storage: number };
  };
  location: { id: number; name: string };
}

const referenceQuery = `{
  account { customer { id } }
  databaseVersions { key }
  nodeTypes(numberOfNodes: 1) { key }
  locations { id }
}`;

const createMutation = `
  mutation (
    $customerId: ID!, $name: String!, $password: String!, $username: String!,
    $version: String!, $nodeType: String!, $location: Int!, $whitelist: [String!]!
  ) {
    createCloudDatabase(
      customerId: $customerId, name: $name, password: $password, username: $username,
      version: $version, nodeType: $nodeType, location: $location, whitelist: $whitelist
    ) {
      id name hostname username connectionString whitelist
      version { key type name }
      nodeType {
        key name description numberOfNodes
        price { amount currency }
        specifications { cpu ram storage }
      }
      location { id name }
    }
  }`;

/**
 * Creates a legacy (single-node) cloud database through the API as the customer signed in on `page`, as
 * customers of the earlier offer have them (the portal has no form for it): the first version, one-node
 * type and location the platform lists. Returns what the platform says of it.
 */
export async function createLegacyDatabase(
  page: Page,
  input: { name: string; username: string; password: string; whitelist: string[] },
): Promise<LegacyDatabase> {
  const reference = await platformRequest<{
    account: { customer: { id: string } };
    databaseVersions: { key: string }[];
    nodeTypes: { key: string }[];
    locations: { id: number }[];
  }>(page, referenceQuery);
  const [version] = reference.databaseVersions;
  const [nodeType] = reference.nodeTypes;
  const [location] = reference.locations;
  if (!version || !nodeType || !location) throw new Error('The platform lists no legacy database offer');
  const data = await platformRequest<{ createCloudDatabase: LegacyDatabase }>(page, createMutation, {
    ...input,
    customerId: reference.account.customer.id,
    version: version.key,
    nodeType: nodeType.key,
    location: location.id,
  });
  return data.createCloudDatabase;
}

/** The plan of every checkout page the page asks the billing service for, from now on. */
export function recordCheckouts(page: Page): string[] {
  const plans: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/subscriptions')) {
      plans.push((request.postDataJSON() as { planId: string }).planId);
    }
  });
  return plans;
}

/**
 * The databases' pages as a customer without the cloud-database subscription sees them: the page explains the
 * subscription and offers its checkout, and nothing of the databases shows through. Screen databases-gate.
 */
export async function expectSubscriptionGate(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${databasesPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cloud databases');
  const offer = page.getByRole('region', { name: 'Cloud databases subscription' });
  await expect(
    offer.getByRole('heading', { name: 'Cloud databases need their own subscription' }),
  ).toBeVisible();
  await expect(offer).toContainText('managed PostgreSQL and MySQL clusters');
  await expect(offer.getByRole('button', { name: 'Subscribe to cloud databases' })).toBeEnabled();
  // Nothing of the databases' pages shows through the gate.
  await expect(page.getByRole('link', { name: 'Create a cloud database' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page);
  await captureScreens(page, 'databases-gate');
}

/**
 * Picks the Small plan in the New database cluster `form`, checking on the way that the plans are listed by
 * group with their resources and monthly price, and that the form says what the plan costs once chosen.
 */
export async function pickSmallPlan(form: Locator): Promise<void> {
  const plans = form.getByRole('radiogroup', { name: 'Plan' });
  for (const group of ['Development', 'General purpose', 'Memory optimised']) {
    await expect(plans.getByRole('heading', { name: group })).toBeVisible();
  }
  await expect(form.getByText('Choose a plan to see what the cluster costs a month.')).toBeVisible();
  const small = plans.getByRole('radio', { name: /^Small 1 vCPU/ });
  await expect(small).toHaveAccessibleDescription(
    '1 vCPU · 2 GB memory · 25 GB storage · 1 replica €30.00 per month',
  );
  await expect(
    plans.getByRole('radio', { name: /^Small, high availability 1 vCPU/ }),
  ).toHaveAccessibleDescription('1 vCPU · 2 GB memory · 25 GB storage · 3 replicas €90.00 per month');
  await small.check();
  await expect(form.getByText('€30.00 per month for Small', { exact: true })).toBeVisible();
}

/**
 * The page of the legacy database `legacy` (open), created from `input`: everything the platform knows of it,
 * running, its connection string on PostgreSQL's port. Screen database-legacy.
 */
export async function expectLegacyDatabasePage(
  page: Page,
  legacy: LegacyDatabase,
  input: { name: string; username: string; whitelist: string[] },
): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(page).toHaveURL(`${databasesPath}/${legacy.id}`);
  await expect(heading).toContainText(input.name);
  await expect(heading.getByText('running', { exact: true })).toBeVisible();
  // The trail names it as the heading does, not by the id in the address.
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]'),
  ).toHaveText(input.name);
  const { version, nodeType } = legacy;
  await expect(fact(page, 'Version')).toHaveText(`${version.name} (${version.type}, ${version.key})`);
  await expect(fact(page, 'Node type')).toHaveText(`${nodeType.name} (${nodeType.key})`);
  await expect(fact(page, 'Description')).toHaveText(nodeType.description ?? '');
  await expect(fact(page, 'Nodes')).toHaveText('1');
  const { cpu, ram, storage } = nodeType.specifications;
  await expect(fact(page, 'Size per node')).toHaveText(
    `${cpu} vCPU · ${ram} GB memory · ${storage} GB storage`,
  );
  expect(nodeType.price.currency).toBe('EUR');
  await expect(fact(page, 'Price')).toHaveText(
    `€${((nodeType.price.amount ?? 0) / 100).toFixed(2)} per month`,
  );
  await expect(fact(page, 'Location')).toHaveText(legacy.location.name);
  await expect(fact(page, 'Host')).toHaveText(legacy.hostname);
  await expect(fact(page, 'User name')).toHaveText(input.username);
  await expect(fact(page, 'Connection string')).toHaveText(legacy.connectionString);
  expect(legacy.connectionString).toBe(
    `postgresql://${input.username}@${legacy.hostname}:5432/${input.name}`,
  );
  await expect(fact(page, 'Allowed IP addresses')).toHaveText(input.whitelist.join(', '));
  await expectAccessible(page);
  await captureScreens(page, 'database-legacy');
}
