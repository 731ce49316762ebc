ALTER TABLE "email_log" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_log" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "email_log_due_idx" ON "email_log" USING btree ("priority","id") WHERE "email_log"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sms_log_due_idx" ON "sms_log" USING btree ("priority","id") WHERE "sms_log"."status" = 'pending';--> statement-breakpoint
-- Messages already waiting get the priority their kind has from now on (lib/outbox.ts DELIVERY_PRIORITY).
UPDATE "sms_log" SET "priority" = 0 WHERE "status" = 'pending' AND "kind" = 'phone_code';--> statement-breakpoint
UPDATE "email_log" SET "priority" = 0 WHERE "status" = 'pending' AND "subject" IN ('Reset your CediCrypto password', 'Confirm your email address for CediCrypto');--> statement-breakpoint
UPDATE "email_log" SET "priority" = 2 WHERE "status" = 'pending' AND "subject" LIKE 'New % order #%';
