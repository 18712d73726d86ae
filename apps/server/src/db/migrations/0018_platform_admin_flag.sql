-- Platform rights are a flag on an identity account, set by the operator's CLI
-- (`npm run platform-admin`), never a match on configuration text (DESIGN §12).
ALTER TABLE "identity_accounts" ADD COLUMN "platform_admin" boolean DEFAULT false NOT NULL;
