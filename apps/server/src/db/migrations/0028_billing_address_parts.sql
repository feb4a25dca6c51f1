-- The billing address in parts (issue 27: the public API's deprecated Customer.address), as the hosted
-- billing-details form asks it: street and house number, postal code, city, country. All four or none: rows
-- saved before keep only their free-form `address` until the customer saves them again. A row with parts
-- also keeps `address`, composed from them ("street\npostal code city\ncountry"), as invoices show it.
ALTER TABLE billing_customers
  ADD COLUMN address_street text,
  ADD COLUMN address_postal_code text,
  ADD COLUMN address_city text,
  ADD COLUMN address_country text,
  ADD CONSTRAINT billing_customers_address_parts_check CHECK (
    (address_street IS NULL) = (address_postal_code IS NULL)
    AND (address_street IS NULL) = (address_city IS NULL)
    AND (address_street IS NULL) = (address_country IS NULL)
  );
