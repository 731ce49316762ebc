-- Issue 33 points 4-5 (docs/decisions/061): the auto-payout policy (one row, off), payouts as MoMo payments of
-- kind payout (one per order, ever), and the reason a sell was not paid out automatically.
CREATE TABLE "auto_payout_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"max_ghs" numeric(20, 2) DEFAULT '2000' NOT NULL,
	"daily_cap_ghs" numeric(20, 2) DEFAULT '20000' NOT NULL,
	"min_tier" integer DEFAULT 1 NOT NULL,
	"paid_from_method_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_payout_policy_one_row" CHECK ("auto_payout_policy"."id" = 1),
	CONSTRAINT "auto_payout_policy_amounts" CHECK ("auto_payout_policy"."max_ghs" > 0 AND "auto_payout_policy"."daily_cap_ghs" > 0 AND "auto_payout_policy"."min_tier" BETWEEN 0 AND 2)
);
--> statement-breakpoint
DROP INDEX "momo_payments_one_pending_per_order";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "auto_payout_note" text;--> statement-breakpoint
ALTER TABLE "momo_payments" ADD COLUMN "kind" text DEFAULT 'collection' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "momo_payments_one_payout_per_order" ON "momo_payments" USING btree ("order_id") WHERE "momo_payments"."kind" = 'payout';--> statement-breakpoint
CREATE UNIQUE INDEX "momo_payments_one_pending_per_order" ON "momo_payments" USING btree ("order_id","kind") WHERE "momo_payments"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "momo_payments" ADD CONSTRAINT "momo_payments_kind_known" CHECK ("momo_payments"."kind" IN ('collection', 'payout'));