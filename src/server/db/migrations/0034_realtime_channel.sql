-- Issue 29 point 1 (docs/decisions/042): the realtime channel of chat, orders and the back office
-- is named for what it carries, `realtime_events` (modules/realtime/bus.ts, REALTIME_CHANNEL),
-- no longer `chat_events`. The triggers of migrations 0021 and 0026 announce on it.
CREATE OR REPLACE FUNCTION notify_staff_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'kyc_submissions' THEN
    PERFORM pg_notify('realtime_events', json_build_object('t', 'kyc', 'id', NEW.id)::text);
  ELSIF TG_TABLE_NAME = 'compliance_alerts' THEN
    PERFORM pg_notify('realtime_events', json_build_object('t', 'alert', 'id', NEW.id, 'o', NEW.order_id, 'h', NEW.action = 'hold')::text);
  ELSE
    PERFORM pg_notify('realtime_events', json_build_object('t', 'case', 'id', NEW.id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_destination_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('realtime_events', json_build_object('t', 'destination', 'id', NEW.id)::text);
  RETURN NULL;
END $$;
