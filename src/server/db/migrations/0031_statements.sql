CREATE TABLE "reconciliation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"confirm_matched_payments" boolean DEFAULT false NOT NULL,
	"match_window_hours" integer DEFAULT 48 NOT NULL,
	"unpaid_after_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_settings_one_row" CHECK ("reconciliation_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "statement_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"account_key" text NOT NULL,
	"line_id" bigint,
	"order_id" integer,
	"detail" text DEFAULT '' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"resolved_order_id" integer,
	"resolved_line_id" bigint,
	"reference" text,
	"reason" text,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"payment_method_id" integer,
	"coin" text,
	"network" text,
	"format" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"file_hash" text NOT NULL,
	"line_count" integer NOT NULL,
	"new_line_count" integer NOT NULL,
	"imported_by" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"account_key" text NOT NULL,
	"identity" text NOT NULL,
	"line_number" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"direction" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"reference" text,
	"reference_key" text,
	"counterparty" text,
	"counterparty_key" text,
	"description" text,
	"balance" numeric(38, 18),
	"result" text NOT NULL,
	"order_id" integer,
	"suspense_entry_id" bigint,
	"raw" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_lines_amount_positive" CHECK ("statement_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"payment_method_id" integer PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_line_id_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."statement_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_resolved_order_id_orders_id_fk" FOREIGN KEY ("resolved_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_resolved_line_id_statement_lines_id_fk" FOREIGN KEY ("resolved_line_id") REFERENCES "public"."statement_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_exceptions" ADD CONSTRAINT "statement_exceptions_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_suspense_entry_id_ledger_entries_id_fk" FOREIGN KEY ("suspense_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_exceptions_line_unique" ON "statement_exceptions" USING btree ("line_id") WHERE "statement_exceptions"."line_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_exceptions_unpaid_order_unique" ON "statement_exceptions" USING btree ("order_id") WHERE "statement_exceptions"."kind" = 'no_statement_line';--> statement-breakpoint
CREATE INDEX "statement_exceptions_status_idx" ON "statement_exceptions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_imports_file_unique" ON "statement_imports" USING btree ("account_key","file_hash");--> statement-breakpoint
CREATE INDEX "statement_imports_account_idx" ON "statement_imports" USING btree ("account_key","imported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_identity_unique" ON "statement_lines" USING btree ("account_key","identity");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_order_unique" ON "statement_lines" USING btree ("order_id") WHERE "statement_lines"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "statement_lines_import_idx" ON "statement_lines" USING btree ("import_id","line_number");--> statement-breakpoint
CREATE INDEX "statement_lines_account_time_idx" ON "statement_lines" USING btree ("account_key","occurred_at");