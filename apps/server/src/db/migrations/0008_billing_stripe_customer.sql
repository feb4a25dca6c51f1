-- The Stripe provider's customer object of a Berth customer (cus_…): Stripe creates it at the first checkout
-- and reports it in the webhook; later checkouts reuse it and the Customer Portal opens for it.
ALTER TABLE billing_customers ADD COLUMN stripe_customer_id text UNIQUE;
