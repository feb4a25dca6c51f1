import type { PriceBreakdownResourceType, Resolvers } from '../../generated/resolvers-types.ts';
import { eurPrice } from '../pricing/price.ts';
import { cpuIn, mbIn } from '../units.ts';
import { centsOfType, resourcesOfType, type PricedResource } from './breakdown.ts';

// Customer.priceBreakdown (API.md "Usage cost"): the metering service's tree, with each amount rounded to
// whole EUR cents where it is shown.

const sum = (resourceType: PriceBreakdownResourceType, cents: number) => ({
  resourceType,
  price: eurPrice(cents),
});

const TYPE_NAMES = {
  CONTAINER: 'ContainerPriceBreakdown',
  CONTAINER_JOB: 'ContainerJobPriceBreakdown',
  VOLUME: 'VolumePriceBreakdown',
  MESSAGE_QUEUE: 'MessageQueuePriceBreakdown',
  IPADDRESS: 'IpAddressPriceBreakdown',
} as const;

const resourceFields = {
  price: (resource: PricedResource) => eurPrice(resource.cents),
};

export const meteringResolvers: Resolvers = {
  Customer: {
    priceBreakdown: (customer, { startDate, endDate }, { services }) =>
      services.metering.priceBreakdown(customer.id, { startDate, endDate }),
  },
  CustomerPriceBreakdown: {
    resourceSum: (breakdown, { resourceType }) =>
      sum(resourceType ?? 'ALL', centsOfType(breakdown, resourceType ?? 'ALL')),
    // The namespaces holding resources of the type, and the dedicated IP addresses (in no namespace): a type
    // or a name narrows them.
    resources: (breakdown, { resourceType, name }) => {
      const type = resourceType ?? 'ALL';
      const named = (item: { name: string }) => name == null || item.name === name;
      const namespaces = breakdown.namespaces.filter(
        (namespace) => named(namespace) && resourcesOfType(namespace, type).length > 0,
      );
      const addresses = ['ALL', 'IPADDRESS'].includes(type) ? breakdown.ipAddresses.filter(named) : [];
      return [...namespaces, ...addresses];
    },
  },
  UnionIpAddressPriceBreakdownNamespacePriceBreakdown: {
    __resolveType: (value) => ('runs' in value ? 'IpAddressPriceBreakdown' : 'NamespacePriceBreakdown'),
  },
  ResourcePriceBreakdownInterface: {
    // Only namespaces and metered resources are ever returned.
    __resolveType: (value) =>
      'runs' in value ? TYPE_NAMES[(value as PricedResource).resourceType] : 'NamespacePriceBreakdown',
  },
  NamespacePriceBreakdown: {
    price: (namespace) => eurPrice(namespace.cents),
    resourceType: () => 'NAMESPACE',
    resourceSum: (namespace, { resourceType }) =>
      sum(
        resourceType ?? 'ALL',
        centsOfType({ namespaces: [namespace], ipAddresses: [] }, resourceType ?? 'ALL'),
      ),
    resources: (namespace, { resourceType }) => resourcesOfType(namespace, resourceType),
  },
  ContainerPriceBreakdown: { ...resourceFields, replicas: (resource) => resource.replicas() },
  ContainerJobPriceBreakdown: resourceFields,
  VolumePriceBreakdown: resourceFields,
  MessageQueuePriceBreakdown: resourceFields,
  IpAddressPriceBreakdown: resourceFields,
  ContainerReplicaPriceBreakdown: {
    cpu: (replica, { unit }) => cpuIn(replica.millicores, unit ?? 'CPU'),
    memory: (replica, { unit }) => mbIn(replica.megabytes, unit ?? 'GB'),
    duration: (replica) => Math.round(replica.seconds),
    price: (replica) => eurPrice(replica.cents),
  },
  ContainerJobRunPriceBreakdown: {
    cpu: (runs, { unit }) => cpuIn(runs.millicores, unit ?? 'CPU'),
    memory: (runs, { unit }) => mbIn(runs.megabytes, unit ?? 'GB'),
    duration: (runs) => Math.round(runs.seconds),
    price: (runs) => eurPrice(runs.cents),
  },
};
