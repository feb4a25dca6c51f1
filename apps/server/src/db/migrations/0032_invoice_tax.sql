-- An invoice states its net amount, its VAT and the rate (in hundredths of a percent: 1900 is 19 %) beside
-- the total it charged. Invoices recorded before were issued without VAT: their net is their total.
ALTER TABLE billing_invoices ADD COLUMN subtotal_cents integer;
UPDATE billing_invoices SET subtotal_cents = total_cents;
ALTER TABLE billing_invoices ALTER COLUMN subtotal_cents SET NOT NULL;
ALTER TABLE billing_invoices ADD COLUMN tax_cents integer NOT NULL DEFAULT 0;
-- Null when the provider reported tax without a single rate (several taxes, or none known).
ALTER TABLE billing_invoices ADD COLUMN tax_rate_basis_points integer;
