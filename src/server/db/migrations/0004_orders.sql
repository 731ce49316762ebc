CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"quote_id" text NOT NULL,
	"type" text NOT NULL,
	"coin_symbol" text NOT NULL,
	"amount_crypto" numeric(30, 8) NOT NULL,
	"amount_fiat" numeric(20, 2) NOT NULL,
	"fiat_currency" text NOT NULL,
	"amount_usd" numeric(20, 2) NOT NULL,
	"unit_price_usd" numeric(30, 8) NOT NULL,
	"ghs_rate" numeric(20, 6) NOT NULL,
	"payment_method_id" integer,
	"payment_method" text NOT NULL,
	"payment_tx_id" text NOT NULL,
	"wallet_address" text,
	"network" text,
	"destination_tag" text,
	"payout" jsonb,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"coin_symbol" text NOT NULL,
	"side" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"amount_fiat" numeric(20, 2) NOT NULL,
	"amount_usd" numeric(20, 2) NOT NULL,
	"amount_crypto" numeric(30, 8) NOT NULL,
	"unit_price_usd" numeric(30, 8) NOT NULL,
	"base_usd" numeric(30, 8) NOT NULL,
	"ghs_rate" numeric(20, 6) NOT NULL,
	"fee_percentage" numeric(5, 2) NOT NULL,
	"fee_usd" numeric(20, 2) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_unique" ON "orders" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("user_id","idempotency_key") WHERE "orders"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_live_payment_tx_unique" ON "orders" USING btree (lower("payment_tx_id")) WHERE "orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quotes_expires_idx" ON "quotes" USING btree ("expires_at");