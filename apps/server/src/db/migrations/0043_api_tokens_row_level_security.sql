-- Row-level security for API tokens, as in 0003.
GRANT SELECT, INSERT, UPDATE, DELETE ON api_tokens TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE api_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY api_tokens_tenant ON api_tokens TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
