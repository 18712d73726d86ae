-- Shipments at scale (docs/decisions/044-shipment-search-at-scale.md): a search by number reads
-- the words of the shipments' search text as a range of a btree key; the list's filters and the
-- dashboard's counts each have an index; the list reads through a tenant view, as contacts do
-- (0038), so its filters and the trigram fallback keep their indexes under row-level security.
CREATE TABLE "shipment_search_words" (
	"company_id" uuid NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"shipment_id" uuid NOT NULL,
	CONSTRAINT "shipment_search_words_company_id_word_shipment_id_pk" PRIMARY KEY("company_id","word","shipment_id")
);
--> statement-breakpoint
ALTER TABLE "shipment_search_words" ADD CONSTRAINT "shipment_search_words_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_search_words" ADD CONSTRAINT "shipment_search_words_company_id_shipment_id_shipments_company_id_id_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_search_words_shipment_idx" ON "shipment_search_words" USING btree ("company_id","shipment_id");--> statement-breakpoint
CREATE INDEX "shipments_arriving_idx" ON "shipments" USING btree ("company_id",coalesce("actual_arrival", "planned_arrival"));--> statement-breakpoint
CREATE INDEX "shipments_departing_idx" ON "shipments" USING btree ("company_id",coalesce("actual_departure", "planned_departure"));--> statement-breakpoint
CREATE INDEX "shipments_late_idx" ON "shipments" USING btree ("company_id","planned_arrival") WHERE "shipments"."actual_arrival" is null and "shipments"."booking_status" not in ('REJECTED', 'DECLINED', 'CANCELLED', 'COMPLETED');--> statement-breakpoint
CREATE INDEX "shipments_loading_idx" ON "shipments" USING btree ("company_id","port_of_loading","created_at","id") INCLUDE ("mode","direction","booking_status");--> statement-breakpoint
CREATE INDEX "shipments_discharge_idx" ON "shipments" USING btree ("company_id","port_of_discharge","created_at","id") INCLUDE ("mode","direction","booking_status");
--> statement-breakpoint
CREATE FUNCTION shipment_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_search_words (company_id, word, shipment_id)
  SELECT DISTINCT written.company_id, word, written.id
  FROM written, unnest(string_to_array(written.search_text, ' ')) AS word
  WHERE word <> ''
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only shipments whose search text changed lose and gain words: most updates keep theirs.
CREATE FUNCTION shipment_search_words_replace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shipment_search_words AS words USING replaced, written
  WHERE written.company_id = replaced.company_id AND written.id = replaced.id
    AND written.search_text IS DISTINCT FROM replaced.search_text
    AND words.company_id = replaced.company_id AND words.shipment_id = replaced.id;
  INSERT INTO shipment_search_words (company_id, word, shipment_id)
  SELECT DISTINCT written.company_id, word, written.id
  FROM written JOIN replaced ON replaced.company_id = written.company_id AND replaced.id = written.id,
    unnest(string_to_array(written.search_text, ' ')) AS word
  WHERE word <> '' AND written.search_text IS DISTINCT FROM replaced.search_text
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shipments_search_words_inserted AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION shipment_search_words_add();
--> statement-breakpoint
CREATE TRIGGER shipments_search_words_updated AFTER UPDATE ON shipments
  REFERENCING OLD TABLE AS replaced NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION shipment_search_words_replace();
--> statement-breakpoint
INSERT INTO shipment_search_words (company_id, word, shipment_id)
SELECT DISTINCT company_id, word, id FROM shipments, unnest(string_to_array(search_text, ' ')) AS word
WHERE word <> ''
ON CONFLICT DO NOTHING;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON shipment_search_words TO cargodesk_app;
--> statement-breakpoint
ALTER TABLE shipment_search_words ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipment_search_words_tenant ON shipment_search_words TO cargodesk_app
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
-- The shipments and their words of the transaction's company, with row-level security's own
-- condition. Owned by the tables' owner, they read as the owner; the request role may only select.
CREATE VIEW tenant_shipments AS
  SELECT * FROM shipments WHERE company_id = nullif(current_setting('app.company_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON tenant_shipments TO cargodesk_app;
--> statement-breakpoint
CREATE VIEW tenant_shipment_search_words AS
  SELECT * FROM shipment_search_words WHERE company_id = nullif(current_setting('app.company_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON tenant_shipment_search_words TO cargodesk_app;
