CREATE TABLE "compliance_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"order_id" integer,
	"rule" text NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"case_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "compliance_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"filed_at" timestamp with time zone,
	"filed_by" text,
	"fic_reference" text
);
--> statement-breakpoint
CREATE TABLE "compliance_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"alert_id" integer,
	"case_id" integer,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"to" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_submissions" DROP CONSTRAINT "kyc_submissions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tier" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_order_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tier0_limit_usd" numeric(20, 2) DEFAULT '20' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tier1_daily_limit_ghs" numeric(20, 2) DEFAULT '5000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tier1_monthly_limit_ghs" numeric(20, 2) DEFAULT '50000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tier2_daily_limit_ghs" numeric(20, 2) DEFAULT '100000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tier2_monthly_limit_ghs" numeric(20, 2) DEFAULT '1000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "large_order_ghs" numeric(20, 2) DEFAULT '50000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "daily_volume_alert_ghs" numeric(20, 2) DEFAULT '100000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "structuring_band_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "structuring_order_count" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "shared_number_max_customers" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "rule_actions" jsonb DEFAULT '{"large_order":"hold","daily_volume":"flag","structuring":"hold","shared_account":"hold","name_mismatch":"flag"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "retention_years" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "level" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "ghana_card_number" text;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "selfie_key" text;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "selfie_type" text;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "address_proof_key" text;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "address_proof_type" text;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "source_of_funds" text;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "source_of_funds_detail" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payer_number_key" text GENERATED ALWAYS AS (nullif(regexp_replace(regexp_replace(coalesce(payer_number, ''), '[^0-9]', '', 'g'), '^233', '0'), '')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_number_key" text GENERATED ALWAYS AS (case when payout ->> 'type' = 'momo' then nullif(regexp_replace(regexp_replace(coalesce(payout ->> 'number', ''), '[^0-9]', '', 'g'), '^233', '0'), '') end) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recorded_payer_name" text;--> statement-breakpoint
ALTER TABLE "compliance_alerts" ADD CONSTRAINT "compliance_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_alerts" ADD CONSTRAINT "compliance_alerts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_cases" ADD CONSTRAINT "compliance_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_notes" ADD CONSTRAINT "compliance_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_notes" ADD CONSTRAINT "compliance_notes_alert_id_compliance_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."compliance_alerts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_notes" ADD CONSTRAINT "compliance_notes_case_id_compliance_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."compliance_cases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_alerts_dedupe_unique" ON "compliance_alerts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "compliance_alerts_status_created_idx" ON "compliance_alerts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "compliance_alerts_order_idx" ON "compliance_alerts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "compliance_alerts_user_idx" ON "compliance_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "compliance_cases_status_due_idx" ON "compliance_cases" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "compliance_cases_user_idx" ON "compliance_cases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "compliance_notes_user_idx" ON "compliance_notes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_user_idx" ON "phone_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_log_created_at_idx" ON "sms_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_log_pending_idx" ON "sms_log" USING btree ("next_attempt_at") WHERE "sms_log"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_payer_number_key_idx" ON "orders" USING btree ("payer_number_key") WHERE "orders"."payer_number_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_payout_number_key_idx" ON "orders" USING btree ("payout_number_key") WHERE "orders"."payout_number_key" IS NOT NULL;--> statement-breakpoint
-- Customers verified before tiers existed passed the identity review of the time: they start at
-- Tier 1 (docs/decisions/016); compliance can ask them for more.
UPDATE "users" SET "tier" = 1 WHERE "kyc_status" = 'verified' AND "role" IS NULL;
--> statement-breakpoint
-- Records retention (docs/decisions/017): orders, their events, KYC submissions and the compliance
-- desk's records are never deleted (a closed account is anonymised after the retention period
-- instead); the audit log is append-only since 0001.
CREATE FUNCTION refuse_delete_retained() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are kept for the retention period and cannot be deleted', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_no_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER orders_no_truncate BEFORE TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER order_events_no_delete BEFORE DELETE ON order_events FOR EACH ROW EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER order_events_no_truncate BEFORE TRUNCATE ON order_events FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER kyc_submissions_no_delete BEFORE DELETE ON kyc_submissions FOR EACH ROW EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER kyc_submissions_no_truncate BEFORE TRUNCATE ON kyc_submissions FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER compliance_alerts_no_delete BEFORE DELETE ON compliance_alerts FOR EACH ROW EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER compliance_alerts_no_truncate BEFORE TRUNCATE ON compliance_alerts FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER compliance_cases_no_delete BEFORE DELETE ON compliance_cases FOR EACH ROW EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER compliance_cases_no_truncate BEFORE TRUNCATE ON compliance_cases FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER compliance_notes_no_delete BEFORE DELETE ON compliance_notes FOR EACH ROW EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
CREATE TRIGGER compliance_notes_no_truncate BEFORE TRUNCATE ON compliance_notes FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete_retained();
--> statement-breakpoint
-- A phone number verified by a one-time code stays verified only while it is the account's number:
-- any change of users.phone that does not also set phone_verified_at (as the verification itself
-- does, modules/phone/service.ts) clears it, whatever code path makes the change.
CREATE FUNCTION users_phone_change_unverifies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.phone IS DISTINCT FROM OLD.phone AND NEW.phone_verified_at IS NOT DISTINCT FROM OLD.phone_verified_at THEN
    NEW.phone_verified_at := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_phone_change_unverifies BEFORE UPDATE OF phone ON users
  FOR EACH ROW EXECUTE FUNCTION users_phone_change_unverifies();
