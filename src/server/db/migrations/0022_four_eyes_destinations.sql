-- Four eyes on money destinations (issue 27 point 3, docs/decisions/030): changes of a payment
-- method's account or a deposit address wait in destination_changes for a second admin, or for the
-- cooling-off period of settings when the requester is the only admin able to approve.
CREATE TABLE "destination_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_id" text,
	"target_label" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lapses_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "destination_cooling_off_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "destination_changes" ADD CONSTRAINT "destination_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_changes" ADD CONSTRAINT "destination_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "destination_changes_status_idx" ON "destination_changes" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "destination_changes_one_pending_idx" ON "destination_changes" USING btree ("kind","target_id") WHERE status = 'pending' and target_id is not null;