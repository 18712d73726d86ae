-- Row-level security for the company administration tables, as 0003 does for the iam tables.
GRANT SELECT, INSERT, UPDATE, DELETE ON groups, group_members, files TO cargodesk_app;
--> statement-breakpoint
-- The audit trail is append-only for requests: no UPDATE or DELETE grant, so even a bug in a
-- service cannot rewrite history. Rows go only when their company is deleted (cascade, as owner).
GRANT SELECT, INSERT ON audit_events TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE groups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY groups_tenant ON groups TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE group_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY group_members_tenant ON group_members TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY files_tenant ON files TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_events_tenant ON audit_events TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
