import type { Db } from '../db/client.ts';
import type { MetricSample } from './runtime-port.ts';
import type {
  ContainerJobState,
  ContainerState,
  NamespacedRef,
  NamespaceState,
  RegistryState,
  RunState,
  VolumeState,
} from './runtime-state.ts';

/**
 * Thrown by a driver whose change is under way on the runtime (an object still being deleted, a cluster
 * coming up): the provisioner tries the task again shortly, without counting it as a failure.
 */
export class ChangeInProgress extends Error {}

/**
 * A runtime the provisioner applies desired state to. `simulated` answers like the real platform would;
 * `kubernetes` renders the same state to cluster objects. The modules hand it their resources' desired state
 * (runtime-state.ts); it reports what happens to them through the runtime port (runtime-port.ts).
 */
export interface RuntimeDriver {
  readonly name: string;
  /** How long the runtime takes before a change of this kind can be completed (the simulated delay). */
  settleDelayMs(kind: string, action: string): number;
  applyNamespace(namespace: NamespaceState): Promise<void>;
  /** Removes the namespace from the runtime; resolves once it is gone (ChangeInProgress while it goes). */
  deleteNamespace(namespace: NamespaceState): Promise<void>;
  /** Makes the registry's credentials available to the namespace's workloads (an image pull secret). */
  applyRegistry(tx: Db, registry: RegistryState): Promise<void>;
  /** Removes the pull secret; resolves once it is gone (ChangeInProgress while it goes). */
  deleteRegistry(tx: Db, registry: NamespacedRef): Promise<void>;
  /** Provides the volume's storage at its size (sizes only grow). */
  applyVolume(tx: Db, volume: VolumeState): Promise<void>;
  /** Releases the storage; resolves once it is gone (ChangeInProgress while it goes). */
  deleteVolume(tx: Db, volume: NamespacedRef): Promise<void>;
  /**
   * Hands the container's desired state to the runtime (in the task's transaction). The runtime reports
   * back on its own: replicas as they come and go, then the container `running` and unlocked.
   */
  applyContainer(tx: Db, container: ContainerState): Promise<void>;
  /** Stops the container's replicas; once they are gone the runtime removes the container. */
  deleteContainer(tx: Db, container: NamespacedRef): Promise<void>;
  /** Makes the job known to the runtime (a CronJob whose schedule our scheduler keeps); in the task's tx. */
  applyContainerJob(tx: Db, job: ContainerJobState): Promise<void>;
  /** Removes the job from the runtime, with its runs in progress. */
  deleteContainerJob(tx: Db, job: NamespacedRef): Promise<void>;
  /** Starts the recorded pending run; the runtime reports it running and finished on its own. */
  startJobRun(tx: Db, job: ContainerJobState, run: RunState): Promise<void>;
  /** Stops a run in progress, its command killed; the caller records how it ended. */
  stopJobRun(tx: Db, job: NamespacedRef, run: { id: number; name: string }): Promise<void>;
  /** Starts following what the runtime reports on its own (the Kubernetes driver's watches). */
  start?(): Promise<void>;
  stop?(): Promise<void>;
  /** Advances what the runtime does over time (rollouts, scaling, status); the provisioner's loop calls it. */
  reconcile(db: Db): Promise<void>;
  /** What of containers' metrics the runtime cannot measure now, and why; absent while it measures them all. */
  metricsUnavailable?(): MetricsUnavailable;
}

/** Why containers' metrics cannot be measured now, each reason a sentence for customers. */
export interface MetricsUnavailable {
  /** Why containers get no CPU and memory samples (a cluster without a metrics API); null while they do. */
  containers: string | null;
  /** Why one metric gets no samples though the others may (requests per second without Prometheus); null while it does. */
  series: Partial<Record<keyof MetricSample, string | null>>;
}
