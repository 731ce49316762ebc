CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_chain_head_one_row" CHECK ("audit_chain_head"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "audit_log_unsealed_idx" ON "audit_log" USING btree ("id") WHERE "audit_log"."hash" is null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_seq_unique" UNIQUE("seq");--> statement-breakpoint
-- Hand-written (issue 34 point 5, docs/decisions/073): the chain's head starts at the genesis
-- hash; a row is sealed whole or not at all; and the append-only rule of migration 0001 lets the
-- sealer (modules/audit/chain.ts) set seq, prev_hash and hash once on a row not sealed yet, with
-- every other field as it was. Any other UPDATE, every DELETE and TRUNCATE are still refused.
INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (1, 0, repeat('0', 64));
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_sealed_whole" CHECK (("seq" IS NULL) = ("hash" IS NULL) AND ("hash" IS NULL) = ("prev_hash" IS NULL));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND NEW.hash IS NOT NULL
    AND (NEW.id, NEW.actor_id, NEW.actor_email, NEW.action, NEW.target_type, NEW.target_id, NEW.before, NEW.after, NEW.ip, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.id, OLD.actor_id, OLD.actor_email, OLD.action, OLD.target_type, OLD.target_id, OLD.before, OLD.after, OLD.ip, OLD.created_at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
