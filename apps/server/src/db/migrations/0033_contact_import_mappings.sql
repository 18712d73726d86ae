CREATE TABLE "contact_import_mappings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"fields_by_header" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_import_mappings" ADD CONSTRAINT "contact_import_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;