-- Daily aggregates (issues 31 and 32): what the dashboards and the graphic reports read instead of the
-- raw readings and recharge orders. Kept current by statement-level triggers on `readings` and
-- `recharge_orders`, whoever writes them (the billing engine, the seed, an import, a soft delete or
-- its undo, a void): each statement adds its new rows' contribution and subtracts its old rows'
-- (transition tables), so the aggregates stay exact; server/domain/aggregates.ts rebuilds and checks
-- them. Days are calendar days of the platform's zone, kept in `aggregate_settings` (the server sets
-- it from BILLING_TIME_ZONE at start and rebuilds when it changed).
CREATE TABLE IF NOT EXISTS "aggregate_settings" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "time_zone" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "aggregate_settings" ("id", "time_zone") VALUES (1, 'Asia/Shanghai') ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Usage per meter and day (room 0: a reading without a room), in hundredths of a kWh or m³, with
-- the split per rate register [sharp, peak, flat, valley] (the reading's usage_rates when they add up
-- to its consumption, else all of it flat: the monthly settlement's rule) and the count of readings.
-- Only readings not deleted count. The key leads with utility, area and day: the filters of every
-- summary, so that a summary reads one index range.
CREATE TABLE IF NOT EXISTS "daily_usage" (
  "utility" text NOT NULL,
  "area_id" integer NOT NULL,
  "day" date NOT NULL,
  "room_id" integer NOT NULL,
  "meter_id" integer NOT NULL,
  "usage_h" bigint NOT NULL DEFAULT 0,
  "sharp_h" bigint NOT NULL DEFAULT 0,
  "peak_h" bigint NOT NULL DEFAULT 0,
  "flat_h" bigint NOT NULL DEFAULT 0,
  "valley_h" bigint NOT NULL DEFAULT 0,
  "readings" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("utility", "area_id", "day", "room_id", "meter_id") INCLUDE ("usage_h")
);
--> statement-breakpoint
-- Usage per area and UTC hour, in hundredths, with the count of readings: the dashboards' totals of
-- today so far, yesterday up to this time and the months, without reading a room's row (only the
-- minutes of a partial hour are read raw).
CREATE TABLE IF NOT EXISTS "hourly_area_usage" (
  "utility" text NOT NULL,
  "area_id" integer NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  "usage_h" bigint NOT NULL DEFAULT 0,
  "readings" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("utility", "area_id", "hour") INCLUDE ("usage_h")
);
--> statement-breakpoint
-- Recharge money per room, day and channel: orders not voided (order_status <> 0), in fen, and their count.
CREATE TABLE IF NOT EXISTS "daily_recharge" (
  "utility" text NOT NULL,
  "area_id" integer NOT NULL,
  "day" date NOT NULL,
  "room_id" integer NOT NULL,
  "channel" text NOT NULL,
  "amount_fen" bigint NOT NULL DEFAULT 0,
  "orders" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("utility", "area_id", "day", "room_id", "channel")
);
--> statement-breakpoint
-- A reading's usage per rate, in hundredths: [sharp, peak, flat, valley].
CREATE OR REPLACE FUNCTION "aggregate_rate_units"(consumption numeric, rates jsonb) RETURNS bigint[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(rates) = 'array' AND jsonb_array_length(rates) = 4
      AND (rates->>0)::numeric + (rates->>1)::numeric + (rates->>2)::numeric + (rates->>3)::numeric = round(consumption * 100)
    THEN ARRAY[(rates->>0)::bigint, (rates->>1)::bigint, (rates->>2)::bigint, (rates->>3)::bigint]
    ELSE ARRAY[0, 0, round(consumption * 100)::bigint, 0]
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "aggregate_readings_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM aggregate_settings WHERE id = 1), 'Asia/Shanghai');
BEGIN
  IF TG_OP = 'INSERT' THEN
    CREATE TEMP TABLE IF NOT EXISTS aggregate_reading_changes (s integer, utility text, area_id integer, read_at timestamptz, room_id integer, meter_id integer, consumption numeric, usage_rates jsonb) ON COMMIT DELETE ROWS;
    INSERT INTO aggregate_reading_changes SELECT 1, utility, area_id, read_at, room_id, meter_id, consumption, usage_rates FROM aggregate_new WHERE deleted_at IS NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    CREATE TEMP TABLE IF NOT EXISTS aggregate_reading_changes (s integer, utility text, area_id integer, read_at timestamptz, room_id integer, meter_id integer, consumption numeric, usage_rates jsonb) ON COMMIT DELETE ROWS;
    -- Only rows whose contribution changed (the charge's own updates of billed and cost_fen do not).
    INSERT INTO aggregate_reading_changes
      SELECT 1, n.utility, n.area_id, n.read_at, n.room_id, n.meter_id, n.consumption, n.usage_rates
      FROM aggregate_new n JOIN aggregate_old o ON o.id = n.id
      WHERE (n.deleted_at IS NULL OR o.deleted_at IS NULL)
        AND ((n.deleted_at IS NULL) IS DISTINCT FROM (o.deleted_at IS NULL) OR n.utility IS DISTINCT FROM o.utility OR n.area_id IS DISTINCT FROM o.area_id
          OR n.read_at IS DISTINCT FROM o.read_at OR n.room_id IS DISTINCT FROM o.room_id OR n.meter_id IS DISTINCT FROM o.meter_id
          OR n.consumption IS DISTINCT FROM o.consumption OR n.usage_rates IS DISTINCT FROM o.usage_rates)
        AND n.deleted_at IS NULL
      UNION ALL
      SELECT -1, o.utility, o.area_id, o.read_at, o.room_id, o.meter_id, o.consumption, o.usage_rates
      FROM aggregate_old o JOIN aggregate_new n ON n.id = o.id
      WHERE (n.deleted_at IS NULL OR o.deleted_at IS NULL)
        AND ((n.deleted_at IS NULL) IS DISTINCT FROM (o.deleted_at IS NULL) OR n.utility IS DISTINCT FROM o.utility OR n.area_id IS DISTINCT FROM o.area_id
          OR n.read_at IS DISTINCT FROM o.read_at OR n.room_id IS DISTINCT FROM o.room_id OR n.meter_id IS DISTINCT FROM o.meter_id
          OR n.consumption IS DISTINCT FROM o.consumption OR n.usage_rates IS DISTINCT FROM o.usage_rates)
        AND o.deleted_at IS NULL;
  ELSE
    CREATE TEMP TABLE IF NOT EXISTS aggregate_reading_changes (s integer, utility text, area_id integer, read_at timestamptz, room_id integer, meter_id integer, consumption numeric, usage_rates jsonb) ON COMMIT DELETE ROWS;
    INSERT INTO aggregate_reading_changes SELECT -1, utility, area_id, read_at, room_id, meter_id, consumption, usage_rates FROM aggregate_old WHERE deleted_at IS NULL;
  END IF;
  INSERT INTO daily_usage AS t (utility, area_id, day, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings)
    SELECT utility, area_id, day, room_id, meter_id, sum(s * u[1] + s * u[2] + s * u[3] + s * u[4]), sum(s * u[1]), sum(s * u[2]), sum(s * u[3]), sum(s * u[4]), sum(s)
    FROM (SELECT c.s, c.utility, c.area_id, (c.read_at AT TIME ZONE zone)::date AS day, coalesce(c.room_id, 0) AS room_id, c.meter_id,
            aggregate_rate_units(c.consumption, c.usage_rates) AS u
          FROM aggregate_reading_changes c) x
    GROUP BY utility, area_id, day, room_id, meter_id
    ORDER BY utility, area_id, day, room_id, meter_id
  ON CONFLICT (utility, area_id, day, room_id, meter_id) DO UPDATE SET
    usage_h = t.usage_h + excluded.usage_h, sharp_h = t.sharp_h + excluded.sharp_h, peak_h = t.peak_h + excluded.peak_h,
    flat_h = t.flat_h + excluded.flat_h, valley_h = t.valley_h + excluded.valley_h, readings = t.readings + excluded.readings;
  INSERT INTO hourly_area_usage AS t (utility, area_id, hour, usage_h, readings)
    SELECT c.utility, c.area_id, date_trunc('hour', c.read_at, 'UTC'), sum(c.s * round(c.consumption * 100)::bigint), sum(c.s)
    FROM aggregate_reading_changes c
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
  ON CONFLICT (utility, area_id, hour) DO UPDATE SET usage_h = t.usage_h + excluded.usage_h, readings = t.readings + excluded.readings;
  DELETE FROM aggregate_reading_changes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "readings_aggregate_insert" ON "readings";
--> statement-breakpoint
CREATE TRIGGER "readings_aggregate_insert" AFTER INSERT ON "readings" REFERENCING NEW TABLE AS aggregate_new
  FOR EACH STATEMENT EXECUTE FUNCTION "aggregate_readings_trigger"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "readings_aggregate_update" ON "readings";
--> statement-breakpoint
CREATE TRIGGER "readings_aggregate_update" AFTER UPDATE ON "readings" REFERENCING OLD TABLE AS aggregate_old NEW TABLE AS aggregate_new
  FOR EACH STATEMENT EXECUTE FUNCTION "aggregate_readings_trigger"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "readings_aggregate_delete" ON "readings";
--> statement-breakpoint
CREATE TRIGGER "readings_aggregate_delete" AFTER DELETE ON "readings" REFERENCING OLD TABLE AS aggregate_old
  FOR EACH STATEMENT EXECUTE FUNCTION "aggregate_readings_trigger"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "aggregate_recharge_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM aggregate_settings WHERE id = 1), 'Asia/Shanghai');
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS aggregate_order_changes (s integer, utility text, area_id integer, created_at timestamptz, room_id integer, channel text, amount_fen bigint) ON COMMIT DELETE ROWS;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO aggregate_order_changes SELECT 1, utility, area_id, created_at, room_id, channel, amount_fen FROM aggregate_new WHERE order_status <> 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO aggregate_order_changes SELECT -1, utility, area_id, created_at, room_id, channel, amount_fen FROM aggregate_old WHERE order_status <> 0;
  END IF;
  INSERT INTO daily_recharge AS t (utility, area_id, day, room_id, channel, amount_fen, orders)
    SELECT utility, area_id, (created_at AT TIME ZONE zone)::date, room_id, channel, sum(s * amount_fen), sum(s)
    FROM aggregate_order_changes
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(s * amount_fen) <> 0 OR sum(s) <> 0
    ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (utility, area_id, day, room_id, channel) DO UPDATE SET
    amount_fen = t.amount_fen + excluded.amount_fen, orders = t.orders + excluded.orders;
  DELETE FROM aggregate_order_changes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "recharge_orders_aggregate_insert" ON "recharge_orders";
--> statement-breakpoint
CREATE TRIGGER "recharge_orders_aggregate_insert" AFTER INSERT ON "recharge_orders" REFERENCING NEW TABLE AS aggregate_new
  FOR EACH STATEMENT EXECUTE FUNCTION "aggregate_recharge_trigger"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "recharge_orders_aggregate_update" ON "recharge_orders";
--> statement-breakpoint
CREATE TRIGGER "recharge_orders_aggregate_update" AFTER UPDATE ON "recharge_orders" REFERENCING OLD TABLE AS aggregate_old NEW TABLE AS aggregate_new
  FOR EACH STATEMENT EXECUTE FUNCTION "aggregate_recharge_trigger"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "recharge_orders_aggregate_delete" ON "recharge_orders";
--> statement-breakpoint
CREATE TRIGGER "recharge_orders_aggregate_delete" AFTER DELETE ON "recharge_orders" REFERENCING OLD TABLE AS aggregate_old
  FOR EACH STATEMENT EXECUTE FUNCTION "aggregate_recharge_trigger"();
--> statement-breakpoint
-- What is already there: the aggregates of the rows stored before this migration.
INSERT INTO daily_usage (utility, area_id, day, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings)
  SELECT utility, area_id, day, room_id, meter_id, sum(u[1] + u[2] + u[3] + u[4]), sum(u[1]), sum(u[2]), sum(u[3]), sum(u[4]), count(*)
  FROM (SELECT utility, area_id, (read_at AT TIME ZONE 'Asia/Shanghai')::date AS day, coalesce(room_id, 0) AS room_id, meter_id,
          aggregate_rate_units(consumption, usage_rates) AS u
        FROM readings WHERE deleted_at IS NULL) x
  GROUP BY 1, 2, 3, 4, 5
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO hourly_area_usage (utility, area_id, hour, usage_h, readings)
  SELECT utility, area_id, date_trunc('hour', read_at, 'UTC'), sum(round(consumption * 100)::bigint), count(*)
  FROM readings WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO daily_recharge (utility, area_id, day, room_id, channel, amount_fen, orders)
  SELECT utility, area_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, room_id, channel, sum(amount_fen), count(*)
  FROM recharge_orders WHERE order_status <> 0
  GROUP BY 1, 2, 3, 4, 5
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The raw reads that remain (today's, and the partial day a "same stretch" comparison ends in), and
-- the statistics' filters: area and time first.
CREATE INDEX IF NOT EXISTS "readings_utility_area_time" ON "readings" ("utility", "area_id", "read_at") INCLUDE ("consumption", "room_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recharge_orders_area_time" ON "recharge_orders" ("area_id", "utility", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_entries_area_time" ON "ledger_entries" ("area_id", "utility", "created_at");
