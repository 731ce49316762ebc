CREATE TABLE "large_cash_reports" (
	"day" date PRIMARY KEY NOT NULL,
	"threshold_ghs" numeric(20, 2) NOT NULL,
	"order_count" integer NOT NULL,
	"total_ghs" numeric(20, 2) NOT NULL,
	"csv" text NOT NULL,
	"xml" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "fic_reporting_entity_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "large_cash_threshold_ghs" numeric(20, 2) DEFAULT '50000' NOT NULL;