-- Row-level security for the iam tables, as 0001 does for companies and mails (docs/decisions/001).
GRANT SELECT, INSERT, UPDATE, DELETE ON users, roles, user_roles, sessions, company_products, two_factor_codes TO cargodesk_app;
--> statement-breakpoint
-- The product catalogue is global and read-only to companies.
GRANT SELECT ON products TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY users_tenant ON users TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY roles_tenant ON roles TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE user_roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_roles_tenant ON user_roles TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY sessions_tenant ON sessions TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE company_products ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_products_tenant ON company_products TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE two_factor_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY two_factor_codes_tenant ON two_factor_codes TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
-- The catalogue every new company is given (ids fixed so every database agrees).
INSERT INTO products (id, code, name) VALUES
  ('01970000-0000-7000-8000-000000000001', 'freight', 'Freight'),
  ('01970000-0000-7000-8000-000000000002', 'contacts', 'Contacts'),
  ('01970000-0000-7000-8000-000000000003', 'mail', 'Mail'),
  ('01970000-0000-7000-8000-000000000004', 'documents', 'Documents'),
  ('01970000-0000-7000-8000-000000000005', 'reports', 'Reports')
ON CONFLICT (code) DO NOTHING;
