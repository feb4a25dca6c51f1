-- A job's runs can be bounded and retried: `timeout_seconds` stops a run that takes longer (null: no limit),
-- `retries` starts a failed run's command again up to that many times within the same run. A run counts how
-- many times its command started (`attempts`); a run in progress can be stopped.
ALTER TABLE container_jobs ADD COLUMN timeout_seconds integer;
ALTER TABLE container_jobs ADD COLUMN retries integer NOT NULL DEFAULT 0;
ALTER TABLE container_job_runs ADD COLUMN attempts integer NOT NULL DEFAULT 0;
-- The simulated runtime's deadline of a run with a timeout, from its start.
ALTER TABLE simulated_job_runs ADD COLUMN deadline_at timestamptz;
