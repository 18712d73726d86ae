-- Row-level security for pending catalogue imports, as in 0003. Applying one writes the global
-- catalogue as the owner, outside the request role.
GRANT SELECT, INSERT, UPDATE, DELETE ON catalogue_imports TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE catalogue_imports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY catalogue_imports_tenant ON catalogue_imports TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
