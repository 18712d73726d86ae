-- Row-level security for templates and their versions, as in 0003.
GRANT SELECT, INSERT, UPDATE, DELETE ON templates TO cargodesk_app;
--> statement-breakpoint
-- Versions are only ever added: a request may read and insert them, never change one.
GRANT SELECT, INSERT ON template_versions TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY templates_tenant ON templates TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE template_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY template_versions_tenant ON template_versions TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
