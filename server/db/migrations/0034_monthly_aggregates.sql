-- Monthly aggregates (issue 32; also read by the statistics, issue 31): what a month's figures and
-- the dashboards' top consumers read instead of every meter's days. Kept by the same statement-level
-- triggers as the daily aggregates (migrations 0027 and 0031), whoever writes readings or recharge
-- orders; rebuilt with them (server/domain/aggregates.ts) when the zone changes. A month is a
-- calendar month of the aggregates' zone (aggregate_settings), named by its first day, as
-- daily_usage's day is a calendar day of that zone.
--
-- Usage per meter and month (room 0: a reading without a room), in hundredths of a kWh or m³, with
-- the split per rate register, the readings' charge in fen and the count of readings not deleted:
-- the sums of daily_usage's days of the month.
CREATE TABLE IF NOT EXISTS "monthly_usage" (
  "utility" text NOT NULL,
  "area_id" integer NOT NULL,
  "month" date NOT NULL,
  "room_id" integer NOT NULL,
  "meter_id" integer NOT NULL,
  "usage_h" bigint NOT NULL DEFAULT 0,
  "sharp_h" bigint NOT NULL DEFAULT 0,
  "peak_h" bigint NOT NULL DEFAULT 0,
  "flat_h" bigint NOT NULL DEFAULT 0,
  "valley_h" bigint NOT NULL DEFAULT 0,
  "cost_fen" bigint NOT NULL DEFAULT 0,
  "readings" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("utility", "area_id", "month", "room_id", "meter_id")
);
--> statement-breakpoint
-- The meters of an area's month by usage, largest first.
CREATE INDEX IF NOT EXISTS "monthly_usage_top" ON "monthly_usage" ("utility", "area_id", "month", "usage_h" DESC, "meter_id");
--> statement-breakpoint
-- Usage per room and month: the sum of the room's meters (a room holds one meter of a kind at a
-- time, but a meter replaced during a month leaves two that month), so that "the rooms of an area's
-- month by usage" is one index range read to its N-th row (the dashboards' top consumers).
CREATE TABLE IF NOT EXISTS "monthly_room_usage" (
  "utility" text NOT NULL,
  "area_id" integer NOT NULL,
  "month" date NOT NULL,
  "room_id" integer NOT NULL,
  "usage_h" bigint NOT NULL DEFAULT 0,
  "readings" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("utility", "area_id", "month", "room_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "monthly_room_usage_top" ON "monthly_room_usage" ("utility", "area_id", "month", "usage_h" DESC, "room_id") INCLUDE ("readings") WHERE "room_id" <> 0;
--> statement-breakpoint
-- Recharge money per area, day and channel (orders not voided): daily_recharge without the room,
-- a few rows a day, for the dashboards' money of the days and months and the reports' channels.
CREATE TABLE IF NOT EXISTS "daily_area_recharge" (
  "utility" text NOT NULL,
  "area_id" integer NOT NULL,
  "day" date NOT NULL,
  "channel" text NOT NULL,
  "amount_fen" bigint NOT NULL DEFAULT 0,
  "orders" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("utility", "area_id", "day", "channel")
);
--> statement-breakpoint
-- The readings' trigger of 0031 with the months added; every aggregate is written only where its
-- figures move.
CREATE OR REPLACE FUNCTION "aggregate_readings_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM aggregate_settings WHERE id = 1), 'Asia/Shanghai');
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS aggregate_reading_deltas (s integer, utility text, area_id integer, read_at timestamptz, room_id integer, meter_id integer, consumption numeric, usage_rates jsonb, cost_fen bigint) ON COMMIT DELETE ROWS;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO aggregate_reading_deltas SELECT 1, utility, area_id, read_at, room_id, meter_id, consumption, usage_rates, cost_fen FROM aggregate_new WHERE deleted_at IS NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only rows whose contribution changed (the claim's own update of billed alone does not).
    INSERT INTO aggregate_reading_deltas
      SELECT 1, n.utility, n.area_id, n.read_at, n.room_id, n.meter_id, n.consumption, n.usage_rates, n.cost_fen
      FROM aggregate_new n JOIN aggregate_old o ON o.id = n.id
      WHERE (n.deleted_at IS NULL OR o.deleted_at IS NULL)
        AND ((n.deleted_at IS NULL) IS DISTINCT FROM (o.deleted_at IS NULL) OR n.utility IS DISTINCT FROM o.utility OR n.area_id IS DISTINCT FROM o.area_id
          OR n.read_at IS DISTINCT FROM o.read_at OR n.room_id IS DISTINCT FROM o.room_id OR n.meter_id IS DISTINCT FROM o.meter_id
          OR n.consumption IS DISTINCT FROM o.consumption OR n.usage_rates IS DISTINCT FROM o.usage_rates OR n.cost_fen IS DISTINCT FROM o.cost_fen)
        AND n.deleted_at IS NULL
      UNION ALL
      SELECT -1, o.utility, o.area_id, o.read_at, o.room_id, o.meter_id, o.consumption, o.usage_rates, o.cost_fen
      FROM aggregate_old o JOIN aggregate_new n ON n.id = o.id
      WHERE (n.deleted_at IS NULL OR o.deleted_at IS NULL)
        AND ((n.deleted_at IS NULL) IS DISTINCT FROM (o.deleted_at IS NULL) OR n.utility IS DISTINCT FROM o.utility OR n.area_id IS DISTINCT FROM o.area_id
          OR n.read_at IS DISTINCT FROM o.read_at OR n.room_id IS DISTINCT FROM o.room_id OR n.meter_id IS DISTINCT FROM o.meter_id
          OR n.consumption IS DISTINCT FROM o.consumption OR n.usage_rates IS DISTINCT FROM o.usage_rates OR n.cost_fen IS DISTINCT FROM o.cost_fen)
        AND o.deleted_at IS NULL;
  ELSE
    INSERT INTO aggregate_reading_deltas SELECT -1, utility, area_id, read_at, room_id, meter_id, consumption, usage_rates, cost_fen FROM aggregate_old WHERE deleted_at IS NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM aggregate_reading_deltas) THEN
    RETURN NULL;
  END IF;
  -- The deltas per meter and day, once: the days, months and rooms' months are written from them.
  CREATE TEMP TABLE IF NOT EXISTS aggregate_reading_days (utility text, area_id integer, day date, room_id integer, meter_id integer, usage_h bigint, sharp_h bigint, peak_h bigint, flat_h bigint, valley_h bigint, readings integer, cost_fen bigint) ON COMMIT DELETE ROWS;
  INSERT INTO aggregate_reading_days
    SELECT utility, area_id, day, room_id, meter_id, sum(s * u[1] + s * u[2] + s * u[3] + s * u[4]), sum(s * u[1]), sum(s * u[2]), sum(s * u[3]), sum(s * u[4]), sum(s), sum(s * cost_fen)
    FROM (SELECT c.s, c.utility, c.area_id, (c.read_at AT TIME ZONE zone)::date AS day, coalesce(c.room_id, 0) AS room_id, c.meter_id,
            aggregate_rate_units(c.consumption, c.usage_rates) AS u, c.cost_fen
          FROM aggregate_reading_deltas c) x
    GROUP BY utility, area_id, day, room_id, meter_id
    HAVING sum(s * u[1] + s * u[2] + s * u[3] + s * u[4]) <> 0 OR sum(s * u[1]) <> 0 OR sum(s * u[2]) <> 0 OR sum(s * u[3]) <> 0 OR sum(s * u[4]) <> 0
      OR sum(s) <> 0 OR sum(s * cost_fen) <> 0;
  INSERT INTO daily_usage AS t (utility, area_id, day, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings, cost_fen)
    SELECT utility, area_id, day, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings, cost_fen
    FROM aggregate_reading_days
    ORDER BY utility, area_id, day, room_id, meter_id
  ON CONFLICT (utility, area_id, day, room_id, meter_id) DO UPDATE SET
    usage_h = t.usage_h + excluded.usage_h, sharp_h = t.sharp_h + excluded.sharp_h, peak_h = t.peak_h + excluded.peak_h,
    flat_h = t.flat_h + excluded.flat_h, valley_h = t.valley_h + excluded.valley_h, readings = t.readings + excluded.readings,
    cost_fen = t.cost_fen + excluded.cost_fen;
  INSERT INTO monthly_usage AS t (utility, area_id, month, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, cost_fen, readings)
    SELECT utility, area_id, date_trunc('month', day)::date, room_id, meter_id, sum(usage_h), sum(sharp_h), sum(peak_h), sum(flat_h), sum(valley_h), sum(cost_fen), sum(readings)
    FROM aggregate_reading_days
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(usage_h) <> 0 OR sum(sharp_h) <> 0 OR sum(peak_h) <> 0 OR sum(flat_h) <> 0 OR sum(valley_h) <> 0 OR sum(cost_fen) <> 0 OR sum(readings) <> 0
    ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (utility, area_id, month, room_id, meter_id) DO UPDATE SET
    usage_h = t.usage_h + excluded.usage_h, sharp_h = t.sharp_h + excluded.sharp_h, peak_h = t.peak_h + excluded.peak_h,
    flat_h = t.flat_h + excluded.flat_h, valley_h = t.valley_h + excluded.valley_h, cost_fen = t.cost_fen + excluded.cost_fen,
    readings = t.readings + excluded.readings;
  INSERT INTO monthly_room_usage AS t (utility, area_id, month, room_id, usage_h, readings)
    SELECT utility, area_id, date_trunc('month', day)::date, room_id, sum(usage_h), sum(readings)
    FROM aggregate_reading_days
    GROUP BY 1, 2, 3, 4
    HAVING sum(usage_h) <> 0 OR sum(readings) <> 0
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (utility, area_id, month, room_id) DO UPDATE SET usage_h = t.usage_h + excluded.usage_h, readings = t.readings + excluded.readings;
  INSERT INTO hourly_area_usage AS t (utility, area_id, hour, usage_h, readings, cost_fen)
    SELECT c.utility, c.area_id, date_trunc('hour', c.read_at, 'UTC'), sum(c.s * round(c.consumption * 100)::bigint), sum(c.s), sum(c.s * c.cost_fen)
    FROM aggregate_reading_deltas c
    GROUP BY 1, 2, 3
    HAVING sum(c.s * round(c.consumption * 100)::bigint) <> 0 OR sum(c.s) <> 0 OR sum(c.s * c.cost_fen) <> 0
    ORDER BY 1, 2, 3
  ON CONFLICT (utility, area_id, hour) DO UPDATE SET usage_h = t.usage_h + excluded.usage_h, readings = t.readings + excluded.readings,
    cost_fen = t.cost_fen + excluded.cost_fen;
  DELETE FROM aggregate_reading_days;
  DELETE FROM aggregate_reading_deltas;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The recharge orders' trigger of 0027 with the area's days added.
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
  INSERT INTO daily_area_recharge AS t (utility, area_id, day, channel, amount_fen, orders)
    SELECT utility, area_id, (created_at AT TIME ZONE zone)::date, channel, sum(s * amount_fen), sum(s)
    FROM aggregate_order_changes
    GROUP BY 1, 2, 3, 4
    HAVING sum(s * amount_fen) <> 0 OR sum(s) <> 0
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (utility, area_id, day, channel) DO UPDATE SET
    amount_fen = t.amount_fen + excluded.amount_fen, orders = t.orders + excluded.orders;
  DELETE FROM aggregate_order_changes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- What is already there, from the daily aggregates (exact, in the same zone).
INSERT INTO monthly_usage (utility, area_id, month, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, cost_fen, readings)
  SELECT utility, area_id, date_trunc('month', day)::date, room_id, meter_id, sum(usage_h), sum(sharp_h), sum(peak_h), sum(flat_h), sum(valley_h), sum(cost_fen), sum(readings)
  FROM daily_usage
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(usage_h) <> 0 OR sum(sharp_h) <> 0 OR sum(peak_h) <> 0 OR sum(flat_h) <> 0 OR sum(valley_h) <> 0 OR sum(cost_fen) <> 0 OR sum(readings) <> 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO monthly_room_usage (utility, area_id, month, room_id, usage_h, readings)
  SELECT utility, area_id, month, room_id, sum(usage_h), sum(readings)
  FROM monthly_usage
  GROUP BY 1, 2, 3, 4
  HAVING sum(usage_h) <> 0 OR sum(readings) <> 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO daily_area_recharge (utility, area_id, day, channel, amount_fen, orders)
  SELECT utility, area_id, day, channel, sum(amount_fen), sum(orders)
  FROM daily_recharge
  GROUP BY 1, 2, 3, 4
  HAVING sum(amount_fen) <> 0 OR sum(orders) <> 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Statistics for the planner at once (an area's month read through the primary key, not the top index).
ANALYZE "monthly_usage";
--> statement-breakpoint
ANALYZE "monthly_room_usage";
--> statement-breakpoint
ANALYZE "daily_area_recharge";
