-- Issue #13 (docs/decisions/009-canonical-transaction-ids.md).
-- 1. Orders get the canonical key of their payment transaction id, and the live-order uniqueness
--    rule moves from lower(payment_tx_id) to that key.
-- 2. Orders placed with an Idempotency-Key keep the SHA-256 of the request body, so that the key
--    sent again with another body is refused instead of replaying the first order.
ALTER TABLE "orders" ADD COLUMN "payment_tx_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_body_hash" text;--> statement-breakpoint
-- The backfill. The application computes keys in src/shared/transaction-id.ts: NFKC, lower case,
-- punctuation, spaces, controls and invisible characters removed, and only Latin letters and
-- digits accepted. Here: NFKC, lower(), then those characters removed (ASCII punctuation, spaces
-- and controls, and the Unicode spaces, dashes, invisible and format characters by range); when
-- what remains is Latin letters and digits, that is the key, the very one the function gives.
-- Otherwise (a Cyrillic letter, an accent...) the key is lower(payment_tx_id), the value the old
-- index compared: it holds a character no new key can hold, so it never blocks a new order, and
-- it was already unique among live orders. A database not in UTF8 cannot normalize: ASCII only.
DO $migration$
BEGIN
  IF current_setting('server_encoding') = 'UTF8' THEN
    UPDATE "orders" SET "payment_tx_key" = CASE WHEN k.stripped ~ '^[a-z0-9]+$' THEN k.stripped ELSE lower("orders"."payment_tx_id") END
    FROM (
      SELECT "id", regexp_replace(
        lower(normalize("payment_tx_id", NFKC)),
        '[[:space:][:punct:][:cntrl:]\u0080-\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2000-\u206f\u2e00-\u2e7f\u3000-\u3003\u3164\ufe00-\ufe0f\ufe30-\ufe6f\ufeff\uff00-\uff0f\uffa0\ufff9-\ufffb\U000e0000-\U000e0fff]',
        '', 'g') AS "stripped"
      FROM "orders"
    ) AS k
    WHERE k."id" = "orders"."id";
  ELSE
    UPDATE "orders" SET "payment_tx_key" = CASE WHEN k.stripped ~ '^[a-z0-9]+$' THEN k.stripped ELSE lower("orders"."payment_tx_id") END
    FROM (SELECT "id", regexp_replace(lower("payment_tx_id"), '[[:space:][:punct:][:cntrl:]]', '', 'g') AS "stripped" FROM "orders") AS k
    WHERE k."id" = "orders"."id";
  END IF;
END
$migration$;--> statement-breakpoint
-- Live orders that were allowed before but share a key now ('MP-123' and 'MP 123', both pending):
-- the migration must not fail, and it must not decide about anyone's money. The oldest keeps the
-- key; each later one gets '<key>#<order id>' ('#' is never part of a computed key, so these
-- cannot collide), stays as it is, and is written to the audit log for staff to look at. The
-- admin search by the key still finds all of them.
WITH "ranked" AS (
  SELECT "id", "payment_tx_key", row_number() OVER (PARTITION BY "payment_tx_key" ORDER BY "created_at", "id") AS "n"
  FROM "orders" WHERE "status" <> 'cancelled'
), "renamed" AS (
  UPDATE "orders" SET "payment_tx_key" = "orders"."payment_tx_key" || '#' || "orders"."id"
  FROM "ranked"
  WHERE "ranked"."id" = "orders"."id" AND "ranked"."n" > 1
  RETURNING "orders"."id", "orders"."payment_tx_id", "orders"."payment_tx_key", "ranked"."payment_tx_key" AS "shared_key"
)
INSERT INTO "audit_log" ("action", "target_type", "target_id", "after")
SELECT 'order.payment_tx_duplicate', 'order', "renamed"."id"::text,
  jsonb_build_object(
    'paymentTxId', "renamed"."payment_tx_id",
    'paymentTxKey', "renamed"."payment_tx_key",
    'sameKeyAsOrder', (SELECT "ranked"."id" FROM "ranked" WHERE "ranked"."n" = 1 AND "ranked"."payment_tx_key" = "renamed"."shared_key"),
    'note', 'Migration 0008: another live order has a payment transaction id with the same canonical key. Check that these are different payments.'
  )
FROM "renamed";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_tx_key" SET NOT NULL;--> statement-breakpoint
DROP INDEX "orders_live_payment_tx_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_live_payment_tx_key_unique" ON "orders" USING btree ("payment_tx_key") WHERE "orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_payment_tx_key_trgm_idx" ON "orders" USING gin ("payment_tx_key" gin_trgm_ops);
