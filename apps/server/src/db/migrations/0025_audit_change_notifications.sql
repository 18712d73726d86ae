-- Audit trail changes (docs/decisions/008-list-totals.md): every instance keeps the totals of the
-- audit lists it has answered in memory, and drops a company's when its trail changes. One notice
-- per company per statement; PostgreSQL folds repeats within a transaction into one.
CREATE FUNCTION cargodesk_notify_audit_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cargodesk_changes', 'audit:' || company_id) FROM (SELECT DISTINCT company_id FROM inserted) AS changed;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION cargodesk_notify_audit_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cargodesk_changes', 'audit:' || company_id) FROM (SELECT DISTINCT company_id FROM deleted) AS changed;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_inserted AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_audit_inserted();--> statement-breakpoint
CREATE TRIGGER audit_events_deleted AFTER DELETE ON audit_events
  REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_audit_deleted();--> statement-breakpoint
CREATE TRIGGER audit_events_truncate AFTER TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_everything_changed();
