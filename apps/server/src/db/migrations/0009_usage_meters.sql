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
-- What is running now, per customer (open spans are priced live).
CREATE INDEX usage_meters_customer_open ON usage_meters (customer_id) WHERE ended_at IS NULL;

-- Closed spans summed per calendar month (UTC), resource and size, kept by the trigger below whoever closes
-- or writes a span: a month's breakdown reads about one row per resource instead of every span.
CREATE TABLE usage_monthly (
  customer_id integer NOT NULL,
  month timestamptz NOT NULL,
  namespace_name text NOT NULL,
  resource_type text NOT NULL,
  resource_name text NOT NULL,
  size text NOT NULL,
  -- Spans that overlap the month (a job's runs).
  spans integer NOT NULL,
  seconds double precision NOT NULL,
  PRIMARY KEY (customer_id, month, namespace_name, resource_type, resource_name, size)
);

CREATE FUNCTION usage_meters_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.ended_at IS NULL OR (TG_OP = 'UPDATE' AND OLD.ended_at IS NOT NULL) THEN
    RETURN NEW;
  END IF;
  INSERT INTO usage_monthly AS monthly (customer_id, month, namespace_name, resource_type, resource_name, size, spans, seconds)
  SELECT NEW.customer_id, months.month, NEW.namespace_name, NEW.resource_type, NEW.resource_name, NEW.size, 1,
    extract(epoch FROM LEAST(NEW.ended_at, months.month + interval '1 month') - GREATEST(NEW.started_at, months.month))
  FROM (
    SELECT month AT TIME ZONE 'UTC' AS month FROM generate_series(
      date_trunc('month', NEW.started_at AT TIME ZONE 'UTC'),
      date_trunc('month', NEW.ended_at AT TIME ZONE 'UTC'),
      interval '1 month') AS month
  ) AS months
  WHERE NEW.ended_at > months.month AND NEW.started_at < months.month + interval '1 month'
  ON CONFLICT (customer_id, month, namespace_name, resource_type, resource_name, size)
  DO UPDATE SET spans = monthly.spans + 1, seconds = monthly.seconds + EXCLUDED.seconds;
  RETURN NEW;
END $$;

CREATE TRIGGER usage_meters_roll_up AFTER INSERT OR UPDATE OF ended_at ON usage_meters
  FOR EACH ROW EXECUTE FUNCTION usage_meters_roll_up();
