-- Managed database clusters (API.md): the desired state of each cluster, its databases and its users. The
-- provisioner's driver makes a server match it; rows of databases and users being removed stay (status
-- `deleting`) until the driver has dropped them.
CREATE TABLE database_clusters (
  id serial PRIMARY KEY,
  namespace_id integer NOT NULL REFERENCES namespaces (id),
  name text NOT NULL,
  -- postgresql | mysql, and the major version (versions.ts)
  engine text NOT NULL,
  version text NOT NULL,
  plan_id text NOT NULL,
  -- Where the driver placed the cluster: host and port of its DSNs, and the prefix of its names on a shared
  -- server (the postgres driver's; empty where a cluster has a server of its own).
  hostname text NOT NULL,
  port integer NOT NULL,
  name_prefix text NOT NULL,
  state text NOT NULL,
  locked boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz
);
CREATE UNIQUE INDEX database_clusters_namespace_name_key ON database_clusters (namespace_id, name);

CREATE TABLE database_cluster_databases (
  id serial PRIMARY KEY,
  cluster_id integer NOT NULL REFERENCES database_clusters (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  -- creating | ready | deleting
  status text NOT NULL,
  UNIQUE (cluster_id, name)
);

CREATE TABLE database_cluster_users (
  id serial PRIMARY KEY,
  cluster_id integer NOT NULL REFERENCES database_clusters (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- admin (made with the cluster, owns its databases) | user
  role text NOT NULL,
  -- The secret box's text (secrets/crypto.ts), never the password itself.
  password_encrypted text NOT NULL,
  -- [{"databaseName": "app", "permission": "READ_ONLY" | "READ_WRITE"}]
  permissions jsonb NOT NULL DEFAULT '[]',
  -- creating | updating | ready | deleting
  status text NOT NULL,
  UNIQUE (cluster_id, name)
);

-- Legacy single-node cloud databases: only created and listed now; addressed by numeric id.
CREATE TABLE legacy_cloud_databases (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id),
  name text NOT NULL,
  hostname text NOT NULL,
  username text NOT NULL,
  password_encrypted text NOT NULL,
  version_id integer NOT NULL,
  node_type_id integer NOT NULL,
  location_id integer NOT NULL,
  whitelist jsonb NOT NULL DEFAULT '[]',
  state text NOT NULL,
  locked boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX legacy_cloud_databases_customer_idx ON legacy_cloud_databases (customer_id);
