-- Trigram search over contacts (typo-tolerant). pg_trgm is a trusted extension: the database's
-- owner may create it; PGlite loads it when it opens the database (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "contact_tag_links" (
	"company_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "contact_tag_links_company_id_contact_id_tag_id_pk" PRIMARY KEY("company_id","contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_tags_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"organisation_id" uuid,
	"job_title" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_number" text,
	"notes" text,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"primary_email" text,
	"primary_phone" text,
	"city" text,
	"country_code" text,
	"email_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"country_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"tax_key" text,
	"search_text" text NOT NULL,
	CONSTRAINT "contacts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "contact_tag_links" ADD CONSTRAINT "contact_tag_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tag_links" ADD CONSTRAINT "contact_tag_links_company_id_contact_id_contacts_company_id_id_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tag_links" ADD CONSTRAINT "contact_tag_links_company_id_tag_id_contact_tags_company_id_id_fk" FOREIGN KEY ("company_id","tag_id") REFERENCES "public"."contact_tags"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_organisation_id_contacts_company_id_id_fk" FOREIGN KEY ("company_id","organisation_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_tag_links_tag_idx" ON "contact_tag_links" USING btree ("company_id","tag_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_tags_name" ON "contact_tags" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contacts_name_idx" ON "contacts" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "contacts_city_idx" ON "contacts" USING btree ("company_id","city","id");--> statement-breakpoint
CREATE INDEX "contacts_country_idx" ON "contacts" USING btree ("company_id","country_code","id");--> statement-breakpoint
CREATE INDEX "contacts_created_idx" ON "contacts" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_updated_idx" ON "contacts" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "contacts_organisation_idx" ON "contacts" USING btree ("company_id","organisation_id");--> statement-breakpoint
CREATE INDEX "contacts_owner_idx" ON "contacts" USING btree ("company_id","owner_id");--> statement-breakpoint
CREATE INDEX "contacts_tax_key_idx" ON "contacts" USING btree ("company_id","tax_key");--> statement-breakpoint
CREATE INDEX "contacts_email_keys_idx" ON "contacts" USING gin ("email_keys");--> statement-breakpoint
CREATE INDEX "contacts_roles_idx" ON "contacts" USING gin ("roles");--> statement-breakpoint
CREATE INDEX "contacts_country_codes_idx" ON "contacts" USING gin ("country_codes");--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);