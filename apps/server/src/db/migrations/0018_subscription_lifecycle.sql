-- Subscriptions that end with what they pay for (issue 24). cancel_at_period_end: the subscription ends when
-- its paid period does instead of renewing (the customer cancelled it, or its resource was deleted, which
-- resource_deleted records so it cannot be resumed). provider_synced: the payment provider has been told the
-- current cancel_at_period_end (Stripe's is set through its API after the change commits). duplicate_of: a
-- second subscription to the same plan for the same resource, refused (ended at once) in favour of this one;
-- with provider_synced false until the provider has cancelled it and refunded its payment.
ALTER TABLE billing_subscriptions
  ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
  ADD COLUMN resource_deleted boolean NOT NULL DEFAULT false,
  ADD COLUMN provider_synced boolean NOT NULL DEFAULT true,
  ADD COLUMN duplicate_of text,
  -- the deleted resource's name, which its plan's subscription still shows until it ends
  ADD COLUMN resource_name text;

-- A provider's hosted checkout page (Stripe's address), so an open checkout is handed out again.
ALTER TABLE billing_sessions ADD COLUMN url text;

-- A database cluster's own plan unpaid ("pay later"): unpaid_since is when it last had no live subscription
-- to its plan (created without paying, or its subscription ended while it lives), null while paid. After
-- UNPAID_GRACE_DAYS it is stopped (stopped_unpaid), never deleted; paying starts it again. Clusters that run
-- unpaid today start their grace now.
ALTER TABLE database_clusters
  ADD COLUMN unpaid_since timestamptz,
  ADD COLUMN stopped_unpaid boolean NOT NULL DEFAULT false;
UPDATE database_clusters c SET unpaid_since = now()
WHERE NOT EXISTS (
  SELECT 1 FROM billing_subscriptions s JOIN namespaces n ON n.customer_id = s.customer_id
  WHERE n.id = c.namespace_id AND s.resource_id = c.id::text AND s.plan_id = c.plan_id
    AND s.status IN ('active', 'past_due')
);
