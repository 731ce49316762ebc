CREATE TABLE "sanctions_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"normalized" text NOT NULL,
	"ref" text,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"list_date" text,
	"sha256" text,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "rule_actions" SET DEFAULT '{"large_order":"hold","sanctions":"hold","daily_volume":"flag","structuring":"hold","travel_rule":"hold","shared_account":"hold","name_mismatch":"flag","reused_image":"flag","overdue_case":"flag"}'::jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sanctions_name_match_percent" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "sanctions_entries" ADD CONSTRAINT "sanctions_entries_list_id_sanctions_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanctions_entries_lookup_idx" ON "sanctions_entries" USING btree ("kind","normalized");--> statement-breakpoint
CREATE INDEX "sanctions_entries_list_idx" ON "sanctions_entries" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sanctions_lists_operator_unique" ON "sanctions_lists" USING btree ("kind") WHERE "sanctions_lists"."kind" = 'operator';