-- Row-level security for the company picklists, as in 0003.
GRANT SELECT, INSERT, UPDATE, DELETE ON dropdown_groups, dropdown_values TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE dropdown_groups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY dropdown_groups_tenant ON dropdown_groups TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE dropdown_values ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY dropdown_values_tenant ON dropdown_values TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
