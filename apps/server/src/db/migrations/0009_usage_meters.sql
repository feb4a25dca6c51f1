-- Usage meters: one row per span during which something billable ran at one size, as the runtime reported it
-- (a container replica from running until gone, a job run from start to end, a volume at a size until it
-- grows or goes). An open span has no ended_at. Names are copied so a breakdown still names what was deleted.
CREATE TABLE usage_meters (
  id bigserial PRIMARY KEY,
  customer_id integer NOT NULL,
  namespace_name text NOT NULL,
  resource_type text NOT NULL CHECK (resource_type IN ('CONTAINER', 'CONTAINER_JOB', 'VOLUME', 'DATABASE_CLUSTER')),
  resource_name text NOT NULL,
  -- The replica's or the run's name; the resource's own name for volumes.
  subject text NOT NULL,
  -- What closes the span: 'replica:{id}', 'run:{id}', 'volume:{id}'.
  subject_key text NOT NULL,
  -- The price-list unit: a container size (CPU_250_RAM_500) for replicas and runs, GB for volumes.
  size text NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
-- A subject has at most one open span.
CREATE UNIQUE INDEX usage_meters_open_subject ON usage_meters (subject_key) WHERE ended_at IS NULL;
-- The breakdown reads a customer's spans that overlap a period.
CREATE INDEX usage_meters_customer_started ON usage_meters (customer_id, started_at);
