-- A shipment's cargo lines and containers, and master/house consolidation on the shipment itself
-- (docs/decisions/043-shipments-model.md). Row-level security in 0060.
CREATE TABLE "shipment_cargo_lines" (
	"company_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"package_count" integer NOT NULL,
	"package_type" text NOT NULL,
	"description" text NOT NULL,
	"hs_code" text,
	"gross_weight_kg" double precision NOT NULL,
	"volume_m3" double precision,
	"dangerous_goods_un_number" text,
	"dangerous_goods_class" text,
	"dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "shipment_cargo_lines_company_id_shipment_id_position_pk" PRIMARY KEY("company_id","shipment_id","position")
);
--> statement-breakpoint
CREATE TABLE "shipment_containers" (
	"company_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"number" text NOT NULL,
	"position" integer NOT NULL,
	"size_type" text NOT NULL,
	"seals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tare_kg" double precision,
	"verified_gross_mass_kg" double precision,
	CONSTRAINT "shipment_containers_company_id_shipment_id_number_pk" PRIMARY KEY("company_id","shipment_id","number")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "consolidation" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "master_id" uuid;--> statement-breakpoint
ALTER TABLE "shipment_cargo_lines" ADD CONSTRAINT "shipment_cargo_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_cargo_lines" ADD CONSTRAINT "shipment_cargo_lines_company_id_shipment_id_shipments_company_id_id_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_containers" ADD CONSTRAINT "shipment_containers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_containers" ADD CONSTRAINT "shipment_containers_company_id_shipment_id_shipments_company_id_id_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_containers_number_idx" ON "shipment_containers" USING btree ("company_id","number");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_master_fk" FOREIGN KEY ("company_id","master_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_master_idx" ON "shipments" USING btree ("company_id","master_id") WHERE "shipments"."master_id" is not null;