-- Email addresses are confirmed by a mailed link before the account may subscribe or create paid resources.
-- Accounts from before this change signed up without one and keep what they could do: taken as confirmed.
ALTER TABLE accounts ADD COLUMN email_verified_at timestamptz;
UPDATE accounts SET email_verified_at = created_at;

-- A link that confirms a new address for the account (changing its email) carries that address.
ALTER TABLE account_links ADD COLUMN new_email text;
