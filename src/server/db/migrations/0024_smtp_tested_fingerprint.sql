ALTER TABLE "settings" ADD COLUMN "smtp_tested_fingerprint" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "smtp_tested_at" timestamp with time zone;