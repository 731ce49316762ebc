-- Issue 26, points 8 and 9 (docs/decisions/016 and 009).
-- 1. KYC submissions keep the canonical key of their ID number in id_number_key (idNumberKey in
--    src/shared/contracts/kyc.ts), written at insert; the duplicate check and its index compare
--    that column, so the SQL and the TypeScript can no longer disagree.
-- 2. Payment transaction keys are folded per rail (src/shared/transaction-id.ts paymentTxKeyOf):
--    a sell's on-chain hash drops a leading '0x', a buy's MoMo or bank reference its leading zeros.
DROP INDEX "kyc_submissions_id_number_key_idx";--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "id_number_key" text;--> statement-breakpoint
-- The backfill of id_number_key, as idNumberKey computes it: NFKC, then punctuation, spaces,
-- controls and the Unicode space, dash, invisible and format characters removed (the ranges of
-- migration 0008); when what remains is Latin letters and digits only, upper case of it is the
-- key. Otherwise (a Cyrillic or Greek letter, an accent...) the key is NULL: such a number is
-- refused now, never keyed, and the row is written to the audit log for staff to look at. A
-- database not in UTF8 cannot normalize: ASCII only.
DO $migration$
BEGIN
  IF current_setting('server_encoding') = 'UTF8' THEN
    UPDATE "kyc_submissions" SET "id_number_key" = CASE WHEN k.stripped ~ '^[A-Za-z0-9]+$' THEN upper(k.stripped) END
    FROM (
      SELECT "id", regexp_replace(
        normalize("id_number", NFKC),
        '[[:space:][:punct:][:cntrl:]\u0080-\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2000-\u206f\u2e00-\u2e7f\u3000-\u3003\u3164\ufe00-\ufe0f\ufe30-\ufe6f\ufeff\uff00-\uff0f\uffa0\ufff9-\ufffb\U000e0000-\U000e0fff]',
        '', 'g') AS "stripped"
      FROM "kyc_submissions"
    ) AS k
    WHERE k."id" = "kyc_submissions"."id";
  ELSE
    UPDATE "kyc_submissions" SET "id_number_key" = CASE WHEN k.stripped ~ '^[A-Za-z0-9]+$' THEN upper(k.stripped) END
    FROM (SELECT "id", regexp_replace("id_number", '[[:space:][:punct:][:cntrl:]]', '', 'g') AS "stripped" FROM "kyc_submissions") AS k
    WHERE k."id" = "kyc_submissions"."id";
  END IF;
END
$migration$;--> statement-breakpoint
INSERT INTO "audit_log" ("action", "target_type", "target_id", "after")
SELECT 'kyc.id_number_unkeyed', 'kyc_submission', "id"::text,
  jsonb_build_object(
    'idNumber', "id_number",
    'userId', "user_id",
    'status', "status",
    'note', 'Migration 0014: this ID number holds a character that is not a Latin letter or digit (a look-alike?). It is not compared with other accounts'' numbers; check it against the document.'
  )
FROM "kyc_submissions" WHERE "id_number_key" IS NULL AND "id_number" <> '';--> statement-breakpoint
CREATE INDEX "kyc_submissions_id_number_key_idx" ON "kyc_submissions" USING btree ("id_type","id_number_key") WHERE "kyc_submissions"."id_number_key" IS NOT NULL;--> statement-breakpoint
-- Payment keys folded per rail. Only computed keys ([a-z0-9]+) are refolded: the fallback keys of
-- migration 0008 (lower(id) of a refused id) and its '<key>#<order id>' keys stay as they are.
-- Live orders whose keys become equal (say a pending buy with '0012345678' and another with
-- '12345678') must not make the migration fail, and a migration does not decide about anyone's
-- money: as in migration 0008, the oldest keeps the key, each later one gets '<key>#<order id>'
-- and is written to the audit log. The unique index is dropped for the update (one transaction)
-- so that no row meets another's old key half-way, and built again.
DROP INDEX "orders_live_payment_tx_key_unique";--> statement-breakpoint
WITH "folded" AS (
  SELECT "id", "payment_tx_id", "payment_tx_key" AS "old_key", "created_at",
    "status" NOT IN ('cancelled', 'expired') AS "is_live",
    CASE
      WHEN "payment_tx_key" !~ '^[a-z0-9]+$' THEN "payment_tx_key"
      WHEN "type" = 'sell' AND "payment_tx_key" ~ '^0x[a-z0-9]+$' THEN substr("payment_tx_key", 3)
      WHEN "type" = 'buy' AND "payment_tx_key" ~ '^0+$' THEN '0'
      WHEN "type" = 'buy' THEN ltrim("payment_tx_key", '0')
      ELSE "payment_tx_key"
    END AS "new_key"
  FROM "orders" WHERE "payment_tx_key" IS NOT NULL
), "ranked" AS (
  SELECT "folded".*,
    CASE WHEN "is_live" THEN row_number() OVER (PARTITION BY "is_live", "new_key" ORDER BY "created_at", "id") ELSE 1 END AS "n"
  FROM "folded"
), "updated" AS (
  UPDATE "orders" SET "payment_tx_key" = CASE WHEN "ranked"."n" > 1 THEN "ranked"."new_key" || '#' || "orders"."id" ELSE "ranked"."new_key" END
  FROM "ranked"
  WHERE "ranked"."id" = "orders"."id" AND ("ranked"."n" > 1 OR "ranked"."new_key" <> "ranked"."old_key")
  RETURNING "orders"."id", "orders"."payment_tx_id", "orders"."payment_tx_key", "ranked"."new_key", "ranked"."n"
)
INSERT INTO "audit_log" ("action", "target_type", "target_id", "after")
SELECT 'order.payment_tx_duplicate', 'order', "updated"."id"::text,
  jsonb_build_object(
    'paymentTxId', "updated"."payment_tx_id",
    'paymentTxKey', "updated"."payment_tx_key",
    'sameKeyAsOrder', (SELECT "ranked"."id" FROM "ranked" WHERE "ranked"."is_live" AND "ranked"."n" = 1 AND "ranked"."new_key" = "updated"."new_key"),
    'note', 'Migration 0014: another live order has a payment transaction id with the same key once 0x and leading zeros are folded. Check that these are different payments.'
  )
FROM "updated" WHERE "updated"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_live_payment_tx_key_unique" ON "orders" USING btree ("payment_tx_key") WHERE "orders"."payment_tx_key" IS NOT NULL AND "orders"."status" NOT IN ('cancelled', 'expired');
