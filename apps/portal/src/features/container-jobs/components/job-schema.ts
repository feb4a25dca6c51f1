import { nextRuns, parseCron } from '@berth/cron';
import {
  defaultWorkloadValues,
  issueCollector,
  issuesSchema,
  wholeIn,
  workloadFormIssues,
  type FormIssue,
  type WorkloadFormContext,
  type WorkloadFormValues,
} from '@/components/workload/workload-schema.ts';

// The container job form, for creating and for configuring: the fields every workload has
// (components/workload) and a job's own, its schedule (a crontab expression read in UTC) and whether it
// runs on it, with the platform's rules, so nothing the API would refuse is sent.

export interface JobFormValues extends WorkloadFormValues {
  schedule: string;
  enabled: boolean;
  /** Seconds, as typed; empty for no limit. */
  timeout: string;
  retries: number;
}

export const defaultJobValues: JobFormValues = {
  ...defaultWorkloadValues,
  schedule: '0 0 * * *',
  enabled: true,
  timeout: '',
  retries: 0,
};

/** The platform's bounds: a run may take at most a day, and be tried again at most five times. */
export const maxTimeoutSeconds = 86_400;
export const maxRetries = 5;

/** The timeout typed, in seconds; null for none (an empty field). Undefined when it is not a valid one. */
export function timeoutSecondsOf(timeout: string): number | null | undefined {
  if (timeout.trim() === '') return null;
  return wholeIn(timeout, 1, maxTimeoutSeconds) ?? undefined;
}

/** What is wrong with a schedule (the cron editor's message for invalid text), or null. */
export function scheduleProblem(schedule: string): string | null {
  const parsed = parseCron(schedule, 'crontab');
  if ('error' in parsed) return parsed.error;
  return nextRuns(schedule, { count: 1, timezone: 'UTC' })?.length
    ? null
    : 'This schedule never matches a date';
}

/** Every rule the values break, each at the field that has to change. */
export function jobFormIssues(values: JobFormValues, context: WorkloadFormContext): FormIssue[] {
  const { issues, report } = issueCollector();
  issues.push(...workloadFormIssues(values, context));
  report(['schedule'], scheduleProblem(values.schedule));
  report(
    ['timeout'],
    timeoutSecondsOf(values.timeout) === undefined
      ? `Enter whole seconds from 1 to ${maxTimeoutSeconds} (a day), or leave it empty for no limit`
      : null,
  );
  return issues;
}

/** The form's schema for react-hook-form: the values' shape, then every rule above. */
export function jobFormSchema(context: WorkloadFormContext) {
  return issuesSchema((values: JobFormValues) => jobFormIssues(values, context));
}
