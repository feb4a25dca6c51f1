import type { ContainerResources } from '../../../gql/graphql.ts';

// API.md: every CPU_{250..4000}_RAM_{500..16000} combination is a container size (CPU in thousandths of a
// CPU, memory in MB).
export const cpuChoices = [250, 500, 750, 1000, 2000, 3000, 4000] as const;
export const ramChoices = [
  500, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000, 13000, 14000, 15000, 16000,
] as const;

export const defaultResources: ContainerResources = 'CPU_250_RAM_500';

export function resourcesOf(milliCpu: number, megabytes: number): ContainerResources {
  return `CPU_${milliCpu}_RAM_${megabytes}` as ContainerResources;
}

export function parseResources(resources: string): { milliCpu: number; megabytes: number } {
  const match = /^CPU_(\d+)_RAM_(\d+)$/.exec(resources);
  return { milliCpu: Number(match?.[1] ?? 0), megabytes: Number(match?.[2] ?? 0) };
}

export const formatCpu = (milliCpu: number) => `${milliCpu / 1000} vCPU`;
export const formatRam = (megabytes: number) => `${megabytes / 1000} GB`;

/** `0.25 vCPU · 0.5 GB` */
export function formatResources(resources: string): string {
  const { milliCpu, megabytes } = parseResources(resources);
  return `${formatCpu(milliCpu)} · ${formatRam(megabytes)}`;
}

export interface PricedSpecification {
  id: string;
  cpu: number;
  ram: number;
  price: { amount?: number | null; currency?: string | null };
}

/**
 * The price list entry for a size. Entries are named after the size; should the price list name them
 * otherwise, CPU and memory are compared (in CPUs or thousandths, GB or MB).
 */
export function specificationFor<T extends PricedSpecification>(
  specifications: readonly T[],
  resources: string,
): T | undefined {
  const { milliCpu, megabytes } = parseResources(resources);
  return (
    specifications.find((specification) => specification.id === resources) ??
    specifications.find(
      (specification) =>
        (specification.cpu === milliCpu || specification.cpu * 1000 === milliCpu) &&
        (specification.ram === megabytes || specification.ram * 1000 === megabytes),
    )
  );
}

/** `€12.40 per month`, from an amount in cents. */
export function formatMonthlyPrice(price: PricedSpecification['price'] | undefined): string | null {
  if (price?.amount == null) return null;
  const money = new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: price.currency ?? 'EUR',
  }).format(price.amount / 100);
  return `${money} per month`;
}
