CREATE TABLE "image_hashes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"kyc_submission_id" integer,
	"storage_key" text NOT NULL,
	"hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_cases" ADD COLUMN "no_report_reason" text;--> statement-breakpoint
ALTER TABLE "image_hashes" ADD CONSTRAINT "image_hashes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_hashes" ADD CONSTRAINT "image_hashes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_hashes" ADD CONSTRAINT "image_hashes_kyc_submission_id_kyc_submissions_id_fk" FOREIGN KEY ("kyc_submission_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "image_hashes_storage_key_unique" ON "image_hashes" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "image_hashes_order_idx" ON "image_hashes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "image_hashes_kyc_submission_idx" ON "image_hashes" USING btree ("kyc_submission_id");