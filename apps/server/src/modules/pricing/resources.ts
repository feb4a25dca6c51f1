import type { MeteredResourceType } from '../../db/schema.ts';
import { badInput } from '../../errors.ts';
import { MESSAGE_QUEUE_PLANS } from './message-queue-plans.ts';

// Our price list, the one place prices live: monthly, in EUR cents. Containers and job runs pay per share
// of CPU and of memory of their size, volumes per GB of their size. Usage is metered by the second and
// priced at a month's share: a month is HOURS_PER_MONTH hours (365 days × 24 / 12, as clouds bill).
const CENTS_PER_250_MILLICORES = 120;
const CENTS_PER_500_MB = 50;
export const VOLUME_CENTS_PER_GB_MONTH = 10;
export const HOURS_PER_MONTH = 730;
/** A dedicated address pair (one IPv4 and one IPv6 address) of an external connection, a month. */
export const IP_ADDRESS_CENTS_PER_MONTH = 300;

const MILLICORES = [250, 500, 750, 1000, 2000, 3000, 4000];
const MEGABYTES = [
  500, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000, 13000, 14000, 15000, 16000,
];

/** A ContainerResources value (`CPU_{millicores}_RAM_{MB}`) as numbers. */
export interface ContainerSize {
  id: string;
  millicores: number;
  megabytes: number;
}

/** Every size of the ContainerResources enum, smallest CPU first. */
export const CONTAINER_SIZES: ContainerSize[] = MILLICORES.flatMap((millicores) =>
  MEGABYTES.map((megabytes) => ({ id: `CPU_${millicores}_RAM_${megabytes}`, millicores, megabytes })),
);

export const DEFAULT_CONTAINER_SIZE = 'CPU_250_RAM_500';

export function containerSize(id: string): ContainerSize {
  const size = CONTAINER_SIZES.find((candidate) => candidate.id === id);
  if (!size) throw badInput('resources', `resources: ${id} is not a container size`);
  return size;
}

/** A size as customers read it, `0.25 vCPU, 500 MB memory` (the audit log's words); an unknown id as it is. */
export function describeContainerSize(id: string): string {
  const size = CONTAINER_SIZES.find((candidate) => candidate.id === id);
  if (!size) return id;
  const memory = size.megabytes >= 1000 ? `${size.megabytes / 1000} GB` : `${size.megabytes} MB`;
  return `${size.millicores / 1000} vCPU, ${memory} memory`;
}

export function monthlyPriceCents(size: ContainerSize): number {
  return (size.millicores / 250) * CENTS_PER_250_MILLICORES + (size.megabytes / 500) * CENTS_PER_500_MB;
}

/**
 * The ResourceSpecification view of a size: cpu in cores (millicores / 1000), ram in GB (MB / 1000, as the
 * enum counts memory in decimal MB), and the monthly price in EUR cents.
 */
export function resourceSpecification(id: string) {
  const size = containerSize(id);
  return {
    id: size.id,
    kind: 'container',
    cpu: size.millicores / 1000,
    ram: size.megabytes / 1000,
    price: { amount: monthlyPriceCents(size), currency: 'EUR' },
  };
}

/** The volume price as a ResourceSpecification (ours): one GB of storage for a month. */
const VOLUME_GB_SPECIFICATION = {
  id: 'VOLUME_GB',
  kind: 'volume',
  cpu: 0,
  ram: 0,
  price: { amount: VOLUME_CENTS_PER_GB_MONTH, currency: 'EUR' },
};

/** The price of a dedicated address pair of an external connection as a ResourceSpecification (ours). */
const IP_ADDRESS_SPECIFICATION = {
  id: 'IPADDRESS',
  kind: 'ipaddress',
  cpu: 0,
  ram: 0,
  price: { amount: IP_ADDRESS_CENTS_PER_MONTH, currency: 'EUR' },
};

/**
 * resourceSpecifications(kind): container sizes (jobs run in the same sizes), the volume's GB price, or a
 * dedicated address pair's.
 */
export function resourceSpecifications(kind: string) {
  if (kind === 'container') return CONTAINER_SIZES.map((size) => resourceSpecification(size.id));
  if (kind === 'volume') return [VOLUME_GB_SPECIFICATION];
  if (kind === 'ipaddress') return [IP_ADDRESS_SPECIFICATION];
  throw badInput(
    'kind',
    `kind: no resource specifications for "${kind}"; use container, volume or ipaddress`,
  );
}

const SECONDS_PER_MONTH = HOURS_PER_MONTH * 3600;

/**
 * EUR cents per second of use of a metered unit, a month's price shared over its seconds: a container size
 * for replicas and job runs, a number of GB for volumes, a plan id for message queues, a number of
 * dedicated address pairs.
 */
export function centsPerSecond(resourceType: MeteredResourceType, size: string): number {
  return monthlyCentsOf(resourceType, size) / SECONDS_PER_MONTH;
}

function monthlyCentsOf(resourceType: MeteredResourceType, size: string): number {
  switch (resourceType) {
    case 'VOLUME':
      return Number(size) * VOLUME_CENTS_PER_GB_MONTH;
    case 'MESSAGE_QUEUE': {
      const plan = MESSAGE_QUEUE_PLANS.find((candidate) => candidate.id === size);
      if (!plan)
        throw new Error(`a message queue is metered on plan ${size}, which this version does not sell`);
      return plan.monthlyPriceCents;
    }
    case 'IPADDRESS':
      return Number(size) * IP_ADDRESS_CENTS_PER_MONTH;
    case 'CONTAINER':
    case 'CONTAINER_JOB':
      return monthlyPriceCents(containerSize(size));
  }
}
