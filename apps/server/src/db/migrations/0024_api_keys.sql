-- API keys: the client id and secret of the OAuth client-credentials grant, acting for the account that made
-- them within their scope. Only a SHA-256 hash of the secret is kept (it is long and random, shown once).
-- A revoked key stays listed; its name is free again.
CREATE TABLE api_keys (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name text NOT NULL,
  client_id text NOT NULL UNIQUE,
  secret_hash text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('READ', 'READ_WRITE')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);

CREATE UNIQUE INDEX api_keys_live_name ON api_keys (account_id, lower(name)) WHERE revoked_at IS NULL;
