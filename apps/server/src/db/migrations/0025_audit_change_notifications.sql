-- Audit trail changes (docs/decisions/008-list-totals.md): every instance keeps the totals of the
-- audit lists it has answered in memory, and drops a company's when its trail changes. One notice
-- per company per statement; PostgreSQL folds repeats within a transaction into one.
-- One function for every statement-level trigger of this kind: each names its transition table
-- `changed` and passes the notice's kind (migration 0026 uses it too).
CREATE FUNCTION cargodesk_notify_company_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cargodesk_changes', TG_ARGV[0] || ':' || company_id) FROM (SELECT DISTINCT company_id FROM changed) AS companies;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_inserted AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_company_rows_changed('audit');--> statement-breakpoint
CREATE TRIGGER audit_events_deleted AFTER DELETE ON audit_events
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_company_rows_changed('audit');--> statement-breakpoint
CREATE TRIGGER audit_events_truncate AFTER TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_everything_changed();
