-- Readings partitioned by month (issue 31; DESIGN.md): a city-wide operator's 100,000 meters read
-- daily add 3 million readings a month, 36.5 million a year. Every statistics screen filters readings
-- by a time range: partitions by `read_at` let a range read only its months, keep each month's
-- indexes small, and let old months be archived or dropped whole instead of deleted row by row.
--
-- Months are UTC calendar months: `readings_2026_11` holds 2026-11-01T00:00Z to 2026-12-01T00:00Z.
-- A month in the platform's zone (BILLING_TIME_ZONE) overlaps two partitions by a few hours, which
-- costs an index probe, not a scan. `readings_other` (the default partition) takes what no month
-- holds (a meter's clock years off); `ensure_reading_partitions` moves such rows into the month it
-- creates. The server creates the months ahead at start and once a day (server/db/partitions.ts),
-- and the seeds create the months they fill.
--
-- The primary key becomes (id, read_at) (a partitioned table's unique keys hold its partition key);
-- ids still come from the one sequence, so they stay unique. No table refers to readings by a foreign
-- key. The aggregates' statement-level triggers move to the partitioned table, where they see the rows
-- of every partition a statement touches (transition tables); rows moved by
-- `ensure_reading_partitions` name the partitions themselves, so the aggregates do not count them
-- twice.
ALTER TABLE "readings" RENAME TO "readings_unpartitioned";
--> statement-breakpoint
ALTER TABLE "readings_unpartitioned" RENAME CONSTRAINT "readings_pkey" TO "readings_unpartitioned_pkey";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "readings_aggregate_insert" ON "readings_unpartitioned";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "readings_aggregate_update" ON "readings_unpartitioned";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "readings_aggregate_delete" ON "readings_unpartitioned";
--> statement-breakpoint
DROP INDEX IF EXISTS "readings_meter_time", "readings_area_time", "readings_area_utility_time", "readings_room_time", "readings_unbilled", "readings_deleted", "readings_utility_area_time";
--> statement-breakpoint
CREATE TABLE "readings" (LIKE "readings_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("read_at");
--> statement-breakpoint
ALTER SEQUENCE "readings_id_seq" OWNED BY "readings"."id";
--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_pkey" PRIMARY KEY ("id", "read_at");
--> statement-breakpoint
CREATE TABLE "readings_other" PARTITION OF "readings" DEFAULT;
--> statement-breakpoint
-- The partition of the UTC month that holds `at`, created when missing. Rows of that month waiting in
-- the default partition move into it (named directly: the parent's aggregate triggers do not fire).
CREATE OR REPLACE FUNCTION "ensure_reading_partition"("at" timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamptz := date_trunc('month', "at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  month_end timestamptz := (date_trunc('month', "at" AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  name text := 'readings_' || to_char(date_trunc('month', "at" AT TIME ZONE 'UTC'), 'YYYY_MM');
  waiting boolean;
BEGIN
  IF to_regclass(quote_ident(name)) IS NOT NULL THEN RETURN false; END IF;
  SELECT EXISTS (SELECT 1 FROM readings_other WHERE read_at >= month_start AND read_at < month_end) INTO waiting;
  IF waiting THEN
    CREATE TEMP TABLE reading_partition_move ON COMMIT DROP AS SELECT * FROM readings_other WHERE false;
    WITH moved AS (DELETE FROM readings_other WHERE read_at >= month_start AND read_at < month_end RETURNING *)
      INSERT INTO reading_partition_move SELECT * FROM moved;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF readings FOR VALUES FROM (%L) TO (%L)', name, month_start, month_end);
  IF waiting THEN
    EXECUTE format('INSERT INTO %I SELECT * FROM reading_partition_move', name);
    DROP TABLE reading_partition_move;
  END IF;
  RETURN true;
END $$;
--> statement-breakpoint
-- Every month from `from_at` to `to_at` (both included); the number of partitions created.
CREATE OR REPLACE FUNCTION "ensure_reading_partitions"("from_at" timestamptz, "to_at" timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  month timestamp := date_trunc('month', "from_at" AT TIME ZONE 'UTC');
  last timestamp := date_trunc('month', "to_at" AT TIME ZONE 'UTC');
  created integer := 0;
BEGIN
  WHILE month <= last LOOP
    IF ensure_reading_partition(month AT TIME ZONE 'UTC') THEN created := created + 1; END IF;
    month := month + interval '1 month';
  END LOOP;
  RETURN created;
END $$;
--> statement-breakpoint
-- The months the existing readings fill (at most the last three years: older ones wait in the
-- default partition), this month and the next three.
SELECT ensure_reading_partitions(
  greatest(coalesce((SELECT min(read_at) FROM readings_unpartitioned), now()), now() - interval '3 years'),
  greatest(coalesce((SELECT max(read_at) FROM readings_unpartitioned), now()), now()) + interval '3 months');
--> statement-breakpoint
INSERT INTO "readings" SELECT * FROM "readings_unpartitioned";
--> statement-breakpoint
DROP TABLE "readings_unpartitioned";
--> statement-breakpoint
-- The same indexes as before, now one per partition.
CREATE INDEX IF NOT EXISTS "readings_meter_time" ON "readings" USING btree ("utility", "meter_id", "read_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "readings_area_time" ON "readings" USING btree ("area_id", "read_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "readings_area_utility_time" ON "readings" ("area_id", "utility", "read_at", "id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "readings_room_time" ON "readings" ("room_id", "read_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "readings_unbilled" ON "readings" ("id") WHERE NOT "billed";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "readings_deleted" ON "readings" ("area_id", "deleted_at", "id") WHERE "deleted_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "readings_utility_area_time" ON "readings" ("utility", "area_id", "read_at") INCLUDE ("consumption", "room_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE TRIGGER "readings_aggregate_insert" AFTER INSERT ON "readings" REFERENCING NEW TABLE AS aggregate_new
  FOR EACH STATEMENT EXECUTE FUNCTION "aggregate_readings_trigger"();
--> statement-breakpoint
CREATE TRIGGER "readings_aggregate_update" AFTER UPDATE ON "readings" REFERENCING OLD TABLE AS aggregate_old NEW TABLE AS aggregate_new
  FOR EACH STATEMENT EXECUTE FUNCTION "aggregate_readings_trigger"();
--> statement-breakpoint
CREATE TRIGGER "readings_aggregate_delete" AFTER DELETE ON "readings" REFERENCING OLD TABLE AS aggregate_old
  FOR EACH STATEMENT EXECUTE FUNCTION "aggregate_readings_trigger"();
