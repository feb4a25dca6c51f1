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

export interface PriceBreakdown {
  startDate: Date;
  endDate: Date;
  namespaces: PricedNamespace[];
}

const sumCents = (items: { cents: number }[]) => items.reduce((total, item) => total + item.cents, 0);

/** What is metered, in the order breakdowns list it. */
export const METERED_TYPES: readonly MeteredResourceType[] = ['CONTAINER', 'CONTAINER_JOB', 'VOLUME'];
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');
const byTypeAndName = (a: PricedResource, b: PricedResource) =>
  METERED_TYPES.indexOf(a.resourceType) - METERED_TYPES.indexOf(b.resourceType) || byName(a, b);

/** Prices rows of use into the namespace tree: namespaces by name, their resources by type, then name. */
export function priceUsage(usage: MeteredUsage[], replicasOf: ReplicasOf): PricedNamespace[] {
  const namespaces = new Map<string, Map<string, PricedResource>>();
  for (const row of usage) {
    const resources = namespaces.get(row.namespaceName) ?? new Map<string, PricedResource>();
    namespaces.set(row.namespaceName, resources);
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
  return [...namespaces]
    .map(([name, resources]) => {
      const list = [...resources.values()].sort(byTypeAndName);
      for (const resource of list)
        resource.runs.sort((a, b) => a.millicores - b.millicores || a.megabytes - b.megabytes);
      return { name, resources: list, cents: sumCents(list) };
    })
    .sort(byName);
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

/** The cents of the namespaces' resources of a type, or of all of them (ALL, NAMESPACE). */
export function centsOfType(namespaces: PricedNamespace[], resourceType: string): number {
  if (resourceType === 'ALL' || resourceType === 'NAMESPACE') return sumCents(namespaces);
  return sumCents(namespaces.flatMap((namespace) => resourcesOfType(namespace, resourceType)));
}

export function resourcesOfType(namespace: PricedNamespace, resourceType: string): PricedResource[] {
  if (resourceType === 'ALL' || resourceType === 'NAMESPACE') return namespace.resources;
  return namespace.resources.filter((resource) => resource.resourceType === resourceType);
}
