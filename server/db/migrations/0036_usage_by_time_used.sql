-- Usage where it was used (issue 39, "Numbers that reconcile"; the rule is written out in
-- server/domain/usageRule.ts): a reading holds the usage of its interval (since_at, read_at] — since_at
-- is the reading it was counted from — and that usage is spread evenly over the interval's time. The
-- part of it in any span [a, b) is floor(T·F(b)) − floor(T·F(a)), T the reading's figure (hundredths
-- of a kWh or m³ per rate register, or its charge in fen) and F(x) the share of the interval elapsed
-- at x (0 before it, 1 at and after its end). The parts of consecutive spans add up to T exactly, so
-- days add up to months, hours to days, and every screen that sums any of them agrees. A reading with
-- no interval (the first of a count, since_at null) lies at its instant read_at.
--
-- So a daily reading taken at 00:00 holds the day before it (it was counted twice before: on the day it
-- was read, beside that day's hourly readings), and a reading after a gap of days shares its usage
-- over those days. A reading counts (`readings`) on the day, hour and month it was taken, as the
-- reading lists show it.
-- Times in whole milliseconds (as the platform writes them) and exact integer arithmetic: the floor of
-- a quotient by `div`, never by a numeric division (which rounds a large quotient to its scale).
CREATE OR REPLACE FUNCTION "usage_ms"(at timestamptz) RETURNS numeric
LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT floor(extract(epoch FROM at) * 1000) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "usage_floor_div"(n numeric, d numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN n >= 0 THEN div(n, d) ELSE -div(-n + d - 1, d) END $$;
--> statement-breakpoint
-- A reading's pieces in calendar days of a zone: the day, the interval's elapsed ms at the day's start
-- and end (clamped to the interval), the interval's length, and whether it is the day the reading was
-- taken (a reading taken at 00:00 has a piece of nothing on that day: it counts there as a reading).
CREATE OR REPLACE FUNCTION "usage_day_pieces"(since_at timestamptz, read_at timestamptz, zone text)
RETURNS TABLE ("day" date, "e0" numeric, "e1" numeric, "len" numeric, "last" boolean)
LANGUAGE sql STABLE AS $$
  SELECT (read_at AT TIME ZONE zone)::date, 0::numeric, 1::numeric, 1::numeric, true
  WHERE since_at IS NULL OR usage_ms(since_at) >= usage_ms(read_at)
  UNION ALL
  SELECT d::date,
    greatest(0::numeric, usage_ms(d AT TIME ZONE zone) - usage_ms(since_at)),
    least(usage_ms(read_at) - usage_ms(since_at), usage_ms((d + interval '1 day') AT TIME ZONE zone) - usage_ms(since_at)),
    usage_ms(read_at) - usage_ms(since_at),
    d::date = (read_at AT TIME ZONE zone)::date
  FROM generate_series((since_at AT TIME ZONE zone)::date::timestamp, (read_at AT TIME ZONE zone)::date::timestamp, interval '1 day') AS d
  WHERE usage_ms(since_at) < usage_ms(read_at)
$$;
--> statement-breakpoint
-- The same in UTC hours (the dashboards' hours).
CREATE OR REPLACE FUNCTION "usage_hour_pieces"(since_at timestamptz, read_at timestamptz)
RETURNS TABLE ("hour" timestamptz, "e0" numeric, "e1" numeric, "len" numeric, "last" boolean)
LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', read_at, 'UTC'), 0::numeric, 1::numeric, 1::numeric, true
  WHERE since_at IS NULL OR usage_ms(since_at) >= usage_ms(read_at)
  UNION ALL
  SELECT h,
    greatest(0::numeric, usage_ms(h) - usage_ms(since_at)),
    least(usage_ms(read_at) - usage_ms(since_at), usage_ms(h) + 3600000 - usage_ms(since_at)),
    usage_ms(read_at) - usage_ms(since_at),
    h = date_trunc('hour', read_at, 'UTC')
  FROM generate_series(date_trunc('hour', since_at, 'UTC'), date_trunc('hour', read_at, 'UTC'), interval '1 hour') AS h
  WHERE usage_ms(since_at) < usage_ms(read_at)
$$;
--> statement-breakpoint
-- A figure's part in a piece: floor(T·e1/len) − floor(T·e0/len).
CREATE OR REPLACE FUNCTION "usage_share"(total numeric, e0 numeric, e1 numeric, len numeric) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (usage_floor_div(total * e1, len) - usage_floor_div(total * e0, len))::bigint $$;
--> statement-breakpoint
-- A figure's part in a span [a, b) of instants.
CREATE OR REPLACE FUNCTION "usage_in"(total numeric, since_at timestamptz, read_at timestamptz, a timestamptz, b timestamptz) RETURNS bigint
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN since_at IS NULL OR usage_ms(since_at) >= usage_ms(read_at) THEN CASE WHEN read_at >= a AND read_at < b THEN total::bigint ELSE 0 END
    ELSE usage_share(total,
      least(greatest(usage_ms(a) - usage_ms(since_at), 0), usage_ms(read_at) - usage_ms(since_at)),
      least(greatest(usage_ms(b) - usage_ms(since_at), 0), usage_ms(read_at) - usage_ms(since_at)),
      usage_ms(read_at) - usage_ms(since_at))
  END
$$;
--> statement-breakpoint
-- A reading's usage in a span, in hundredths: the sum of its rate registers' parts (as the days hold it).
CREATE OR REPLACE FUNCTION "usage_h_in"(consumption numeric, rates jsonb, since_at timestamptz, read_at timestamptz, a timestamptz, b timestamptz) RETURNS bigint
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT usage_in(u[1], since_at, read_at, a, b) + usage_in(u[2], since_at, read_at, a, b) + usage_in(u[3], since_at, read_at, a, b) + usage_in(u[4], since_at, read_at, a, b)
  FROM (SELECT aggregate_rate_units(consumption, rates) AS u) x
$$;
--> statement-breakpoint
-- The readings' trigger of 0034 with each reading's figures put where they were used; a change of
-- since_at moves them. Temporary tables of their own (a session may hold 0034's).
CREATE OR REPLACE FUNCTION "aggregate_readings_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM aggregate_settings WHERE id = 1), 'Asia/Shanghai');
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS aggregate_reading_spans (s integer, utility text, area_id integer, since_at timestamptz, read_at timestamptz, room_id integer, meter_id integer, consumption numeric, usage_rates jsonb, cost_fen bigint) ON COMMIT DELETE ROWS;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO aggregate_reading_spans SELECT 1, utility, area_id, since_at, read_at, room_id, meter_id, consumption, usage_rates, cost_fen FROM aggregate_new WHERE deleted_at IS NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only rows whose contribution changed (the claim's own update of billed alone does not).
    INSERT INTO aggregate_reading_spans
      SELECT 1, n.utility, n.area_id, n.since_at, n.read_at, n.room_id, n.meter_id, n.consumption, n.usage_rates, n.cost_fen
      FROM aggregate_new n JOIN aggregate_old o ON o.id = n.id
      WHERE (n.deleted_at IS NULL OR o.deleted_at IS NULL)
        AND ((n.deleted_at IS NULL) IS DISTINCT FROM (o.deleted_at IS NULL) OR n.utility IS DISTINCT FROM o.utility OR n.area_id IS DISTINCT FROM o.area_id
          OR n.read_at IS DISTINCT FROM o.read_at OR n.since_at IS DISTINCT FROM o.since_at OR n.room_id IS DISTINCT FROM o.room_id OR n.meter_id IS DISTINCT FROM o.meter_id
          OR n.consumption IS DISTINCT FROM o.consumption OR n.usage_rates IS DISTINCT FROM o.usage_rates OR n.cost_fen IS DISTINCT FROM o.cost_fen)
        AND n.deleted_at IS NULL
      UNION ALL
      SELECT -1, o.utility, o.area_id, o.since_at, o.read_at, o.room_id, o.meter_id, o.consumption, o.usage_rates, o.cost_fen
      FROM aggregate_old o JOIN aggregate_new n ON n.id = o.id
      WHERE (n.deleted_at IS NULL OR o.deleted_at IS NULL)
        AND ((n.deleted_at IS NULL) IS DISTINCT FROM (o.deleted_at IS NULL) OR n.utility IS DISTINCT FROM o.utility OR n.area_id IS DISTINCT FROM o.area_id
          OR n.read_at IS DISTINCT FROM o.read_at OR n.since_at IS DISTINCT FROM o.since_at OR n.room_id IS DISTINCT FROM o.room_id OR n.meter_id IS DISTINCT FROM o.meter_id
          OR n.consumption IS DISTINCT FROM o.consumption OR n.usage_rates IS DISTINCT FROM o.usage_rates OR n.cost_fen IS DISTINCT FROM o.cost_fen)
        AND o.deleted_at IS NULL;
  ELSE
    INSERT INTO aggregate_reading_spans SELECT -1, utility, area_id, since_at, read_at, room_id, meter_id, consumption, usage_rates, cost_fen FROM aggregate_old WHERE deleted_at IS NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM aggregate_reading_spans) THEN
    RETURN NULL;
  END IF;
  -- The deltas per meter and day, once: the days, months and rooms' months are written from them.
  CREATE TEMP TABLE IF NOT EXISTS aggregate_reading_days (utility text, area_id integer, day date, room_id integer, meter_id integer, usage_h bigint, sharp_h bigint, peak_h bigint, flat_h bigint, valley_h bigint, readings integer, cost_fen bigint) ON COMMIT DELETE ROWS;
  INSERT INTO aggregate_reading_days
    SELECT utility, area_id, day, room_id, meter_id, sum(s * (u1 + u2 + u3 + u4)), sum(s * u1), sum(s * u2), sum(s * u3), sum(s * u4), sum(s * n), sum(s * fen)
    FROM (SELECT c.s, c.utility, c.area_id, p.day, coalesce(c.room_id, 0) AS room_id, c.meter_id,
            usage_share(c.u[1], p.e0, p.e1, p.len) AS u1, usage_share(c.u[2], p.e0, p.e1, p.len) AS u2,
            usage_share(c.u[3], p.e0, p.e1, p.len) AS u3, usage_share(c.u[4], p.e0, p.e1, p.len) AS u4,
            usage_share(c.cost_fen, p.e0, p.e1, p.len) AS fen, CASE WHEN p.last THEN 1 ELSE 0 END AS n
          FROM (SELECT *, aggregate_rate_units(consumption, usage_rates) AS u FROM aggregate_reading_spans) c
          CROSS JOIN LATERAL usage_day_pieces(c.since_at, c.read_at, zone) p) x
    GROUP BY utility, area_id, day, room_id, meter_id
    HAVING sum(s * (u1 + u2 + u3 + u4)) <> 0 OR sum(s * u1) <> 0 OR sum(s * u2) <> 0 OR sum(s * u3) <> 0 OR sum(s * u4) <> 0
      OR sum(s * n) <> 0 OR sum(s * fen) <> 0;
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
    SELECT utility, area_id, hour, sum(s * (u1 + u2 + u3 + u4)), sum(s * n), sum(s * fen)
    FROM (SELECT c.s, c.utility, c.area_id, p.hour,
            usage_share(c.u[1], p.e0, p.e1, p.len) AS u1, usage_share(c.u[2], p.e0, p.e1, p.len) AS u2,
            usage_share(c.u[3], p.e0, p.e1, p.len) AS u3, usage_share(c.u[4], p.e0, p.e1, p.len) AS u4,
            usage_share(c.cost_fen, p.e0, p.e1, p.len) AS fen, CASE WHEN p.last THEN 1 ELSE 0 END AS n
          FROM (SELECT *, aggregate_rate_units(consumption, usage_rates) AS u FROM aggregate_reading_spans) c
          CROSS JOIN LATERAL usage_hour_pieces(c.since_at, c.read_at) p) x
    GROUP BY 1, 2, 3
    HAVING sum(s * (u1 + u2 + u3 + u4)) <> 0 OR sum(s * n) <> 0 OR sum(s * fen) <> 0
    ORDER BY 1, 2, 3
  ON CONFLICT (utility, area_id, hour) DO UPDATE SET usage_h = t.usage_h + excluded.usage_h, readings = t.readings + excluded.readings,
    cost_fen = t.cost_fen + excluded.cost_fen;
  DELETE FROM aggregate_reading_days;
  DELETE FROM aggregate_reading_spans;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Readings stored before the rule without their interval: each counted reading's since_at is the
-- reading before it of its meter (what the device pipeline stores for every new reading). Readings
-- without usage keep theirs (the first of a count has none).
UPDATE "readings" r SET "since_at" = p.prev
FROM (SELECT id, read_at, lag(read_at) OVER (PARTITION BY utility, meter_id ORDER BY read_at, id) AS prev
      FROM "readings" WHERE deleted_at IS NULL) p
WHERE r.id = p.id AND r.read_at = p.read_at AND r.since_at IS NULL AND r.consumption > 0 AND p.prev IS NOT NULL AND p.prev < r.read_at;
--> statement-breakpoint
-- Which rule the aggregates and the stored statements were last written by: the server rebuilds
-- them once at start when it is older than the code's (server/domain/usageRule.ts), and says so in
-- the operation log. A new database is seeded by the rule (the seed sets it).
ALTER TABLE "aggregate_settings" ADD COLUMN IF NOT EXISTS "usage_rule" integer NOT NULL DEFAULT 1;
--> statement-breakpoint
-- The usage a charge prices when no reading says it (the demo seed's period charges): its interval
-- (usage_from, usage_to]. Money that prices a reading ('reading', 'reading_delete', 'reading_restore',
-- 'reading_recount') takes the reading's interval as it stands; see server/domain/usageRule.ts.
ALTER TABLE "ledger_entries" ADD COLUMN IF NOT EXISTS "usage_from" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN IF NOT EXISTS "usage_to" timestamp with time zone;
--> statement-breakpoint
-- A void is its own kind (it was a negative refund beside the positive refunds of deleted readings).
UPDATE "ledger_entries" SET "kind" = 'void' WHERE "kind" = 'refund' AND "ref_type" = 'recharge_order';
--> statement-breakpoint
-- Statements that chain: the opening balance (the previous month's closing), voids apart from
-- refunds, `adjust_fen` for what is neither (opening balances taken over, calibrations, move-out
-- settlements), and the current month as a running statement (`running`, to its `created_at`).
-- closing = opening + recharge − void − charge + refund + gift + adjust.
ALTER TABLE "room_statements" ADD COLUMN IF NOT EXISTS "opening_balance_fen" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "room_statements" ADD COLUMN IF NOT EXISTS "void_fen" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "room_statements" ADD COLUMN IF NOT EXISTS "adjust_fen" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "room_statements" ADD COLUMN IF NOT EXISTS "running" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "room_statement_totals" ADD COLUMN IF NOT EXISTS "opening_balance_fen" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "room_statement_totals" ADD COLUMN IF NOT EXISTS "void_fen" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "room_statement_totals" ADD COLUMN IF NOT EXISTS "adjust_fen" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "room_statement_totals_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The changed rows signed: +1 what was written, -1 what was there before.
  CREATE TEMP TABLE IF NOT EXISTS room_statement_changes_v2 (s integer, area_id integer, utility text, month text, usage numeric,
    charge_fen bigint, recharge_fen bigint, refund_fen bigint, gift_fen bigint, closing_balance_fen bigint,
    opening_balance_fen bigint, void_fen bigint, adjust_fen bigint) ON COMMIT DELETE ROWS;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO room_statement_changes_v2 SELECT 1, area_id, utility, month, usage, charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen,
      opening_balance_fen, void_fen, adjust_fen FROM statement_totals_new;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO room_statement_changes_v2 SELECT -1, area_id, utility, month, usage, charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen,
      opening_balance_fen, void_fen, adjust_fen FROM statement_totals_old;
  END IF;
  INSERT INTO room_statement_totals AS t (area_id, utility, month, statements, usage, charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen,
      opening_balance_fen, void_fen, adjust_fen)
    SELECT area_id, utility, month, sum(s), sum(s * usage), sum(s * charge_fen), sum(s * recharge_fen), sum(s * refund_fen), sum(s * gift_fen), sum(s * closing_balance_fen),
      sum(s * opening_balance_fen), sum(s * void_fen), sum(s * adjust_fen)
    FROM room_statement_changes_v2 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (area_id, utility, month) DO UPDATE SET
    statements = t.statements + excluded.statements, usage = t.usage + excluded.usage, charge_fen = t.charge_fen + excluded.charge_fen,
    recharge_fen = t.recharge_fen + excluded.recharge_fen, refund_fen = t.refund_fen + excluded.refund_fen, gift_fen = t.gift_fen + excluded.gift_fen,
    closing_balance_fen = t.closing_balance_fen + excluded.closing_balance_fen, opening_balance_fen = t.opening_balance_fen + excluded.opening_balance_fen,
    void_fen = t.void_fen + excluded.void_fen, adjust_fen = t.adjust_fen + excluded.adjust_fen;
  DELETE FROM room_statement_changes_v2;
  RETURN NULL;
END
$$;
