import { resourceOf } from './objects.ts';
import { WORKLOAD_CONTAINER } from './render-workloads.ts';

// What the cluster's objects say, in Berth's words: a pod is a replica (or a run's attempt), a Knative
// Service's Ready condition is the outcome of a deploy, a Job's conditions the outcome of a run.

interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

interface ContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: { exitCode: number; reason?: string; message?: string };
}

export interface Pod {
  metadata: { name: string; namespace?: string; deletionTimestamp?: string; labels?: Record<string, string> };
  spec?: { containers?: { name: string; image?: string }[] };
  status?: {
    phase?: string;
    conditions?: Condition[];
    containerStatuses?: {
      name: string;
      ready: boolean;
      image?: string;
      state?: ContainerState;
      /** The container's previous run, while it waits to start again (CrashLoopBackOff). */
      lastState?: ContainerState;
    }[];
  };
}

export interface KnativeService {
  metadata: { name: string; generation?: number; labels?: Record<string, string> };
  status?: { observedGeneration?: number; conditions?: Condition[] };
}

export interface Job {
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    deletionTimestamp?: string;
  };
  spec?: { activeDeadlineSeconds?: number };
  status?: {
    startTime?: string;
    completionTime?: string;
    active?: number;
    succeeded?: number;
    failed?: number;
    conditions?: Condition[];
  };
}

/** What a pod of Berth's runs: a container's replica (the pod's name) or a container job's run (its Job's). */
export type PodWorkload =
  { kind: 'container'; id: number; replica: string } | { kind: 'container-job'; id: number; run: string };

export function podWorkloadOf(pod: Pod): PodWorkload | undefined {
  const resource = resourceOf(pod.metadata.labels);
  if (resource?.kind === 'container')
    return { kind: 'container', id: resource.id, replica: pod.metadata.name };
  const run = pod.metadata.labels?.['job-name'];
  if (resource?.kind === 'container-job' && run) return { kind: 'container-job', id: resource.id, run };
  return undefined;
}

export type ReplicaStatus = 'pending' | 'running' | 'failed' | 'terminating';

/** Waiting reasons that are failures, not steps of a start. */
const FAILING_REASONS = new Set([
  'CrashLoopBackOff',
  'ErrImagePull',
  'ImagePullBackOff',
  'InvalidImageName',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
]);

const exited = (exitCode: number) => `exited with code ${exitCode}`;

const describe = (reason: string | undefined, message: string | undefined) =>
  [reason, message].filter(Boolean).join(': ') || undefined;

/** The replica a pod is: its status, a message a customer can act on, and the image it runs. */
export function replicaOf(pod: Pod): { status: ReplicaStatus; message: string; image: string } {
  const image = pod.spec?.containers?.find((container) => container.name === WORKLOAD_CONTAINER)?.image ?? '';
  if (pod.metadata.deletionTimestamp) return { status: 'terminating', message: 'Stopping', image };
  const container = pod.status?.containerStatuses?.find((status) => status.name === WORKLOAD_CONTAINER);
  const state = container?.state;
  if (state?.waiting) {
    // Waiting to start again after exiting: how it exited says more than the back-off's own message.
    const previous = container?.lastState?.terminated;
    const message =
      (state.waiting.reason === 'CrashLoopBackOff' && previous
        ? describe(state.waiting.reason, exited(previous.exitCode))
        : describe(state.waiting.reason, state.waiting.message)) ?? 'Waiting';
    const failing = FAILING_REASONS.has(state.waiting.reason ?? '');
    return { status: failing ? 'failed' : 'pending', message, image };
  }
  if (state?.terminated) {
    if (state.terminated.exitCode === 0) return { status: 'terminating', message: 'Completed', image };
    // The kernel's out-of-memory kill is named: its exit code alone (137) is any SIGKILL.
    const message = exited(state.terminated.exitCode);
    const oom = state.terminated.reason === 'OOMKilled';
    return { status: 'failed', message: oom ? `OOMKilled: ${message}` : message, image };
  }
  if (state?.running) {
    return container?.ready
      ? { status: 'running', message: 'Started', image }
      : { status: 'pending', message: 'Started, waiting for the readiness check', image };
  }
  const unscheduled = pod.status?.conditions?.find(
    (condition) => condition.type === 'PodScheduled' && condition.status === 'False',
  );
  return {
    status: 'pending',
    message: describe(unscheduled?.reason, unscheduled?.message) ?? `Pod ${pod.status?.phase ?? 'Pending'}`,
    image,
  };
}

export type DeployOutcome =
  { state: 'progressing' } | { state: 'ready' } | { state: 'failed'; message: string };

/** A deploy's outcome: only a status of the latest generation speaks of the change Berth applied last. */
export function deployOutcome(service: KnativeService): DeployOutcome {
  const current = service.status?.observedGeneration === service.metadata.generation;
  const ready = service.status?.conditions?.find((condition) => condition.type === 'Ready');
  if (!current || !ready || ready.status === 'Unknown') return { state: 'progressing' };
  if (ready.status === 'True') return { state: 'ready' };
  return { state: 'failed', message: describe(ready.reason, ready.message) ?? 'not ready' };
}

export type RunOutcome =
  | { status: 'pending' }
  | { status: 'running'; startTime: Date; attempts: number }
  | { status: 'succeeded' | 'failed'; startTime: Date; endTime: Date; message: string; attempts: number };

/** A run from its Job; `exitCode` is its pod's, when known, for the message a shell would give. */
export function runOf(job: Job, exitCode?: number): RunOutcome {
  const conditions = job.status?.conditions ?? [];
  const finished = conditions.find(
    (condition) =>
      (condition.type === 'Complete' || condition.type === 'Failed') && condition.status === 'True',
  );
  const startTime = job.status?.startTime ? new Date(job.status.startTime) : undefined;
  // Each pod the Job started is an attempt: those that ended and the one running.
  const { failed = 0, succeeded: completed = 0, active = 0 } = job.status ?? {};
  const attempts = Math.max(1, failed + completed + active);
  if (finished) {
    const endTime = new Date(job.status?.completionTime ?? finished.lastTransitionTime ?? Date.now());
    const succeeded = finished.type === 'Complete';
    const timeout = job.spec?.activeDeadlineSeconds;
    const message = succeeded
      ? 'Completed'
      : finished.reason === 'DeadlineExceeded' && timeout !== undefined
        ? `Stopped after its timeout of ${timeout} s`
        : exitCode !== undefined && exitCode !== 0
          ? `Exited with code ${exitCode}`
          : (describe(finished.reason, finished.message) ?? 'Failed');
    const status = succeeded ? 'succeeded' : 'failed';
    return { status, startTime: startTime ?? endTime, endTime, message, attempts };
  }
  if (startTime) return { status: 'running', startTime, attempts };
  return { status: 'pending' };
}

/** How the Job came to be: from its CronJob's schedule (with the scheduled time) or by "run now". */
export function runTriggerOf(job: Job): { kind: 'manual' } | { kind: 'schedule'; scheduledAt: Date | null } {
  const annotations = job.metadata.annotations ?? {};
  if (annotations['cronjob.kubernetes.io/instantiate'] === 'manual') return { kind: 'manual' };
  const scheduled = annotations['batch.kubernetes.io/cronjob-scheduled-timestamp'];
  return { kind: 'schedule', scheduledAt: scheduled ? new Date(scheduled) : null };
}
