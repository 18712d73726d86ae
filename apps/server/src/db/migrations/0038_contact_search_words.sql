-- Search by words (docs/decisions/015-contact-search-by-words.md): each contact's words, split by
-- the database so the split never differs between writers, and the company's dictionary of words a
-- misspelling is looked up in; each contact's e-mails and tax key in a btree the import and the
-- duplicate check look up. Both are kept by triggers, so every way of writing a contact feeds them.
CREATE TABLE "contact_keys" (
	"company_id" uuid NOT NULL,
	"key" text NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "contact_keys_company_id_key_contact_id_pk" PRIMARY KEY("company_id","key","contact_id")
);
--> statement-breakpoint
CREATE TABLE "contact_words" (
	"company_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "contact_words_company_id_word_pk" PRIMARY KEY("company_id","word")
);
--> statement-breakpoint
DROP INDEX "contacts_tax_key_idx";--> statement-breakpoint
DROP INDEX "contacts_email_keys_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (array_remove(regexp_split_to_array(search_text, '[[:space:][:punct:]]+'), '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_keys" ADD CONSTRAINT "contact_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_keys" ADD CONSTRAINT "contact_keys_company_id_contact_id_contacts_company_id_id_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_words" ADD CONSTRAINT "contact_words_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_words_trgm_idx" ON "contact_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_words_idx" ON "contacts" USING gin ("search_words");
--> statement-breakpoint
CREATE FUNCTION contact_words_remember() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Letters only, three or more: a misspelt number or a two-letter word is no search.
  INSERT INTO contact_words (company_id, word)
  SELECT DISTINCT written.company_id, word
  FROM written, unnest(written.search_words) AS word
  WHERE length(word) BETWEEN 3 AND 60 AND word !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contacts_words_inserted AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION contact_words_remember();
--> statement-breakpoint
CREATE TRIGGER contacts_words_updated AFTER UPDATE ON contacts
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION contact_words_remember();
--> statement-breakpoint
INSERT INTO contact_words (company_id, word)
SELECT DISTINCT company_id, word FROM contacts, unnest(search_words) AS word
WHERE length(word) BETWEEN 3 AND 60 AND word !~ '[0-9]'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
GRANT SELECT, INSERT ON contact_words TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE contact_words ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY contact_words_tenant ON contact_words TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
-- The contacts of the transaction's company, with row-level security's own condition: the list and
-- the search read through it so PostgreSQL may use their indexes (decision 015). Owned by the
-- tables' owner, it reads as the owner; the request role may only select from it.
CREATE VIEW tenant_contacts AS
  SELECT * FROM contacts WHERE company_id = nullif(current_setting('app.company_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON tenant_contacts TO cargodesk_app;
--> statement-breakpoint
-- The same for the dictionary, whose misspelling lookup (`%`) a policy would keep off its index.
CREATE VIEW tenant_contact_words AS
  SELECT * FROM contact_words WHERE company_id = nullif(current_setting('app.company_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON tenant_contact_words TO cargodesk_app;
--> statement-breakpoint
CREATE FUNCTION contact_keys_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_keys (company_id, key, contact_id)
  SELECT written.company_id, 'email:' || email_key, written.id FROM written, unnest(written.email_keys) AS email_key
  UNION
  SELECT written.company_id, 'tax:' || written.tax_key, written.id FROM written WHERE written.tax_key IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION contact_keys_replace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_keys USING replaced
  WHERE contact_keys.company_id = replaced.company_id AND contact_keys.contact_id = replaced.id;
  INSERT INTO contact_keys (company_id, key, contact_id)
  SELECT written.company_id, 'email:' || email_key, written.id FROM written, unnest(written.email_keys) AS email_key
  UNION
  SELECT written.company_id, 'tax:' || written.tax_key, written.id FROM written WHERE written.tax_key IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contacts_keys_inserted AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION contact_keys_add();
--> statement-breakpoint
CREATE TRIGGER contacts_keys_updated AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS replaced NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION contact_keys_replace();
--> statement-breakpoint
INSERT INTO contact_keys (company_id, key, contact_id)
SELECT company_id, 'email:' || email_key, id FROM contacts, unnest(email_keys) AS email_key
UNION
SELECT company_id, 'tax:' || tax_key, id FROM contacts WHERE tax_key IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE INDEX contact_keys_contact_idx ON contact_keys (company_id, contact_id);
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON contact_keys TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE contact_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY contact_keys_tenant ON contact_keys TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
