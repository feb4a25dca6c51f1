-- Container jobs: a container run on a cron schedule (UTC). The scheduler's plan lives in next_run_at, so
-- every process sees the same plan and a restart needs no replay.
CREATE TABLE container_jobs (
  id serial PRIMARY KEY,
  namespace_id integer NOT NULL REFERENCES namespaces (id),
  name text NOT NULL,
  image text NOT NULL,
  registry_id integer REFERENCES private_registries (id),
  resources text NOT NULL,
  entrypoint jsonb,
  command jsonb,
  schedule text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  -- The next scheduled run; null while disabled or being deleted.
  next_run_at timestamptz,
  state text NOT NULL,
  locked boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz
);
CREATE UNIQUE INDEX container_jobs_namespace_name_key ON container_jobs (namespace_id, name);
CREATE INDEX container_jobs_registry_idx ON container_jobs (registry_id);
CREATE INDEX container_jobs_due_idx ON container_jobs (next_run_at) WHERE next_run_at IS NOT NULL;

CREATE TABLE container_job_environment_variables (
  id serial PRIMARY KEY,
  job_id integer NOT NULL REFERENCES container_jobs (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Secret values are encrypted like those of containers and never returned.
  value text NOT NULL,
  secret boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX container_job_environment_variables_key ON container_job_environment_variables (job_id, name);

CREATE TABLE container_job_mounts (
  id serial PRIMARY KEY,
  job_id integer NOT NULL REFERENCES container_jobs (id) ON DELETE CASCADE,
  volume_id integer NOT NULL REFERENCES volumes (id),
  path text NOT NULL
);
CREATE UNIQUE INDEX container_job_mounts_key ON container_job_mounts (job_id, path);
CREATE INDEX container_job_mounts_volume_idx ON container_job_mounts (volume_id);

-- Runs, newest kept. A scheduled run records the time it was planned for; the unique key makes a second
-- start of the same planned run impossible even if two schedulers disagreed.
CREATE TABLE container_job_runs (
  id serial PRIMARY KEY,
  job_id integer NOT NULL REFERENCES container_jobs (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- schedule | manual
  trigger text NOT NULL,
  scheduled_at timestamptz,
  -- pending | running | succeeded | failed
  status text NOT NULL,
  start_time timestamptz,
  end_time timestamptz,
  message text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX container_job_runs_name_key ON container_job_runs (job_id, name);
CREATE UNIQUE INDEX container_job_runs_scheduled_key ON container_job_runs (job_id, scheduled_at);
CREATE INDEX container_job_runs_job_idx ON container_job_runs (job_id, id DESC);

-- The simulated runtime's record of each run it carries out: when its next step is due and how it ends.
CREATE TABLE simulated_job_runs (
  run_id integer PRIMARY KEY REFERENCES container_job_runs (id) ON DELETE CASCADE,
  next_step_at timestamptz NOT NULL,
  exit_code integer NOT NULL
);
CREATE INDEX simulated_job_runs_due_idx ON simulated_job_runs (next_step_at);
