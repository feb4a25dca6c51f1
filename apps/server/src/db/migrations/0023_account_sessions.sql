-- What the account page shows of each signed-in session of the built-in identity provider: the device (from
-- its User-Agent) and address it signed in from, and when its tokens were last used. Keyed by oidc-provider's
-- session uid (the tokens' `sid`); a row whose Session payload is gone or expired is ignored and purged.
CREATE TABLE account_sessions (
  id serial PRIMARY KEY,
  session_uid text NOT NULL UNIQUE,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  device text NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX account_sessions_account ON account_sessions (account_id);
