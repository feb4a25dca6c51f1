CREATE TABLE customers (
  id serial PRIMARY KEY,
  name text NOT NULL,
  suspended_reason text,
  has_payment_details boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id),
  email text NOT NULL,
  name text NOT NULL,
  role text NOT NULL DEFAULT 'owner',
  password_hash text,
  external_subject text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));

-- A subscription to a product; its presence grants the `create` scope on that product.
CREATE TABLE entitlements (
  customer_id integer NOT NULL REFERENCES customers (id),
  product text NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, product)
);

CREATE TABLE namespaces (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  internal_name text NOT NULL UNIQUE,
  state text NOT NULL,
  locked boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz
);
CREATE UNIQUE INDEX namespaces_customer_name_key ON namespaces (customer_id, name);

CREATE TABLE audit_entries (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id),
  account_id integer REFERENCES accounts (id),
  occurred_at timestamptz NOT NULL DEFAULT now(),
  event_type text NOT NULL,
  model_name text NOT NULL,
  model_id integer NOT NULL,
  change_set jsonb NOT NULL,
  tags text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_entries_customer_idx ON audit_entries (customer_id, occurred_at DESC);

-- Work for the provisioner: a resource whose desired state the runtime has not yet applied.
CREATE TABLE provisioning_tasks (
  id serial PRIMARY KEY,
  resource_kind text NOT NULL,
  resource_id integer NOT NULL,
  action text NOT NULL,
  not_before timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provisioning_tasks_due_idx ON provisioning_tasks (not_before);

-- oidc-provider storage: sessions, grants, codes, refresh tokens, interactions.
CREATE TABLE oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_payloads_grant_idx ON oidc_payloads (grant_id);
CREATE INDEX oidc_payloads_uid_idx ON oidc_payloads (uid);
CREATE INDEX oidc_payloads_expires_idx ON oidc_payloads (expires_at);

-- Signing keys and cookie secrets of the identity provider, so a restart invalidates nothing.
CREATE TABLE identity_secrets (
  id text PRIMARY KEY,
  kind text NOT NULL,
  material jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Failed sign-ins per account and per address, for throttling.
CREATE TABLE sign_in_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  blocked_until timestamptz
);
