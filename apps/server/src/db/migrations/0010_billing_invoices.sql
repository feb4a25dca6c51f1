-- Invoices as the payment provider reports them with a payment (paid) or a failed one (open): its lines,
-- total and period. `number` is the provider's (Stripe's ABCD-0001) or, for the local provider, ours.
-- Numbers of the invoices we issue ourselves (the local provider's): BERTH-000001, …
CREATE SEQUENCE billing_invoice_numbers;

CREATE TABLE billing_invoices (
  id serial PRIMARY KEY,
  provider text NOT NULL,
  external_id text NOT NULL,
  customer_id integer NOT NULL REFERENCES customers (id),
  number text NOT NULL UNIQUE,
  -- paid | open
  status text NOT NULL,
  currency text NOT NULL,
  total_cents integer NOT NULL,
  -- [{"description": "...", "amountCents": 900}]
  lines jsonb NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  -- The provider's page of the invoice (Stripe's hosted invoice), when it has one.
  hosted_url text,
  issued_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, external_id)
);
CREATE INDEX billing_invoices_customer_idx ON billing_invoices (customer_id, issued_at);
