-- Issue 32 points 2 and 3 (docs/decisions/058): chain watchers, their cursor per network, the deposits
-- they saw, and the sell status deposit_detected.
CREATE TABLE "chain_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"coin_symbol" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'seen' NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_deposits_amount_positive" CHECK ("chain_deposits"."amount" > 0),
	CONSTRAINT "chain_deposits_status_known" CHECK ("chain_deposits"."status" IN ('seen', 'confirmed', 'reorged'))
);
--> statement-breakpoint
CREATE TABLE "chain_networks" (
	"network" text PRIMARY KEY NOT NULL,
	"rpc_url" text,
	"required_confirmations" integer NOT NULL,
	"tokens" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_block" bigint,
	"last_block_hash" text,
	"head_block" bigint,
	"polled_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_networks_confirmations_range" CHECK ("chain_networks"."required_confirmations" BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD COLUMN "chain_deposit_id" bigint;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_transfer_unique" ON "chain_deposits" USING btree ("network","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_deposits_order_idx" ON "chain_deposits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "chain_deposits_open_idx" ON "chain_deposits" USING btree ("network","status") WHERE "chain_deposits"."status" = 'seen';--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_chain_deposit_id_chain_deposits_id_fk" FOREIGN KEY ("chain_deposit_id") REFERENCES "public"."chain_deposits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_exceptions_chain_deposit_unique" ON "statement_exceptions" USING btree ("chain_deposit_id","kind") WHERE "statement_exceptions"."chain_deposit_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" IN ('awaiting_payment', 'payment_submitted', 'awaiting_deposit', 'deposit_submitted', 'deposit_detected', 'payment_confirmed', 'deposit_confirmed', 'completed', 'cancelled', 'expired', 'refunded'));--> statement-breakpoint
-- Hand-written (drizzle cannot express it): the trigger orders_status_transition follows the
-- transition table again (src/shared/order-transitions.ts; src/server/db/order-transitions.test.ts
-- checks every pair), with the chain watchers' moves of deposit_detected.
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
      ('awaiting_deposit', 'deposit_detected'),
      ('deposit_submitted', 'deposit_detected'),
      ('deposit_detected', 'deposit_confirmed'),
      ('deposit_detected', 'awaiting_deposit'),
      ('deposit_detected', 'cancelled'),
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
