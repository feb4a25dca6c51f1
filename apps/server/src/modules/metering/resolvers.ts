import type { PriceBreakdownResourceType, Resolvers } from '../../generated/resolvers-types.ts';
import { cpuIn, mbIn } from '../units.ts';
import { centsOfType, resourcesOfType, type PricedResource } from './breakdown.ts';

// Customer.priceBreakdown (API.md "Usage cost"): the metering service's tree, with each amount rounded to
// whole EUR cents where it is shown.

const price = (cents: number) => ({ amount: Math.round(cents), currency: 'EUR' });
const sum = (resourceType: PriceBreakdownResourceType, cents: number) => ({
  resourceType,
  price: price(cents),
});

const TYPE_NAMES = {
  CONTAINER: 'ContainerPriceBreakdown',
  CONTAINER_JOB: 'ContainerJobPriceBreakdown',
  VOLUME: 'VolumePriceBreakdown',
} as const;

const resourceFields = {
  price: (resource: PricedResource) => price(resource.cents),
};

export const meteringResolvers: Resolvers = {
  Customer: {
    priceBreakdown: (customer, { startDate, endDate }, { services }) =>
      services.metering.priceBreakdown(customer.id, { startDate, endDate }),
  },
  CustomerPriceBreakdown: {
    resourceSum: (breakdown, { resourceType }) =>
      sum(resourceType ?? 'ALL', centsOfType(breakdown.namespaces, resourceType ?? 'ALL')),
    // Namespaces hold every resource so far (no dedicated IP addresses yet): a type or a name narrows them.
    resources: (breakdown, { resourceType, name }) =>
      breakdown.namespaces.filter(
        (namespace) =>
          (name == null || namespace.name === name) &&
          resourcesOfType(namespace, resourceType ?? 'ALL').length > 0,
      ),
  },
  UnionIpAddressPriceBreakdownNamespacePriceBreakdown: {
    __resolveType: () => 'NamespacePriceBreakdown',
  },
  ResourcePriceBreakdownInterface: {
    // Only namespaces and metered resources are ever returned.
    __resolveType: (value) =>
      'runs' in value ? TYPE_NAMES[(value as PricedResource).resourceType] : 'NamespacePriceBreakdown',
  },
  NamespacePriceBreakdown: {
    price: (namespace) => price(namespace.cents),
    resourceType: () => 'NAMESPACE',
    resourceSum: (namespace, { resourceType }) =>
      sum(resourceType ?? 'ALL', centsOfType([namespace], resourceType ?? 'ALL')),
    resources: (namespace, { resourceType }) => resourcesOfType(namespace, resourceType),
  },
  ContainerPriceBreakdown: { ...resourceFields, replicas: (resource) => resource.replicas() },
  ContainerJobPriceBreakdown: resourceFields,
  VolumePriceBreakdown: resourceFields,
  ContainerReplicaPriceBreakdown: {
    cpu: (replica, { unit }) => cpuIn(replica.millicores, unit ?? 'CPU'),
    memory: (replica, { unit }) => mbIn(replica.megabytes, unit ?? 'GB'),
    duration: (replica) => Math.round(replica.seconds),
    price: (replica) => price(replica.cents),
  },
  ContainerJobRunPriceBreakdown: {
    cpu: (runs, { unit }) => cpuIn(runs.millicores, unit ?? 'CPU'),
    memory: (runs, { unit }) => mbIn(runs.megabytes, unit ?? 'GB'),
    duration: (runs) => Math.round(runs.seconds),
    price: (runs) => price(runs.cents),
  },
};
