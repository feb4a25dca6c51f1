import { nextRuns, parseCron } from '@berth/cron';
import {
  defaultWorkloadValues,
  issueCollector,
  issuesSchema,
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
}

export const defaultJobValues: JobFormValues = {
  ...defaultWorkloadValues,
  schedule: '0 0 * * *',
  enabled: true,
};

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
  return issues;
}

/** The form's schema for react-hook-form: the values' shape, then every rule above. */
export function jobFormSchema(context: WorkloadFormContext) {
  return issuesSchema((values: JobFormValues) => jobFormIssues(values, context));
}
