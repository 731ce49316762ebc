-- Hand-written (issue 34 point 5, docs/decisions/078): the compliance records (alerts, cases and
-- notes) are tied into the audit log's hash chain (docs/decisions/073). Every insert, update and
-- delete of one of their rows writes an audit row 'record.insert' / 'record.update' /
-- 'record.delete' with the row's digest (SHA-256 of the row as JSON; no personal data, so an
-- anonymised alert leaves nothing behind in the chain); the audit sealer chains those rows with
-- the rest. modules/audit/records.ts compares each record's digest now with the last one the
-- chain holds. The digest is taken in UTC whatever the session's time zone (the function's own
-- SET), so the trigger and the check always render timestamps alike.
CREATE OR REPLACE FUNCTION compliance_record_digest(r anyelement) RETURNS text
  LANGUAGE plpgsql STABLE SET timezone = 'UTC'
  AS $$ BEGIN RETURN encode(sha256(convert_to(to_jsonb(r)::text, 'UTF8')), 'hex'); END; $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION compliance_record_to_audit() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO audit_log (action, target_type, target_id, before)
      VALUES ('record.delete', TG_TABLE_NAME, OLD.id::text, jsonb_build_object('digest', compliance_record_digest(OLD)));
    RETURN OLD;
  END IF;
  INSERT INTO audit_log (action, target_type, target_id, after)
    VALUES (CASE TG_OP WHEN 'INSERT' THEN 'record.insert' ELSE 'record.update' END, TG_TABLE_NAME, NEW.id::text,
      jsonb_build_object('digest', compliance_record_digest(NEW)));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER compliance_alerts_to_audit AFTER INSERT OR UPDATE OR DELETE ON compliance_alerts
  FOR EACH ROW EXECUTE FUNCTION compliance_record_to_audit();
--> statement-breakpoint
CREATE TRIGGER compliance_cases_to_audit AFTER INSERT OR UPDATE OR DELETE ON compliance_cases
  FOR EACH ROW EXECUTE FUNCTION compliance_record_to_audit();
--> statement-breakpoint
CREATE TRIGGER compliance_notes_to_audit AFTER INSERT OR UPDATE OR DELETE ON compliance_notes
  FOR EACH ROW EXECUTE FUNCTION compliance_record_to_audit();
--> statement-breakpoint
-- The records written before this migration: one 'record.baseline' row each.
INSERT INTO audit_log (action, target_type, target_id, after)
  SELECT 'record.baseline', 'compliance_alerts', r.id::text, jsonb_build_object('digest', compliance_record_digest(r)) FROM compliance_alerts r ORDER BY r.id;
--> statement-breakpoint
INSERT INTO audit_log (action, target_type, target_id, after)
  SELECT 'record.baseline', 'compliance_cases', r.id::text, jsonb_build_object('digest', compliance_record_digest(r)) FROM compliance_cases r ORDER BY r.id;
--> statement-breakpoint
INSERT INTO audit_log (action, target_type, target_id, after)
  SELECT 'record.baseline', 'compliance_notes', r.id::text, jsonb_build_object('digest', compliance_record_digest(r)) FROM compliance_notes r ORDER BY r.id;
