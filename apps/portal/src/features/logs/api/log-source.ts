/** A container's replicas: all of them, or one by name. */
export interface ContainerLogSource {
  kind: 'container';
  namespace: string;
  container: string;
  replica?: string;
  /** Without `replica`: the lines of replicas that have stopped or been replaced too. */
  includeStopped?: boolean;
}

/** One run of a container job. */
export interface JobRunLogSource {
  kind: 'job-run';
  namespace: string;
  job: string;
  run: string;
}

/** Whose log a viewer shows. */
export type LogSource = ContainerLogSource | JobRunLogSource;

/** The source as the console-logs API takes it (its ContainerLogSource input). */
export const containerInput = ({ namespace, container, replica, includeStopped }: ContainerLogSource) => ({
  namespace,
  container,
  ...(replica === undefined ? {} : { replica }),
  ...(includeStopped ? { includeStopped } : {}),
});

/** The time a log is read over: from `since`, before `until` (ISO times); the newest lines without either. */
export interface LogPeriod {
  since?: string;
  until?: string;
}

/** The source as the console-logs API takes it (its JobRunLogSource input). */
export const jobRunInput = ({ namespace, job, run }: JobRunLogSource) => ({ namespace, job, run });
