-- Sign-ins that passed the two-factor code (docs/decisions/042-account-changes-after-the-second-factor.md).
-- The identity provider asks, before an ID token changes its own account, whether a two-factor
-- company's user signed in through the mailed code; these rows say so. Row-level security as in 0003.
CREATE TABLE "two_factor_sign_ins" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"auth_time" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_sign_ins_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "two_factor_sign_ins_sign_in_key" UNIQUE("company_id","user_id","auth_time")
);
--> statement-breakpoint
ALTER TABLE "two_factor_sign_ins" ADD CONSTRAINT "two_factor_sign_ins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_sign_ins" ADD CONSTRAINT "two_factor_sign_ins_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON two_factor_sign_ins TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE two_factor_sign_ins ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY two_factor_sign_ins_tenant ON two_factor_sign_ins TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
