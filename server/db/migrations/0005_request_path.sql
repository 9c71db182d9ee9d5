-- Backend processes keep small, rarely changed tables in memory (server/cache/): the area tree,
-- the roles' areas, the menu and its grants. Every statement that changes one of them announces
-- the table's name on the `table_changed` channel; the notification is delivered on commit (and
-- dropped on rollback) to every process listening, which then drops its copy. Statement-level:
-- one notification per statement, however many rows it touched (PostgreSQL also folds identical
-- notifications of one transaction into one).
CREATE OR REPLACE FUNCTION notify_table_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "areas_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "areas"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "roles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "resources_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resources"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "role_resources_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_resources"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
