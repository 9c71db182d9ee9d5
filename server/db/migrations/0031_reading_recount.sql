-- Reading deletion that recounts (issue 31): what a reading's charge took from the free allowance,
-- and, on a reading deleted with its charge refunded, what the deletion recounted on the readings
-- after it (server/domain/readingRecount.ts). Money in the daily aggregates: the reading lists'
-- totals (count, usage, charged money) are read from `daily_usage` (a place or meter filtered) and
-- `hourly_area_usage` (the caller's areas) rather than summed over the raw readings, so both keep the
-- readings' charge as well.
ALTER TABLE "readings" ADD COLUMN IF NOT EXISTS "free_used" numeric(14, 2) NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN IF NOT EXISTS "recount" jsonb;
--> statement-breakpoint
ALTER TABLE "daily_usage" ADD COLUMN IF NOT EXISTS "cost_fen" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "hourly_area_usage" ADD COLUMN IF NOT EXISTS "cost_fen" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- The trigger of 0027 with the charge: a statement that changes a standing reading's cost (the
-- billing engine's claim, a recount) moves its day's and its hour's money; an hour is written only
-- where something moved. A temporary table of its own (a session may hold 0027's).
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
  INSERT INTO daily_usage AS t (utility, area_id, day, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings, cost_fen)
    SELECT utility, area_id, day, room_id, meter_id, sum(s * u[1] + s * u[2] + s * u[3] + s * u[4]), sum(s * u[1]), sum(s * u[2]), sum(s * u[3]), sum(s * u[4]), sum(s), sum(s * cost_fen)
    FROM (SELECT c.s, c.utility, c.area_id, (c.read_at AT TIME ZONE zone)::date AS day, coalesce(c.room_id, 0) AS room_id, c.meter_id,
            aggregate_rate_units(c.consumption, c.usage_rates) AS u, c.cost_fen
          FROM aggregate_reading_deltas c) x
    GROUP BY utility, area_id, day, room_id, meter_id
    ORDER BY utility, area_id, day, room_id, meter_id
  ON CONFLICT (utility, area_id, day, room_id, meter_id) DO UPDATE SET
    usage_h = t.usage_h + excluded.usage_h, sharp_h = t.sharp_h + excluded.sharp_h, peak_h = t.peak_h + excluded.peak_h,
    flat_h = t.flat_h + excluded.flat_h, valley_h = t.valley_h + excluded.valley_h, readings = t.readings + excluded.readings,
    cost_fen = t.cost_fen + excluded.cost_fen;
  INSERT INTO hourly_area_usage AS t (utility, area_id, hour, usage_h, readings, cost_fen)
    SELECT c.utility, c.area_id, date_trunc('hour', c.read_at, 'UTC'), sum(c.s * round(c.consumption * 100)::bigint), sum(c.s), sum(c.s * c.cost_fen)
    FROM aggregate_reading_deltas c
    GROUP BY 1, 2, 3
    HAVING sum(c.s * round(c.consumption * 100)::bigint) <> 0 OR sum(c.s) <> 0 OR sum(c.s * c.cost_fen) <> 0
    ORDER BY 1, 2, 3
  ON CONFLICT (utility, area_id, hour) DO UPDATE SET usage_h = t.usage_h + excluded.usage_h, readings = t.readings + excluded.readings,
    cost_fen = t.cost_fen + excluded.cost_fen;
  DELETE FROM aggregate_reading_deltas;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The money of the days already there.
UPDATE daily_usage d SET cost_fen = x.cost_fen
FROM (SELECT r.utility, r.area_id, (r.read_at AT TIME ZONE z.time_zone)::date AS day, coalesce(r.room_id, 0) AS room_id, r.meter_id, sum(r.cost_fen) AS cost_fen
      FROM readings r CROSS JOIN aggregate_settings z WHERE r.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5) x
WHERE d.utility = x.utility AND d.area_id = x.area_id AND d.day = x.day AND d.room_id = x.room_id AND d.meter_id = x.meter_id AND x.cost_fen <> 0;
--> statement-breakpoint
UPDATE hourly_area_usage hu SET cost_fen = x.cost_fen
FROM (SELECT utility, area_id, date_trunc('hour', read_at, 'UTC') AS hour, sum(cost_fen) AS cost_fen
      FROM readings WHERE deleted_at IS NULL GROUP BY 1, 2, 3) x
WHERE hu.utility = x.utility AND hu.area_id = x.area_id AND hu.hour = x.hour AND x.cost_fen <> 0;
