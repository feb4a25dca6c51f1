-- Billing: subscriptions as the payment provider reports them, the provider's events applied once each,
-- what we keep per customer for billing, and the sessions of the embedded (local) provider's hosted pages.

-- A subscription to a plan: for a product plan the resource is the customer itself, for a resource plan
-- (a database cluster's plan) the resource's id. `external_id` is the provider's subscription id.
CREATE TABLE billing_subscriptions (
  id serial PRIMARY KEY,
  provider text NOT NULL,
  external_id text NOT NULL,
  customer_id integer NOT NULL REFERENCES customers (id),
  plan_id text NOT NULL,
  resource_id text NOT NULL,
  -- active | past_due | unpaid | ended
  status text NOT NULL,
  current_period_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  UNIQUE (provider, external_id)
);
CREATE INDEX billing_subscriptions_customer_idx ON billing_subscriptions (customer_id);
CREATE INDEX billing_subscriptions_resource_idx ON billing_subscriptions (plan_id, resource_id);

-- Every provider event that was applied: the unique key makes a redelivered event a no-op, and the row is
-- written in the same transaction as the event's effect.
CREATE TABLE billing_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  customer_id integer REFERENCES customers (id),
  changes jsonb NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- Per customer: the card on file (a summary only: brand, last four digits, expiry), the billing details
-- shown on invoices, and the count of payments failed in a row since the last one that succeeded.
CREATE TABLE billing_customers (
  customer_id integer PRIMARY KEY REFERENCES customers (id),
  card_brand text,
  card_last4 text,
  card_expiry text,
  company_name text,
  address text,
  vat_number text,
  invoice_email text,
  consecutive_payment_failures integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Hosted pages of the local provider: the random id in the page's URL is the capability; a session belongs
-- to one customer, expires, and is used once.
CREATE TABLE billing_sessions (
  id text PRIMARY KEY,
  -- checkout | details
  kind text NOT NULL,
  customer_id integer NOT NULL REFERENCES customers (id),
  -- who the page is for (shown on it, the invoice email's default)
  email text NOT NULL,
  plan_id text,
  resource_id text,
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_sessions_expires_idx ON billing_sessions (expires_at);
