CREATE TABLE "deposit_addresses" (
	"coin_id" integer NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_coin_id_network_pk" PRIMARY KEY("coin_id","network")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"actor_id" text,
	"actor_kind" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_live_payment_tx_key_unique";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_tx_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_tx_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "payment_window_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "deposit_window_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "min_order_ghs" numeric(20, 2) DEFAULT '10' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "max_order_ghs" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_ghs" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payer_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_to" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_tag" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "proof_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "proof_type" text;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_reference_unique" ON "orders" USING btree ("payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_deposit_tag_unique" ON "orders" USING btree ("deposit_tag");--> statement-breakpoint
CREATE INDEX "orders_awaiting_deadline_idx" ON "orders" USING btree ("deadline_at") WHERE "orders"."status" IN ('awaiting_payment', 'awaiting_deposit');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_live_payment_tx_key_unique" ON "orders" USING btree ("payment_tx_key") WHERE "orders"."payment_tx_key" IS NOT NULL AND "orders"."status" NOT IN ('cancelled', 'expired');--> statement-breakpoint
-- Orders before the lifecycle (docs/decisions/014) were paid when they were placed: 'pending' is
-- the submitted state of their type, submitted when created; their history becomes events.
UPDATE "orders" SET "status" = CASE WHEN "type" = 'buy' THEN 'payment_submitted' ELSE 'deposit_submitted' END WHERE "status" = 'pending';--> statement-breakpoint
UPDATE "orders" SET "submitted_at" = "created_at";--> statement-breakpoint
UPDATE "orders" SET "amount_ghs" = CASE WHEN "fiat_currency" = 'GHS' THEN "amount_fiat" ELSE round("amount_fiat" * "ghs_rate", 2) END;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "actor_id", "actor_kind", "from_status", "to_status", "details", "created_at")
SELECT "id", "user_id", 'customer', NULL, CASE WHEN "type" = 'buy' THEN 'payment_submitted' ELSE 'deposit_submitted' END, jsonb_build_object('paymentTxId', "payment_tx_id"), "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "actor_id", "actor_kind", "from_status", "to_status", "details", "created_at")
SELECT "id", "decided_by", 'staff', CASE WHEN "type" = 'buy' THEN 'payment_submitted' ELSE 'deposit_submitted' END, "status", NULL, "decided_at" FROM "orders" WHERE "status" IN ('completed', 'cancelled') AND "decided_at" IS NOT NULL;--> statement-breakpoint
-- One deposit address per coin becomes the address of the coin's network (src/shared/networks.ts);
-- a USDT address goes to the network its format shows (T... TRON, 0x... Ethereum).
INSERT INTO "deposit_addresses" ("coin_id", "network", "address")
SELECT "id", CASE "symbol"
    WHEN 'btc' THEN 'BTC' WHEN 'eth' THEN 'ERC20' WHEN 'bnb' THEN 'BEP20' WHEN 'ltc' THEN 'LTC'
    WHEN 'xrp' THEN 'XRP' WHEN 'ada' THEN 'ADA' WHEN 'sol' THEN 'SOL' WHEN 'doge' THEN 'DOGE'
    WHEN 'usdt' THEN CASE WHEN "wallet_address" LIKE '0x%' THEN 'ERC20' ELSE 'TRC20' END
  END, "wallet_address"
FROM "coins" WHERE "wallet_address" IS NOT NULL AND "wallet_address" <> '' AND "symbol" IN ('btc', 'eth', 'usdt', 'bnb', 'ltc', 'xrp', 'ada', 'sol', 'doge');--> statement-breakpoint
ALTER TABLE "coins" DROP COLUMN "wallet_address";