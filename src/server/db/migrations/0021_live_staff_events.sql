CREATE TABLE "staff_notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"sound" boolean DEFAULT false NOT NULL,
	"desktop" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_notification_settings" ADD CONSTRAINT "staff_notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 27 point 6 (docs/decisions/032): KYC submissions, compliance alerts (holds and their
-- releases) and cases announce every change on the realtime channel of chat and orders
-- (modules/chat/bus.ts, CHAT_CHANNEL), whichever code path wrote them. Ids only; NOTIFY goes out
-- when the transaction commits. The server decides per staff socket who hears what.
CREATE FUNCTION notify_staff_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'kyc_submissions' THEN
    PERFORM pg_notify('chat_events', json_build_object('t', 'kyc', 'id', NEW.id)::text);
  ELSIF TG_TABLE_NAME = 'compliance_alerts' THEN
    PERFORM pg_notify('chat_events', json_build_object('t', 'alert', 'id', NEW.id, 'o', NEW.order_id, 'h', NEW.action = 'hold')::text);
  ELSE
    PERFORM pg_notify('chat_events', json_build_object('t', 'case', 'id', NEW.id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kyc_submissions_live AFTER INSERT OR UPDATE ON kyc_submissions FOR EACH ROW EXECUTE FUNCTION notify_staff_live();
--> statement-breakpoint
CREATE TRIGGER compliance_alerts_live AFTER INSERT OR UPDATE ON compliance_alerts FOR EACH ROW EXECUTE FUNCTION notify_staff_live();
--> statement-breakpoint
CREATE TRIGGER compliance_cases_live AFTER INSERT OR UPDATE ON compliance_cases FOR EACH ROW EXECUTE FUNCTION notify_staff_live();
