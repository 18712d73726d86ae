-- A company's own ports and airports and its favourites (docs/decisions/008-list-totals.md): every
-- instance keeps them in memory for the port search, and drops a company's when these tables change.
-- The notifying function is migration 0025's.
CREATE TRIGGER company_ports_inserted AFTER INSERT ON company_ports
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_company_rows_changed('ports');--> statement-breakpoint
CREATE TRIGGER company_ports_updated AFTER UPDATE ON company_ports
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_company_rows_changed('ports');--> statement-breakpoint
CREATE TRIGGER company_ports_deleted AFTER DELETE ON company_ports
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_company_rows_changed('ports');--> statement-breakpoint
CREATE TRIGGER company_ports_truncate AFTER TRUNCATE ON company_ports
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_everything_changed();--> statement-breakpoint
CREATE TRIGGER company_port_favourites_inserted AFTER INSERT ON company_port_favourites
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_company_rows_changed('ports');--> statement-breakpoint
CREATE TRIGGER company_port_favourites_updated AFTER UPDATE ON company_port_favourites
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_company_rows_changed('ports');--> statement-breakpoint
CREATE TRIGGER company_port_favourites_deleted AFTER DELETE ON company_port_favourites
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_company_rows_changed('ports');--> statement-breakpoint
CREATE TRIGGER company_port_favourites_truncate AFTER TRUNCATE ON company_port_favourites
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_everything_changed();
