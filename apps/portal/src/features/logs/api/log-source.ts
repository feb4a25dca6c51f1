/** A container's replicas: all of them, or one by name. */
export interface ContainerLogSource {
  kind: 'container';
  namespace: string;
  container: string;
  replica?: string;
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
export const containerInput = ({ namespace, container, replica }: ContainerLogSource) => ({
  namespace,
  container,
  ...(replica === undefined ? {} : { replica }),
});

/** The source as the console-logs API takes it (its JobRunLogSource input). */
export const jobRunInput = ({ namespace, job, run }: JobRunLogSource) => ({ namespace, job, run });
