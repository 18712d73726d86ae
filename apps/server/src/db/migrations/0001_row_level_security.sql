-- Requests run their queries as cargodesk_app inside a transaction that names the company
-- (platform/tenant-transaction.ts). Row-level security keeps that role to its own company's rows.
-- The connecting (owner) role stays the system context: migrations, seeds, the outbox worker.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cargodesk_app') THEN
    CREATE ROLE cargodesk_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  -- Another database on the same server created it at the same moment: roles are cluster-wide.
  NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  -- A non-superuser owner must be a member to switch role; superusers (and PGlite's user) need nothing.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT cargodesk_app TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO cargodesk_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON companies, mails TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY companies_tenant ON companies TO cargodesk_app
  USING (id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE mails ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY mails_tenant ON mails TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
