-- Row-level security for saved contact filters, as in 0003.
GRANT SELECT, INSERT, UPDATE, DELETE ON contact_saved_filters TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE contact_saved_filters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY contact_saved_filters_tenant ON contact_saved_filters TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
