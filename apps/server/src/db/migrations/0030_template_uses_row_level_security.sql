-- Row-level security for the record of template versions used in mails, as in 0003.
-- A use is written once and never changed: a request may read and insert one.
GRANT SELECT, INSERT ON template_uses TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE template_uses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY template_uses_tenant ON template_uses TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
