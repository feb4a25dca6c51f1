-- Private registries: credentials for pulling images; the password is encrypted at rest (AES-256-GCM).
CREATE TABLE private_registries (
  id serial PRIMARY KEY,
  namespace_id integer NOT NULL REFERENCES namespaces (id),
  name text NOT NULL,
  source text NOT NULL,
  username text NOT NULL,
  password_encrypted text NOT NULL,
  state text NOT NULL,
  locked boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz
);
CREATE UNIQUE INDEX private_registries_namespace_name_key ON private_registries (namespace_id, name);

CREATE TABLE volumes (
  id serial PRIMARY KEY,
  namespace_id integer NOT NULL REFERENCES namespaces (id),
  name text NOT NULL,
  size_gb integer NOT NULL,
  -- Reported by the runtime.
  usage_bytes bigint NOT NULL DEFAULT 0,
  state text NOT NULL,
  locked boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz
);
CREATE UNIQUE INDEX volumes_namespace_name_key ON volumes (namespace_id, name);

CREATE TABLE containers (
  id serial PRIMARY KEY,
  namespace_id integer NOT NULL REFERENCES namespaces (id),
  name text NOT NULL,
  type text NOT NULL DEFAULT 'DEFAULT',
  image text NOT NULL,
  registry_id integer REFERENCES private_registries (id),
  resources text NOT NULL,
  entrypoint jsonb,
  command jsonb,
  ports jsonb NOT NULL DEFAULT '[]',
  -- {port, path} or null
  health_check jsonb,
  -- {replicas: n} or {minimum, maximum, triggers: [{type, threshold}]}
  scaling jsonb NOT NULL,
  state text NOT NULL,
  locked boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz,
  started_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX containers_namespace_name_key ON containers (namespace_id, name);
CREATE INDEX containers_registry_idx ON containers (registry_id);

CREATE TABLE container_environment_variables (
  id serial PRIMARY KEY,
  container_id integer NOT NULL REFERENCES containers (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Secret values are encrypted like registry passwords and never returned.
  value text NOT NULL,
  secret boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX container_environment_variables_key ON container_environment_variables (container_id, name);

CREATE TABLE container_ingresses (
  id serial PRIMARY KEY,
  container_id integer NOT NULL REFERENCES containers (id) ON DELETE CASCADE,
  -- Unique across the whole platform.
  domain_name text NOT NULL UNIQUE,
  port integer NOT NULL,
  enable_tls boolean NOT NULL DEFAULT true,
  allowlist jsonb NOT NULL DEFAULT '[]',
  state text NOT NULL DEFAULT 'creating'
);
CREATE INDEX container_ingresses_container_idx ON container_ingresses (container_id);

CREATE TABLE container_mounts (
  id serial PRIMARY KEY,
  container_id integer NOT NULL REFERENCES containers (id) ON DELETE CASCADE,
  volume_id integer NOT NULL REFERENCES volumes (id),
  path text NOT NULL
);
CREATE UNIQUE INDEX container_mounts_key ON container_mounts (container_id, path);
CREATE INDEX container_mounts_volume_idx ON container_mounts (volume_id);

-- Replicas as the runtime reports them.
CREATE TABLE container_replicas (
  id serial PRIMARY KEY,
  container_id integer NOT NULL REFERENCES containers (id) ON DELETE CASCADE,
  name text NOT NULL UNIQUE,
  status text NOT NULL,
  status_message text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX container_replicas_container_idx ON container_replicas (container_id);

-- Log lines of replicas (and, later, job runs), kept for the logs API.
CREATE TABLE log_lines (
  id bigserial PRIMARY KEY,
  source_kind text NOT NULL,
  source_id integer NOT NULL,
  stream text NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  line text NOT NULL
);
CREATE INDEX log_lines_source_idx ON log_lines (source_kind, source_id, stream, id);

-- The simulated runtime's own record of each container it runs (no other driver uses it): the replica set
-- it rolls out (the 5 characters in replica names), its phase, and when its next step is due. Kept in the
-- database so a restart carries on where it stopped, and locked row by row so two processes never advance
-- the same container.
CREATE TABLE simulated_containers (
  container_id integer PRIMARY KEY REFERENCES containers (id) ON DELETE CASCADE,
  revision text NOT NULL,
  -- rolling | steady | deleting
  phase text NOT NULL,
  next_step_at timestamptz NOT NULL DEFAULT now()
);
