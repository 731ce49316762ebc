-- Issue 28 point 1 (docs/decisions/036): money controls the database keeps.
-- 1. A payment transaction id is claimed for ever: the unique index on its key no longer spares
--    cancelled and expired orders. Keys that several orders share today (one of them cancelled or
--    expired, the id used again) must not make the migration fail, and a migration decides about
--    nobody's money: as in migrations 0008 and 0014, the oldest order keeps the key, each later one
--    gets '<key>#<order id>' and is written to the audit log for staff to look at.
-- 2. A payout reference pays one order: its key (src/shared/transaction-id.ts payoutReferenceKeyOf:
--    a buy's outgoing hash lower case without '0x', a sell's MoMo or bank reference without
--    punctuation, lower case, without leading zeros) is unique; older duplicates as in 1.
-- 3. CHECK constraints on the status, type and currency values and on the amounts (> 0).
-- 4. The trigger orders_status_transition refuses a change of status that the transition table
--    (src/shared/order-transitions.ts) does not list; src/server/db/order-transitions.test.ts
--    tries every pair against the table.
DROP INDEX "orders_live_payment_tx_key_unique";--> statement-breakpoint
WITH "ranked" AS (
  SELECT "id", "payment_tx_id", "payment_tx_key",
    row_number() OVER (PARTITION BY "payment_tx_key" ORDER BY "created_at", "id") AS "n",
    first_value("id") OVER (PARTITION BY "payment_tx_key" ORDER BY "created_at", "id") AS "first_id"
  FROM "orders" WHERE "payment_tx_key" IS NOT NULL
), "updated" AS (
  UPDATE "orders" SET "payment_tx_key" = "ranked"."payment_tx_key" || '#' || "orders"."id"
  FROM "ranked" WHERE "ranked"."id" = "orders"."id" AND "ranked"."n" > 1
  RETURNING "orders"."id", "ranked"."payment_tx_id", "orders"."payment_tx_key", "ranked"."first_id"
)
INSERT INTO "audit_log" ("action", "target_type", "target_id", "after")
SELECT 'order.payment_tx_duplicate', 'order', "id"::text,
  jsonb_build_object(
    'paymentTxId', "payment_tx_id",
    'paymentTxKey', "payment_tx_key",
    'sameKeyAsOrder', "first_id",
    'note', 'Migration 0027: an older order (perhaps cancelled or expired) has a payment transaction id with the same key; a transaction id now serves one order for ever. Check that these are different payments.'
  )
FROM "updated";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_reference_key" text;--> statement-breakpoint
WITH "keyed" AS (
  SELECT "id", "payout_reference", "created_at",
    CASE
      WHEN "type" = 'buy' THEN regexp_replace(lower(regexp_replace("payout_reference", '[^A-Za-z0-9]', '', 'g')), '^0x', '')
      ELSE regexp_replace(lower(regexp_replace("payout_reference", '[^A-Za-z0-9]', '', 'g')), '^0+(?=.)', '')
    END AS "key"
  FROM "orders" WHERE "payout_reference" IS NOT NULL AND "payout_reference" <> ''
), "ranked" AS (
  SELECT "keyed".*,
    row_number() OVER (PARTITION BY "key" ORDER BY "created_at", "id") AS "n",
    first_value("id") OVER (PARTITION BY "key" ORDER BY "created_at", "id") AS "first_id"
  FROM "keyed" WHERE "key" <> ''
), "updated" AS (
  UPDATE "orders" SET "payout_reference_key" = CASE WHEN "ranked"."n" > 1 THEN "ranked"."key" || '#' || "orders"."id" ELSE "ranked"."key" END
  FROM "ranked" WHERE "ranked"."id" = "orders"."id"
  RETURNING "orders"."id", "ranked"."payout_reference", "orders"."payout_reference_key", "ranked"."first_id", "ranked"."n"
)
INSERT INTO "audit_log" ("action", "target_type", "target_id", "after")
SELECT 'order.payout_reference_duplicate', 'order', "id"::text,
  jsonb_build_object(
    'payoutReference', "payout_reference",
    'payoutReferenceKey', "payout_reference_key",
    'sameKeyAsOrder', "first_id",
    'note', 'Migration 0027: an older order was paid out with the same reference; a payout reference now pays one order. Check that these were two payouts.'
  )
FROM "updated" WHERE "n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_tx_key_unique" ON "orders" USING btree ("payment_tx_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payout_reference_key_unique" ON "orders" USING btree ("payout_reference_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" IN ('awaiting_payment', 'payment_submitted', 'awaiting_deposit', 'deposit_submitted', 'completed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_type_known" CHECK ("orders"."type" IN ('buy', 'sell'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fiat_currency_known" CHECK ("orders"."fiat_currency" IN ('GHS', 'USD'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_positive" CHECK ("orders"."amount_crypto" > 0 AND "orders"."amount_fiat" > 0 AND "orders"."amount_usd" > 0 AND ("orders"."amount_ghs" IS NULL OR "orders"."amount_ghs" > 0) AND "orders"."unit_price_usd" > 0 AND "orders"."ghs_rate" > 0);--> statement-breakpoint
CREATE FUNCTION "orders_status_transition_check"() RETURNS trigger LANGUAGE plpgsql AS $transition$
BEGIN
  IF NEW."status" IS DISTINCT FROM OLD."status" AND (OLD."status", NEW."status") NOT IN (
      ('awaiting_payment', 'payment_submitted'),
      ('awaiting_deposit', 'deposit_submitted'),
      ('awaiting_payment', 'cancelled'),
      ('awaiting_deposit', 'cancelled'),
      ('awaiting_payment', 'expired'),
      ('awaiting_deposit', 'expired'),
      ('payment_submitted', 'completed'),
      ('deposit_submitted', 'completed'),
      ('payment_submitted', 'cancelled'),
      ('deposit_submitted', 'cancelled')
    ) THEN
    RAISE EXCEPTION 'order % may not go from % to %', OLD."id", OLD."status", NEW."status"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_status_transition';
  END IF;
  RETURN NEW;
END
$transition$;--> statement-breakpoint
CREATE TRIGGER "orders_status_transition" BEFORE UPDATE OF "status" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_status_transition_check"();
