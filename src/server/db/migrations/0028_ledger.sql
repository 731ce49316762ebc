-- Issue 28 point 4 (docs/decisions/037): the double-entry ledger. Accounts, entries (hash-chained
-- by seq) and their postings; the head row the chain's writers lock; and the database's own
-- guards: entries and postings are append-only (no UPDATE, DELETE or TRUNCATE: a correction is a
-- reversing entry), and at commit each entry's postings sum to zero in every asset.
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"asset" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_known" CHECK ("ledger_accounts"."kind" IN ('asset', 'liability', 'revenue', 'expense', 'equity', 'trading')),
	CONSTRAINT "ledger_accounts_asset_form" CHECK ("ledger_accounts"."asset" ~ '^[A-Z0-9]{2,10}$')
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"reverses_entry_id" bigint,
	"memo" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_head" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "ledger_head_one_row" CHECK ("ledger_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	CONSTRAINT "ledger_postings_amount_not_zero" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_id_asset_unique" ON "ledger_accounts" USING btree ("id","asset");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_asset_fk" FOREIGN KEY ("account_id","asset") REFERENCES "public"."ledger_accounts"("id","asset") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_unique" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_seq_unique" ON "ledger_entries" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_hash_unique" ON "ledger_entries" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id") WHERE "ledger_entries"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reverses_unique" ON "ledger_entries" USING btree ("reverses_entry_id") WHERE "ledger_entries"."reverses_entry_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","entry_id");--> statement-breakpoint
INSERT INTO "ledger_head" ("id", "seq", "hash") VALUES (1, 0, repeat('0', 64));--> statement-breakpoint
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $ledger$
BEGIN
  RAISE EXCEPTION '% is append-only: record a reversing entry instead', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$ledger$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
-- At commit (deferred), the entry of each new posting balances in every asset and has at least two postings.
CREATE FUNCTION "ledger_check_entry_balanced"() RETURNS trigger LANGUAGE plpgsql AS $ledger$
DECLARE
  unbalanced text;
BEGIN
  SELECT string_agg("asset" || ' ' || "total"::text, ', ') INTO unbalanced
  FROM (SELECT "asset", sum("amount") AS "total" FROM "ledger_postings" WHERE "entry_id" = NEW."entry_id" GROUP BY "asset") AS "sums"
  WHERE "total" <> 0;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % does not balance: %', NEW."entry_id", unbalanced
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
  END IF;
  IF (SELECT count(*) FROM "ledger_postings" WHERE "entry_id" = NEW."entry_id") < 2 THEN
    RAISE EXCEPTION 'ledger entry % has fewer than two postings', NEW."entry_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
  END IF;
  RETURN NULL;
END
$ledger$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_postings_balanced" AFTER INSERT ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_entry_balanced"();
--> statement-breakpoint
-- An entry written with no postings at all is refused at commit too.
CREATE FUNCTION "ledger_check_entry_has_postings"() RETURNS trigger LANGUAGE plpgsql AS $ledger$
BEGIN
  IF (SELECT count(*) FROM "ledger_postings" WHERE "entry_id" = NEW."id") < 2 THEN
    RAISE EXCEPTION 'ledger entry % has fewer than two postings', NEW."id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
  END IF;
  RETURN NULL;
END
$ledger$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_have_postings" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_entry_has_postings"();
