-- A version per customer, advanced in the transaction of every change to what their namespaces hold (the
-- resources, their parts, the runtime's reports of them such as replicas and runs, the changes queued for the
-- runtime that lock a resource) and to what decides what they may see (the customer's standing, its accounts
-- and subscriptions). Triggers advance it, so no write path can forget to, whichever process writes. A poll
-- that finds the version unchanged knows that nothing it shows has changed (issue 30).
ALTER TABLE customers ADD COLUMN change_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION advance_own_change_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_version := OLD.change_version + 1;
  RETURN NEW;
END
$$;
CREATE TRIGGER customers_changed BEFORE UPDATE OF name, suspended_reason, has_payment_details, address_suffix
  ON customers FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION advance_own_change_version();

-- The customer a row of `row_kind` (a table's, or a provisioning task's or external connection's resource kind)
-- with id `row_id` belongs to; null when it is gone. PL/pgSQL: its body is resolved when it runs, so it may
-- call itself for the rows that belong to a namespace.
CREATE FUNCTION customer_of(row_kind text, row_id integer) RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN CASE row_kind
    WHEN 'customer' THEN row_id
    WHEN 'namespace' THEN (SELECT customer_id FROM namespaces WHERE id = row_id)
    WHEN 'registry' THEN customer_of('namespace', (SELECT namespace_id FROM private_registries WHERE id = row_id))
    WHEN 'volume' THEN customer_of('namespace', (SELECT namespace_id FROM volumes WHERE id = row_id))
    WHEN 'container' THEN customer_of('namespace', (SELECT namespace_id FROM containers WHERE id = row_id))
    WHEN 'containerJob' THEN customer_of('namespace', (SELECT namespace_id FROM container_jobs WHERE id = row_id))
    WHEN 'databaseCluster' THEN
      customer_of('namespace', (SELECT namespace_id FROM database_clusters WHERE id = row_id))
    WHEN 'database-cluster' THEN customer_of('databaseCluster', row_id)
    WHEN 'messageQueue' THEN customer_of('namespace', (SELECT namespace_id FROM message_queues WHERE id = row_id))
    WHEN 'message-queue' THEN customer_of('messageQueue', row_id)
    WHEN 'cloudDatabase' THEN (SELECT customer_id FROM legacy_cloud_databases WHERE id = row_id)
    WHEN 'externalConnection' THEN
      (SELECT customer_of(resource_kind, resource_id) FROM external_connections WHERE id = row_id)
  END;
END
$$;

-- Row trigger: TG_ARGV[0] is the kind of the row the changed row refers to (or `@column`: the kind is in that
-- column), TG_ARGV[1] the column holding that row's id.
CREATE FUNCTION advance_change_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  kind text := CASE WHEN left(TG_ARGV[0], 1) = '@' THEN changed ->> substr(TG_ARGV[0], 2) ELSE TG_ARGV[0] END;
BEGIN
  UPDATE customers SET change_version = change_version + 1
  WHERE id = customer_of(kind, (changed ->> TG_ARGV[1])::integer);
  RETURN NULL;
END
$$;

-- Every table below gets two triggers: inserts and deletes, and updates that change something (a runtime's
-- report that repeats what is recorded changes nothing a customer sees).
DO $$
DECLARE
  watched text[][] := ARRAY[
    ['accounts', 'customer', 'customer_id'],
    ['entitlements', 'customer', 'customer_id'],
    ['namespaces', 'customer', 'customer_id'],
    ['private_registries', 'namespace', 'namespace_id'],
    ['volumes', 'namespace', 'namespace_id'],
    ['containers', 'namespace', 'namespace_id'],
    ['container_environment_variables', 'container', 'container_id'],
    ['container_ingresses', 'container', 'container_id'],
    ['container_mounts', 'container', 'container_id'],
    ['container_replicas', 'container', 'container_id'],
    ['container_revisions', 'container', 'container_id'],
    ['container_jobs', 'namespace', 'namespace_id'],
    ['container_job_environment_variables', 'containerJob', 'job_id'],
    ['container_job_mounts', 'containerJob', 'job_id'],
    ['container_job_runs', 'containerJob', 'job_id'],
    ['database_clusters', 'namespace', 'namespace_id'],
    ['database_cluster_databases', 'databaseCluster', 'cluster_id'],
    ['database_cluster_users', 'databaseCluster', 'cluster_id'],
    ['database_cluster_advisories', 'databaseCluster', 'cluster_id'],
    ['message_queues', 'namespace', 'namespace_id'],
    ['message_queue_users', 'messageQueue', 'queue_id'],
    ['legacy_cloud_databases', 'customer', 'customer_id'],
    ['external_ips', 'customer', 'customer_id'],
    ['external_connections', '@resource_kind', 'resource_id'],
    ['external_connection_ports', 'externalConnection', 'connection_id'],
    ['provisioning_tasks', '@resource_kind', 'resource_id']
  ];
  i integer;
BEGIN
  FOR i IN 1 .. array_length(watched, 1) LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION advance_change_version(%L, %L)',
      watched[i][1] || '_added_or_removed', watched[i][1], watched[i][2], watched[i][3]);
    -- A task's claims and retries are the provisioner's bookkeeping: only its coming and going is a change.
    CONTINUE WHEN watched[i][1] = 'provisioning_tasks';
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) '
        'EXECUTE FUNCTION advance_change_version(%L, %L)',
      watched[i][1] || '_changed', watched[i][1], watched[i][2], watched[i][3]);
  END LOOP;
END
$$;
