-- The audit list reads newest first with ids breaking ties (logserver): this index holds that order, so a
-- page comes straight from it instead of sorting the company's whole trail. It covers the old
-- (company_id, occurred_at) index's uses too (from/to filters).
DROP INDEX "audit_events_company_time_idx";--> statement-breakpoint
CREATE INDEX "audit_events_company_order_idx" ON "audit_events" USING btree ("company_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);