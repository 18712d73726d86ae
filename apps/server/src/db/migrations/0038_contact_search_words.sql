-- Search by words (docs/decisions/015-contact-search-by-words.md): each contact's words, split by
-- the database so the split never differs between writers, and the company's dictionary of words a
-- misspelling is looked up in, kept by a trigger so every way of writing a contact feeds it.
CREATE TABLE "contact_words" (
	"company_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "contact_words_company_id_word_pk" PRIMARY KEY("company_id","word")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (array_remove(regexp_split_to_array(search_text, '[[:space:][:punct:]]+'), '')) STORED NOT NULL;--> statement-breakpoint
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
