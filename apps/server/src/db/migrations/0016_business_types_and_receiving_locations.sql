CREATE TABLE "business_types" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_types_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "business_types_name_key" UNIQUE("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "receiving_locations" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country_code" text NOT NULL,
	"locode" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receiving_locations_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "receiving_locations_code_key" UNIQUE("company_id","code")
);
--> statement-breakpoint
ALTER TABLE "business_types" ADD CONSTRAINT "business_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_locations" ADD CONSTRAINT "receiving_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;