ALTER TABLE "settings" ALTER COLUMN "retention_years" SET DEFAULT 6;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_hold_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_hold_reason" text;--> statement-breakpoint
-- Hand-written (docs/decisions/074): a legal hold is set whole (when, by whom, why) or not at all.
ALTER TABLE "users" ADD CONSTRAINT "users_legal_hold_whole" CHECK (("legal_hold_at" IS NULL) = ("legal_hold_by" IS NULL) AND ("legal_hold_at" IS NULL) = ("legal_hold_reason" IS NULL));
