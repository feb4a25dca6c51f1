-- Feature flags of the embedded flags service (the Unleash frontend API at /api/frontend). A flag is on for
-- everyone when enabled with no user ids, only for those users when it lists some, off when disabled; a flag
-- that is not here is off, as Unleash answers for an unknown one. The portal's route flags start enabled.
CREATE TABLE feature_flags (
  name text PRIMARY KEY,
  enabled boolean NOT NULL DEFAULT false,
  user_ids text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO feature_flags (name, enabled) VALUES ('database-clusters', true), ('audit-log', true);
