-- Issue 33 point 3 (docs/decisions/060): payments asked of a customer's MTN MoMo wallet ("Pay with MTN MoMo"),
-- each with the reference sent to the provider, written before the call; one pending per order.
CREATE TABLE "momo_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"failure_code" text,
	"provider_transaction_id" text,
	"payer_party" text,
	"holder_name" text,
	"requested_by" text,
	"sends" integer DEFAULT 0 NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "momo_payments_state_known" CHECK ("momo_payments"."state" IN ('pending', 'successful', 'failed')),
	CONSTRAINT "momo_payments_amount_positive" CHECK ("momo_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "momo_payments" ADD CONSTRAINT "momo_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "momo_payments" ADD CONSTRAINT "momo_payments_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "momo_payments_reference_unique" ON "momo_payments" USING btree ("reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "momo_payments_one_pending_per_order" ON "momo_payments" USING btree ("order_id") WHERE "momo_payments"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "momo_payments_provider_transaction_unique" ON "momo_payments" USING btree ("provider","provider_transaction_id") WHERE "momo_payments"."provider_transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "momo_payments_due_idx" ON "momo_payments" USING btree ("next_check_at") WHERE "momo_payments"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "momo_payments_order_idx" ON "momo_payments" USING btree ("order_id","created_at");