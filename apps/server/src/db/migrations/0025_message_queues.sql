-- Message queues (issue 27): RabbitMQ brokers in a namespace, sold by plan like database clusters. Where the
-- driver placed a queue: the host of its DSNs, the AMQP and management ports, the virtual host its users live
-- in and the prefix of their names on a shared broker (the rabbitmq driver's; empty on a broker of its own).
-- allow_list: addresses and CIDRs that may connect (empty: everyone). unpaid_since / stopped_unpaid as for
-- database clusters (0018).
CREATE TABLE message_queues (
  id serial PRIMARY KEY,
  namespace_id integer NOT NULL REFERENCES namespaces (id),
  name text NOT NULL,
  version text NOT NULL,
  plan_id text NOT NULL,
  hostname text NOT NULL,
  amqp_port integer NOT NULL,
  management_port integer NOT NULL,
  vhost text NOT NULL,
  user_prefix text NOT NULL,
  tls boolean NOT NULL,
  allow_list text[] NOT NULL DEFAULT '{}',
  state text NOT NULL,
  locked boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz,
  unpaid_since timestamptz,
  stopped_unpaid boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX message_queues_namespace_name_key ON message_queues (namespace_id, name);

-- A queue's users: the admin it is created with (its password encrypted with the secrets key).
CREATE TABLE message_queue_users (
  id serial PRIMARY KEY,
  queue_id integer NOT NULL REFERENCES message_queues (id) ON DELETE CASCADE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin')),
  password_encrypted text NOT NULL,
  status text NOT NULL
);
CREATE UNIQUE INDEX message_queue_users_queue_name_key ON message_queue_users (queue_id, name);

-- A running queue is metered by its plan (size = the plan id) for the price breakdown.
ALTER TABLE usage_meters DROP CONSTRAINT usage_meters_resource_type_check;
ALTER TABLE usage_meters ADD CONSTRAINT usage_meters_resource_type_check
  CHECK (resource_type IN ('CONTAINER', 'CONTAINER_JOB', 'VOLUME', 'DATABASE_CLUSTER', 'MESSAGE_QUEUE'));
