-- Row-level security for the remembered import mapping, as in 0003.
GRANT SELECT, INSERT, UPDATE, DELETE ON contact_import_mappings TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE contact_import_mappings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY contact_import_mappings_tenant ON contact_import_mappings TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
