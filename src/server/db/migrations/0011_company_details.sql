ALTER TABLE "contact_page_content" ADD COLUMN "whatsapp_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_page_content" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_page_content" ADD COLUMN "registration_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_page_content" ADD COLUMN "licence_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_page_content" ADD COLUMN "street_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The old seeded placeholder phone was never a real number: until staff enter one, none is shown.
UPDATE "contact_page_content" SET "support_phone" = '' WHERE "support_phone" = '+233 30 000 0000';
