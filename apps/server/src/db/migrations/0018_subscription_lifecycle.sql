-- Subscriptions that end with what they pay for (issue 24). cancel_at_period_end: the subscription ends when
-- its paid period does instead of renewing (the customer cancelled it, or its resource was deleted, which
-- resource_deleted records so it cannot be resumed). provider_synced: the payment provider has been told the
-- current cancel_at_period_end (Stripe's is set through its API after the change commits).
ALTER TABLE billing_subscriptions
  ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
  ADD COLUMN resource_deleted boolean NOT NULL DEFAULT false,
  ADD COLUMN provider_synced boolean NOT NULL DEFAULT true;

-- A provider's hosted checkout page (Stripe's address), so an open checkout is handed out again.
ALTER TABLE billing_sessions ADD COLUMN url text;
