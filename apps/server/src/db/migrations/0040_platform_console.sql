-- The platform console (docs/architecture.md): the platform's own trail, and why a company was last
-- suspended or reactivated. The trail is read by the database owner only; the request role may only
-- append to it, so support's answer to a company's issue and its entry commit together in that
-- company's tenant transaction.
CREATE TABLE "platform_audit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_project" text NOT NULL,
	"actor_uid" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"company_id" uuid,
	"company_name" text,
	"details" jsonb,
	"ip" text,
	"user_agent" text,
	"request_id" text
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "status_reason" text;--> statement-breakpoint
CREATE INDEX "platform_audit_events_order_idx" ON "platform_audit_events" USING btree ("occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "platform_audit_events_company_idx" ON "platform_audit_events" USING btree ("company_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
GRANT INSERT ON "platform_audit_events" TO cargodesk_app;
--> statement-breakpoint
-- Appending from a tenant transaction only about that transaction's company; reading stays the
-- owner's (the console), which row-level security does not bind.
ALTER TABLE "platform_audit_events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_audit_events_append ON "platform_audit_events" FOR INSERT TO cargodesk_app
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
