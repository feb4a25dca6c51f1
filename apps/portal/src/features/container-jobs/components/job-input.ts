import type { ContainerJobCreateInput, ContainerJobModifyInput } from '@/gql/graphql.ts';
import {
  patchInput,
  toWorkloadCreateInput,
  toWorkloadValues,
  workloadPatch,
  type ConfigurableWorkload,
} from '@/components/workload/workload-input.ts';
import { timeoutSecondsOf, type JobFormValues } from './job-schema.ts';

// Between the job form's values and the platform's inputs. The fields every workload has are mapped by
// components/workload; the schedule and the enabled switch here.

/** The parts of a job the form edits, as the job query returns them. */
export interface ConfigurableJob extends ConfigurableWorkload {
  schedule: string;
  enabled: boolean;
  timeoutSeconds: number | null;
  retries: number;
}

export function toJobFormValues(job: ConfigurableJob): JobFormValues {
  return {
    ...toWorkloadValues(job),
    schedule: job.schedule,
    enabled: job.enabled,
    timeout: job.timeoutSeconds === null ? '' : String(job.timeoutSeconds),
    retries: job.retries,
  };
}

// The form's rules have passed: the timeout is a valid one.
const timeoutOf = (values: JobFormValues) => timeoutSecondsOf(values.timeout) ?? null;

/** The create input for valid form values. */
export function toJobCreateInput(namespace: string, values: JobFormValues): ContainerJobCreateInput {
  return {
    ...toWorkloadCreateInput(namespace, values),
    schedule: values.schedule.trim(),
    enabled: values.enabled,
    timeoutSeconds: timeoutOf(values),
    retries: values.retries,
  };
}

/**
 * The patch from the values the form opened with to the values saved (API.md): fields that did not change
 * are left out, variables are keyed by name and mounts by path, removed ones sent with `state: ABSENT`.
 * Null when nothing changed.
 */
export function toJobModifyInput(
  namespace: string,
  initial: JobFormValues,
  current: JobFormValues,
): ContainerJobModifyInput | null {
  const patch: Omit<ContainerJobModifyInput, 'name' | 'namespace'> = workloadPatch(initial, current);
  if (current.schedule.trim() !== initial.schedule.trim()) patch.schedule = current.schedule.trim();
  if (current.enabled !== initial.enabled) patch.enabled = current.enabled;
  // Null removes the limit; left out keeps it.
  if (timeoutOf(current) !== timeoutOf(initial)) patch.timeoutSeconds = timeoutOf(current);
  if (current.retries !== initial.retries) patch.retries = current.retries;
  return patchInput(initial.name, namespace, patch);
}
