-- Email verification before a customer's first order (issue 26 point 5, docs/decisions/024).
-- Customers who already placed an order are past their first: their address counts as verified.
-- Customers without an order confirm theirs before placing one. Staff were verified already
-- (the seed, and accepting an invitation).
UPDATE "users" SET "email_verified" = true
WHERE "email_verified" = false
  AND ("role" IS NULL OR "role" = 'customer')
  AND EXISTS (SELECT 1 FROM "orders" WHERE "orders"."user_id" = "users"."id");
