-- Row-level security for report sketches, as in 0003. The schedule worker claims due schedules as
-- the owner role (the system context), across companies, then runs each in its company's transaction.
GRANT SELECT, INSERT, UPDATE, DELETE ON report_sketches, report_sketch_pins, report_schedules TO cargodesk_app;
--> statement-breakpoint
-- Kept by the trigger on audit_events alone (migration 0047): requests only read the counts.
GRANT SELECT ON audit_event_daily_counts TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE report_sketches ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY report_sketches_tenant ON report_sketches TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE report_sketch_pins ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY report_sketch_pins_tenant ON report_sketch_pins TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE report_schedules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY report_schedules_tenant ON report_schedules TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE audit_event_daily_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_event_daily_counts_tenant ON audit_event_daily_counts TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
