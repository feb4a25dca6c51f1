import type { MeteredResourceType } from '../../db/schema.ts';
import { centsPerSecond, containerSize } from '../pricing/resources.ts';
import type { MeteredUsage, ReplicaUsage } from './store.ts';

// The priced view of metered use, namespace → resource → replica or runs of a size. Cents are kept exact
// (fractions) all the way up and rounded only where shown, so many short replicas still add up.

export interface PricedReplica {
  name: string;
  millicores: number;
  megabytes: number;
  seconds: number;
  cents: number;
}

/** All runs of a job at one size within the period. */
export interface PricedRuns {
  millicores: number;
  megabytes: number;
  seconds: number;
  runs: number;
  cents: number;
}

export interface PricedResource {
  resourceType: MeteredResourceType;
  name: string;
  cents: number;
  runs: PricedRuns[];
  /** A container's replicas, read when asked for (one statement for all containers of the breakdown). */
  replicas: () => Promise<PricedReplica[]>;
}

/** Where a container's replicas are found: its namespace and name. */
export type ReplicasOf = (namespaceName: string, containerName: string) => Promise<PricedReplica[]>;

export interface PricedNamespace {
  name: string;
  cents: number;
  resources: PricedResource[];
}

/** What was used: in namespaces, and the dedicated IP addresses (a customer's, in no namespace). */
export interface PricedUsage {
  namespaces: PricedNamespace[];
  ipAddresses: PricedResource[];
}

export interface PriceBreakdown extends PricedUsage {
  startDate: Date;
  endDate: Date;
}

const sumCents = (items: { cents: number }[]) => items.reduce((total, item) => total + item.cents, 0);

/** What is metered, in the order breakdowns list it. */
export const METERED_TYPES: readonly MeteredResourceType[] = [
  'CONTAINER',
  'CONTAINER_JOB',
  'VOLUME',
  'MESSAGE_QUEUE',
  'IPADDRESS',
];

/** What is billed by use (the rest of what is metered is paid by a plan of its own: message queues). */
export const BILLED_BY_USE = ['CONTAINER', 'CONTAINER_JOB', 'VOLUME', 'IPADDRESS'] as const;

export const isBilledByUse = (type: MeteredResourceType): type is (typeof BILLED_BY_USE)[number] =>
  (BILLED_BY_USE as readonly string[]).includes(type);
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');
const byTypeAndName = (a: PricedResource, b: PricedResource) =>
  METERED_TYPES.indexOf(a.resourceType) - METERED_TYPES.indexOf(b.resourceType) || byName(a, b);

/**
 * Prices rows of use into the namespace tree (namespaces by name, their resources by type, then name), and
 * the dedicated IP addresses beside it (by address).
 */
export function priceUsage(usage: MeteredUsage[], replicasOf: ReplicasOf): PricedUsage {
  const namespaces = new Map<string, Map<string, PricedResource>>();
  const ipAddresses = new Map<string, PricedResource>();
  const holderOf = (row: MeteredUsage) => {
    if (row.resourceType === 'IPADDRESS') return ipAddresses;
    const resources = namespaces.get(row.namespaceName) ?? new Map<string, PricedResource>();
    namespaces.set(row.namespaceName, resources);
    return resources;
  };
  for (const row of usage) {
    const resources = holderOf(row);
    const key = `${row.resourceType}/${row.resourceName}`;
    const resource = resources.get(key) ?? {
      resourceType: row.resourceType,
      name: row.resourceName,
      cents: 0,
      runs: [],
      replicas: () =>
        row.resourceType === 'CONTAINER'
          ? replicasOf(row.namespaceName, row.resourceName)
          : Promise.resolve([]),
    };
    resources.set(key, resource);
    const cents = row.seconds * centsPerSecond(row.resourceType, row.size);
    resource.cents += cents;
    if (row.resourceType === 'CONTAINER_JOB') {
      const { millicores, megabytes } = containerSize(row.size);
      resource.runs.push({ millicores, megabytes, seconds: row.seconds, runs: row.spans, cents });
    }
  }
  const sorted = (resources: Map<string, PricedResource>) => {
    const list = [...resources.values()].sort(byTypeAndName);
    for (const resource of list)
      resource.runs.sort((a, b) => a.millicores - b.millicores || a.megabytes - b.megabytes);
    return list;
  };
  return {
    namespaces: [...namespaces]
      .map(([name, resources]) => {
        const list = sorted(resources);
        return { name, resources: list, cents: sumCents(list) };
      })
      .sort(byName),
    ipAddresses: sorted(ipAddresses),
  };
}

const containerKey = (namespaceName: string, containerName: string) => `${namespaceName}/${containerName}`;

/** Prices replicas' use, by their container. */
export function priceReplicas(usage: ReplicaUsage[]): ReplicasOf {
  const byContainer = new Map<string, PricedReplica[]>();
  for (const row of usage) {
    const key = containerKey(row.namespaceName, row.resourceName);
    const { millicores, megabytes } = containerSize(row.size);
    const cents = row.seconds * centsPerSecond('CONTAINER', row.size);
    const replicas = byContainer.get(key) ?? [];
    replicas.push({ name: row.subject, millicores, megabytes, seconds: row.seconds, cents });
    byContainer.set(key, replicas);
  }
  for (const replicas of byContainer.values()) replicas.sort(byName);
  return (namespaceName, containerName) =>
    Promise.resolve(byContainer.get(containerKey(namespaceName, containerName)) ?? []);
}

/**
 * The cents of the use of a type: of everything (ALL), of the namespaces' resources (NAMESPACE), of the IP
 * addresses (IPADDRESS), or of the namespaces' resources of that type.
 */
export function centsOfType(usage: PricedUsage, resourceType: string): number {
  const inNamespaces = sumCents(usage.namespaces);
  if (resourceType === 'ALL') return inNamespaces + sumCents(usage.ipAddresses);
  if (resourceType === 'NAMESPACE') return inNamespaces;
  if (resourceType === 'IPADDRESS') return sumCents(usage.ipAddresses);
  return sumCents(usage.namespaces.flatMap((namespace) => resourcesOfType(namespace, resourceType)));
}

export function resourcesOfType(namespace: PricedNamespace, resourceType: string): PricedResource[] {
  if (resourceType === 'ALL' || resourceType === 'NAMESPACE') return namespace.resources;
  return namespace.resources.filter((resource) => resource.resourceType === resourceType);
}
