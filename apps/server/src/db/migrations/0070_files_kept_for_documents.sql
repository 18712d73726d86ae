-- A file another module keeps as its record (an issued shipment document's PDF, decision 049) says
-- so; the files routes refuse to delete it.
ALTER TABLE "files" ADD COLUMN "kept_for" text;
