CREATE TABLE "chain_payout_checks" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"block_number" bigint,
	"detail" text DEFAULT '' NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_payout_checks_status_known" CHECK ("chain_payout_checks"."status" IN ('pending', 'verified', 'mismatch', 'not_found'))
);
--> statement-breakpoint
ALTER TABLE "chain_payout_checks" ADD CONSTRAINT "chain_payout_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_payout_checks_pending_idx" ON "chain_payout_checks" USING btree ("network","status") WHERE "chain_payout_checks"."status" = 'pending';