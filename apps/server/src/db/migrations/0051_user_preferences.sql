-- The user's own formatting preferences (docs/decisions/024-user-formatting-preferences.md). Null is
-- "as the browser does": nothing is chosen until the user picks it in App settings. The service
-- checks the values against the fixed lists of packages/shared and the reference time zones.
ALTER TABLE "users" ADD COLUMN "preferred_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "date_format" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "number_format" text;
