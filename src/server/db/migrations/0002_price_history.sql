CREATE TABLE "price_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"price_usd" numeric(30, 12) NOT NULL,
	"change_24h" numeric,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "price_points_symbol_fetched_at_idx" ON "price_points" USING btree ("symbol","fetched_at" DESC NULLS LAST);