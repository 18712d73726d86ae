-- Row-level security for business types and receiving locations, as in 0003.
GRANT SELECT, INSERT, UPDATE, DELETE ON business_types, receiving_locations TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE business_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY business_types_tenant ON business_types TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE receiving_locations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY receiving_locations_tenant ON receiving_locations TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
