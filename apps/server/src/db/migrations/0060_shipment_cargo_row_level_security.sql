-- Row-level security for the cargo tables, as 0058 has it for the shipments. Lines and containers
-- are replaced as the shipment's cargo changes, so the request role may delete them.
GRANT SELECT, INSERT, UPDATE, DELETE ON shipment_cargo_lines TO cargodesk_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON shipment_containers TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE shipment_cargo_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipment_cargo_lines_tenant ON shipment_cargo_lines TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE shipment_containers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipment_containers_tenant ON shipment_containers TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
