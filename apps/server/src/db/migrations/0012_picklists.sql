CREATE TABLE "dropdown_groups" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"module" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dropdown_groups_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "dropdown_groups_key" UNIQUE("company_id","module","key")
);
--> statement-breakpoint
CREATE TABLE "dropdown_values" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"sort_order" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"colour" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dropdown_values_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "dropdown_values_value_key" UNIQUE("company_id","group_id","value")
);
--> statement-breakpoint
ALTER TABLE "dropdown_groups" ADD CONSTRAINT "dropdown_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropdown_values" ADD CONSTRAINT "dropdown_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropdown_values" ADD CONSTRAINT "dropdown_values_company_id_group_id_dropdown_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."dropdown_groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dropdown_values_group_idx" ON "dropdown_values" USING btree ("company_id","group_id","sort_order");