import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';

/**
 * The daily aggregates (migration 0027): usage per meter and day (`daily_usage`, hundredths of a kWh
 * or m³, split per rate register, with the readings' charge in fen: migration 0031), usage per area and UTC hour (`hourly_area_usage`: the dashboards'
 * totals; a reading's area-hour row is locked until its transaction ends, so readings of one area
 * are stored one transaction after another) and recharge money per room, day and channel (`daily_recharge`,
 * orders not voided), in calendar days of the platform's zone. The dashboards and the graphic
 * reports read them instead of the raw rows.
 *
 * Migration 0034 adds the months: usage per meter and month (`monthly_usage`, the days' figures
 * summed, with the charge), per room and month (`monthly_room_usage`: the top consumers of a month
 * are an index range read to its N-th row) and recharge money per area, day and channel
 * (`daily_area_recharge`), kept by the same triggers and rebuilt with the days.
 *
 * They are kept current by statement-level triggers on `readings` and `recharge_orders`, whoever
 * writes the rows: a statement adds its new rows' contribution and subtracts its old rows'. So a
 * reading soft-deleted (`UPDATE readings SET deleted_at = …`) is subtracted from its day by that very
 * statement, and restoring it (`deleted_at = NULL`) adds it back; a voided order (`order_status = 0`)
 * leaves its day, a hard DELETE too. Nothing else has to be called; `subtractDeletedReadings` is the
 * helper the deleted-readings screen may call for the same update with the aggregate change it made.
 */

/**
 * Every reading's figures (interval in ms, rate registers in hundredths, charge in fen) computed once
 * per reading, for the parts functions of migration 0037.
 */
const readingFigures = (where: SQL) => sql`
  SELECT utility, area_id, coalesce(room_id, 0) AS room_id, meter_id, since_at, read_at,
    usage_ms(since_at)::bigint AS s, usage_ms(read_at)::bigint AS r, u[1] AS u1, u[2] AS u2, u[3] AS u3, u[4] AS u4, cost_fen AS fen
  FROM (SELECT *, aggregate_rate_units(consumption, usage_rates) AS u FROM readings WHERE deleted_at IS NULL AND ${where} OFFSET 0) x OFFSET 0`;

/**
 * A figure's part of a piece [a, b) of a reading's interval (`c.len` ms): usage_part (migration 0037)
 * written out, its quotients in bigint where no product can overflow (`c.safe`: every figure of the
 * reading times the length under usage_part's bound, where usage_part answers the same), else
 * usage_part itself. A third less work per piece than calling usage_part for each figure.
 */
const SAFE = sql.raw(`greatest(abs(f.u1), abs(f.u2), abs(f.u3), abs(f.u4), abs(f.fen))::float8 * (f.r - f.s)::float8 < 4.0e18 AS safe`);
const partOf = (figure: string) => `c.${figure} * w.b / c.len - c.${figure} * w.a / c.len`;
const piece = (...figures: string[]) => sql.raw(`CASE WHEN c.safe THEN ${figures.map(partOf).join(' + ')}
    ELSE ${figures.map((figure) => `usage_part(c.${figure}, w.a, w.b, c.len)`).join(' + ')} END`);

/**
 * Every reading's figures in parts of the days of the aggregates' zone (usage per rate register in
 * hundredths, charge in fen, `n` 1 on the day it was taken), by the rule of
 * server/domain/usageRule.ts: what the triggers write (usage_day_parts, migration 0037), written out
 * here for many readings at once (and so in the readings' trigger since migration 0042). The zone's day edges in ms are worked out once (`edges[k]`: the start
 * of the k-th day from the readings' first, a day's end the next one's start, so days of 23 or 25 hours
 * too), not twice per piece; a reading's interval is split over its days by usage_part; each reading
 * counts (n = 1) on a row of its own on the day it was taken, with its figures when it has no interval;
 * a reading whose figures are all zero has no pieces to split. The same sums as usage_day_parts's, at
 * half the cost.
 */
const dayPieces = (where: SQL = sql`true`) => sql`
  WITH z AS (
    SELECT z.time_zone AS zone, b.first, array(SELECT usage_ms(d AT TIME ZONE z.time_zone)::bigint
      FROM generate_series(b.first::timestamp, b.last::timestamp + interval '1 day', interval '1 day') AS d ORDER BY d) AS edges
    FROM aggregate_settings z
    CROSS JOIN LATERAL (SELECT (min(since_at) AT TIME ZONE z.time_zone)::date AS first, (max(read_at) AT TIME ZONE z.time_zone)::date AS last
      FROM readings WHERE deleted_at IS NULL AND ${where}) b)
  SELECT c.utility, c.area_id, c.d0 + k AS day, c.room_id, c.meter_id, ${piece('u1')} AS u1, ${piece('u2')} AS u2, ${piece('u3')} AS u3, ${piece('u4')} AS u4,
    ${piece('fen')} AS fen, 0 AS n
  FROM (SELECT f.*, f.r - f.s AS len, ${SAFE}, (f.since_at AT TIME ZONE z.zone)::date AS d0, (f.read_at AT TIME ZONE z.zone)::date AS d1, z.first, z.edges
        FROM (${readingFigures(where)}) f CROSS JOIN z WHERE f.s < f.r AND (f.u1 <> 0 OR f.u2 <> 0 OR f.u3 <> 0 OR f.u4 <> 0 OR f.fen <> 0) OFFSET 0) c
  CROSS JOIN LATERAL generate_series(0, c.d1 - c.d0) AS k
  CROSS JOIN LATERAL (SELECT greatest(c.edges[c.d0 + k - c.first + 1] - c.s, 0) AS a, least(c.edges[c.d0 + k - c.first + 2] - c.s, c.len) AS b) w
  WHERE w.a < w.b
  UNION ALL
  SELECT f.utility, f.area_id, (f.read_at AT TIME ZONE z.zone)::date, f.room_id, f.meter_id, CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.u1 ELSE 0 END,
    CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.u2 ELSE 0 END, CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.u3 ELSE 0 END,
    CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.u4 ELSE 0 END, CASE WHEN f.s IS NULL OR f.s >= f.r THEN f.fen ELSE 0 END, 1
  FROM (${readingFigures(where)}) f CROSS JOIN z`;

/**
 * The same in UTC hours, per area (usage_h the sum of the rate registers' parts, `hour` the hour's
 * index since the epoch: `to_timestamp(hour * 3600)`): the pieces of usage_hour_parts (migration 0037)
 * written out here, for the whole estate at once. A reading's interval split into its hours by
 * usage_part, each reading counted (n = 1) on a row of its own in the hour it was taken, with its
 * figures when it has no interval; a reading whose figures are all zero has no pieces to split (each
 * would be zero). The same sums as usage_hour_parts's, at half the cost (no union of three queries
 * per reading, no pieces of zeros, `piece`): the rebuild and the check split the estate's 6.5 million hours.
 */
const hourPieces = (where: SQL = sql`true`) => sql`
  SELECT c.utility, c.area_id, i AS hour, ${piece('u1', 'u2', 'u3', 'u4')} AS usage_h, ${piece('fen')} AS fen, 0 AS n
  FROM (SELECT f.*, f.r - f.s AS len, ${SAFE} FROM (${readingFigures(where)}) f WHERE s < r AND (u1 <> 0 OR u2 <> 0 OR u3 <> 0 OR u4 <> 0 OR fen <> 0) OFFSET 0) c
  CROSS JOIN LATERAL generate_series(c.s / 3600000, (c.r - 1) / 3600000) AS i
  CROSS JOIN LATERAL (SELECT greatest(i * 3600000 - c.s, 0) AS a, least((i + 1) * 3600000 - c.s, c.len) AS b) w
  UNION ALL
  SELECT utility, area_id, r / 3600000, CASE WHEN s IS NULL OR s >= r THEN u1 + u2 + u3 + u4 ELSE 0 END, CASE WHEN s IS NULL OR s >= r THEN fen ELSE 0 END, 1
  FROM (${readingFigures(where)}) f`;

/** The zone the aggregates' days are in. */
export async function aggregateTimeZone(db: Db): Promise<string | null> {
  const [row] = rowsOf<{ time_zone: string }>(await db.execute(sql`SELECT time_zone FROM aggregate_settings WHERE id = 1`));
  return row?.time_zone ?? null;
}

/**
 * Rebuilds both aggregates from the raw rows (in one transaction; the triggers keep them from then
 * on). For a changed zone, and as the remedy should they ever be found wrong.
 */
export async function rebuildDailyAggregates(db: Db, options: { hours?: boolean } = {}): Promise<{ usageRows: number; rechargeRows: number }> {
  return db.transaction(async (tx) => {
    // Writers wait: a reading stored during the rebuild is neither lost nor counted twice.
    await tx.execute(sql`LOCK TABLE readings, recharge_orders IN SHARE MODE`);
    await tx.execute(sql`DELETE FROM daily_usage`);
    await tx.execute(sql`DELETE FROM daily_recharge`);
    await tx.execute(sql`DELETE FROM monthly_usage`);
    await tx.execute(sql`DELETE FROM monthly_room_usage`);
    await tx.execute(sql`DELETE FROM daily_area_recharge`);
    // The UTC hours (two thirds of the work: a reading read once a day has 24 of them) do not
    // depend on the zone; `hours: false` keeps them (a change of zone).
    if (options.hours ?? true) {
      await tx.execute(sql`DELETE FROM hourly_area_usage`);
      await tx.execute(sql`
        INSERT INTO hourly_area_usage (utility, area_id, hour, usage_h, readings, cost_fen)
        SELECT utility, area_id, to_timestamp(x.hour * 3600), sum(usage_h), sum(n), sum(fen) FROM (${hourPieces()}) x GROUP BY 1, 2, x.hour
        HAVING sum(usage_h) <> 0 OR sum(n) <> 0 OR sum(fen) <> 0`);
    }
    const usage = rowsOf<{ n: number }>(await tx.execute(sql`
      WITH ins AS (
        INSERT INTO daily_usage (utility, area_id, day, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings, cost_fen)
        SELECT utility, area_id, day, room_id, meter_id, sum(u1 + u2 + u3 + u4), sum(u1), sum(u2), sum(u3), sum(u4), sum(n), sum(fen)
        FROM (${dayPieces()}) x
        GROUP BY 1, 2, 3, 4, 5
        HAVING sum(u1 + u2 + u3 + u4) <> 0 OR sum(n) <> 0 OR sum(fen) <> 0
        RETURNING 1)
      SELECT count(*)::int AS n FROM ins`));
    const recharge = rowsOf<{ n: number }>(await tx.execute(sql`
      WITH ins AS (
        INSERT INTO daily_recharge (utility, area_id, day, room_id, channel, amount_fen, orders)
        SELECT o.utility, o.area_id, (o.created_at AT TIME ZONE z.time_zone)::date, o.room_id, o.channel, sum(o.amount_fen), count(*)
        FROM recharge_orders o CROSS JOIN aggregate_settings z WHERE o.order_status <> 0
        GROUP BY 1, 2, 3, 4, 5
        RETURNING 1)
      SELECT count(*)::int AS n FROM ins`));
    // The months and the areas' recharge days from the days just rebuilt (migration 0034).
    await tx.execute(sql`
      INSERT INTO monthly_usage (utility, area_id, month, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, cost_fen, readings)
      SELECT utility, area_id, date_trunc('month', day)::date, room_id, meter_id, sum(usage_h), sum(sharp_h), sum(peak_h), sum(flat_h), sum(valley_h), sum(cost_fen), sum(readings)
      FROM daily_usage GROUP BY 1, 2, 3, 4, 5`);
    await tx.execute(sql`
      INSERT INTO monthly_room_usage (utility, area_id, month, room_id, usage_h, readings)
      SELECT utility, area_id, month, room_id, sum(usage_h), sum(readings) FROM monthly_usage GROUP BY 1, 2, 3, 4`);
    await tx.execute(sql`
      INSERT INTO daily_area_recharge (utility, area_id, day, channel, amount_fen, orders)
      SELECT utility, area_id, day, channel, sum(amount_fen), sum(orders) FROM daily_recharge GROUP BY 1, 2, 3, 4`);
    return { usageRows: Number(usage[0]?.n ?? 0), rechargeRows: Number(recharge[0]?.n ?? 0) };
  });
}

/**
 * Sets the zone of the aggregates' days (BILLING_TIME_ZONE, at the server's start) and rebuilds them
 * when it changed (the days, months and recharge days; the UTC hours stay as they are). Answers
 * whether it rebuilt.
 */
export async function configureAggregateZone(db: Db, timeZone: string): Promise<boolean> {
  if ((await aggregateTimeZone(db)) === timeZone) return false;
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO aggregate_settings (id, time_zone) VALUES (1, ${timeZone}) ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone`);
  });
  await rebuildDailyAggregates(db, { hours: false });
  return true;
}

export interface AggregateDifference {
  table: 'daily_usage' | 'hourly_area_usage' | 'daily_recharge' | 'monthly_usage' | 'monthly_room_usage' | 'daily_area_recharge';
  key: string; stored: string | null; expected: string | null;
}

/**
 * The start of the aggregates' month that `since` lies in, as an instant and as a day (SQL scalars).
 * The keys from there on are what a scoped check compares: every reading that adds to them was read
 * from there on (its interval ends when it was read).
 */
const monthOf = (since: Date) => {
  const at = sql`${since.toISOString()}::timestamptz`;
  return {
    at: sql`(SELECT date_trunc('month', ${at} AT TIME ZONE time_zone) AT TIME ZONE time_zone FROM aggregate_settings WHERE id = 1)`,
    day: sql`(SELECT date_trunc('month', ${at} AT TIME ZONE time_zone)::date FROM aggregate_settings WHERE id = 1)`,
  };
};

/**
 * The aggregates against the raw rows: every key whose stored figures differ from what the raw rows
 * give (rows whose figures are all zero count as absent). Empty when they are exact.
 *
 * `since` (a test that changed readings only from some time on, after the whole was checked) compares
 * the usage keys from the start of that time's month on, from the readings read since then: a
 * fraction of the work. What lies before is the caller's to show unchanged
 * (`aggregateFingerprintBefore`). The recharge keys are always all compared (they are cheap).
 *
 * `hours: false` leaves the UTC hours out (two fifths of the work): after a change of zone, which
 * rebuilds everything but them, when the caller shows them unchanged by it.
 */
export async function dailyAggregateDifferences(db: Db, limit = 20, options: { since?: Date; hours?: boolean } = {}): Promise<AggregateDifference[]> {
  const month = options.since ? monthOf(options.since) : null;
  const readFrom = month ? sql`read_at >= ${month.at}` : sql`true`;
  const dayFrom = (column: string) => (month ? sql`${sql.raw(column)} >= ${month.day}` : sql`true`);
  const hourFrom = month ? sql`hour >= ${month.at}` : sql`true`;
  const pieceHourFrom = month ? sql`x.hour >= (SELECT ceil(extract(epoch FROM ${month.at}) / 3600)::bigint)` : sql`true`;
  // The day pieces are worked out once (the costliest part: every reading split into its days), and
  // the months per meter and per room are their days added up, compared in the same statement.
  type Row = { kind: string; key: string; stored: string | null; expected: string | null };
  const nonZero = sql.raw(['usage_h', 'sharp_h', 'peak_h', 'flat_h', 'valley_h', 'readings', 'cost_fen'].map((c) => `${c} <> 0`).join(' OR '));
  const usageRows = rowsOf<Row>(await db.execute(sql`
    WITH days AS MATERIALIZED (
      SELECT utility, area_id, day, room_id, meter_id, sum(u1 + u2 + u3 + u4) AS usage_h, sum(u1) AS sharp_h, sum(u2) AS peak_h,
        sum(u3) AS flat_h, sum(u4) AS valley_h, sum(n)::int AS readings, sum(fen) AS cost_fen
      FROM (${dayPieces(readFrom)}) x WHERE ${dayFrom('day')}
      GROUP BY 1, 2, 3, 4, 5),
    months AS MATERIALIZED (
      SELECT utility, area_id, date_trunc('month', day)::date AS month, room_id, meter_id, sum(usage_h) AS usage_h, sum(sharp_h) AS sharp_h,
        sum(peak_h) AS peak_h, sum(flat_h) AS flat_h, sum(valley_h) AS valley_h, sum(readings)::int AS readings, sum(cost_fen) AS cost_fen
      FROM days GROUP BY 1, 2, 3, 4, 5),
    rooms AS (
      SELECT utility, area_id, month, room_id, sum(usage_h) AS usage_h, sum(readings)::int AS readings
      FROM months GROUP BY 1, 2, 3, 4 HAVING sum(usage_h) <> 0 OR sum(readings) <> 0)
    (SELECT 'daily_usage' AS kind, concat_ws('/', coalesce(s.utility, e.utility), coalesce(s.area_id, e.area_id), coalesce(s.day, e.day), coalesce(s.room_id, e.room_id), coalesce(s.meter_id, e.meter_id)) AS key,
      CASE WHEN s.utility IS NULL THEN NULL ELSE concat_ws(',', s.usage_h, s.sharp_h, s.peak_h, s.flat_h, s.valley_h, s.readings, s.cost_fen) END AS stored,
      CASE WHEN e.utility IS NULL THEN NULL ELSE concat_ws(',', e.usage_h, e.sharp_h, e.peak_h, e.flat_h, e.valley_h, e.readings, e.cost_fen) END AS expected
    FROM (SELECT * FROM daily_usage WHERE (${nonZero}) AND ${dayFrom('day')}) s FULL JOIN (SELECT * FROM days WHERE ${nonZero}) e USING (utility, area_id, day, room_id, meter_id)
    WHERE s.utility IS NULL OR e.utility IS NULL OR (s.usage_h, s.sharp_h, s.peak_h, s.flat_h, s.valley_h, s.readings, s.cost_fen) IS DISTINCT FROM (e.usage_h, e.sharp_h, e.peak_h, e.flat_h, e.valley_h, e.readings, e.cost_fen)
    ORDER BY 2 LIMIT ${limit})
    UNION ALL
    (SELECT 'monthly_usage', concat_ws('/', coalesce(s.utility, e.utility), coalesce(s.area_id, e.area_id), coalesce(s.month, e.month), coalesce(s.room_id, e.room_id), coalesce(s.meter_id, e.meter_id)),
      CASE WHEN s.utility IS NULL THEN NULL ELSE concat_ws(',', s.usage_h, s.sharp_h, s.peak_h, s.flat_h, s.valley_h, s.cost_fen, s.readings) END,
      CASE WHEN e.utility IS NULL THEN NULL ELSE concat_ws(',', e.usage_h, e.sharp_h, e.peak_h, e.flat_h, e.valley_h, e.cost_fen, e.readings) END
    FROM (SELECT * FROM monthly_usage WHERE (${nonZero}) AND ${dayFrom('month')}) s FULL JOIN (SELECT * FROM months WHERE ${nonZero}) e USING (utility, area_id, month, room_id, meter_id)
    WHERE s.utility IS NULL OR e.utility IS NULL OR (s.usage_h, s.sharp_h, s.peak_h, s.flat_h, s.valley_h, s.cost_fen, s.readings) IS DISTINCT FROM (e.usage_h, e.sharp_h, e.peak_h, e.flat_h, e.valley_h, e.cost_fen, e.readings)
    ORDER BY 2 LIMIT ${limit})
    UNION ALL
    (SELECT 'monthly_room_usage', concat_ws('/', coalesce(s.utility, e.utility), coalesce(s.area_id, e.area_id), coalesce(s.month, e.month), coalesce(s.room_id, e.room_id)),
      CASE WHEN s.utility IS NULL THEN NULL ELSE concat_ws(',', s.usage_h, s.readings) END,
      CASE WHEN e.utility IS NULL THEN NULL ELSE concat_ws(',', e.usage_h, e.readings) END
    FROM (SELECT * FROM monthly_room_usage WHERE (readings <> 0 OR usage_h <> 0) AND ${dayFrom('month')}) s FULL JOIN rooms e USING (utility, area_id, month, room_id)
    WHERE s.utility IS NULL OR e.utility IS NULL OR (s.usage_h, s.readings) IS DISTINCT FROM (e.usage_h, e.readings)
    ORDER BY 2 LIMIT ${limit})`));
  const ofKind = (kind: string) => usageRows.filter((row) => row.kind === kind).map(({ key, stored, expected }) => ({ key, stored, expected }));
  const usage = ofKind('daily_usage');
  const monthly = ofKind('monthly_usage');
  const monthlyRooms = ofKind('monthly_room_usage');
  const recharge = rowsOf<{ key: string; stored: string | null; expected: string | null }>(await db.execute(sql`
    WITH expected AS (
      SELECT o.utility, o.area_id, (o.created_at AT TIME ZONE z.time_zone)::date AS day, o.room_id, o.channel, sum(o.amount_fen) AS amount_fen, count(*)::int AS orders
      FROM recharge_orders o CROSS JOIN aggregate_settings z WHERE o.order_status <> 0
      GROUP BY 1, 2, 3, 4, 5),
    stored AS (SELECT * FROM daily_recharge WHERE amount_fen <> 0 OR orders <> 0)
    SELECT concat_ws('/', coalesce(s.utility, e.utility), coalesce(s.area_id, e.area_id), coalesce(s.day, e.day), coalesce(s.room_id, e.room_id), coalesce(s.channel, e.channel)) AS key,
      CASE WHEN s.utility IS NULL THEN NULL ELSE concat_ws(',', s.amount_fen, s.orders) END AS stored,
      CASE WHEN e.utility IS NULL THEN NULL ELSE concat_ws(',', e.amount_fen, e.orders) END AS expected
    FROM stored s FULL JOIN expected e USING (utility, area_id, day, room_id, channel)
    WHERE s.utility IS NULL OR e.utility IS NULL OR (s.amount_fen, s.orders) IS DISTINCT FROM (e.amount_fen, e.orders)
    ORDER BY 1 LIMIT ${limit}`));
  const hourly = options.hours === false ? [] : rowsOf<{ key: string; stored: string | null; expected: string | null }>(await db.execute(sql`
    WITH expected AS (
      SELECT utility, area_id, to_timestamp(x.hour * 3600) AS hour, sum(usage_h) AS usage_h, sum(n)::int AS readings, sum(fen) AS cost_fen
      FROM (${hourPieces(readFrom)}) x WHERE ${pieceHourFrom} GROUP BY 1, 2, x.hour
      HAVING sum(usage_h) <> 0 OR sum(n) <> 0 OR sum(fen) <> 0),
    stored AS (SELECT * FROM hourly_area_usage WHERE (usage_h <> 0 OR readings <> 0 OR cost_fen <> 0) AND ${hourFrom})
    SELECT concat_ws('/', coalesce(s.utility, e.utility), coalesce(s.area_id, e.area_id), to_char(coalesce(s.hour, e.hour) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24')) AS key,
      CASE WHEN s.utility IS NULL THEN NULL ELSE concat_ws(',', s.usage_h, s.readings, s.cost_fen) END AS stored,
      CASE WHEN e.utility IS NULL THEN NULL ELSE concat_ws(',', e.usage_h, e.readings, e.cost_fen) END AS expected
    FROM stored s FULL JOIN expected e USING (utility, area_id, hour)
    WHERE s.utility IS NULL OR e.utility IS NULL OR (s.usage_h, s.readings, s.cost_fen) IS DISTINCT FROM (e.usage_h, e.readings, e.cost_fen)
    ORDER BY 1 LIMIT ${limit}`));
  // The areas' recharge days against the same raw rows.
  const areaRecharge = rowsOf<{ key: string; stored: string | null; expected: string | null }>(await db.execute(sql`
    WITH expected AS (
      SELECT o.utility, o.area_id, (o.created_at AT TIME ZONE z.time_zone)::date AS day, o.channel, sum(o.amount_fen) AS amount_fen, count(*)::int AS orders
      FROM recharge_orders o CROSS JOIN aggregate_settings z WHERE o.order_status <> 0
      GROUP BY 1, 2, 3, 4),
    stored AS (SELECT * FROM daily_area_recharge WHERE amount_fen <> 0 OR orders <> 0)
    SELECT concat_ws('/', coalesce(s.utility, e.utility), coalesce(s.area_id, e.area_id), coalesce(s.day, e.day), coalesce(s.channel, e.channel)) AS key,
      CASE WHEN s.utility IS NULL THEN NULL ELSE concat_ws(',', s.amount_fen, s.orders) END AS stored,
      CASE WHEN e.utility IS NULL THEN NULL ELSE concat_ws(',', e.amount_fen, e.orders) END AS expected
    FROM stored s FULL JOIN expected e USING (utility, area_id, day, channel)
    WHERE s.utility IS NULL OR e.utility IS NULL OR (s.amount_fen, s.orders) IS DISTINCT FROM (e.amount_fen, e.orders)
    ORDER BY 1 LIMIT ${limit}`));
  return [
    ...monthly.map((row) => ({ table: 'monthly_usage' as const, ...row })),
    ...monthlyRooms.map((row) => ({ table: 'monthly_room_usage' as const, ...row })),
    ...areaRecharge.map((row) => ({ table: 'daily_area_recharge' as const, ...row })),
    ...hourly.map((row) => ({ table: 'hourly_area_usage' as const, ...row })),
    ...usage.map((row) => ({ table: 'daily_usage' as const, ...row })),
    ...recharge.map((row) => ({ table: 'daily_recharge' as const, ...row })),
  ];
}

/**
 * Soft-deletes readings (deleted_at, by whom, why) and answers what left the daily aggregates: the
 * usage per reading's day, in hundredths. The subtraction itself is the trigger's, as for any
 * UPDATE of `deleted_at`; readings already deleted are left as they are and not counted.
 */
export async function subtractDeletedReadings(db: Db, readingIds: number[], by: { userId: number | null; reason: string; at: Date }) {
  if (!readingIds.length) return [] as { id: number; utility: string; day: string; usageH: number }[];
  const rows = rowsOf<{ id: number; utility: string; day: string; usage_h: string }>(await db.execute(sql`
    UPDATE readings r SET deleted_at = ${by.at.toISOString()}::timestamptz, deleted_by = ${by.userId}, delete_reason = ${by.reason}
    FROM aggregate_settings z
    WHERE r.id IN (${sql.join(readingIds.map((id) => sql`${id}`), sql`, `)}) AND r.deleted_at IS NULL
    RETURNING r.id, r.utility, to_char(((CASE WHEN r.since_at < r.read_at THEN r.read_at - interval '1 microsecond' ELSE r.read_at END) AT TIME ZONE z.time_zone)::date, 'YYYY-MM-DD') AS day, round(r.consumption * 100)::bigint AS usage_h`));
  return rows.map((row) => ({ id: Number(row.id), utility: row.utility, day: row.day, usageH: Number(row.usage_h) }));
}

/**
 * A fingerprint of the usage aggregates' keys before the month `since` lies in (the part a scoped
 * `dailyAggregateDifferences` does not compare): equal before and after a change that should not
 * have touched them.
 */
export async function aggregateFingerprintBefore(db: Db, since: Date): Promise<string> {
  const month = monthOf(since);
  const [row] = rowsOf<{ f: string }>(await db.execute(sql`
    SELECT concat_ws(' ',
      (SELECT md5(string_agg(concat_ws(',', utility, area_id, day, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings, cost_fen), ';' ORDER BY utility, area_id, day, room_id, meter_id))
       FROM daily_usage WHERE day < ${month.day}),
      (SELECT md5(string_agg(concat_ws(',', utility, area_id, month, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings, cost_fen), ';' ORDER BY utility, area_id, month, room_id, meter_id))
       FROM monthly_usage WHERE month < ${month.day}),
      (SELECT md5(string_agg(concat_ws(',', utility, area_id, month, room_id, usage_h, readings), ';' ORDER BY utility, area_id, month, room_id))
       FROM monthly_room_usage WHERE month < ${month.day}),
      (SELECT md5(string_agg(concat_ws(',', utility, area_id, hour, usage_h, readings, cost_fen), ';' ORDER BY utility, area_id, hour))
       FROM hourly_area_usage WHERE hour < ${month.at})) AS f`));
  return row.f;
}
