-- The readings' trigger of 0037 with its pieces written out, as the rebuild writes them
-- (server/domain/aggregates.ts, dayPieces and hourPieces): the same sums at a third less work. 0037 called
-- usage_day_parts and usage_hour_parts once per changed reading (set-returning SQL functions of three
-- unions, run through the executor for each row, with usage_part for each figure of each piece); here a
-- statement's readings are split at once: the zone's day edges in ms worked out once for the statement's
-- days, a figure's part of a piece computed in bigint inline (usage_part only where a product could overflow
-- bigint), no pieces for a reading whose figures are all zero, and each reading counted (n = 1) on a row of
-- its own in the day and hour it was taken, with its figures when it has no interval. The demo seed's
-- 323,000 readings in one statement: 21.6 s of trigger work with 0037's, 13.9 s for the rebuild's form.
CREATE OR REPLACE FUNCTION "aggregate_readings_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM aggregate_settings WHERE id = 1), 'Asia/Shanghai');
  first_day date;
  edges bigint[];
BEGIN
  -- The changed rows signed (sgn +1 added, -1 taken away), each reading's interval in ms and figures once.
  CREATE TEMP TABLE IF NOT EXISTS aggregate_reading_parts (sgn integer, utility text, area_id integer, room_id integer, meter_id integer,
    since_at timestamptz, read_at timestamptz, s bigint, r bigint, u1 bigint, u2 bigint, u3 bigint, u4 bigint, fen bigint) ON COMMIT DELETE ROWS;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO aggregate_reading_parts
      SELECT 1, utility, area_id, coalesce(room_id, 0), meter_id, since_at, read_at, usage_ms(since_at)::bigint, usage_ms(read_at)::bigint, u[1], u[2], u[3], u[4], cost_fen
      FROM (SELECT *, aggregate_rate_units(consumption, usage_rates) AS u FROM aggregate_new WHERE deleted_at IS NULL OFFSET 0) x;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only rows whose contribution changed (the claim's own update of billed alone does not).
    INSERT INTO aggregate_reading_parts
      SELECT c.sgn, c.utility, c.area_id, coalesce(c.room_id, 0), c.meter_id, c.since_at, c.read_at, usage_ms(c.since_at)::bigint, usage_ms(c.read_at)::bigint,
        c.u[1], c.u[2], c.u[3], c.u[4], c.cost_fen
      FROM (
        SELECT 1 AS sgn, n.*, aggregate_rate_units(n.consumption, n.usage_rates) AS u
        FROM aggregate_new n JOIN aggregate_old o ON o.id = n.id
        WHERE n.deleted_at IS NULL
          AND ((o.deleted_at IS NOT NULL) OR n.utility IS DISTINCT FROM o.utility OR n.area_id IS DISTINCT FROM o.area_id
            OR n.read_at IS DISTINCT FROM o.read_at OR n.since_at IS DISTINCT FROM o.since_at OR n.room_id IS DISTINCT FROM o.room_id OR n.meter_id IS DISTINCT FROM o.meter_id
            OR n.consumption IS DISTINCT FROM o.consumption OR n.usage_rates IS DISTINCT FROM o.usage_rates OR n.cost_fen IS DISTINCT FROM o.cost_fen)
        UNION ALL
        SELECT -1 AS sgn, o.*, aggregate_rate_units(o.consumption, o.usage_rates) AS u
        FROM aggregate_old o JOIN aggregate_new n ON n.id = o.id
        WHERE o.deleted_at IS NULL
          AND ((n.deleted_at IS NOT NULL) OR n.utility IS DISTINCT FROM o.utility OR n.area_id IS DISTINCT FROM o.area_id
            OR n.read_at IS DISTINCT FROM o.read_at OR n.since_at IS DISTINCT FROM o.since_at OR n.room_id IS DISTINCT FROM o.room_id OR n.meter_id IS DISTINCT FROM o.meter_id
            OR n.consumption IS DISTINCT FROM o.consumption OR n.usage_rates IS DISTINCT FROM o.usage_rates OR n.cost_fen IS DISTINCT FROM o.cost_fen)
        OFFSET 0) c;
  ELSE
    INSERT INTO aggregate_reading_parts
      SELECT -1, utility, area_id, coalesce(room_id, 0), meter_id, since_at, read_at, usage_ms(since_at)::bigint, usage_ms(read_at)::bigint, u[1], u[2], u[3], u[4], cost_fen
      FROM (SELECT *, aggregate_rate_units(consumption, usage_rates) AS u FROM aggregate_old WHERE deleted_at IS NULL OFFSET 0) x;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM aggregate_reading_parts) THEN
    RETURN NULL;
  END IF;
  -- The zone's day edges in ms over the statement's days (edges[k]: the start of the k-th day from the
  -- first; a day's end the next one's start, so days of 23 or 25 hours too).
  SELECT b.first, array(SELECT usage_ms(d AT TIME ZONE zone)::bigint
      FROM generate_series(b.first::timestamp, b.last::timestamp + interval '1 day', interval '1 day') AS d ORDER BY d)
    INTO first_day, edges
    FROM (SELECT (min(since_at) AT TIME ZONE zone)::date AS first, (max(read_at) AT TIME ZONE zone)::date AS last
          FROM aggregate_reading_parts WHERE s < r) b;
  -- The deltas per meter and day, once: the days, months and rooms' months are written from them.
  CREATE TEMP TABLE IF NOT EXISTS aggregate_reading_day_deltas (utility text, area_id integer, day date, room_id integer, meter_id integer, usage_h bigint, sharp_h bigint, peak_h bigint, flat_h bigint, valley_h bigint, readings integer, cost_fen bigint) ON COMMIT DELETE ROWS;
  INSERT INTO aggregate_reading_day_deltas
    SELECT p.utility, p.area_id, p.day, p.room_id, p.meter_id, sum(p.sgn * (p.u1 + p.u2 + p.u3 + p.u4)), sum(p.sgn * p.u1), sum(p.sgn * p.u2), sum(p.sgn * p.u3),
      sum(p.sgn * p.u4), sum(p.sgn * p.n), sum(p.sgn * p.fen)
    FROM (
      -- A reading's interval split over the zone's days it touches: a figure T's part of the piece [a, b)
      -- of its len ms is trunc(T·b/len) − trunc(T·a/len) (usage_part of 0037, in bigint where it cannot overflow).
      SELECT c.sgn, c.utility, c.area_id, c.d0 + k AS day, c.room_id, c.meter_id,
        CASE WHEN c.safe THEN c.u1 * w.b / c.len - c.u1 * w.a / c.len ELSE usage_part(c.u1, w.a, w.b, c.len) END AS u1,
        CASE WHEN c.safe THEN c.u2 * w.b / c.len - c.u2 * w.a / c.len ELSE usage_part(c.u2, w.a, w.b, c.len) END AS u2,
        CASE WHEN c.safe THEN c.u3 * w.b / c.len - c.u3 * w.a / c.len ELSE usage_part(c.u3, w.a, w.b, c.len) END AS u3,
        CASE WHEN c.safe THEN c.u4 * w.b / c.len - c.u4 * w.a / c.len ELSE usage_part(c.u4, w.a, w.b, c.len) END AS u4,
        CASE WHEN c.safe THEN c.fen * w.b / c.len - c.fen * w.a / c.len ELSE usage_part(c.fen, w.a, w.b, c.len) END AS fen,
        0 AS n
      FROM (SELECT f.*, f.r - f.s AS len,
              greatest(abs(f.u1), abs(f.u2), abs(f.u3), abs(f.u4), abs(f.fen))::float8 * (f.r - f.s)::float8 < 4.0e18 AS safe,
              (f.since_at AT TIME ZONE zone)::date AS d0, (f.read_at AT TIME ZONE zone)::date AS d1
            FROM aggregate_reading_parts f
            WHERE f.s < f.r AND (f.u1 <> 0 OR f.u2 <> 0 OR f.u3 <> 0 OR f.u4 <> 0 OR f.fen <> 0) OFFSET 0) c
      CROSS JOIN LATERAL generate_series(0, c.d1 - c.d0) AS k
      CROSS JOIN LATERAL (SELECT greatest(edges[c.d0 + k - first_day + 1] - c.s, 0) AS a, least(edges[c.d0 + k - first_day + 2] - c.s, c.len) AS b) w
      WHERE w.a < w.b
      UNION ALL
      SELECT f.sgn, f.utility, f.area_id, (f.read_at AT TIME ZONE zone)::date, f.room_id, f.meter_id,
        CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.u1 ELSE 0 END, CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.u2 ELSE 0 END,
        CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.u3 ELSE 0 END, CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.u4 ELSE 0 END,
        CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.fen ELSE 0 END, 1
      FROM aggregate_reading_parts f
    ) p
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(p.sgn * (p.u1 + p.u2 + p.u3 + p.u4)) <> 0 OR sum(p.sgn * p.u1) <> 0 OR sum(p.sgn * p.u2) <> 0 OR sum(p.sgn * p.u3) <> 0 OR sum(p.sgn * p.u4) <> 0
      OR sum(p.sgn * p.n) <> 0 OR sum(p.sgn * p.fen) <> 0;
  INSERT INTO daily_usage AS t (utility, area_id, day, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings, cost_fen)
    SELECT utility, area_id, day, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings, cost_fen
    FROM aggregate_reading_day_deltas
    ORDER BY utility, area_id, day, room_id, meter_id
  ON CONFLICT (utility, area_id, day, room_id, meter_id) DO UPDATE SET
    usage_h = t.usage_h + excluded.usage_h, sharp_h = t.sharp_h + excluded.sharp_h, peak_h = t.peak_h + excluded.peak_h,
    flat_h = t.flat_h + excluded.flat_h, valley_h = t.valley_h + excluded.valley_h, readings = t.readings + excluded.readings,
    cost_fen = t.cost_fen + excluded.cost_fen;
  INSERT INTO monthly_usage AS t (utility, area_id, month, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, cost_fen, readings)
    SELECT utility, area_id, date_trunc('month', day)::date, room_id, meter_id, sum(usage_h), sum(sharp_h), sum(peak_h), sum(flat_h), sum(valley_h), sum(cost_fen), sum(readings)
    FROM aggregate_reading_day_deltas
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(usage_h) <> 0 OR sum(sharp_h) <> 0 OR sum(peak_h) <> 0 OR sum(flat_h) <> 0 OR sum(valley_h) <> 0 OR sum(cost_fen) <> 0 OR sum(readings) <> 0
    ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (utility, area_id, month, room_id, meter_id) DO UPDATE SET
    usage_h = t.usage_h + excluded.usage_h, sharp_h = t.sharp_h + excluded.sharp_h, peak_h = t.peak_h + excluded.peak_h,
    flat_h = t.flat_h + excluded.flat_h, valley_h = t.valley_h + excluded.valley_h, cost_fen = t.cost_fen + excluded.cost_fen,
    readings = t.readings + excluded.readings;
  INSERT INTO monthly_room_usage AS t (utility, area_id, month, room_id, usage_h, readings)
    SELECT utility, area_id, date_trunc('month', day)::date, room_id, sum(usage_h), sum(readings)
    FROM aggregate_reading_day_deltas
    GROUP BY 1, 2, 3, 4
    HAVING sum(usage_h) <> 0 OR sum(readings) <> 0
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (utility, area_id, month, room_id) DO UPDATE SET usage_h = t.usage_h + excluded.usage_h, readings = t.readings + excluded.readings;
  -- The UTC hours, per area: a reading's interval split into its hours the same way (hour: the index since the epoch).
  INSERT INTO hourly_area_usage AS t (utility, area_id, hour, usage_h, readings, cost_fen)
    SELECT p.utility, p.area_id, to_timestamp(p.hour * 3600), sum(p.sgn * p.usage_h), sum(p.sgn * p.n), sum(p.sgn * p.fen)
    FROM (
      SELECT c.sgn, c.utility, c.area_id, i AS hour,
        CASE WHEN c.safe THEN c.u1 * w.b / c.len - c.u1 * w.a / c.len + c.u2 * w.b / c.len - c.u2 * w.a / c.len
            + c.u3 * w.b / c.len - c.u3 * w.a / c.len + c.u4 * w.b / c.len - c.u4 * w.a / c.len
          ELSE usage_part(c.u1, w.a, w.b, c.len) + usage_part(c.u2, w.a, w.b, c.len) + usage_part(c.u3, w.a, w.b, c.len) + usage_part(c.u4, w.a, w.b, c.len) END AS usage_h,
        CASE WHEN c.safe THEN c.fen * w.b / c.len - c.fen * w.a / c.len ELSE usage_part(c.fen, w.a, w.b, c.len) END AS fen,
        0 AS n
      FROM (SELECT f.*, f.r - f.s AS len,
              greatest(abs(f.u1), abs(f.u2), abs(f.u3), abs(f.u4), abs(f.fen))::float8 * (f.r - f.s)::float8 < 4.0e18 AS safe
            FROM aggregate_reading_parts f
            WHERE f.s < f.r AND (f.u1 <> 0 OR f.u2 <> 0 OR f.u3 <> 0 OR f.u4 <> 0 OR f.fen <> 0) OFFSET 0) c
      CROSS JOIN LATERAL generate_series(c.s / 3600000, (c.r - 1) / 3600000) AS i
      CROSS JOIN LATERAL (SELECT greatest(i * 3600000 - c.s, 0) AS a, least((i + 1) * 3600000 - c.s, c.len) AS b) w
      UNION ALL
      SELECT f.sgn, f.utility, f.area_id, f.r / 3600000, CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.u1 + f.u2 + f.u3 + f.u4 ELSE 0 END,
        CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.fen ELSE 0 END, 1
      FROM aggregate_reading_parts f
    ) p
    GROUP BY 1, 2, p.hour
    HAVING sum(p.sgn * p.usage_h) <> 0 OR sum(p.sgn * p.n) <> 0 OR sum(p.sgn * p.fen) <> 0
    ORDER BY 1, 2, p.hour
  ON CONFLICT (utility, area_id, hour) DO UPDATE SET usage_h = t.usage_h + excluded.usage_h, readings = t.readings + excluded.readings,
    cost_fen = t.cost_fen + excluded.cost_fen;
  DELETE FROM aggregate_reading_day_deltas;
  DELETE FROM aggregate_reading_parts;
  RETURN NULL;
END
$$;
