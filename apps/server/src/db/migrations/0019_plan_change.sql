-- A plan change for the period's end (a downgrade, issue 24): the subscription moves to pending_plan_id at
-- pending_plan_at (the end of the period paid for when it was asked), and its resource with it. An upgrade
-- takes effect at once and leaves both null.
ALTER TABLE billing_subscriptions
  ADD COLUMN pending_plan_id text,
  ADD COLUMN pending_plan_at timestamptz;
