CREATE TABLE "template_versions" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"page" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_email" text,
	CONSTRAINT "template_versions_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "template_versions_number" UNIQUE("company_id","template_id","number")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"type" text NOT NULL,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"current_version_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "templates_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "templates_name_language" UNIQUE("company_id","name","language")
);
--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_company_id_template_id_templates_company_id_id_fk" FOREIGN KEY ("company_id","template_id") REFERENCES "public"."templates"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "templates_list_idx" ON "templates" USING btree ("company_id","updated_at");