-- docs/decisions/035: a pending change of where money goes (destination_changes) announces every
-- insert and update (asked, approved, rejected, cancelled, applied after the cooling-off period)
-- on the realtime channel of chat and orders (modules/chat/bus.ts), whichever code path wrote it,
-- so the Pending changes page of every Super Admin and Manager reads it again. Id only; NOTIFY goes
-- out when the transaction commits.
CREATE FUNCTION notify_destination_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chat_events', json_build_object('t', 'destination', 'id', NEW.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER destination_changes_live AFTER INSERT OR UPDATE ON destination_changes FOR EACH ROW EXECUTE FUNCTION notify_destination_live();
