import type { ContainerResources } from '../../gql/graphql.ts';

// API.md: every CPU_{250..4000}_RAM_{500..16000} combination is a size of a container or container job (CPU in
// thousandths of a CPU, memory in MB).
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
