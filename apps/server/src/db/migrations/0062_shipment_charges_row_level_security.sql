-- Row-level security for the charge lines, as 0060 has it for the cargo. The lines are replaced as
-- a whole when the shipment's charges change, so the request role may delete them.
GRANT SELECT, INSERT, UPDATE, DELETE ON shipment_charges TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE shipment_charges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipment_charges_tenant ON shipment_charges TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
