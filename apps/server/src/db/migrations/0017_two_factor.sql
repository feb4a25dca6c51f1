-- Two-factor sign-in of the built-in identity provider (TOTP, an authenticator app). Secrets are encrypted with
-- the secrets key like other secrets at rest; a set-up keeps its new secret pending until a code confirms it;
-- recovery codes are kept as SHA-256 hashes (each is random and used once); last_step refuses a code twice.
CREATE TABLE account_two_factor (
  account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  secret text,
  pending_secret text,
  recovery_code_hashes text[] NOT NULL DEFAULT '{}',
  last_step bigint NOT NULL DEFAULT 0,
  enabled_at timestamptz
);
