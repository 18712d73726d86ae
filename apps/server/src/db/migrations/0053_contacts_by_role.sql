-- The contacts of each role in their own indexes (docs/decisions/029-contacts-listed-by-role.md).
-- A page of one role walked every contact's entry of the company in the sort index, testing each
-- for the role's bit: page 200 of customers, one contact in seven, read some 42,000 entries for
-- the 6,000 it kept. Here each contact has one row per role it holds, with the columns the list
-- sorts and filters by, so the same page reads its 6,000 entries alone. Triggers on contacts keep
-- the rows, as for contact_keys (migration 0039), so every way of writing a contact feeds them.
CREATE TABLE "contacts_by_role" (
	"company_id" uuid NOT NULL,
	"role_bit" integer NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"country_code" text,
	"country_codes" text[] NOT NULL,
	"owner_id" uuid,
	"organisation_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contacts_by_role_company_id_id_role_bit_pk" PRIMARY KEY("company_id","id","role_bit")
);
--> statement-breakpoint
ALTER TABLE "contacts_by_role" ADD CONSTRAINT "contacts_by_role_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A contact's rows, one per bit set in its role_bits (bit n is packages/shared `contactRoles[n]`);
-- reading the bits rather than the names keeps this function whole when a role is added.
CREATE FUNCTION contacts_by_role_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM contacts_by_role USING replaced
    WHERE contacts_by_role.company_id = replaced.company_id AND contacts_by_role.id = replaced.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO contacts_by_role (company_id, role_bit, id, kind, name, city, country_code, country_codes,
      owner_id, organisation_id, created_at, updated_at)
    SELECT written.company_id, bits.bit, written.id, written.kind, written.name, written.city, written.country_code,
      written.country_codes, written.owner_id, written.organisation_id, written.created_at, written.updated_at
    FROM written JOIN (SELECT 1 << place AS bit FROM generate_series(0, 30) AS place) AS bits
      ON (written.role_bits & bits.bit) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contacts_by_role_inserted AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION contacts_by_role_write();
--> statement-breakpoint
CREATE TRIGGER contacts_by_role_updated AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS replaced NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION contacts_by_role_write();
--> statement-breakpoint
CREATE TRIGGER contacts_by_role_deleted AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS replaced FOR EACH STATEMENT EXECUTE FUNCTION contacts_by_role_write();
--> statement-breakpoint
-- The rows of the contacts already written, before their indexes, which are built once over them.
INSERT INTO contacts_by_role (company_id, role_bit, id, kind, name, city, country_code, country_codes,
  owner_id, organisation_id, created_at, updated_at)
SELECT contacts.company_id, bits.bit, contacts.id, contacts.kind, contacts.name, contacts.city, contacts.country_code,
  contacts.country_codes, contacts.owner_id, contacts.organisation_id, contacts.created_at, contacts.updated_at
FROM contacts JOIN (SELECT 1 << place AS bit FROM generate_series(0, 30) AS place) AS bits
  ON (contacts.role_bits & bits.bit) <> 0;
--> statement-breakpoint
-- One per indexed sort of contacts (migration 0052), after the role; each carries the other
-- filters' columns, as those do, so a role and a country, say, still walk the index alone.
CREATE INDEX contacts_by_role_name_idx ON contacts_by_role USING btree (company_id, role_bit, name, id)
  INCLUDE (kind, country_codes, owner_id, organisation_id);
--> statement-breakpoint
CREATE INDEX contacts_by_role_city_idx ON contacts_by_role USING btree (company_id, role_bit, city, id)
  INCLUDE (kind, country_codes, owner_id, organisation_id);
--> statement-breakpoint
CREATE INDEX contacts_by_role_country_idx ON contacts_by_role USING btree (company_id, role_bit, country_code, id)
  INCLUDE (kind, country_codes, owner_id, organisation_id);
--> statement-breakpoint
CREATE INDEX contacts_by_role_created_idx ON contacts_by_role USING btree (company_id, role_bit, created_at, id)
  INCLUDE (kind, country_codes, owner_id, organisation_id);
--> statement-breakpoint
CREATE INDEX contacts_by_role_updated_idx ON contacts_by_role USING btree (company_id, role_bit, updated_at, id)
  INCLUDE (kind, country_codes, owner_id, organisation_id);
--> statement-breakpoint
-- The request role writes here only through the triggers its own writes to contacts fire.
GRANT SELECT, INSERT, DELETE ON contacts_by_role TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE contacts_by_role ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY contacts_by_role_tenant ON contacts_by_role TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
-- Read as tenant_contacts is (migration 0038): the view holds the policy's own condition, so the
-- list's filters that are not leakproof (`@>` on the countries) may still use the indexes.
CREATE VIEW tenant_contacts_by_role AS
  SELECT * FROM contacts_by_role WHERE company_id = nullif(current_setting('app.company_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON tenant_contacts_by_role TO cargodesk_app;
