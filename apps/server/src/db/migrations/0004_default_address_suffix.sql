-- Default web addresses carry a short suffix bound to the customer, so that they are unique across customers
-- (namespace names are unique per customer only) and reveal nothing about anyone else's names.
ALTER TABLE customers ADD COLUMN address_suffix text UNIQUE;
UPDATE customers SET address_suffix = substr(md5(random()::text || id::text), 1, 8);

-- Existing default addresses `{container}-{namespace}.{apps domain}` take their customer's suffix, with the
-- label cut to fit DNS as addresses.ts does: at most 63 - 9 characters, no trailing hyphen, then -suffix.
UPDATE container_ingresses AS ingress
SET domain_name = rtrim(left(c.name || '-' || n.name, 54), '-') || '-' || cu.address_suffix
  || substr(ingress.domain_name, length(c.name || '-' || n.name) + 1)
FROM containers AS c
JOIN namespaces AS n ON n.id = c.namespace_id
JOIN customers AS cu ON cu.id = n.customer_id
WHERE ingress.container_id = c.id
  AND ingress.domain_name LIKE c.name || '-' || n.name || '.%';
