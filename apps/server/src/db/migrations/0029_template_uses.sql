CREATE TABLE "template_uses" (
	"company_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"mail_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_uses_company_id_version_id_mail_id_pk" PRIMARY KEY("company_id","version_id","mail_id")
);
--> statement-breakpoint
ALTER TABLE "template_uses" ADD CONSTRAINT "template_uses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_uses" ADD CONSTRAINT "template_uses_company_id_version_id_template_versions_company_id_id_fk" FOREIGN KEY ("company_id","version_id") REFERENCES "public"."template_versions"("company_id","id") ON DELETE no action ON UPDATE no action;