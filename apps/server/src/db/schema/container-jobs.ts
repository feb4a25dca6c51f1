import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Container jobs, their variables and mounts, their runs, and the simulated runtime's state of runs.

export const containerJobs = pgTable('container_jobs', {
  id: serial('id').primaryKey(),
  namespaceId: integer('namespace_id').notNull(),
  name: text('name').notNull(),
  image: text('image').notNull(),
  registryId: integer('registry_id'),
  resources: text('resources').notNull(),
  entrypoint: jsonb('entrypoint').$type<string[]>(),
  command: jsonb('command').$type<string[]>(),
  schedule: text('schedule').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  nextRunAt: timestamptz('next_run_at'),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
  /** A run taking longer is stopped and failed (0031); null: no limit. */
  timeoutSeconds: integer('timeout_seconds'),
  /** How many times a failed run's command is started again within the run (0031). */
  retries: integer('retries').notNull().default(0),
});

export const containerJobEnvironmentVariables = pgTable('container_job_environment_variables', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id').notNull(),
  name: text('name').notNull(),
  value: text('value').notNull(),
  secret: boolean('secret').notNull().default(false),
});

export const containerJobMounts = pgTable('container_job_mounts', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id').notNull(),
  volumeId: integer('volume_id').notNull(),
  path: text('path').notNull(),
});

export const containerJobRuns = pgTable('container_job_runs', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id').notNull(),
  name: text('name').notNull(),
  trigger: text('trigger').$type<'schedule' | 'manual'>().notNull(),
  scheduledAt: timestamptz('scheduled_at'),
  status: text('status').$type<'pending' | 'running' | 'succeeded' | 'failed'>().notNull(),
  startTime: timestamptz('start_time'),
  endTime: timestamptz('end_time'),
  message: text('message'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** How many times its command started (0031): more than 1 when it was retried. */
  attempts: integer('attempts').notNull().default(0),
});

export const simulatedJobRuns = pgTable('simulated_job_runs', {
  runId: integer('run_id').primaryKey(),
  nextStepAt: timestamptz('next_step_at').notNull(),
  exitCode: integer('exit_code').notNull(),
  /** When a run with a timeout is stopped (0031). */
  deadlineAt: timestamptz('deadline_at'),
});
