-- Single sign-on may no longer mint rights outside the company (docs/decisions/032-single-sign-on-domain-proof.md).
--
-- 1. A company proves it holds an e-mail domain (a DNS TXT record) before its identity provider may
--    speak for addresses in it. A claim waiting for proof reserves nothing, so several companies may
--    wait on one domain; a proven domain belongs to one company, which the partial unique index holds.
--    Domains saved before this migration wait for proof like new ones.
ALTER TABLE "company_sso_domains" DROP CONSTRAINT "company_sso_domains_pkey";--> statement-breakpoint
DROP INDEX "company_sso_domains_company_idx";--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "proof_token" text;--> statement-breakpoint
UPDATE "company_sso_domains" SET "proof_token" = md5(random()::text || clock_timestamp()::text || domain);--> statement-breakpoint
ALTER TABLE "company_sso_domains" ALTER COLUMN "proof_token" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD CONSTRAINT "company_sso_domains_company_id_domain_pk" PRIMARY KEY("company_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "company_sso_domains_verified_idx" ON "company_sso_domains" USING btree ("domain") WHERE "company_sso_domains"."verified_at" is not null;--> statement-breakpoint
-- 2. A flow is finished only by the browser that started it (a cookie), so nobody can sign a victim
--    into an account of theirs. Flows under way at the upgrade have no cookie and simply expire.
ALTER TABLE "sso_sign_ins" ADD COLUMN "browser_binding_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ALTER COLUMN "browser_binding_hash" DROP DEFAULT;--> statement-breakpoint
-- 3. An address only a company's identity provider vouched for is no longer verified for the whole
--    installation: only the product's own mail proves a mailbox. Accounts that never had a password
--    and only ever signed in through a company's provider lose the flag (and any platform rights
--    that rested on it); their holders prove the address by the mailed link as anyone else does.
UPDATE "identity_accounts" AS account SET "email_verified" = false, "platform_admin" = false
  WHERE account."password_hash" IS NULL AND account."email_verified"
    AND EXISTS (SELECT 1 FROM "identity_refresh_tokens" AS token
      WHERE token."project_id" = account."project_id" AND token."account_id" = account."id"
        AND token."sign_in_provider" LIKE 'oidc.%')
    AND NOT EXISTS (SELECT 1 FROM "identity_refresh_tokens" AS token
      WHERE token."project_id" = account."project_id" AND token."account_id" = account."id"
        AND token."sign_in_provider" NOT LIKE 'oidc.%');--> statement-breakpoint
-- Platform rights are the installation's: any account that ever signed in through a company's
-- provider loses them here, whatever else it did since, and the operator grants them again with
-- `npm run platform-admin -- add` after a look (docs/operations.md says so).
UPDATE "identity_accounts" AS account SET "platform_admin" = false
  WHERE account."platform_admin"
    AND EXISTS (SELECT 1 FROM "identity_refresh_tokens" AS token
      WHERE token."project_id" = account."project_id" AND token."account_id" = account."id"
        AND token."sign_in_provider" LIKE 'oidc.%');--> statement-breakpoint
-- 4. FIRST_PLATFORM_ADMIN grants once per installation, whichever identity project it happens in.
--    An installation that still has a platform administrator after step 3 has made its choice: it
--    counts as claimed.
CREATE TABLE "identity_first_admin_claims" (
	"installation" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"project_id" text NOT NULL,
	"account_id" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_first_admin_claims_one_row" CHECK ("installation")
);--> statement-breakpoint
INSERT INTO "identity_first_admin_claims" ("project_id", "account_id")
  SELECT "project_id", "id" FROM "identity_accounts" WHERE "platform_admin" ORDER BY "created_at" LIMIT 1;
