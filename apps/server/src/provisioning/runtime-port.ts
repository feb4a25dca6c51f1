import type { Db } from '../db/client.ts';
import type { RuntimeScaling } from './runtime-state.ts';

// The runtime port: what a runtime driver (simulated, Kubernetes) reports back about the workloads it runs,
// and the little it reads of what it reported before. The modules implement it (modules/runtime-reports),
// each writing its own tables; drivers never touch a module's store or table. Every call takes the
// transaction the report is recorded in: the driver's own step (the simulated runtime), the provisioning
// task's, or one the Kubernetes watch opens per status change.

/** A container as the runtime runs it now (its latest saved change, rolled out or not). */
export interface RuntimeContainer {
  id: number;
  name: string;
  image: string;
  /** A container size id (`CPU_250_RAM_500`). */
  resources: string;
  entrypoint: string[] | null;
  command: string[] | null;
  ports: string[];
  healthCheck: { port: number; path: string } | null;
  scaling: RuntimeScaling;
  /** Its lifecycle: `creating` (never deployed yet), `updating` (a deploy under way), `running`, `failed`, `deleting`. */
  state: string;
  /** The replica count the runtime last reported it aims for (null before the first report). */
  desiredReplicas: number | null;
  /** How many replicas it should run now: the fixed count, or the autoscaler's, within the bounds. */
  wantedReplicas: number;
  /** The memory a replica is given, in MB (of its size). */
  memoryMb: number;
}

export type ReplicaStatus = 'pending' | 'running' | 'failed' | 'terminating';

/** A replica as the runtime reported it. */
export interface RuntimeReplica {
  id: number;
  containerId: number;
  name: string;
  image: string;
  status: string;
  statusMessage: string | null;
  /** How many times its command has exited. */
  failures: number;
}

export type RunStatus = 'pending' | 'running' | 'succeeded' | 'failed';

/** A run of a container job, as recorded when it was started and as the runtime reported it since. */
export interface RuntimeRun {
  id: number;
  jobId: number;
  name: string;
  trigger: 'schedule' | 'manual';
  status: RunStatus;
  /** How many times its command has started. */
  attempts: number;
}

/** What the simulated runtime needs of a run's job to carry the run out. */
export interface RuntimeRunJob {
  name: string;
  image: string;
  entrypoint: string[] | null;
  command: string[] | null;
  timeoutSeconds: number | null;
  retries: number;
}

export type LogSource = { kind: 'replica' | 'job-run'; id: number };
export type LogStream = 'stdout' | 'stderr';
export type MetricSample = Partial<
  Record<'CPU_PERCENT' | 'MEMORY_MB' | 'REQUESTS_PER_SECOND' | 'RUN_DURATION_SECONDS', number>
>;

export interface RuntimeReports {
  // Containers and their replicas.
  /** The containers as they are now, by id (those gone are missing). */
  containers(tx: Db, ids: number[]): Promise<Map<number, RuntimeContainer>>;
  /** Locks the container's row for the transaction (reports of one container are applied one at a time). */
  lockContainer(tx: Db, id: number): Promise<RuntimeContainer | undefined>;
  /** The replicas reported of each container, by name. */
  replicasOf(tx: Db, containerIds: number[]): Promise<Map<number, RuntimeReplica[]>>;
  /** A replica appeared (not yet started). */
  replicaAdded(
    tx: Db,
    replica: Omit<RuntimeReplica, 'id' | 'failures'> & { failures?: number },
  ): Promise<RuntimeReplica | undefined>;
  /** A replica's status changed (without starting or stopping it). */
  replicaChanged(
    tx: Db,
    replicaId: number,
    change: { status: string; statusMessage: string | null; failures?: number },
  ): Promise<void>;
  /** A replica serves: it is metered from now, and an event says so. */
  replicaStarted(tx: Db, replica: Pick<RuntimeReplica, 'id' | 'containerId' | 'name'>): Promise<void>;
  /** A replica's command exited (its status already reported): an event says why. */
  replicaFailed(tx: Db, replica: Pick<RuntimeReplica, 'containerId' | 'name'>, why: string): Promise<void>;
  /** A replica is gone, with its log lines; `reason` (if any) is told in the event. */
  replicaStopped(
    tx: Db,
    replica: Pick<RuntimeReplica, 'id' | 'containerId' | 'name'>,
    reason?: string,
  ): Promise<void>;
  /**
   * How many replicas the runtime aims for (`container` as read in this transaction). `announce`: a change is
   * an event once the container has been deployed (the simulated runtime's scaling; Kubernetes reports its
   * count quietly, as the container's change it always was).
   */
  replicasAimedAt(tx: Db, container: RuntimeContainer, count: number, announce: boolean): Promise<void>;
  /** The latest change is rolled out: the container runs, unlocked. */
  deployFinished(tx: Db, container: Pick<RuntimeContainer, 'id' | 'state'>, message: string): Promise<void>;
  /** The latest change could not be rolled out: the container is failed, unlocked. */
  deployFailed(tx: Db, container: Pick<RuntimeContainer, 'id' | 'state'>, why: string): Promise<void>;
  /**
   * The runtime warns of a problem with a container or a job it keeps retrying (`message`, a plain sentence): an
   * event, recorded once however often it is told since `since` (when the runtime first warned of it).
   */
  runtimeWarned(
    tx: Db,
    resource: { kind: 'container' | 'container-job'; id: number },
    message: string,
    since: Date,
  ): Promise<void>;
  /** The container is gone from the runtime: its replicas stop being metered and it is removed. */
  containerRemoved(tx: Db, containerId: number): Promise<void>;
  /** Deploys the runtime has been handed (none of their tasks waiting) that have not ended yet. */
  deploysInProgress(db: Db): Promise<{ name: string; namespace: string }[]>;

  // Container job runs.
  /** Locks the job's row for the transaction; false when the job is gone. */
  lockJob(tx: Db, jobId: number): Promise<boolean>;
  /** The job's run of that name, if recorded. */
  runNamed(tx: Db, jobId: number, name: string): Promise<RuntimeRun | undefined>;
  /** A run the runtime started on its own (a CronJob's) is recorded pending, unless it is already. */
  runAppeared(
    tx: Db,
    run: {
      jobId: number;
      name: string;
      trigger: { kind: 'schedule'; scheduledAt: Date | null } | { kind: 'manual' };
    },
  ): Promise<void>;
  /** Runs with their jobs, by run id (those gone are missing). */
  runsWithJobs(tx: Db, runIds: number[]): Promise<Map<number, { run: RuntimeRun; job: RuntimeRunJob }>>;
  /** The run's command started (its first attempt). */
  runStarted(tx: Db, runId: number, startTime: Date): Promise<void>;
  /** Its command failed and was started again: it has now started `attempts` times. */
  runRetried(tx: Db, runId: number, attempts: number): Promise<void>;
  /** The run ended (`failed` also when the runtime lost it). */
  runFinished(
    tx: Db,
    runId: number,
    outcome: { status: 'succeeded' | 'failed'; endTime: Date; message: string },
  ): Promise<void>;
  /** Runs handed to the runtime that have not ended yet. */
  runsInProgress(db: Db): Promise<{ name: string; namespace: string }[]>;

  // What workloads write and measure.
  /** Lines a replica or run wrote (each at its own time if known, else now). */
  logged(tx: Db, source: LogSource, stream: LogStream, lines: { text: string; at?: Date }[]): Promise<void>;
  /**
   * Lines of a log read with their times from some instant on, which may repeat lines recorded already (a
   * followed pod log resumed after a reconnect or a restart, or followed by another process too): only those
   * not recorded yet are added, as stdout (the pod log API merges the two streams).
   */
  loggedAgain(tx: Db, source: LogSource, lines: { text: string; at: Date }[]): Promise<void>;
  /** When the source's newest recorded line was written: where a followed log resumes. */
  lastLoggedAt(db: Db, source: LogSource): Promise<Date | undefined>;
  /** One sample of the workload's metrics, taken now. */
  sampled(
    tx: Db,
    source: { kind: 'container' | 'container-job'; id: number },
    sample: MetricSample,
  ): Promise<void>;
  /** The container's mounted volumes hold `bytes` more (up to their size). */
  volumesFilled(tx: Db, containerId: number, bytes: number): Promise<void>;
}
