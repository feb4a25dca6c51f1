import type { Locator, Page } from '@playwright/test';
import { platformRequest } from './platform.ts';

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
