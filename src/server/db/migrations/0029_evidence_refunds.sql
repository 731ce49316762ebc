-- Issue 28 points 2, 3 and 6 (docs/decisions/038): evidence on every decision, refunds, the fee on the order.
-- 1. Statuses payment_confirmed / deposit_confirmed (staff confirmed what arrived) and refunded.
-- 2. The confirmation's evidence, the payout's facts and the refund's on the order; a refund
--    reference is claimed for ever like a payout reference (unique key).
-- 3. The setting two_people_above_ghs (default GHS 5,000).
-- 4. The fee of each order from its quote (src/server/modules/orders/quotes.ts calculateFee: the
--    distance of the unit price from the base price, times the coins, in cedis, half-up).
-- 5. The trigger orders_status_transition follows the new table (src/shared/order-transitions.ts):
--    a submitted order is confirmed before it is completed or refunded.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "two_people_above_ghs" numeric(20, 2) DEFAULT '5000' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_percentage" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_ghs" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_amount" numeric(30, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_account" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "evidence_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "evidence" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_from_account" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_sent" numeric(30, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_fee" numeric(30, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_amount" numeric(30, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_account" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reference_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_fee" numeric(30, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_refund_reference_key_unique" ON "orders" USING btree ("refund_reference_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_movements_positive" CHECK (("orders"."received_amount" IS NULL OR "orders"."received_amount" > 0) AND ("orders"."amount_sent" IS NULL OR "orders"."amount_sent" > 0) AND ("orders"."refund_amount" IS NULL OR "orders"."refund_amount" > 0) AND ("orders"."payout_fee" IS NULL OR "orders"."payout_fee" >= 0) AND ("orders"."refund_fee" IS NULL OR "orders"."refund_fee" >= 0) AND ("orders"."fee_ghs" IS NULL OR "orders"."fee_ghs" >= 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_evidence_kind_known" CHECK ("orders"."evidence_kind" IN ('statement_line', 'provider_reference', 'chain_transaction', 'staff_note'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" IN ('awaiting_payment', 'payment_submitted', 'awaiting_deposit', 'deposit_submitted', 'payment_confirmed', 'deposit_confirmed', 'completed', 'cancelled', 'expired', 'refunded'));--> statement-breakpoint
UPDATE "orders" SET
  "fee_percentage" = "quotes"."fee_percentage",
  "fee_ghs" = round(abs("quotes"."unit_price_usd" - "quotes"."base_usd") * "quotes"."amount_crypto" * "quotes"."ghs_rate", 2)
FROM "quotes" WHERE "quotes"."id" = "orders"."quote_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "orders_status_transition_check"() RETURNS trigger LANGUAGE plpgsql AS $transition$
BEGIN
  IF NEW."status" IS DISTINCT FROM OLD."status" AND (OLD."status", NEW."status") NOT IN (
      ('awaiting_payment', 'payment_submitted'),
      ('awaiting_deposit', 'deposit_submitted'),
      ('awaiting_payment', 'cancelled'),
      ('awaiting_deposit', 'cancelled'),
      ('awaiting_payment', 'expired'),
      ('awaiting_deposit', 'expired'),
      ('payment_submitted', 'payment_confirmed'),
      ('deposit_submitted', 'deposit_confirmed'),
      ('payment_confirmed', 'completed'),
      ('deposit_confirmed', 'completed'),
      ('payment_confirmed', 'refunded'),
      ('deposit_confirmed', 'refunded'),
      ('payment_submitted', 'cancelled'),
      ('deposit_submitted', 'cancelled')
    ) THEN
    RAISE EXCEPTION 'order % may not go from % to %', OLD."id", OLD."status", NEW."status"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_status_transition';
  END IF;
  RETURN NEW;
END
$transition$;
