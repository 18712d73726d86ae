CREATE TABLE "company_countries" (
	"company_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_favourite" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_countries_company_id_country_code_pk" PRIMARY KEY("company_id","country_code")
);
--> statement-breakpoint
CREATE TABLE "company_currencies" (
	"company_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_currencies_company_id_currency_code_pk" PRIMARY KEY("company_id","currency_code")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"base_currency" text NOT NULL,
	"currency_code" text NOT NULL,
	"rate" numeric(24, 10) NOT NULL,
	"effective_date" date NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "exchange_rates_date_key" UNIQUE("company_id","base_currency","currency_code","effective_date")
);
--> statement-breakpoint
ALTER TABLE "company_countries" ADD CONSTRAINT "company_countries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_currencies" ADD CONSTRAINT "company_currencies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;