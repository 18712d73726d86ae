-- Row-level security for the company's country and currency settings and exchange rates, as in 0003.
GRANT SELECT, INSERT, UPDATE, DELETE ON company_countries, company_currencies, exchange_rates TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE company_countries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_countries_tenant ON company_countries TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE company_currencies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_currencies_tenant ON company_currencies TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE exchange_rates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY exchange_rates_tenant ON exchange_rates TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
