-- System management (issue 33). The operation log records the API call that wrote each row, and it
-- is append-only: no statement may change or remove a row of it, whoever runs it (the API, a
-- script, psql). A restore of a backup replaces the table by other means (DISABLE TRIGGER as the
-- table's owner, or a new database).
ALTER TABLE "operation_log" ADD COLUMN IF NOT EXISTS "call" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION operation_log_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'operation_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "operation_log_no_change" BEFORE UPDATE OR DELETE ON "operation_log"
  FOR EACH ROW EXECUTE FUNCTION operation_log_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "operation_log_no_truncate" BEFORE TRUNCATE ON "operation_log"
  FOR EACH STATEMENT EXECUTE FUNCTION operation_log_append_only();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_log_area_id" ON "operation_log" USING btree ("area_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "frontend_log_area_id" ON "frontend_log" USING btree ("area_id", "id");
