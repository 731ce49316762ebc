-- Issue 33 point 6 (docs/decisions/059): SMS forwarder devices of the business wallets, the texts they forward
-- (kept before they are read), and the evidence kind sms_receipt.
CREATE TABLE "sms_forwarders" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"payment_method_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"secret_encrypted" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"forwarder_id" text NOT NULL,
	"event_id" text NOT NULL,
	"body_hash" text NOT NULL,
	"sender" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"network" text,
	"parsed" jsonb,
	"line_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_status_known" CHECK ("sms_messages"."status" IN ('parsed', 'unparsed', 'duplicate', 'not_payment'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_evidence_kind_known";--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD COLUMN "sms_message_id" bigint;--> statement-breakpoint
ALTER TABLE "sms_forwarders" ADD CONSTRAINT "sms_forwarders_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_forwarders" ADD CONSTRAINT "sms_forwarders_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_forwarders" ADD CONSTRAINT "sms_forwarders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_forwarders" ADD CONSTRAINT "sms_forwarders_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_forwarder_id_sms_forwarders_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."sms_forwarders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_line_id_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."statement_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_forwarders_method_idx" ON "sms_forwarders" USING btree ("payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_event_unique" ON "sms_messages" USING btree ("forwarder_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_body_unique" ON "sms_messages" USING btree ("forwarder_id","body_hash");--> statement-breakpoint
CREATE INDEX "sms_messages_forwarder_time_idx" ON "sms_messages" USING btree ("forwarder_id","created_at");--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_sms_message_id_sms_messages_id_fk" FOREIGN KEY ("sms_message_id") REFERENCES "public"."sms_messages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_exceptions_sms_unique" ON "statement_exceptions" USING btree ("sms_message_id") WHERE "statement_exceptions"."sms_message_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_evidence_kind_known" CHECK ("orders"."evidence_kind" IN ('statement_line', 'provider_reference', 'chain_transaction', 'staff_note', 'sms_receipt'));