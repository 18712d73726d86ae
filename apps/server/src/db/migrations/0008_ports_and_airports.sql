CREATE TABLE "airports" (
	"ident" text PRIMARY KEY NOT NULL,
	"iata_code" text,
	"icao_code" text,
	"name" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country_code" text NOT NULL,
	"country_name" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"elevation_ft" integer,
	"type" text NOT NULL,
	"scheduled_service" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_port_favourites" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_port_favourites_company_id_kind_code_pk" PRIMARY KEY("company_id","kind","code")
);
--> statement-breakpoint
CREATE TABLE "company_ports" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country_code" text NOT NULL,
	"country_name" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_ports_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "company_ports_code_key" UNIQUE("company_id","kind","code")
);
--> statement-breakpoint
CREATE TABLE "sea_ports" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country_code" text NOT NULL,
	"country_name" text DEFAULT '' NOT NULL,
	"subdivision" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"timezone" text,
	"status" text,
	"functions" text,
	"source" text DEFAULT 'seed' NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_port_favourites" ADD CONSTRAINT "company_port_favourites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_ports" ADD CONSTRAINT "company_ports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "airports_iata_idx" ON "airports" USING btree ("iata_code");--> statement-breakpoint
CREATE INDEX "airports_country_idx" ON "airports" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "airports_updated_idx" ON "airports" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "sea_ports_country_idx" ON "sea_ports" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "sea_ports_updated_idx" ON "sea_ports" USING btree ("updated_at");