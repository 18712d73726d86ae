-- Ports and airports: the catalogues are global and read-only to requests (imports run as the
-- owner); a company's custom entries and favourites carry row-level security as in 0003.
GRANT SELECT ON sea_ports, airports TO cargodesk_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON company_ports, company_port_favourites TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE company_ports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_ports_tenant ON company_ports TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE company_port_favourites ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_port_favourites_tenant ON company_port_favourites TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
