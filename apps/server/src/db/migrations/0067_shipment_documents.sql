-- A shipment's transport documents after DCSA eBL 3.0, issued once to a stored PDF with its SHA-256
-- (docs/decisions/049-shipment-documents.md), with row-level security as the other freight tables.
CREATE TABLE "shipment_documents" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"template_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"template_language" text NOT NULL,
	"template_version_id" uuid,
	"template_version_number" integer,
	"file_id" uuid,
	"file_name" text,
	"file_size" integer,
	"file_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_email" text,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_by_email" text,
	"issued_at" timestamp with time zone,
	"issued_by" uuid,
	"issued_by_email" text,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"voided_by_email" text,
	CONSTRAINT "shipment_documents_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "shipment_documents" ADD CONSTRAINT "shipment_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_documents" ADD CONSTRAINT "shipment_documents_company_id_shipment_id_shipments_company_id_id_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_documents_version_key" ON "shipment_documents" USING btree ("company_id","shipment_id","kind","version");
--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_documents_open_key" ON "shipment_documents" USING btree ("company_id","shipment_id","kind") WHERE "shipment_documents"."status" not in ('VOID', 'SURRENDER_FOR_DELIVERY');
--> statement-breakpoint
CREATE INDEX "shipment_documents_shipment_idx" ON "shipment_documents" USING btree ("company_id","shipment_id","created_at");
--> statement-breakpoint
-- Documents are never deleted (a void keeps its row), so the request role may not delete them.
GRANT SELECT, INSERT, UPDATE ON shipment_documents TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE shipment_documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipment_documents_tenant ON shipment_documents TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
