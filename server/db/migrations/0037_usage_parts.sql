-- The rule of 0036 (server/domain/usageRule.ts) at a tenth of the cost, its quotients toward zero: 0036 split
-- each reading into pieces of timestamps and priced each piece by numeric division through nested SQL
-- functions (the demo seed's 323,000 readings, 6.5 million hour pieces, took 200 s on PGlite). Here a
-- reading's interval is in whole milliseconds (bigint) once, its pieces are integer ranges, and a part
-- is computed in bigint (numeric only when T × length could overflow it). A part that is the whole
-- interval is the figure itself. The aggregates of positive usage are the same as 0036's.
--
-- A figure's part of a piece [a, b) of elapsed ms of an interval of `len` ms: trunc(T·b/len) − trunc(T·a/len),
-- the quotients taken toward zero (0036 took them down): a negative figure splits as its positive twin
-- does, negated, so a reading's charge (negative in the ledger) has in each span the part its cost (positive
-- on the reading) has there, to the fen. The parts still add up to T.
CREATE OR REPLACE FUNCTION "usage_part"(t bigint, a bigint, b bigint, len bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN a = 0 AND b = len THEN t
    WHEN abs(t)::float8 * len::float8 < 4.0e18 THEN t * b / len - t * a / len
    ELSE (div(t::numeric * b, len) - div(t::numeric * a, len))::bigint
  END
$$;
--> statement-breakpoint
-- A reading's parts in UTC hours (hour_ms: the hour's start in ms since the epoch), given its interval
-- (s, r] in ms (s null: no interval, the figures lie at r) and its figures (four rate registers, fen).
-- The reading counts (n = 1) in the hour it was taken, on a row of its own.
CREATE OR REPLACE FUNCTION "usage_hour_parts"(s bigint, r bigint, u1 bigint, u2 bigint, u3 bigint, u4 bigint, fen bigint)
RETURNS TABLE ("hour_ms" bigint, "u1" bigint, "u2" bigint, "u3" bigint, "u4" bigint, "fen" bigint, "n" integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT r - (r % 3600000), u1, u2, u3, u4, fen, 1 WHERE s IS NULL OR s >= r
  UNION ALL
  SELECT x.h, usage_part(u1, x.a, x.b, r - s), usage_part(u2, x.a, x.b, r - s), usage_part(u3, x.a, x.b, r - s),
    usage_part(u4, x.a, x.b, r - s), usage_part(fen, x.a, x.b, r - s), 0
  FROM (SELECT i * 3600000 AS h, greatest(i * 3600000 - s, 0) AS a, least((i + 1) * 3600000 - s, r - s) AS b
        FROM generate_series(s / 3600000, (r - 1) / 3600000) AS i WHERE s < r) x
  UNION ALL
  SELECT r - (r % 3600000), 0, 0, 0, 0, 0, 1 WHERE s < r
$$;
--> statement-breakpoint
-- The same in calendar days of a zone (since_at and read_at are the interval's instants, s and r the
-- same in ms).
CREATE OR REPLACE FUNCTION "usage_day_parts"(since_at timestamptz, read_at timestamptz, s bigint, r bigint, zone text,
  u1 bigint, u2 bigint, u3 bigint, u4 bigint, fen bigint)
RETURNS TABLE ("day" date, "u1" bigint, "u2" bigint, "u3" bigint, "u4" bigint, "fen" bigint, "n" integer)
LANGUAGE sql STABLE AS $$
  SELECT (read_at AT TIME ZONE zone)::date, u1, u2, u3, u4, fen, 1 WHERE s IS NULL OR s >= r
  UNION ALL
  SELECT x.d, usage_part(u1, x.a, x.b, r - s), usage_part(u2, x.a, x.b, r - s), usage_part(u3, x.a, x.b, r - s),
    usage_part(u4, x.a, x.b, r - s), usage_part(fen, x.a, x.b, r - s), 0
  FROM (SELECT d::date AS d, greatest(usage_ms(d AT TIME ZONE zone)::bigint - s, 0) AS a,
          least(usage_ms((d + interval '1 day') AT TIME ZONE zone)::bigint - s, r - s) AS b
        FROM generate_series((since_at AT TIME ZONE zone)::date::timestamp, (read_at AT TIME ZONE zone)::date::timestamp, interval '1 day') AS d
        WHERE s < r) x
  WHERE x.a < x.b
  UNION ALL
  SELECT (read_at AT TIME ZONE zone)::date, 0, 0, 0, 0, 0, 1 WHERE s < r
$$;
--> statement-breakpoint
-- A figure's part in a span [a, b) of instants (0036's function, by usage_part), and a reading's usage
-- in a span (its rate registers' parts added). PL/pgSQL: each instant in ms once, plain expressions
-- (as SQL functions these ran through the SQL executor on every call: 31 s against 1.8 s for the demo's
-- 323,000 readings on PGlite).
CREATE OR REPLACE FUNCTION "usage_in"(total numeric, since_at timestamptz, read_at timestamptz, a timestamptz, b timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  s bigint; r bigint; len bigint;
BEGIN
  IF since_at IS NOT NULL THEN
    s := floor(extract(epoch FROM since_at) * 1000)::bigint;
    r := floor(extract(epoch FROM read_at) * 1000)::bigint;
  END IF;
  IF since_at IS NULL OR s >= r THEN
    RETURN CASE WHEN read_at >= a AND read_at < b THEN total::bigint ELSE 0 END;
  END IF;
  len := r - s;
  RETURN usage_part(total::bigint, least(greatest(floor(extract(epoch FROM a) * 1000)::bigint - s, 0), len),
    least(greatest(floor(extract(epoch FROM b) * 1000)::bigint - s, 0), len), len);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "usage_h_in"(consumption numeric, rates jsonb, since_at timestamptz, read_at timestamptz, a timestamptz, b timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  u bigint[] := aggregate_rate_units(consumption, rates);
  s bigint; r bigint; x bigint; y bigint; len bigint;
BEGIN
  IF since_at IS NOT NULL THEN
    s := floor(extract(epoch FROM since_at) * 1000)::bigint;
    r := floor(extract(epoch FROM read_at) * 1000)::bigint;
  END IF;
  IF since_at IS NULL OR s >= r THEN
    RETURN CASE WHEN read_at >= a AND read_at < b THEN u[1] + u[2] + u[3] + u[4] ELSE 0 END;
  END IF;
  len := r - s;
  x := least(greatest(floor(extract(epoch FROM a) * 1000)::bigint - s, 0), len);
  y := least(greatest(floor(extract(epoch FROM b) * 1000)::bigint - s, 0), len);
  RETURN usage_part(u[1], x, y, len) + usage_part(u[2], x, y, len) + usage_part(u[3], x, y, len) + usage_part(u[4], x, y, len);
END
$$;
--> statement-breakpoint
-- The readings' trigger of 0036 by these functions. Its own temporary tables (a session may hold 0036's).
CREATE OR REPLACE FUNCTION "aggregate_readings_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM aggregate_settings WHERE id = 1), 'Asia/Shanghai');
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
  -- The deltas per meter and day, once: the days, months and rooms' months are written from them.
  CREATE TEMP TABLE IF NOT EXISTS aggregate_reading_day_deltas (utility text, area_id integer, day date, room_id integer, meter_id integer, usage_h bigint, sharp_h bigint, peak_h bigint, flat_h bigint, valley_h bigint, readings integer, cost_fen bigint) ON COMMIT DELETE ROWS;
  INSERT INTO aggregate_reading_day_deltas
    SELECT c.utility, c.area_id, p.day, c.room_id, c.meter_id, sum(c.sgn * (p.u1 + p.u2 + p.u3 + p.u4)), sum(c.sgn * p.u1), sum(c.sgn * p.u2), sum(c.sgn * p.u3),
      sum(c.sgn * p.u4), sum(c.sgn * p.n), sum(c.sgn * p.fen)
    FROM aggregate_reading_parts c CROSS JOIN LATERAL usage_day_parts(c.since_at, c.read_at, c.s, c.r, zone, c.u1, c.u2, c.u3, c.u4, c.fen) p
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(c.sgn * (p.u1 + p.u2 + p.u3 + p.u4)) <> 0 OR sum(c.sgn * p.u1) <> 0 OR sum(c.sgn * p.u2) <> 0 OR sum(c.sgn * p.u3) <> 0 OR sum(c.sgn * p.u4) <> 0
      OR sum(c.sgn * p.n) <> 0 OR sum(c.sgn * p.fen) <> 0;
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
  INSERT INTO hourly_area_usage AS t (utility, area_id, hour, usage_h, readings, cost_fen)
    SELECT c.utility, c.area_id, to_timestamp(p.hour_ms / 1000), sum(c.sgn * (p.u1 + p.u2 + p.u3 + p.u4)), sum(c.sgn * p.n), sum(c.sgn * p.fen)
    FROM aggregate_reading_parts c CROSS JOIN LATERAL usage_hour_parts(c.s, c.r, c.u1, c.u2, c.u3, c.u4, c.fen) p
    GROUP BY 1, 2, 3
    HAVING sum(c.sgn * (p.u1 + p.u2 + p.u3 + p.u4)) <> 0 OR sum(c.sgn * p.n) <> 0 OR sum(c.sgn * p.fen) <> 0
    ORDER BY 1, 2, 3
  ON CONFLICT (utility, area_id, hour) DO UPDATE SET usage_h = t.usage_h + excluded.usage_h, readings = t.readings + excluded.readings,
    cost_fen = t.cost_fen + excluded.cost_fen;
  DELETE FROM aggregate_reading_day_deltas;
  DELETE FROM aggregate_reading_parts;
  RETURN NULL;
END
$$;
