-- Saved filters of every list in one table, keyed by the list (docs/decisions/045-saved-filters.md):
-- the contacts list's filters move here as they were, with their ids, owners and sharing.
CREATE TABLE "saved_filters" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"owner_id" uuid NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_filters_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "saved_filters_owner_idx" ON "saved_filters" USING btree ("company_id","list","owner_id");
--> statement-breakpoint
INSERT INTO "saved_filters" ("company_id", "id", "list", "name", "query", "owner_id", "is_shared", "created_at")
  SELECT "company_id", "id", 'contacts', "name", "query", "owner_id", "is_shared", "created_at"
  FROM "contact_saved_filters";
--> statement-breakpoint
DROP TABLE "contact_saved_filters";
--> statement-breakpoint
-- A company's shipment reference pattern per mode (company settings); a mode without one numbers by the default.
CREATE TABLE "shipment_reference_patterns" (
	"company_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"pattern" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "shipment_reference_patterns_company_id_mode_pk" PRIMARY KEY("company_id","mode")
);
--> statement-breakpoint
ALTER TABLE "shipment_reference_patterns" ADD CONSTRAINT "shipment_reference_patterns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Row-level security for both, as in 0003.
GRANT SELECT, INSERT, DELETE ON saved_filters TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE saved_filters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY saved_filters_tenant ON saved_filters TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON shipment_reference_patterns TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE shipment_reference_patterns ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipment_reference_patterns_tenant ON shipment_reference_patterns TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
