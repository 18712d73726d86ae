-- The list's role filter tests an integer of bits rather than the roles array (docs/decisions/
-- 028-contact-pages-in-one-walk.md): page 200 of one role walks some 40,000 entries of a sort index,
-- and `role_bits & 1 <> 0` costs half of `roles @> '{customer}'` on each. The bits are generated
-- from the array by the database, so they cannot drift from it; bit n is packages/shared
-- `contactRoles[n]`. The sort indexes carry the bits in place of the array, and nothing reads the
-- array's own index any more.
DROP INDEX "contacts_roles_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "role_bits" integer GENERATED ALWAYS AS ((case when 'customer' = any(roles) then 1 else 0 end) | (case when 'shipper' = any(roles) then 2 else 0 end) | (case when 'consignee' = any(roles) then 4 else 0 end) | (case when 'notify-party' = any(roles) then 8 else 0 end) | (case when 'carrier' = any(roles) then 16 else 0 end) | (case when 'agent' = any(roles) then 32 else 0 end) | (case when 'supplier' = any(roles) then 64 else 0 end)) STORED NOT NULL;--> statement-breakpoint
-- The view's `*` was read when it was made: made again, it shows the new column too.
CREATE OR REPLACE VIEW tenant_contacts AS
  SELECT * FROM contacts WHERE company_id = nullif(current_setting('app.company_id', true), '')::uuid;
--> statement-breakpoint
DROP INDEX IF EXISTS contacts_name_idx;
--> statement-breakpoint
CREATE INDEX contacts_name_idx ON contacts USING btree (company_id, name, id)
  INCLUDE (kind, role_bits, country_codes, owner_id, organisation_id);
--> statement-breakpoint
DROP INDEX IF EXISTS contacts_city_idx;
--> statement-breakpoint
CREATE INDEX contacts_city_idx ON contacts USING btree (company_id, city, id)
  INCLUDE (kind, role_bits, country_codes, owner_id, organisation_id);
--> statement-breakpoint
DROP INDEX IF EXISTS contacts_country_idx;
--> statement-breakpoint
CREATE INDEX contacts_country_idx ON contacts USING btree (company_id, country_code, id)
  INCLUDE (kind, role_bits, country_codes, owner_id, organisation_id);
--> statement-breakpoint
DROP INDEX IF EXISTS contacts_created_idx;
--> statement-breakpoint
CREATE INDEX contacts_created_idx ON contacts USING btree (company_id, created_at, id)
  INCLUDE (kind, role_bits, country_codes, owner_id, organisation_id);
--> statement-breakpoint
DROP INDEX IF EXISTS contacts_updated_idx;
--> statement-breakpoint
CREATE INDEX contacts_updated_idx ON contacts USING btree (company_id, updated_at, id)
  INCLUDE (kind, role_bits, country_codes, owner_id, organisation_id);
