-- Every deploy of a container is a numbered revision: what it ran (the whole spec as stored, secret values
-- encrypted as in container_environment_variables, volumes by id), why (created, changed, rolled back,
-- redeployed) and who started it. A rollback deploys an earlier revision's spec again as a new revision.
-- Containers created before this have their first revision recorded at their next deploy.
CREATE TABLE container_revisions (
  id serial PRIMARY KEY,
  container_id integer NOT NULL REFERENCES containers (id) ON DELETE CASCADE,
  number integer NOT NULL,
  spec jsonb NOT NULL,
  reason text NOT NULL,
  rolled_back_to integer,
  account_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (container_id, number)
);
