import type { ExternalConnectionState } from './external-connection.ts';
// Desired state as the modules hand it to a runtime driver: plain objects, complete for the change (names of
// what a workload refers to resolved, secret values decrypted, in memory only). Drivers never read a
// module's tables for it; what they report back goes through the runtime port (runtime-port.ts).

/**
 * How late a scheduled run may still start; older ones were missed while no process was up and are skipped,
 * as a Kubernetes CronJob's startingDeadlineSeconds skips them.
 */
export const STARTING_DEADLINE_MS = 60_000;

/** A Berth namespace's name and the runtime namespace it is (`ns-` and 12 hex digits). */
export interface NamespaceRef {
  name: string;
  internalName: string;
}

export interface NamespaceState extends NamespaceRef {
  id: number;
  customerId: number;
}

/** A resource of a namespace: enough to find (and remove) what the runtime has of it. */
export interface NamespacedRef {
  customerId: number;
  id: number;
  name: string;
  namespace: NamespaceRef;
}

/** Where a registry is reached: `scheme://authority/v2/`. */
export interface RegistryAddress {
  scheme: 'https' | 'http';
  /** host[:port] as given, IPv6 in brackets. */
  authority: string;
  host: string;
}

export interface RegistryState extends NamespacedRef {
  source: RegistryAddress;
  username: string;
  /** The plain password. */
  password: string;
}

export interface VolumeState extends NamespacedRef {
  sizeGb: number;
}

export type RuntimeScaling =
  | { replicas: number }
  | { minimum: number; maximum: number; triggers: { type: 'CPU' | 'MEMORY'; threshold: number }[] };

/** A container size id (`CPU_{millicores}_RAM_{MB}`, as the modules validated it) as numbers. */
export function containerSizeOf(resources: string): { millicores: number; megabytes: number } {
  const match = /^CPU_(\d+)_RAM_(\d+)$/.exec(resources);
  if (!match) throw new Error(`resources: ${resources} is not a container size`);
  return { millicores: Number(match[1]), megabytes: Number(match[2]) };
}

/** What containers and container jobs share: one pod template. */
export interface WorkloadState extends NamespacedRef {
  image: string;
  /** A container size id (`CPU_250_RAM_500`). */
  resources: string;
  entrypoint: string[] | null;
  command: string[] | null;
  /** Values in plain text (secret ones decrypted, in memory only). */
  variables: { name: string; value: string; secret: boolean }[];
  mounts: { path: string; volumeName: string }[];
  registryName: string | null;
}

export interface ContainerState extends WorkloadState {
  /**
   * When the change being deployed was made: every deploy is a new revision, also of a change the runtime's
   * spec does not show (a secret value, an address).
   */
  changedAt: Date;
  ports: string[];
  healthCheck: { port: number; path: string } | null;
  scaling: RuntimeScaling;
  ingresses: { domainName: string; port: number; enableTls: boolean }[];
  /** Its addresses reachable from the internet, forwarded to its ports; null for none. */
  externalConnection: ExternalConnectionState | null;
}

export interface ContainerJobState extends WorkloadState {
  schedule: string;
  enabled: boolean;
  /** A run taking longer is stopped and failed; null: no limit. */
  timeoutSeconds: number | null;
  /** How many times a failed run's command starts again within the run. */
  retries: number;
}

/** A run of a container job, recorded pending, to be started. */
export interface RunState {
  id: number;
  name: string;
  trigger: 'schedule' | 'manual';
}
