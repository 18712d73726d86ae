-- An airport's IANA time zone, as the sea ports have theirs: a flight's times show in the clock of
-- the airport they happen at. The seed fills it (db/seed/catalogues.ts), on a new database and
-- once on one migrated from before.
ALTER TABLE "airports" ADD COLUMN "timezone" text;
