ALTER TABLE "conversations" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_payment_reference_trgm_idx" ON "orders" USING gin ("payment_reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "conversations_assigned_to_idx" ON "conversations" USING btree ("assigned_to") WHERE "conversations"."assigned_to" IS NOT NULL;