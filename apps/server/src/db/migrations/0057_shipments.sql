-- Shipments by sea and air (docs/decisions/043-shipments-model.md): the shipment, its parties and
-- each company's reference counters. Row-level security in 0058.
CREATE TABLE "shipment_parties" (
	"company_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"role" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"person_id" uuid,
	"issued_copy" jsonb,
	"issued_at" timestamp with time zone,
	CONSTRAINT "shipment_parties_company_id_shipment_id_role_pk" PRIMARY KEY("company_id","shipment_id","role")
);
--> statement-breakpoint
CREATE TABLE "shipment_reference_counters" (
	"company_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"last_number" bigint NOT NULL,
	CONSTRAINT "shipment_reference_counters_company_id_scope_pk" PRIMARY KEY("company_id","scope")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"reference" text NOT NULL,
	"mode" text NOT NULL,
	"direction" text NOT NULL,
	"load_type" text NOT NULL,
	"incoterm" text,
	"incoterm_place" text,
	"place_of_receipt" text,
	"port_of_loading" text,
	"port_of_discharge" text,
	"place_of_delivery" text,
	"vessel_name" text,
	"vessel_imo" text,
	"voyage_number" text,
	"flight_number" text,
	"bill_of_lading_number" text,
	"air_waybill_number" text,
	"planned_departure" timestamp with time zone,
	"actual_departure" timestamp with time zone,
	"planned_arrival" timestamp with time zone,
	"actual_arrival" timestamp with time zone,
	"notes" text,
	"marks" text,
	"booking_status" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "shipments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "shipment_parties" ADD CONSTRAINT "shipment_parties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_parties" ADD CONSTRAINT "shipment_parties_company_id_shipment_id_shipments_company_id_id_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_reference_counters" ADD CONSTRAINT "shipment_reference_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_parties_organisation_idx" ON "shipment_parties" USING btree ("company_id","organisation_id");--> statement-breakpoint
CREATE INDEX "shipment_parties_person_idx" ON "shipment_parties" USING btree ("company_id","person_id") WHERE "shipment_parties"."person_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_reference_key" ON "shipments" USING btree ("company_id","reference");--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_updated_idx" ON "shipments" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "shipments_departure_idx" ON "shipments" USING btree ("company_id","planned_departure","id");--> statement-breakpoint
CREATE INDEX "shipments_arrival_idx" ON "shipments" USING btree ("company_id","planned_arrival","id");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("company_id","booking_status","updated_at");--> statement-breakpoint
CREATE INDEX "shipments_search_idx" ON "shipments" USING gin ("search_text" gin_trgm_ops);