-- External connections (issue 27): addresses reachable from the internet for containers, database clusters
-- and message queues. An address pair (one IPv4, one IPv6, from the operator's pools) is either a customer's
-- shared pair, on which its connections get ports, or one connection's own (priced per month). A port is
-- taken once per address and protocol. A connection belongs to one resource (no foreign key: three kinds).
CREATE TABLE external_ips (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id),
  ipv4 text NOT NULL UNIQUE,
  ipv6 text NOT NULL UNIQUE,
  shared boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX external_ips_shared_key ON external_ips (customer_id) WHERE shared;

CREATE TABLE external_connections (
  id serial PRIMARY KEY,
  resource_kind text NOT NULL CHECK (resource_kind IN ('container', 'database-cluster', 'message-queue')),
  resource_id integer NOT NULL,
  ip_id integer NOT NULL REFERENCES external_ips (id),
  UNIQUE (resource_kind, resource_id)
);

CREATE TABLE external_connection_ports (
  id serial PRIMARY KEY,
  connection_id integer NOT NULL REFERENCES external_connections (id) ON DELETE CASCADE,
  ip_id integer NOT NULL REFERENCES external_ips (id),
  external_port integer NOT NULL CHECK (external_port BETWEEN 1 AND 65535),
  internal_port integer NOT NULL CHECK (internal_port BETWEEN 1 AND 65535),
  protocol text NOT NULL CHECK (protocol IN ('TCP', 'UDP')),
  allow_list text[] NOT NULL DEFAULT '{}',
  UNIQUE (ip_id, protocol, external_port)
);

-- A dedicated address pair is metered by the month (namespace_name '' : it belongs to no namespace).
ALTER TABLE usage_meters DROP CONSTRAINT usage_meters_resource_type_check;
ALTER TABLE usage_meters ADD CONSTRAINT usage_meters_resource_type_check
  CHECK (resource_type IN ('CONTAINER', 'CONTAINER_JOB', 'VOLUME', 'DATABASE_CLUSTER', 'MESSAGE_QUEUE', 'IPADDRESS'));
