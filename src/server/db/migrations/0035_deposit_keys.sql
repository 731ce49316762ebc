-- Issue 32 point 1 (docs/decisions/056): watch-only account keys that sell orders' own deposit addresses
-- are derived from, which key each coin's network uses, and the key and index on each order (once).
CREATE TABLE "coin_deposit_keys" (
	"coin_id" integer NOT NULL,
	"network" text NOT NULL,
	"key_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_deposit_keys_coin_id_network_pk" PRIMARY KEY("coin_id","network")
);
--> statement-breakpoint
CREATE TABLE "deposit_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"extended_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"identity" text NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_keys_next_index_range" CHECK ("deposit_keys"."next_index" >= 0),
	CONSTRAINT "deposit_keys_family_known" CHECK ("deposit_keys"."family" IN ('btc', 'ltc', 'doge', 'evm', 'tron'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_key_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_index" integer;--> statement-breakpoint
ALTER TABLE "coin_deposit_keys" ADD CONSTRAINT "coin_deposit_keys_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_deposit_keys" ADD CONSTRAINT "coin_deposit_keys_key_id_deposit_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."deposit_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_keys_identity_unique" ON "deposit_keys" USING btree ("family","identity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_key_id_deposit_keys_id_fk" FOREIGN KEY ("deposit_key_id") REFERENCES "public"."deposit_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_deposit_key_index_unique" ON "orders" USING btree ("deposit_key_id","deposit_index") WHERE "orders"."deposit_key_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_key_index_together" CHECK (("orders"."deposit_key_id" IS NULL) = ("orders"."deposit_index" IS NULL));