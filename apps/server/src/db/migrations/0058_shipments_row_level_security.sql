-- Row-level security for the freight tables, as in 0003. Shipments are cancelled, never deleted,
-- so a reference once given stays taken; parties are replaced as a shipment changes.
GRANT SELECT, INSERT, UPDATE ON shipments TO cargodesk_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON shipment_parties TO cargodesk_app;
--> statement-breakpoint
-- A counter only grows: the request role may not delete one and give its numbers again.
GRANT SELECT, INSERT, UPDATE ON shipment_reference_counters TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE shipments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipments_tenant ON shipments TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE shipment_parties ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipment_parties_tenant ON shipment_parties TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE shipment_reference_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipment_reference_counters_tenant ON shipment_reference_counters TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
-- Whether a company has a product decides which routes exist for it (the Freight product's gate):
-- instances keep the answer in memory and drop it when the company's products change.
CREATE TRIGGER company_products_access_change AFTER INSERT OR UPDATE OR DELETE ON company_products
  FOR EACH ROW EXECUTE FUNCTION cargodesk_notify_access_change('company_id');
