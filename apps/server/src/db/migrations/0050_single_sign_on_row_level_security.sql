-- Row-level security for single sign-on, as in 0003. The sign-in flow itself runs before anyone is
-- signed in, as the owner role (the system context): it finds the company by the e-mail's domain.
GRANT SELECT, INSERT, UPDATE, DELETE ON company_sso_configs, company_sso_domains, sso_sign_ins TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE company_sso_configs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_sso_configs_tenant ON company_sso_configs TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE company_sso_domains ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_sso_domains_tenant ON company_sso_domains TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE sso_sign_ins ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY sso_sign_ins_tenant ON sso_sign_ins TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
