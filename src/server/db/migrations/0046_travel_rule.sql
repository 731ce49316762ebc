CREATE TABLE "order_travel_rule" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"wallet_type" text NOT NULL,
	"provider_name" text,
	"provider_account" text,
	"address" text,
	"challenge" text,
	"signature" text,
	"proof_method" text,
	"declared_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "order_travel_rule_wallet_type_known" CHECK ("order_travel_rule"."wallet_type" IN ('self_hosted', 'provider')),
	CONSTRAINT "order_travel_rule_complete" CHECK (("order_travel_rule"."wallet_type" = 'provider' AND "order_travel_rule"."provider_name" IS NOT NULL AND "order_travel_rule"."provider_account" IS NOT NULL) OR ("order_travel_rule"."wallet_type" = 'self_hosted' AND "order_travel_rule"."address" IS NOT NULL)),
	CONSTRAINT "order_travel_rule_proof_whole" CHECK (("order_travel_rule"."verified_at" IS NULL) = ("order_travel_rule"."signature" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "rule_actions" SET DEFAULT '{"large_order":"hold","daily_volume":"flag","structuring":"hold","travel_rule":"hold","shared_account":"hold","name_mismatch":"flag","reused_image":"flag","overdue_case":"flag"}'::jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "travel_rule_threshold_usd" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_travel_rule" ADD CONSTRAINT "order_travel_rule_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Hand-written (docs/decisions/076-travel-rule-data.md): an order's Travel Rule data is kept like
-- the order (retention, docs/decisions/017 and 074): never deleted; retention blanks its personal part.
CREATE TRIGGER order_travel_rule_no_delete BEFORE DELETE ON order_travel_rule FOR EACH ROW EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER order_travel_rule_no_truncate BEFORE TRUNCATE ON order_travel_rule FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete_retained();
