import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { refused } from './results';
import { ORDER_STATUS } from '../../common/states';
import { dayKey, startOfLocalDay, type Utility } from './dashboard';
import { aggregateTimeZone } from './aggregates';
import { usageHIn } from './usageSql';

/** The longest range of the graphic reports, in days. */
export const REPORT_MAX_DAYS = 366;
/** Rooms of the top list. */
export const REPORT_TOP_ROOMS = 10;

export interface GraphicReport {
  utility: Utility;
  from: string;
  to: string;
  /** Usage per project and building over the range. */
  byBuilding: { projectName: string; buildingName: string; usage: number }[];
  /** Recharge orders (not voided) per channel: money and count. */
  byChannel: { channel: string; amountFen: number; orders: number }[];
  /** Usage per day of the range. */
  daily: { day: string; usage: number }[];
  /** The rooms that used most over the range. */
  topRooms: { roomId: number; roomCode: string; buildingName: string; projectName: string; usage: number }[];
  /** Usage per rate register over the range (a reading's rate split, else all of it flat: the monthly settlement's rule). */
  byRate: { rate: 'sharp' | 'peak' | 'flat' | 'valley'; usage: number }[];
  /** At the end of each day of the range: rooms whose balance is below zero, and the sum of those balances (fen, ≤ 0). */
  arrears: { day: string; rooms: number; arrearsFen: number }[];
}

export const RATES = ['sharp', 'peak', 'flat', 'valley'] as const;

const inAreas = (column: SQL, areaIds: number[]) =>
  (areaIds.length ? sql`${column} IN (${sql.join(areaIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const qty = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;
const dayParts = (day: string) => day.split('-').map(Number) as [number, number, number];

/**
 * The graphic reports (tuxingbaobiao) over calendar days [from, to) of the platform's zone, within
 * the caller's areas: usage by project and building, recharges by channel, usage per day and the
 * top rooms. A range that is empty, reversed or longer than REPORT_MAX_DAYS is refused.
 */
export async function graphicReport(db: Db, areaIds: number[], utility: Utility, from: string, to: string, timeZone: string,
  options: { source?: 'aggregates' | 'raw' } = {}): Promise<GraphicReport> {
  const [fy, fm, fd] = dayParts(from);
  const [ty, tm, td] = dayParts(to);
  const days = Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
  if (days <= 0) throw refused('errors.report.rangeOrder', {}, 'to');
  if (days > REPORT_MAX_DAYS) throw refused('errors.report.rangeTooLong', { days: REPORT_MAX_DAYS }, 'to');
  const starts = Array.from({ length: days + 1 }, (_, i) => startOfLocalDay(fy, fm, fd + i, timeZone));
  const [figures, arrears] = await Promise.all([
    (options.source ?? 'aggregates') === 'aggregates' && (await aggregateTimeZone(db)) === timeZone
      ? aggregateReport(db, areaIds, utility, starts, timeZone)
      : rawReport(db, areaIds, utility, starts, timeZone),
    arrearsTrend(db, areaIds, utility, starts, timeZone),
  ]);
  return { utility, from, to, ...figures, arrears };
}

type Figures = Omit<GraphicReport, 'utility' | 'from' | 'to' | 'arrears'>;

/** The figures from the raw readings and orders (the bench's yardstick; the answer when the aggregates' zone is another). */
async function rawReport(db: Db, areaIds: number[], utility: Utility, starts: Date[], timeZone: string): Promise<Figures> {
  const days = starts.length - 1;
  const start = starts[0];
  const end = starts[days];
  // Each reading's part in the range by the rule (usageRule.ts): the readings whose interval meets it.
  const where = sql`r.utility = ${utility} AND ${inAreas(sql.raw('r.area_id'), areaIds)} AND r.deleted_at IS NULL
    AND r.read_at >= ${ts(start)} AND least(r.since_at, r.read_at) < ${ts(end)}`;
  const part = usageHIn(start, end, 'r');
  // The rooms counted are those that used something in the range or had a reading taken in it (as the
  // aggregates count them: a one-day range of meters read at 00:00 has its usage in readings taken the day after).
  const ends = sql`(r.read_at >= ${ts(start)} AND r.read_at < ${ts(end)})`;
  const perRoom = sql`SELECT r.room_id, sum(${part}) AS h FROM readings r WHERE ${where} AND r.room_id IS NOT NULL GROUP BY r.room_id HAVING bool_or(${ends}) OR sum(${part}) <> 0`;

  const byBuilding = rowsOf<Record<string, unknown>>(await db.execute(sql`
    SELECT p.name AS project_name, b.name AS building_name, sum(t.h) / 100.0 AS usage
    FROM (${perRoom}) t JOIN rooms rm ON rm.id = t.room_id JOIN buildings b ON b.id = rm.building_id JOIN projects p ON p.id = rm.project_id
    GROUP BY p.name, b.name ORDER BY p.name, b.name`));
  const thresholds = sql`ARRAY[${sql.join(starts.map((at) => sql`${at.getTime() / 1000}`), sql`, `)}]::float8[]`;
  // Each reading against the days it meets only (day i when read_at >= its start and the interval
  // begins before its end: from the day its interval begins in to the day it was read in), not
  // against every day of the range.
  const bucket = (at: SQL) => sql`width_bucket(extract(epoch FROM ${at})::float8, ${thresholds})`;
  const daily = rowsOf<{ b: number; usage: string }>(await db.execute(sql`
    SELECT d.i AS b, sum(${usageHIn(sql`d.a`, sql`d.z`, 'r')}) / 100.0 AS usage
    FROM readings r CROSS JOIN LATERAL (
      SELECT i, to_timestamp((${thresholds})[i]) AS a, to_timestamp((${thresholds})[i + 1]) AS z
      FROM generate_series(greatest(${bucket(sql`least(r.since_at, r.read_at)`)}, 1), least(${bucket(sql`r.read_at`)}, ${days})) i) d
    WHERE ${where}
    GROUP BY 1`));
  const top = rowsOf<Record<string, unknown>>(await db.execute(sql`
    SELECT t.room_id, t.usage, rm.room_code, b.name AS building_name, p.name AS project_name
    FROM (SELECT room_id, h / 100.0 AS usage, h FROM (${perRoom}) x ORDER BY h DESC, room_id LIMIT ${REPORT_TOP_ROOMS}) t
    JOIN rooms rm ON rm.id = t.room_id JOIN buildings b ON b.id = rm.building_id JOIN projects p ON p.id = rm.project_id
    ORDER BY t.usage DESC, t.room_id`));
  const channels = rowsOf<Record<string, unknown>>(await db.execute(sql`
    SELECT o.channel, sum(o.amount_fen) AS amount_fen, count(*)::int AS orders FROM recharge_orders o
    WHERE o.utility = ${utility} AND ${inAreas(sql.raw('o.area_id'), areaIds)} AND o.order_status <> ${ORDER_STATUS.void}
      AND o.created_at >= ${ts(start)} AND o.created_at < ${ts(end)}
    GROUP BY o.channel ORDER BY sum(o.amount_fen) DESC, o.channel`));

  const [rates] = rowsOf<{ u: (string | number)[] | string | null }>(await db.execute(sql`
    SELECT ARRAY[sum(usage_in(x.u[1], x.since_at, x.read_at, ${ts(start)}, ${ts(end)})), sum(usage_in(x.u[2], x.since_at, x.read_at, ${ts(start)}, ${ts(end)})),
      sum(usage_in(x.u[3], x.since_at, x.read_at, ${ts(start)}, ${ts(end)})), sum(usage_in(x.u[4], x.since_at, x.read_at, ${ts(start)}, ${ts(end)}))] AS u
    FROM (SELECT aggregate_rate_units(r.consumption, r.usage_rates) AS u, r.since_at, r.read_at FROM readings r WHERE ${where}) x`));
  const perDay = new Array<number>(days).fill(0);
  for (const row of daily) {
    const i = Number(row.b) - 1;
    if (i >= 0 && i < days) perDay[i] += Number(row.usage);
  }
  return {
    byRate: rateRows(rates?.u),
    byBuilding: byBuilding.map((row) => ({ projectName: String(row.project_name), buildingName: String(row.building_name), usage: qty(row.usage) })),
    byChannel: channels.map((row) => ({ channel: String(row.channel), amountFen: Number(row.amount_fen), orders: Number(row.orders) })),
    daily: starts.slice(0, days).map((at, i) => ({ day: dayKey(at, timeZone), usage: qty(perDay[i]) })),
    topRooms: top.map((row) => ({
      roomId: Number(row.room_id), roomCode: String(row.room_code), buildingName: String(row.building_name), projectName: String(row.project_name), usage: qty(row.usage),
    })),
  };
}

/** [sharp, peak, flat, valley] hundredths (an array, or PostgreSQL's array text) as the report's rows. */
function rateRows(value: (string | number | null)[] | string | null | undefined): Figures['byRate'] {
  const list = typeof value === 'string' ? value.replace(/[{}]/g, '').split(',') : value ?? [];
  return RATES.map((rate, i) => ({ rate, usage: qty(Number(list[i] === 'NULL' ? 0 : list[i] ?? 0) / 100) }));
}

/** `YYYY-MM-DD` of a calendar day number (days since 1970-01-01). */
const dayOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
const dayNumber = (day: string) => { const [y, m, d] = dayParts(day); return Date.UTC(y, m - 1, d) / 86_400_000; };

/**
 * The calendar days [first, end) as what to read: whole months (`monthly_usage`), days added
 * (`daily_usage`) and days taken off a whole month (`daily_usage`, subtracted). A month the range
 * covers only in part is read as its days in the range, or as the month less its other days when
 * those are fewer (days after `today` hold nothing and cost nothing), so that no month costs more
 * than half its days.
 */
export function rangeAsMonths(first: string, end: string, today: string) {
  const months: string[] = [];
  const added: [string, string][] = [];
  const subtracted: [string, string][] = [];
  const [from, to, now] = [dayNumber(first), dayNumber(end), dayNumber(today)];
  let [y, m] = dayParts(first);
  for (;;) {
    const monthStart = Date.UTC(y, m - 1, 1) / 86_400_000;
    const nextStart = Date.UTC(y, m, 1) / 86_400_000;
    if (monthStart >= to) break;
    const inside: [number, number] = [Math.max(from, monthStart), Math.min(to, nextStart)];
    if (inside[0] === monthStart && inside[1] === nextStart) months.push(dayOf(monthStart));
    else {
      // The month's days outside the range that may hold rows: before it, and after it up to today.
      const before = inside[0] - monthStart;
      const after = Math.max(0, Math.min(nextStart, now + 1) - inside[1]);
      if (before + after < inside[1] - inside[0]) {
        months.push(dayOf(monthStart));
        if (before) subtracted.push([dayOf(monthStart), dayOf(inside[0])]);
        if (inside[1] < nextStart) subtracted.push([dayOf(inside[1]), dayOf(nextStart)]);
      } else added.push([dayOf(inside[0]), dayOf(inside[1])]);
    }
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return { months, added, subtracted };
}

/**
 * The figures from the aggregates: the range is whole days, so nothing is read raw. Each room's
 * usage over the range is summed once (usage by building, the top rooms and the usage by rate come
 * from those sums in the same statement) from its meters' whole months (`monthly_usage`, migration
 * 0034: one row a meter and month) and the days of the months the range covers in part
 * (`daily_usage`, one row a meter and day: added, or taken off the month when fewer), rather than
 * from every meter's every day; the usage per day from `hourly_area_usage` (24 rows a day) when the
 * zone's days start on whole UTC hours, else from `daily_usage`; the channels from
 * `daily_area_recharge` (a few rows a day).
 */
async function aggregateReport(db: Db, areaIds: number[], utility: Utility, starts: Date[], timeZone: string): Promise<Figures> {
  const days = starts.length - 1;
  const first = dayKey(starts[0], timeZone);
  const end = dayKey(starts[days], timeZone);
  const where = sql`u.utility = ${utility} AND ${inAreas(sql.raw('u.area_id'), areaIds)} AND u.day >= ${first}::date AND u.day < ${end}::date`;
  const rows = <T>(query: SQL) => db.execute(query).then((result) => rowsOf<T>(result));
  const wholeHours = starts.every((at) => at.getTime() % 3_600_000 === 0);
  const thresholds = sql`ARRAY[${sql.join(starts.map((at) => sql`${at.getTime() / 1000}`), sql`, `)}]::float8[]`;
  const plan = rangeAsMonths(first, end, dayKey(new Date(), timeZone));
  const figures = sql.raw('usage_h, sharp_h, peak_h, flat_h, valley_h, readings');
  const negated = sql.raw('-usage_h, -sharp_h, -peak_h, -flat_h, -valley_h, -readings');
  const dayRanges = (ranges: [string, string][]) => sql.join(ranges.map(([a, b]) => sql`(u.day >= ${a}::date AND u.day < ${b}::date)`), sql` OR `);
  const parts: SQL[] = [];
  const mine = sql`u.utility = ${utility} AND ${inAreas(sql.raw('u.area_id'), areaIds)}`;
  if (plan.months.length) parts.push(sql`SELECT u.room_id, ${figures} FROM monthly_usage u WHERE ${mine} AND u.month IN (${sql.join(plan.months.map((month) => sql`${month}::date`), sql`, `)})`);
  if (plan.added.length) parts.push(sql`SELECT u.room_id, ${figures} FROM daily_usage u WHERE ${mine} AND (${dayRanges(plan.added)})`);
  if (plan.subtracted.length) parts.push(sql`SELECT u.room_id, ${negated} FROM daily_usage u WHERE ${mine} AND (${dayRanges(plan.subtracted)})`);
  // The per-room statement reads a few hundred thousand rows at 100,000 meters: its planned cost
  // sets PostgreSQL's JIT compiling (about 1-3 s, more than the statement itself), and its groups
  // (one a room, estimated at 200 through the UNION) spill the hash to disk at the default
  // work_mem. Both are set for its own transaction only.
  const perRoom = <T>(query: SQL) => db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
    return rowsOf<T>(await tx.execute(query));
  });
  const [[rooms], daily, channels] = await Promise.all([
    perRoom<{ by_building: unknown; top: unknown; rates: (string | number)[] | string | null }>(sql`
      WITH per_room AS MATERIALIZED (
        SELECT x.room_id, sum(x.usage_h) AS h, sum(x.sharp_h) AS sharp, sum(x.peak_h) AS peak, sum(x.flat_h) AS flat, sum(x.valley_h) AS valley
        FROM (${sql.join(parts, sql` UNION ALL `)}) x (room_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings)
        GROUP BY x.room_id HAVING sum(x.readings) <> 0 OR sum(x.usage_h) <> 0),
      by_building AS (
        SELECT p.name AS project_name, b.name AS building_name, sum(t.h) / 100.0 AS usage
        FROM per_room t JOIN rooms rm ON rm.id = t.room_id JOIN buildings b ON b.id = rm.building_id JOIN projects p ON p.id = rm.project_id
        WHERE t.room_id <> 0
        GROUP BY p.name, b.name),
      top AS (
        SELECT t.room_id, t.h, t.h / 100.0 AS usage, rm.room_code, b.name AS building_name, p.name AS project_name
        FROM (SELECT room_id, h FROM per_room WHERE room_id <> 0 ORDER BY h DESC, room_id LIMIT ${REPORT_TOP_ROOMS}) t
        JOIN rooms rm ON rm.id = t.room_id JOIN buildings b ON b.id = rm.building_id JOIN projects p ON p.id = rm.project_id)
      SELECT (SELECT json_agg(json_build_object('project_name', project_name, 'building_name', building_name, 'usage', usage) ORDER BY project_name, building_name) FROM by_building) AS by_building,
        (SELECT json_agg(json_build_object('room_id', room_id, 'usage', usage, 'room_code', room_code, 'building_name', building_name, 'project_name', project_name) ORDER BY h DESC, room_id) FROM top) AS top,
        (SELECT ARRAY[sum(sharp), sum(peak), sum(flat), sum(valley)] FROM per_room) AS rates`),
    wholeHours
      ? rows<{ b: number; h: string }>(sql`
        SELECT width_bucket(extract(epoch FROM u.hour)::float8, ${thresholds}) AS b, sum(u.usage_h) AS h FROM hourly_area_usage u
        WHERE u.utility = ${utility} AND ${inAreas(sql.raw('u.area_id'), areaIds)} AND u.hour >= ${ts(starts[0])} AND u.hour < ${ts(starts[days])}
        GROUP BY 1`)
      : rows<{ day: string; h: string }>(sql`
        SELECT to_char(u.day, 'YYYY-MM-DD') AS day, sum(u.usage_h) AS h FROM daily_usage u WHERE ${where} GROUP BY u.day`),
    rows<Record<string, unknown>>(sql`
      SELECT u.channel, sum(u.amount_fen) AS amount_fen, sum(u.orders)::int AS orders FROM daily_area_recharge u WHERE ${where}
      GROUP BY u.channel HAVING sum(u.orders) <> 0 ORDER BY sum(u.amount_fen) DESC, u.channel`),
  ]);
  const perDay = new Map<string, number>();
  for (const row of daily as Record<string, unknown>[]) {
    const day = wholeHours ? (Number(row.b) >= 1 && Number(row.b) <= days ? dayKey(starts[Number(row.b) - 1], timeZone) : null) : String(row.day);
    if (day) perDay.set(day, (perDay.get(day) ?? 0) + Number(row.h));
  }
  const json = (value: unknown) => ((typeof value === 'string' ? JSON.parse(value) : value) ?? []) as Record<string, unknown>[];
  return {
    byBuilding: json(rooms?.by_building).map((row) => ({ projectName: String(row.project_name), buildingName: String(row.building_name), usage: qty(row.usage) })),
    byChannel: channels.map((row) => ({ channel: String(row.channel), amountFen: Number(row.amount_fen), orders: Number(row.orders) })),
    daily: starts.slice(0, days).map((at) => { const day = dayKey(at, timeZone); return { day, usage: qty((perDay.get(day) ?? 0) / 100) }; }),
    topRooms: json(rooms?.top).map((row) => ({
      roomId: Number(row.room_id), roomCode: String(row.room_code), buildingName: String(row.building_name), projectName: String(row.project_name), usage: qty(row.usage),
    })),
    byRate: rateRows(rooms?.rates),
  };
}

/**
 * Arrears at the end of each day of the range, from the ledger: an account's balance at a day's end
 * is the balance after its last entry before then. The balances at the range's start are read per
 * account (its last entry before it, through the account-and-time index); the range's entries then
 * move the count and the sum day by day. Only accounts that have ever been below zero can count or
 * move (an account whose every entry is at or above zero adds nothing), so both read only those: the
 * accounts of the ledger's negative entries (a partial index, migration 0032), not every account.
 */
async function arrearsTrend(db: Db, areaIds: number[], utility: Utility, starts: Date[], timeZone: string): Promise<GraphicReport['arrears']> {
  const days = starts.length - 1;
  const thresholds = sql`ARRAY[${sql.join(starts.map((at) => sql`${at.getTime() / 1000}`), sql`, `)}]::float8[]`;
  const everNegative = sql`a.id IN (SELECT n.account_id FROM ledger_entries n WHERE n.balance_after_fen < 0)`;
  const [base] = rowsOf<{ rooms: number; fen: string | null }>(await db.execute(sql`
    SELECT count(*) FILTER (WHERE l.balance_after_fen < 0)::int AS rooms, sum(least(l.balance_after_fen, 0)) AS fen
    FROM accounts a
    CROSS JOIN LATERAL (SELECT e.balance_after_fen FROM ledger_entries e WHERE e.account_id = a.id AND e.created_at < ${ts(starts[0])}
                        ORDER BY e.created_at DESC, e.id DESC LIMIT 1) l
    WHERE a.utility = ${utility} AND ${inAreas(sql.raw('a.area_id'), areaIds)} AND ${everNegative}`));
  // Per account and day, the last balance of the day against the one before it.
  const moves = rowsOf<{ b: number; rooms: number; fen: string }>(await db.execute(sql`
    WITH last AS (
      SELECT DISTINCT ON (e.account_id, b) e.account_id, width_bucket(extract(epoch FROM e.created_at)::float8, ${thresholds}) AS b, e.balance_after_fen AS balance
      FROM accounts a JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.utility = ${utility} AND ${inAreas(sql.raw('a.area_id'), areaIds)} AND ${everNegative} AND e.created_at >= ${ts(starts[0])} AND e.created_at < ${ts(starts[days])}
      ORDER BY e.account_id, b, e.created_at DESC, e.id DESC),
    before AS (
      SELECT a.id AS account_id, l.balance_after_fen AS balance FROM accounts a
      JOIN LATERAL (SELECT e.balance_after_fen FROM ledger_entries e WHERE e.account_id = a.id AND e.created_at < ${ts(starts[0])}
                    ORDER BY e.created_at DESC, e.id DESC LIMIT 1) l ON true
      WHERE a.id IN (SELECT account_id FROM last)),
    steps AS (
      SELECT l.b, l.balance, coalesce(lag(l.balance) OVER (PARTITION BY l.account_id ORDER BY l.b), bf.balance, 0) AS previous
      FROM last l LEFT JOIN before bf ON bf.account_id = l.account_id)
    SELECT b, sum((balance < 0)::int - (previous < 0)::int)::int AS rooms, sum(least(balance, 0) - least(previous, 0)) AS fen
    FROM steps GROUP BY b`));
  const roomMoves = new Array<number>(days).fill(0);
  const fenMoves = new Array<number>(days).fill(0);
  for (const row of moves) {
    const i = Number(row.b) - 1;
    if (i >= 0 && i < days) { roomMoves[i] += Number(row.rooms); fenMoves[i] += Number(row.fen); }
  }
  let rooms = Number(base?.rooms ?? 0);
  let fen = Number(base?.fen ?? 0);
  return starts.slice(0, days).map((at, i) => {
    rooms += roomMoves[i];
    fen += fenMoves[i];
    return { day: dayKey(at, timeZone), rooms, arrearsFen: fen };
  });
}
