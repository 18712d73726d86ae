-- Rate-limit counters shared by every instance (DESIGN §12): one fixed window per key, counted by
-- one atomic upsert before the work it guards (platform/rate-limits.ts). Keys are hashes, so no
-- e-mail address or IP is kept here. System context only: requests never read it as cargodesk_app.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");
