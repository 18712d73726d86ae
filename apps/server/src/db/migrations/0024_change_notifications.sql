-- Change notifications (docs/decisions/007-request-pipeline.md): every instance keeps the signed-in
-- callers' auth context and the port/airport search index in memory, and drops them when these
-- tables change. The triggers notify from inside the writing transaction, so the notice goes out
-- exactly when the change commits, whichever code (or person with psql) made it: no writer can
-- forget to invalidate. Payloads name what changed, never its content.

-- Who a caller is and what they may do: the session, the user, the company, roles and user roles.
-- The argument names the column that holds the company's id.
CREATE FUNCTION cargodesk_notify_access_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'cargodesk_changes',
    'access:' || ((CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0])
  );
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM (to_jsonb(NEW) ->> TG_ARGV[0]) THEN
    PERFORM pg_notify('cargodesk_changes', 'access:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_access_change AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION cargodesk_notify_access_change('company_id');--> statement-breakpoint
CREATE TRIGGER users_access_change AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION cargodesk_notify_access_change('company_id');--> statement-breakpoint
CREATE TRIGGER roles_access_change AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION cargodesk_notify_access_change('company_id');--> statement-breakpoint
CREATE TRIGGER user_roles_access_change AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION cargodesk_notify_access_change('company_id');--> statement-breakpoint
CREATE TRIGGER companies_access_change AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION cargodesk_notify_access_change('id');--> statement-breakpoint
-- TRUNCATE fires no row trigger: it drops every company's cached callers.
CREATE FUNCTION cargodesk_notify_everything_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cargodesk_changes', 'everything:');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_everything_changed();--> statement-breakpoint
CREATE TRIGGER users_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_everything_changed();--> statement-breakpoint
CREATE TRIGGER roles_truncate AFTER TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_everything_changed();--> statement-breakpoint
CREATE TRIGGER user_roles_truncate AFTER TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_everything_changed();--> statement-breakpoint
CREATE TRIGGER companies_truncate AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_everything_changed();--> statement-breakpoint
-- The global port and airport catalogues (imports, seeds): one notice per statement.
CREATE FUNCTION cargodesk_notify_catalogue_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cargodesk_changes', 'catalogue:' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sea_ports_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sea_ports
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER airports_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON airports
  FOR EACH STATEMENT EXECUTE FUNCTION cargodesk_notify_catalogue_change();
