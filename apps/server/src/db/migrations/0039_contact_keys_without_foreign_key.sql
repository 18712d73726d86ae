-- contact_keys loses its foreign key to contacts. The key constraint checked every new key with a
-- plan PostgreSQL made once per connection: made while a company had no contacts, it scanned the
-- whole table for each key, so a first import of 100,000 contacts into an empty company slowed row
-- by row (20,000 rows: 35 s with the constraint, 4 s without). Only the triggers below write keys,
-- so the constraint guarded nothing they do not; the trigger on delete now removes a contact's keys,
-- which the constraint's cascade did. One function serves insert, update and delete.
--> statement-breakpoint
ALTER TABLE "contact_keys" DROP CONSTRAINT "contact_keys_company_id_contact_id_contacts_company_id_id_fk";
--> statement-breakpoint
CREATE FUNCTION contact_keys_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM contact_keys USING replaced
    WHERE contact_keys.company_id = replaced.company_id AND contact_keys.contact_id = replaced.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO contact_keys (company_id, key, contact_id)
    SELECT written.company_id, 'email:' || email_key, written.id FROM written, unnest(written.email_keys) AS email_key
    UNION
    SELECT written.company_id, 'tax:' || written.tax_key, written.id FROM written WHERE written.tax_key IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER contacts_keys_inserted ON contacts;
--> statement-breakpoint
DROP TRIGGER contacts_keys_updated ON contacts;
--> statement-breakpoint
DROP FUNCTION contact_keys_add();
--> statement-breakpoint
DROP FUNCTION contact_keys_replace();
--> statement-breakpoint
CREATE TRIGGER contacts_keys_inserted AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION contact_keys_write();
--> statement-breakpoint
CREATE TRIGGER contacts_keys_updated AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS replaced NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION contact_keys_write();
--> statement-breakpoint
CREATE TRIGGER contacts_keys_deleted AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS replaced FOR EACH STATEMENT EXECUTE FUNCTION contact_keys_write();
