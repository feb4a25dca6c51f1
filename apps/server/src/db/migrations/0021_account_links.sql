-- Single-use links mailed to an account's owner (a password reset): only a SHA-256 hash of the link's token
-- is kept, and a link works once, until it expires.
CREATE TABLE account_links (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX account_links_account ON account_links (account_id, purpose, created_at);
