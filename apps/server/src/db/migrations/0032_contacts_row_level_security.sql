-- Row-level security for contacts, their tags and the links between them, as in 0003.
GRANT SELECT, INSERT, UPDATE, DELETE ON contacts TO cargodesk_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON contact_tags TO cargodesk_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON contact_tag_links TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE contacts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY contacts_tenant ON contacts TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE contact_tags ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY contact_tags_tenant ON contact_tags TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE contact_tag_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY contact_tag_links_tenant ON contact_tag_links TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
