ALTER TABLE "email_log" ADD COLUMN "secrets_sealed" text;--> statement-breakpoint
ALTER TABLE "sms_log" ADD COLUMN "secrets_sealed" text;--> statement-breakpoint
-- Secrets at rest (issue 26, docs/decisions/021): every email and SMS already delivered, failed or
-- skipped keeps only a masked copy of its link token or code, as the sender now leaves them.
-- Pending rows keep theirs until the sender delivers them, and masks them then. The invitation
-- tokens, phone codes and reset identifiers were already stored as SHA-256 hashes only.
UPDATE "email_log" SET "body" = regexp_replace("body", '<!--secret-->.*?<!--/secret-->', '<!--secret-->••••••••<!--/secret-->', 'g')
  WHERE "status" <> 'pending' AND "body" LIKE '%<!--secret-->%';--> statement-breakpoint
-- Bodies logged before the templates marked their tokens: the two links that carry one, by their shape.
UPDATE "email_log" SET "body" = regexp_replace("body", '(#/(reset-password|admin/set-password)\?token=)[^"&<[:space:]]+', '\1••••••••', 'g')
  WHERE "status" <> 'pending' AND "body" NOT LIKE '%<!--secret-->%' AND "body" ~ '#/(reset-password|admin/set-password)\?token=';--> statement-breakpoint
UPDATE "sms_log" SET "body" = regexp_replace("body", '<!--secret-->.*?<!--/secret-->', '<!--secret-->••••••••<!--/secret-->', 'g')
  WHERE "status" <> 'pending' AND "body" LIKE '%<!--secret-->%';
