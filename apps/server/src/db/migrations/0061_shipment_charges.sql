-- A shipment's buy and sell lines, each with the exchange rate in force on its date copied onto it
-- (docs/decisions/043-shipments-model.md, charges). Row-level security in 0062.
CREATE TABLE "shipment_charges" (
	"company_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"side" text NOT NULL,
	"charge_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"party_id" uuid NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(16, 4) NOT NULL,
	"currency" text NOT NULL,
	"charge_date" date NOT NULL,
	"rate" numeric(24, 10) NOT NULL,
	"rate_base_currency" text NOT NULL,
	"rate_effective_date" date NOT NULL,
	CONSTRAINT "shipment_charges_company_id_shipment_id_position_pk" PRIMARY KEY("company_id","shipment_id","position")
);
--> statement-breakpoint
ALTER TABLE "shipment_charges" ADD CONSTRAINT "shipment_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_charges" ADD CONSTRAINT "shipment_charges_company_id_shipment_id_shipments_company_id_id_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;