-- Row-level security for the issue tracker, as in 0003. The platform console's cross-company list
-- reads as the owner role (the system context), never as cargodesk_app (docs/decisions/017).
GRANT SELECT, INSERT, UPDATE, DELETE ON tracker_issues TO cargodesk_app;
--> statement-breakpoint
-- Comments are only ever added: a request may read and insert them, never change one.
GRANT SELECT, INSERT ON tracker_issue_comments TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE tracker_issues ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tracker_issues_tenant ON tracker_issues TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE tracker_issue_comments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tracker_issue_comments_tenant ON tracker_issue_comments TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
