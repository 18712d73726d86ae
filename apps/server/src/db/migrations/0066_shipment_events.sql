-- A shipment's events, DCSA Track & Trace codes by sea and IATA status codes by air, each planned,
-- estimated or actual (docs/decisions/048-shipment-events.md). Only ever added to: a correction is
-- a retraction row pointing at the event it takes back.
CREATE TABLE "shipment_events" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"event_code" text NOT NULL,
	"classifier" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"location" text,
	"timezone" text,
	"container_number" text,
	"pieces" integer,
	"note" text,
	"source" text NOT NULL,
	"recorded_by" uuid,
	"recorded_by_email" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retracts_event_id" uuid,
	CONSTRAINT "shipment_events_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "shipment_events_classifier_check" CHECK ("classifier" in ('PLN', 'EST', 'ACT'))
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_company_id_shipment_id_shipments_company_id_id_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_retracts_fk" FOREIGN KEY ("company_id","retracts_event_id") REFERENCES "public"."shipment_events"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("company_id","shipment_id","event_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_retraction_key" ON "shipment_events" USING btree ("company_id","retracts_event_id") WHERE "shipment_events"."retracts_event_id" is not null;--> statement-breakpoint
-- Row-level security as 0060 has it, but append-only: the request role reads and adds events and
-- can neither change nor remove one, so a timeline's history cannot be rewritten.
GRANT SELECT, INSERT ON shipment_events TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE shipment_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipment_events_tenant ON shipment_events TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
