-- Row-level security for the notifications, as 0005 does for the company administration tables.
GRANT SELECT, INSERT, UPDATE, DELETE ON notifications TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY notifications_tenant ON notifications TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
