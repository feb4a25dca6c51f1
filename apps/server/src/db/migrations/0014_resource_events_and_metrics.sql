-- What happened to a resource, as the runtime reports it (deploys, replicas, scaling, runs, volume growth);
-- the changes customers make are the audit log's, merged in when events are read.
CREATE TABLE resource_events (
  id bigserial PRIMARY KEY,
  resource_kind text NOT NULL,
  resource_id integer NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  type text NOT NULL,
  message text NOT NULL
);
CREATE INDEX resource_events_resource_idx ON resource_events (resource_kind, resource_id, id);
CREATE INDEX resource_events_age_idx ON resource_events (occurred_at);

-- Samples the runtime reports, kept only as points: per minute (for a day) and per hour (for a month). A
-- point holds how many samples fell in it, their sum and their maximum, so samples add to it in place.
CREATE TABLE metric_points (
  source_kind text NOT NULL,
  source_id integer NOT NULL,
  metric text NOT NULL,
  resolution text NOT NULL,
  bucket timestamptz NOT NULL,
  samples integer NOT NULL,
  total double precision NOT NULL,
  maximum double precision NOT NULL,
  PRIMARY KEY (source_kind, source_id, resolution, bucket, metric)
);
CREATE INDEX metric_points_age_idx ON metric_points (resolution, bucket);
