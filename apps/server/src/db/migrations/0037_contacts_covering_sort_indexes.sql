-- The contacts list picks a page's ids from the sort column's index alone (an index-only scan) and
-- reads only those rows: the filters' columns ride in each sort index, so page 200 of a million
-- contacts filtered by role costs an index walk, not 35,000 row reads. See
-- docs/decisions/014-contact-search-import-and-export.md.
DROP INDEX IF EXISTS contacts_name_idx;
--> statement-breakpoint
CREATE INDEX contacts_name_idx ON contacts USING btree (company_id, name, id)
  INCLUDE (kind, roles, country_codes, owner_id, organisation_id);
--> statement-breakpoint
DROP INDEX IF EXISTS contacts_city_idx;
--> statement-breakpoint
CREATE INDEX contacts_city_idx ON contacts USING btree (company_id, city, id)
  INCLUDE (kind, roles, country_codes, owner_id, organisation_id);
--> statement-breakpoint
DROP INDEX IF EXISTS contacts_country_idx;
--> statement-breakpoint
CREATE INDEX contacts_country_idx ON contacts USING btree (company_id, country_code, id)
  INCLUDE (kind, roles, country_codes, owner_id, organisation_id);
--> statement-breakpoint
DROP INDEX IF EXISTS contacts_created_idx;
--> statement-breakpoint
CREATE INDEX contacts_created_idx ON contacts USING btree (company_id, created_at, id)
  INCLUDE (kind, roles, country_codes, owner_id, organisation_id);
--> statement-breakpoint
DROP INDEX IF EXISTS contacts_updated_idx;
--> statement-breakpoint
CREATE INDEX contacts_updated_idx ON contacts USING btree (company_id, updated_at, id)
  INCLUDE (kind, roles, country_codes, owner_id, organisation_id);
