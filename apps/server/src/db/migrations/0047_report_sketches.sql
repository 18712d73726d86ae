CREATE TABLE "report_sketches" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"chart" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_sketches_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_sketch_pins" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sketch_id" uuid NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_sketch_pins_company_id_user_id_sketch_id_pk" PRIMARY KEY("company_id","user_id","sketch_id")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"company_id" uuid NOT NULL,
	"sketch_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"recipient_ids" uuid[] NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	CONSTRAINT "report_schedules_company_id_sketch_id_pk" PRIMARY KEY("company_id","sketch_id")
);
--> statement-breakpoint
CREATE TABLE "audit_event_daily_counts" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"entity_type" text NOT NULL,
	"action" text NOT NULL,
	"events" bigint NOT NULL,
	CONSTRAINT "audit_event_daily_counts_company_id_day_entity_type_action_pk" PRIMARY KEY("company_id","day","entity_type","action")
);
--> statement-breakpoint
ALTER TABLE "report_sketches" ADD CONSTRAINT "report_sketches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sketches" ADD CONSTRAINT "report_sketches_company_id_owner_id_users_company_id_id_fk" FOREIGN KEY ("company_id","owner_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sketch_pins" ADD CONSTRAINT "report_sketch_pins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sketch_pins" ADD CONSTRAINT "report_sketch_pins_company_id_sketch_id_report_sketches_company_id_id_fk" FOREIGN KEY ("company_id","sketch_id") REFERENCES "public"."report_sketches"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sketch_pins" ADD CONSTRAINT "report_sketch_pins_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_company_id_sketch_id_report_sketches_company_id_id_fk" FOREIGN KEY ("company_id","sketch_id") REFERENCES "public"."report_sketches"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_event_daily_counts" ADD CONSTRAINT "audit_event_daily_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_sketches_owner_idx" ON "report_sketches" USING btree ("company_id","owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "report_sketches_shared_idx" ON "report_sketches" USING btree ("company_id","updated_at") WHERE "report_sketches"."is_shared";--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at");--> statement-breakpoint
-- The daily counts of audit events (docs/decisions/019-report-charts.md): one upsert per statement
-- that adds events, grouped, so a bulk insert costs one pass. It runs as the table owner (security
-- definer): the request role reads the counts and can never write them.
CREATE FUNCTION cargodesk_count_audit_events() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO audit_event_daily_counts AS counts (company_id, day, entity_type, action, events)
  SELECT company_id, (occurred_at AT TIME ZONE 'UTC')::date, entity_type, action, count(*)
  FROM added
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (company_id, day, entity_type, action)
  DO UPDATE SET events = counts.events + excluded.events;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_daily_counts AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_count_audit_events();--> statement-breakpoint
-- The retention job deletes old events (platform/audit-retention.ts): their days count them no more.
CREATE FUNCTION cargodesk_uncount_audit_events() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  UPDATE audit_event_daily_counts AS counts SET events = counts.events - gone.events
  FROM (
    SELECT company_id, (occurred_at AT TIME ZONE 'UTC')::date AS day, entity_type, action, count(*) AS events
    FROM removed
    GROUP BY 1, 2, 3, 4
  ) AS gone
  WHERE counts.company_id = gone.company_id AND counts.day = gone.day
    AND counts.entity_type = gone.entity_type AND counts.action = gone.action;
  DELETE FROM audit_event_daily_counts AS counts
  USING (
    SELECT DISTINCT company_id, (occurred_at AT TIME ZONE 'UTC')::date AS day, entity_type, action FROM removed
  ) AS gone
  WHERE counts.company_id = gone.company_id AND counts.day = gone.day
    AND counts.entity_type = gone.entity_type AND counts.action = gone.action AND counts.events <= 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_daily_uncounts AFTER DELETE ON audit_events
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_uncount_audit_events();--> statement-breakpoint
INSERT INTO audit_event_daily_counts (company_id, day, entity_type, action, events)
SELECT company_id, (occurred_at AT TIME ZONE 'UTC')::date, entity_type, action, count(*)
FROM audit_events
GROUP BY 1, 2, 3, 4;
