ALTER TABLE "conversations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "via" text DEFAULT 'chat' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "visitor_name" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "visitor_email" text;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_visitor_email_unique" ON "conversations" USING btree ("visitor_email") WHERE "conversations"."user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_customer_or_visitor" CHECK (("conversations"."user_id" IS NOT NULL AND "conversations"."visitor_email" IS NULL AND "conversations"."visitor_name" IS NULL) OR ("conversations"."user_id" IS NULL AND "conversations"."visitor_email" IS NOT NULL AND "conversations"."visitor_name" IS NOT NULL));--> statement-breakpoint
-- The first seed's support address was made up (docs/decisions/022): until staff enter theirs, none is shown.
UPDATE "contact_page_content" SET "support_email" = '' WHERE "support_email" = 'support@cedicrypto.com';
