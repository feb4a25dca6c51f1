import type { MeteredResourceType } from '../../db/schema.ts';
import { centsPerSecond, containerSize } from '../pricing/resources.ts';
import type { MeteredUsage } from './store.ts';

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
  replicas: PricedReplica[];
  runs: PricedRuns[];
}

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

/** Prices rows of use (ordered by namespace, type, resource) into the namespace tree. */
export function priceUsage(usage: MeteredUsage[]): PricedNamespace[] {
  const namespaces = new Map<string, Map<string, PricedResource>>();
  for (const row of usage) {
    const resources = namespaces.get(row.namespaceName) ?? new Map<string, PricedResource>();
    namespaces.set(row.namespaceName, resources);
    const key = `${row.resourceType}/${row.resourceName}`;
    const resource = resources.get(key) ?? {
      resourceType: row.resourceType,
      name: row.resourceName,
      cents: 0,
      replicas: [],
      runs: [],
    };
    resources.set(key, resource);
    const cents = row.seconds * centsPerSecond(row.resourceType, row.size);
    resource.cents += cents;
    if (row.resourceType === 'VOLUME') continue;
    const { millicores, megabytes } = containerSize(row.size);
    if (row.resourceType === 'CONTAINER')
      resource.replicas.push({ name: row.subject, millicores, megabytes, seconds: row.seconds, cents });
    else resource.runs.push({ millicores, megabytes, seconds: row.seconds, runs: row.spans, cents });
  }
  return [...namespaces].map(([name, resources]) => {
    const list = [...resources.values()];
    return { name, resources: list, cents: sumCents(list) };
  });
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
