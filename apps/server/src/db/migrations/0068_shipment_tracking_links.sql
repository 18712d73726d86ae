-- A shipment's tracking links (docs/decisions/051-shipment-tracking-links.md): a token's secret is
-- kept only as its SHA-256; a link is revoked, never deleted.
CREATE TABLE "shipment_tracking_links" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"label" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_tracking_links_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "shipment_tracking_links" ADD CONSTRAINT "shipment_tracking_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_tracking_links" ADD CONSTRAINT "shipment_tracking_links_company_id_shipment_id_shipments_company_id_id_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_tracking_links_shipment_idx" ON "shipment_tracking_links" USING btree ("company_id","shipment_id","created_at");--> statement-breakpoint
-- Row-level security as 0060 has it. No delete: a link ends by its revoked_at.
GRANT SELECT, INSERT, UPDATE ON shipment_tracking_links TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE shipment_tracking_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipment_tracking_links_tenant ON shipment_tracking_links TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
