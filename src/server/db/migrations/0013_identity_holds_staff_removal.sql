-- A verified phone number belongs to one account (docs/decisions/016). Numbers verified on several
-- accounts before this stay verified on the account that verified them first; the others lose the
-- verification (their Tier stays: compliance reviews them, and they verify another number). Runs
-- before users_verified_phone_unique below, which would refuse the duplicates.
UPDATE "users" SET "phone_verified_at" = NULL
WHERE "phone_verified_at" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "users" AS "first"
    WHERE "first"."phone" = "users"."phone"
      AND "first"."phone_verified_at" IS NOT NULL
      AND ("first"."phone_verified_at", "first"."id") < ("users"."phone_verified_at", "users"."id")
  );
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recorded_payer_number" text;--> statement-breakpoint
ALTER TABLE "compliance_alerts" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "compliance_alerts" ADD COLUMN "released_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_unique" ON "users" USING btree ("phone") WHERE "users"."phone_verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "kyc_submissions_ghana_card_idx" ON "kyc_submissions" USING btree ("ghana_card_number") WHERE "kyc_submissions"."ghana_card_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "kyc_submissions_id_number_key_idx" ON "kyc_submissions" USING btree ("id_type",upper(regexp_replace("id_number", '[^A-Za-z0-9]', '', 'g')));--> statement-breakpoint
CREATE INDEX "orders_recorded_payer_number_idx" ON "orders" USING btree ("recorded_payer_number") WHERE "orders"."recorded_payer_number" IS NOT NULL;