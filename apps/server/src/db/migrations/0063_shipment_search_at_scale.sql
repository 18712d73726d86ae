-- Shipments at scale (docs/decisions/044-shipment-search-at-scale.md): the list's filters and the
-- dashboard's counts each have an index, and the list and its search read through a tenant view, as
-- contacts do (0038), so the trigram index serves `like` under row-level security.
CREATE INDEX "shipments_arriving_idx" ON "shipments" USING btree ("company_id",coalesce("actual_arrival", "planned_arrival"));--> statement-breakpoint
CREATE INDEX "shipments_departing_idx" ON "shipments" USING btree ("company_id",coalesce("actual_departure", "planned_departure"));--> statement-breakpoint
CREATE INDEX "shipments_late_idx" ON "shipments" USING btree ("company_id","planned_arrival") WHERE "shipments"."actual_arrival" is null and "shipments"."booking_status" not in ('REJECTED', 'DECLINED', 'CANCELLED', 'COMPLETED');--> statement-breakpoint
CREATE INDEX "shipments_loading_idx" ON "shipments" USING btree ("company_id","port_of_loading","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_discharge_idx" ON "shipments" USING btree ("company_id","port_of_discharge","created_at","id");
--> statement-breakpoint
-- The shipments of the transaction's company, with row-level security's own condition. Owned by the
-- tables' owner, it reads as the owner; the request role may only select from it.
CREATE VIEW tenant_shipments AS
  SELECT * FROM shipments WHERE company_id = nullif(current_setting('app.company_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON tenant_shipments TO cargodesk_app;
