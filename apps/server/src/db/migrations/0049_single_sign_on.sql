-- Single sign-on through OpenID Connect (docs/decisions/020-single-sign-on.md).
-- A company's identity provider: the client secret is sealed with a key kept in app_secrets, and the
-- provider's discovery document and key set are cached here when the configuration is saved.
CREATE TABLE "company_sso_configs" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"domains" text[] NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"jit_provisioning" boolean DEFAULT false NOT NULL,
	"provider_metadata" jsonb NOT NULL,
	"jwks" jsonb NOT NULL,
	"metadata_fetched_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_sso_configs" ADD CONSTRAINT "company_sso_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One company per e-mail domain, across all companies: the primary key refuses a domain another
-- company's single sign-on already claims, even though row-level security hides that company's row.
CREATE TABLE "company_sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD CONSTRAINT "company_sso_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_sso_domains_company_idx" ON "company_sso_domains" USING btree ("company_id");--> statement-breakpoint
-- An authorization-code flow under way: found by the hash of its state, used once, short-lived.
CREATE TABLE "sso_sign_ins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"identity_project" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD CONSTRAINT "sso_sign_ins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_sign_ins_expires_idx" ON "sso_sign_ins" USING btree ("expires_at");--> statement-breakpoint
-- The identity provider's side: a verified sign-in waiting for accounts:signInWithIdp, redeemed once.
-- A null account_id means the address belongs to an account the provider may not join (needConfirmation).
CREATE TABLE "identity_idp_assertions" (
	"assertion_hash" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"account_id" text,
	"email" text NOT NULL,
	"raw_user_info" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "identity_idp_assertions_expires_idx" ON "identity_idp_assertions" USING btree ("expires_at");--> statement-breakpoint
-- How a session began, so a refreshed ID token still names it and a company that requires single
-- sign-on can tell a password session from one its identity provider started.
ALTER TABLE "identity_refresh_tokens" ADD COLUMN "sign_in_provider" text DEFAULT 'password' NOT NULL;
