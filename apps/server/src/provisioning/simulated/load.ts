import { randomInt } from 'node:crypto';
import type { RuntimeContainer } from '../runtime-port.ts';

// What the simulated runtime makes up: revision names, a load that moves autoscaling, the metrics it samples.

const REVISION_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export function newRevision(): string {
  return Array.from({ length: 5 }, () => REVISION_ALPHABET[randomInt(REVISION_ALPHABET.length)]).join('');
}

/**
 * Simulated load in percent: a slow wave per container, the same in every process at the same moment, so
 * autoscaling moves up and down between minimum and maximum without randomness.
 */
export function simulatedLoad(containerId: number, now: number, periodMs: number): number {
  return Math.round(50 + 45 * Math.sin((2 * Math.PI * now) / periodMs + containerId));
}

/** The replica count autoscaling aims for from the current one: one up or down per step, within bounds. */
export function autoscaleTarget(container: RuntimeContainer, current: number, load: number): number {
  const { scaling } = container;
  if ('replicas' in scaling) return scaling.replicas;
  const threshold = Math.min(...scaling.triggers.map((trigger) => trigger.threshold));
  let target = current;
  if (load > threshold) target = current + 1;
  else if (load < threshold / 2) target = current - 1;
  return Math.min(scaling.maximum, Math.max(scaling.minimum, target));
}

/**
 * What the replicas report at a load: CPU follows it, memory grows with it from a third of what a replica
 * was given, and a container with ports serves requests in proportion (none without ports).
 */
export function simulatedSample(container: RuntimeContainer, load: number, running: number) {
  return {
    CPU_PERCENT: load * 0.9,
    MEMORY_MB: Math.round(container.memoryMb * (0.35 + (0.3 * load) / 100)),
    REQUESTS_PER_SECOND: container.ports.length ? Math.round(running * load * 0.4 * 10) / 10 : 0,
  };
}
