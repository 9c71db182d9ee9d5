-- Months whose stored statements a change has touched since the month-end job last wrote them (issue 39:
-- "statements that chain"). A late reading, a deletion, a restore or a recount moves the usage and money
-- of the months its interval spans (usageRule.ts); the job writes the month just ended and the running one
-- on every run, and now also every month marked here, oldest first, so a change to a month older than the
-- last one no longer leaves its statement stale while the next month's opening balance moved.
CREATE TABLE IF NOT EXISTS "statement_stale_months" (
  "month" text PRIMARY KEY,
  -- When it was last marked (the job clears a month only if it was not marked again while it wrote it).
  "marked_at" timestamptz NOT NULL DEFAULT clock_timestamp()
);
--> statement-breakpoint
-- Marks the billing months (the platform's zone, aggregate_settings) from `a` to `b`, those before the current
-- one only: the job writes the current month on every run anyway, and the readings of the day (the hot path:
-- every read and every charge) touch no row here, so concurrent reads do not queue on the current month's mark.
CREATE OR REPLACE FUNCTION "mark_statement_months"("a" timestamptz, "b" timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM aggregate_settings WHERE id = 1), 'Asia/Shanghai');
  current_month timestamp := date_trunc('month', now() AT TIME ZONE zone);
BEGIN
  IF a IS NULL OR b IS NULL OR date_trunc('month', least(a, b) AT TIME ZONE zone) >= current_month THEN RETURN; END IF;
  INSERT INTO statement_stale_months AS s ("month")
    SELECT to_char(m, 'YYYY-MM') FROM generate_series(date_trunc('month', least(a, b) AT TIME ZONE zone),
      least(date_trunc('month', greatest(a, b) AT TIME ZONE zone), current_month - interval '1 month'), interval '1 month') m
  ON CONFLICT ("month") DO UPDATE SET "marked_at" = clock_timestamp();
END $$;
--> statement-breakpoint
-- Readings: the months of every interval added, taken away, or changed in what the statements read of it.
CREATE OR REPLACE FUNCTION "statement_stale_readings_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  a timestamptz; b timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT min(least(coalesce(since_at, read_at), read_at)), max(read_at) INTO a, b FROM stale_readings_new;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT min(least(coalesce(since_at, read_at), read_at)), max(read_at) INTO a, b FROM stale_readings_old;
  ELSE
    SELECT min(least(coalesce(x.since_at, x.read_at), x.read_at)), max(x.read_at) INTO a, b FROM (
      SELECT o.since_at, o.read_at, n.since_at AS n_since, n.read_at AS n_read FROM stale_readings_old o JOIN stale_readings_new n ON n.id = o.id
      WHERE n.deleted_at IS DISTINCT FROM o.deleted_at OR n.since_at IS DISTINCT FROM o.since_at OR n.read_at IS DISTINCT FROM o.read_at
        OR n.consumption IS DISTINCT FROM o.consumption OR n.usage_rates IS DISTINCT FROM o.usage_rates OR n.cost_fen IS DISTINCT FROM o.cost_fen
        OR n.total IS DISTINCT FROM o.total OR n.room_id IS DISTINCT FROM o.room_id OR n.meter_id IS DISTINCT FROM o.meter_id) c
      CROSS JOIN LATERAL (VALUES (c.since_at, c.read_at), (c.n_since, c.n_read)) x(since_at, read_at);
  END IF;
  PERFORM mark_statement_months(a, b);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "readings_stale_months_insert" ON "readings";
--> statement-breakpoint
CREATE TRIGGER "readings_stale_months_insert" AFTER INSERT ON "readings" REFERENCING NEW TABLE AS stale_readings_new
  FOR EACH STATEMENT EXECUTE FUNCTION "statement_stale_readings_trigger"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "readings_stale_months_update" ON "readings";
--> statement-breakpoint
CREATE TRIGGER "readings_stale_months_update" AFTER UPDATE ON "readings" REFERENCING OLD TABLE AS stale_readings_old NEW TABLE AS stale_readings_new
  FOR EACH STATEMENT EXECUTE FUNCTION "statement_stale_readings_trigger"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "readings_stale_months_delete" ON "readings";
--> statement-breakpoint
CREATE TRIGGER "readings_stale_months_delete" AFTER DELETE ON "readings" REFERENCING OLD TABLE AS stale_readings_old
  FOR EACH STATEMENT EXECUTE FUNCTION "statement_stale_readings_trigger"();
--> statement-breakpoint
-- Ledger entries: the months from the interval a charge names (usage_from) or its posting to its posting.
CREATE OR REPLACE FUNCTION "statement_stale_ledger_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  a timestamptz; b timestamptz;
BEGIN
  SELECT min(least(coalesce(usage_from, created_at), created_at)), max(greatest(coalesce(usage_to, created_at), created_at)) INTO a, b FROM stale_ledger_new;
  PERFORM mark_statement_months(a, b);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_entries_stale_months_insert" ON "ledger_entries";
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_stale_months_insert" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS stale_ledger_new
  FOR EACH STATEMENT EXECUTE FUNCTION "statement_stale_ledger_trigger"();
