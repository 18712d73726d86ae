-- Personal API tokens (docs/decisions/018-api-tokens.md). Only the secret's SHA-256 hash is stored.
CREATE TABLE "api_tokens" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"permissions" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
-- Audit entries made through a token name it, beside the user it acted as.
ALTER TABLE "audit_events" ADD COLUMN "actor_api_token_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_api_token_name" text;--> statement-breakpoint
-- Callers are cached per instance (migration 0024): a revocation, or any change to what a token
-- allows, drops the company's cached callers on every instance as it commits. The once-a-minute
-- last_used_at write and new tokens change no cached caller, so they announce nothing.
CREATE TRIGGER api_tokens_access_change AFTER DELETE OR UPDATE OF company_id, user_id, secret_hash, permissions, expires_at, revoked_at ON api_tokens
  FOR EACH ROW EXECUTE FUNCTION cargodesk_notify_access_change('company_id');--> statement-breakpoint
CREATE TRIGGER api_tokens_truncate AFTER TRUNCATE ON api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_everything_changed();
