import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { aggregateTimeZone } from './aggregates';
import { usageHIn } from './usageSql';
import { conflict, notFound, refused } from './results';
import { dateTimeText } from '../../common/formats';
import { platformTimeZone } from '../config';
import { ORDER_STATUS, POWER_FAILURE_CAUSES, type PowerFailureCause } from '../../common/states';

/**
 * The home dashboards' figures (index_water: electricity, index: water), read from the database
 * within an operator's areas. Periods are calendar days and months of the platform's time zone;
 * each "today" and "this month" figure comes with the same stretch of the period before (yesterday
 * up to this time of day, last month up to this day and time), so that a change reads fairly at
 * any hour. Money is integer fen; usage is kWh or m³ with two decimals.
 *
 * Today's usage is what the readings taken so far say (usage lies where it was used: usageRule.ts),
 * and a meter read once a day at 00:00 tells today's use only at tomorrow's 00:00. So yesterday's
 * stretch is compared as it was known at this time yesterday: its part of the readings taken up to
 * then (`yesterdaySameEnd`), not of the readings taken since (which would put a whole day of such
 * meters against none, −93 % every morning on a water estate read daily). The month's comparison
 * keeps last month's stretch as known now: what it lacks of this month is at most today's unread use.
 */

export type Utility = 'electric' | 'water';

/** Recharge channels that bring money in (gifts and calibrations are not payments). */
export const PAYING_CHANNELS = ['cash', 'wechat', 'alipay', 'card'] as const;

/** Days of the consumption and recharge trend (today included). */
export const TREND_DAYS = 30;
/** Rows of the top consumers, the arrears list and the alarm panel. */
export const TOP_ROWS = 10;
export const ARREARS_ROWS = 20;
export const ALARM_ROWS = 60;
export const ALARM_ROWS_PER_KIND = 10;

// ---- calendar of a time zone ------------------------------------------------------------------

/**
 * One formatter per zone: building an Intl.DateTimeFormat costs about 0.2 ms (ICU loads the zone),
 * and a summary reads a few hundred offsets (40 ms of a core per call when each built its own).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** Offsets already read, by zone and instant (the same day starts come back on every call); bounded. */
const offsets = new Map<string, number>();

/** The zone's offset from UTC at an instant, in ms (Asia/Shanghai: +8 h). */
function offsetMs(at: number, timeZone: string): number {
  const key = `${timeZone}|${at}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  if (offsets.size >= 20_000) offsets.clear();
  const offset = readOffsetMs(at, timeZone);
  offsets.set(key, offset);
  return offset;
}

function readOffsetMs(at: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return local - Math.floor(at / 1000) * 1000;
}

/** The calendar date (y, m 1–12, d) of an instant in the zone. */
export function localDate(at: Date, timeZone: string): { y: number; m: number; d: number } {
  const local = new Date(at.getTime() + offsetMs(at.getTime(), timeZone));
  return { y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate() };
}

/** The instant a local calendar day starts (day and month may overflow: d = 0 is the month's eve). */
export function startOfLocalDay(y: number, m: number, d: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetMs(guess, timeZone);
  return new Date(guess - offsetMs(first, timeZone));
}

/** `YYYY-MM-DD` of a local day start. */
export const dayKey = (start: Date, timeZone: string) => {
  const { y, m, d } = localDate(start, timeZone);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/** The periods a dashboard compares, as instants. */
export interface Periods {
  now: Date;
  todayStart: Date;
  yesterdayStart: Date;
  /** Yesterday up to the time of day it is now. */
  yesterdaySameEnd: Date;
  monthStart: Date;
  prevMonthStart: Date;
  /** Last month up to this day and time (capped at the month's end). */
  prevMonthSameEnd: Date;
  /** Start of each trend day, oldest first, and the start of tomorrow. */
  dayStarts: Date[];
}

export function periodsOf(now: Date, timeZone: string): Periods {
  const { y, m, d } = localDate(now, timeZone);
  const todayStart = startOfLocalDay(y, m, d, timeZone);
  const yesterdayStart = startOfLocalDay(y, m, d - 1, timeZone);
  const monthStart = startOfLocalDay(y, m, 1, timeZone);
  const prevMonthStart = startOfLocalDay(y, m - 1, 1, timeZone);
  const sinceMonth = now.getTime() - monthStart.getTime();
  const dayStarts = Array.from({ length: TREND_DAYS + 1 }, (_, i) => startOfLocalDay(y, m, d - (TREND_DAYS - 1) + i, timeZone));
  return {
    now, todayStart, yesterdayStart, monthStart, prevMonthStart, dayStarts,
    yesterdaySameEnd: new Date(yesterdayStart.getTime() + (now.getTime() - todayStart.getTime())),
    prevMonthSameEnd: new Date(Math.min(prevMonthStart.getTime() + sinceMonth, monthStart.getTime())),
  };
}

// ---- helpers ----------------------------------------------------------------------------------

const inAreas = (column: SQL, areaIds: number[]) =>
  (areaIds.length ? sql`${column} IN (${sql.join(areaIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
/** Sums of quantities to two decimals (numeric sums arrive as text). */
const qty = (value: unknown) => Math.round(num(value) * 100) / 100;
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

/** A figure with the same stretch of the period before. */
export interface Change { value: number; previous: number }

export interface DashboardSummary {
  utility: Utility;
  asOf: string;
  periods: { todayStart: string; monthStart: string; prevMonthStart: string };
  kpi: {
    rooms: number;
    meters: number;
    online: number;
    offline: number;
    /** Relays off (electric) or valves closed (water). */
    cut: number;
    /** Water meters with a low battery (0 for electric). */
    lowBattery: number;
    arrearsRooms: number;
    usageToday: Change;
    usageMonth: Change;
    /** Last month's whole usage (the water gauge's full mark). */
    usagePrevMonthTotal: number;
    rechargeTodayFen: Change;
    rechargeMonthFen: Change;
  };
  /** TREND_DAYS days, oldest first: usage and recharge money of each local day. */
  daily: { day: string; usage: number; rechargeFen: number }[];
  /** The rooms that used most this month up to now (the period of `usageMonth`), TOP_ROWS at most. */
  top: { roomId: number; roomCode: string; buildingName: string | null; projectName: string | null; usage: number }[];
  arrears: {
    roomId: number; roomCode: string; buildingName: string | null; projectName: string | null; tenantName: string | null; tenantPhone: string | null;
    balanceFen: number; overdraftFen: number; meterAddress: string | null; supply: string | null;
  }[];
}

// ---- usage and money: from the raw rows, or from the daily aggregates ----------------------------

interface Figures {
  usage: { today: number; yesterday: number; month: number; prev_same: number; prev_total: number };
  money: { today: number; yesterday: number; month: number; prev_same: number };
  usageByDay: number[];
  moneyByDay: number[];
  top: Record<string, unknown>[];
}

const byBucket = <T extends { b: number }>(rows: T[], read: (row: T) => number) => {
  const out = new Array<number>(TREND_DAYS).fill(0);
  for (const row of rows) {
    const i = Number(row.b) - 1;
    if (i >= 0 && i < TREND_DAYS) out[i] += read(row);
  }
  return out;
};

/** The raw rows' figures: every reading and order of the periods, bucketed by instant. */
async function rawFigures(db: Db, areaIds: number[], utility: Utility, p: Periods, from: Date, thresholds: SQL, paying: SQL): Promise<Figures> {
  const now = p.now;
  const rows = <T>(query: SQL) => db.execute(query).then((result) => rowsOf<T>(result));
  // Usage: each reading's part in each span by the rule (usageRule.ts: where it was used), up to now
  // included (the span ends a millisecond after now).
  const upTo = new Date(now.getTime() + 1);
  const part = (start: Date, end: Date) => usageHIn(start, end);
  const usageQuery = rows<Record<string, unknown>>(sql`
    SELECT sum(${part(p.todayStart, upTo)}) / 100.0 AS today,
      sum(${part(p.yesterdayStart, p.yesterdaySameEnd)}) FILTER (WHERE read_at <= ${ts(p.yesterdaySameEnd)}) / 100.0 AS yesterday,
      sum(${part(p.monthStart, upTo)}) / 100.0 AS month,
      sum(${part(p.prevMonthStart, p.prevMonthSameEnd)}) / 100.0 AS prev_same,
      sum(${part(p.prevMonthStart, p.monthStart)}) / 100.0 AS prev_total
    FROM readings
    WHERE utility = ${utility} AND ${inAreas(sql.raw('area_id'), areaIds)} AND deleted_at IS NULL
      AND read_at >= ${ts(from)} AND least(since_at, read_at) <= ${ts(now)}`);
  // The trend's days, the last (today) up to now.
  const dayStarts = p.dayStarts.slice(0, TREND_DAYS);
  const dayEnds = [...p.dayStarts.slice(1, TREND_DAYS), upTo];
  const usageDaysQuery = rows<Record<string, unknown>>(sql`
    SELECT ${sql.join(dayStarts.map((start, i) => sql`sum(${part(start, dayEnds[i])}) / 100.0 AS ${sql.raw(`d${i}`)}`), sql`, `)}
    FROM readings
    WHERE utility = ${utility} AND ${inAreas(sql.raw('area_id'), areaIds)} AND deleted_at IS NULL
      AND read_at >= ${ts(p.dayStarts[0])} AND least(since_at, read_at) <= ${ts(now)}`);

  // Recharge money: orders paid through a paying channel, not voided.
  const orderWhere = sql`utility = ${utility} AND ${inAreas(sql.raw('area_id'), areaIds)} AND order_status <> ${ORDER_STATUS.void}
    AND channel IN (${paying}) AND created_at <= ${ts(now)}`;
  const moneyQuery = rows<Record<string, unknown>>(sql`
    SELECT sum(amount_fen) FILTER (WHERE created_at >= ${ts(p.todayStart)}) AS today,
      sum(amount_fen) FILTER (WHERE created_at >= ${ts(p.yesterdayStart)} AND created_at < ${ts(p.yesterdaySameEnd)}) AS yesterday,
      sum(amount_fen) FILTER (WHERE created_at >= ${ts(p.monthStart)}) AS month,
      sum(amount_fen) FILTER (WHERE created_at >= ${ts(p.prevMonthStart)} AND created_at < ${ts(p.prevMonthSameEnd)}) AS prev_same
    FROM recharge_orders WHERE ${orderWhere} AND created_at >= ${ts(from)}`);
  const moneyDaysQuery = rows<{ b: number; fen: string }>(sql`
    SELECT width_bucket(extract(epoch FROM created_at)::float8, ${thresholds}) AS b, sum(amount_fen) AS fen
    FROM recharge_orders WHERE ${orderWhere} AND created_at >= ${ts(p.dayStarts[0])}
    GROUP BY 1`);

  // Top consumers of this month up to now.
  const topQuery = rows<Record<string, unknown>>(sql`
    SELECT t.room_id, t.usage, r.room_code, b.name AS building_name, pr.name AS project_name
    FROM (SELECT room_id, sum(${part(p.monthStart, upTo)}) / 100.0 AS usage FROM readings
          WHERE utility = ${utility} AND ${inAreas(sql.raw('area_id'), areaIds)} AND deleted_at IS NULL AND room_id IS NOT NULL
            AND read_at >= ${ts(p.monthStart)} AND least(since_at, read_at) <= ${ts(now)}
          GROUP BY room_id HAVING sum(${part(p.monthStart, upTo)}) <> 0 OR bool_or(read_at <= ${ts(now)})
          ORDER BY sum(${part(p.monthStart, upTo)}) DESC, room_id LIMIT ${TOP_ROWS}) t
    JOIN rooms r ON r.id = t.room_id
    LEFT JOIN buildings b ON b.id = r.building_id
    LEFT JOIN projects pr ON pr.id = r.project_id
    ORDER BY t.usage DESC, t.room_id`);
  const [[usage], [usageDays], [money], moneyDays, top] = await Promise.all([usageQuery, usageDaysQuery, moneyQuery, moneyDaysQuery, topQuery]);
  return {
    usage: { today: num(usage?.today), yesterday: num(usage?.yesterday), month: num(usage?.month), prev_same: num(usage?.prev_same), prev_total: num(usage?.prev_total) },
    money: { today: num(money?.today), yesterday: num(money?.yesterday), month: num(money?.month), prev_same: num(money?.prev_same) },
    usageByDay: p.dayStarts.slice(0, TREND_DAYS).map((_, i) => num(usageDays?.[`d${i}`])),
    moneyByDay: byBucket(moneyDays, (row) => num(row.fen)),
    top,
  };
}

const HOUR = 3_600_000;

/** An interval of instants [start, end), or [start, end] when `inclusive`. */
interface Span { start: number; end: number; inclusive?: boolean }

/**
 * A span as whole UTC hours (read from `hourly_area_usage`) and the raw pieces at its ends (at most
 * the minutes of an hour each; none at a day's start in a zone whose offset is whole hours).
 */
function piecesOf(span: Span): { hours: [number, number] | null; raw: Span[] } {
  const first = Math.ceil(span.start / HOUR) * HOUR;
  const last = Math.floor(span.end / HOUR) * HOUR;
  if (first >= last) return { hours: null, raw: [span] };
  const raw: Span[] = [];
  if (span.start < first) raw.push({ start: span.start, end: first });
  if (last < span.end || span.inclusive) raw.push({ start: last, end: span.end, inclusive: span.inclusive });
  return { hours: [first, last], raw };
}

/**
 * The aggregates' figures. Usage totals come from `hourly_area_usage` (whole hours) and the raw rows
 * of the partial hours at the spans' ends; the top consumers of this month from `monthly_room_usage`
 * (the month less the readings after now); recharge money from `daily_area_recharge` for whole days
 * and the raw orders of the partial days. Usage is summed in hundredths, so both sources add up to
 * the same figure.
 */
async function aggregateFigures(db: Db, areaIds: number[], utility: Utility, p: Periods, timeZone: string): Promise<Figures> {
  const now = p.now;
  const rows = <T>(query: SQL) => db.execute(query).then((result) => rowsOf<T>(result));
  const day = (at: Date) => sql`${dayKey(at, timeZone)}::date`;
  const { y, m, d } = localDate(p.prevMonthSameEnd, timeZone);
  // The start of the day last month's same stretch ends in (that day's money is read raw up to its end).
  const tailStart = startOfLocalDay(y, m, d, timeZone);
  const firstDay = p.prevMonthStart.getTime() < p.dayStarts[0].getTime() ? p.prevMonthStart : p.dayStarts[0];
  const thisMonth = localDate(p.monthStart, timeZone);
  const nextMonthStart = startOfLocalDay(thisMonth.y, thisMonth.m + 1, 1, timeZone);
  const paying = sql.join(PAYING_CHANNELS.map((c) => sql`${c}`), sql`, `);
  const partial = (column: SQL, start: Date, end: Date, inclusive = false) =>
    sql`${column} >= ${ts(start)} AND ${column} ${inclusive ? sql`<=` : sql`<`} ${ts(end)}`;

  // Usage: every span the summary needs, as whole hours and raw pieces.
  const t = (at: Date) => at.getTime();
  const spans: Record<string, Span> = {
    today: { start: t(p.todayStart), end: t(now), inclusive: true },
    monthBefore: { start: t(p.monthStart), end: t(p.todayStart) },
    prevSame: { start: t(p.prevMonthStart), end: t(p.prevMonthSameEnd) },
    prevTotal: { start: t(p.prevMonthStart), end: t(p.monthStart) },
  };
  p.dayStarts.slice(0, TREND_DAYS - 1).forEach((start, i) => { spans[`day${i}`] = { start: t(start), end: t(p.dayStarts[i + 1]) }; });
  const pieces = Object.fromEntries(Object.entries(spans).map(([key, span]) => [key, piecesOf(span)]));
  // Yesterday up to this time of day, as known at this time yesterday (see the top of this file): its
  // whole hours less the parts there of the readings taken since (`later`: the readings taken after
  // yesterday's same time whose interval spans it, at most one a meter), and its partial hours from
  // the readings taken by then only (at the end, the readings of that hour: cheap, where all readings
  // would be every daily meter's next reading, read again for `later`).
  const yesterday = piecesOf({ start: t(p.yesterdayStart), end: t(p.yesterdaySameEnd) });
  const rawPieces = [...new Map(Object.values(pieces).flatMap((piece) => piece.raw).map((span) => [`${span.start}-${span.end}-${!!span.inclusive}`, span])).values()];
  const hoursFrom = Math.min(...[...Object.values(pieces), yesterday].filter((piece) => piece.hours).map((piece) => piece.hours![0]), t(now));

  const hoursQuery = rows<{ hour: string; h: string }>(sql`
    SELECT extract(epoch FROM hour)::bigint * 1000 AS hour, sum(usage_h) AS h FROM hourly_area_usage
    WHERE utility = ${utility} AND ${inAreas(sql.raw('area_id'), areaIds)} AND hour >= ${ts(new Date(hoursFrom))} AND hour < ${ts(now)}
    GROUP BY hour`);
  // A raw piece's usage: each reading's part in it by the rule (usageRule.ts), of the readings whose
  // interval meets it. The bound on read_at (32 days after the piece) only closes the index's range:
  // every raw piece ends at most 31 days before now (the earliest, last month's same stretch, ends at
  // this time on the same day of last month), so it leaves out no reading taken up to now, however
  // long its meter was silent; only readings stamped later than now (a clock set back) are left out.
  const pieceEnd = (span: Span) => new Date(span.end + (span.inclusive ? 1 : 0));
  const meets = (span: Span) => sql`read_at >= ${ts(new Date(span.start))} AND read_at < ${ts(new Date(span.end + 32 * 86_400_000))} AND least(since_at, read_at) < ${ts(pieceEnd(span))}`;
  const sameEnd = ts(p.yesterdaySameEnd);
  const takenLater = sql`read_at > ${sameEnd} AND least(since_at, read_at) < ${sameEnd}`;
  const yesterdayHours = yesterday.hours ? { start: new Date(yesterday.hours[0]), end: new Date(yesterday.hours[1]) } : null;
  const knownThen = (span: Span) => sql`${meets(span)} AND read_at <= ${sameEnd}`;
  // The same rows as index ranges (migration 0040: since_at is a key of the readings' area index, so
  // the scan checks it and fetches only the readings that meet a piece, not every reading of the
  // days after it): a piece's own readings, those after it whose interval reaches back into it, and
  // the readings taken since yesterday's same time whose interval spans it.
  const arms = [
    ...rawPieces.flatMap((span) => [
      sql`(read_at >= ${ts(new Date(span.start))} AND read_at < ${ts(pieceEnd(span))})`,
      sql`(read_at >= ${ts(new Date(span.start))} AND read_at < ${ts(new Date(span.end + 32 * 86_400_000))} AND since_at < ${ts(pieceEnd(span))})`,
    ]),
    ...yesterday.raw.flatMap((span) => [
      sql`(read_at >= ${ts(new Date(span.start))} AND read_at < ${ts(pieceEnd(span))})`,
      sql`(read_at >= ${ts(new Date(span.start))} AND read_at <= ${sameEnd} AND since_at < ${ts(pieceEnd(span))})`,
    ]),
    ...(yesterdayHours ? [sql`(read_at > ${sameEnd} AND since_at < ${sameEnd})`] : []),
  ];
  const rawQuery = rows<Record<string, unknown>>(sql`
      SELECT ${sql.join([
        ...rawPieces.map((span, i) => sql`coalesce(sum(${usageHIn(new Date(span.start), pieceEnd(span))}) FILTER (WHERE ${meets(span)}), 0) AS ${sql.raw(`p${i}`)}`),
        ...yesterday.raw.map((span, i) => sql`coalesce(sum(${usageHIn(new Date(span.start), pieceEnd(span))}) FILTER (WHERE ${knownThen(span)}), 0) AS ${sql.raw(`y${i}`)}`),
        yesterdayHours ? sql`coalesce(sum(${usageHIn(yesterdayHours.start, yesterdayHours.end)}) FILTER (WHERE ${takenLater}), 0) AS later` : sql`0 AS later`,
      ], sql`, `)}
      FROM readings
      WHERE utility = ${utility} AND ${inAreas(sql.raw('area_id'), areaIds)} AND deleted_at IS NULL
        AND (${sql.join(arms, sql` OR `)})`);

  // Money: whole days before today from the aggregate, the partial days raw.
  const moneyDaysQuery = rows<{ day: string; fen: string }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(amount_fen) AS fen FROM daily_area_recharge
    WHERE utility = ${utility} AND ${inAreas(sql.raw('area_id'), areaIds)} AND day >= ${day(firstDay)} AND day < ${day(p.todayStart)}
      AND channel IN (${paying})
    GROUP BY day`);
  const createdAt = sql.raw('created_at');
  const moneyRawQuery = rows<Record<string, unknown>>(sql`
    SELECT sum(amount_fen) FILTER (WHERE ${partial(createdAt, p.todayStart, now, true)}) AS today,
      sum(amount_fen) FILTER (WHERE ${partial(createdAt, p.yesterdayStart, p.yesterdaySameEnd)}) AS yesterday,
      sum(amount_fen) FILTER (WHERE ${partial(createdAt, tailStart, p.prevMonthSameEnd)}) AS tail
    FROM recharge_orders
    WHERE utility = ${utility} AND ${inAreas(sql.raw('area_id'), areaIds)} AND order_status <> ${ORDER_STATUS.void} AND channel IN (${paying})
      AND ((${partial(createdAt, p.yesterdayStart, now, true)}) OR (${partial(createdAt, tailStart, p.prevMonthSameEnd)}))`);

  // Top consumers of this month up to now: each area's first TOP_ROWS rooms of the month by usage,
  // read down `monthly_room_usage_top` (migration 0034), merged. The month's rows hold every reading
  // of the month, so the rooms with readings after now (none but in tests and a clock set back) are
  // taken out of that read and counted on their own: their month less those readings. Each area's
  // top rows give the scope's top because a room's readings all lie in its area (a building with
  // rooms keeps its project, a project its area).
  const month = sql`${dayKey(p.monthStart, timeZone)}::date`;
  const areaList = areaIds.length ? sql.join(areaIds.map((id) => sql`(${id}::int)`), sql`, `) : sql`(NULL::int)`;
  const topQuery = rows<Record<string, unknown>>(sql`
    WITH later AS MATERIALIZED (
      SELECT area_id, room_id, sum(${usageHIn(new Date(now.getTime() + 1), nextMonthStart)}) AS h,
        (count(*) FILTER (WHERE read_at < ${ts(nextMonthStart)}))::int AS n FROM readings
      WHERE utility = ${utility} AND ${inAreas(sql.raw('area_id'), areaIds)} AND deleted_at IS NULL AND room_id IS NOT NULL
        AND read_at > ${ts(now)} AND least(since_at, read_at) < ${ts(nextMonthStart)}
      GROUP BY area_id, room_id),
    pieces AS (
      SELECT m.room_id, m.usage_h AS h
      FROM (VALUES ${areaList}) a(id)
      CROSS JOIN LATERAL (
        SELECT x.room_id, x.usage_h FROM monthly_room_usage x
        WHERE x.utility = ${utility} AND x.area_id = a.id AND x.month = ${month} AND x.room_id <> 0 AND (x.readings > 0 OR x.usage_h <> 0)
          AND NOT EXISTS (SELECT 1 FROM later l WHERE l.area_id = x.area_id AND l.room_id = x.room_id)
        ORDER BY x.usage_h DESC, x.room_id LIMIT ${TOP_ROWS}) m
      UNION ALL
      SELECT l.room_id, x.usage_h - l.h FROM later l
      JOIN monthly_room_usage x ON x.utility = ${utility} AND x.area_id = l.area_id AND x.month = ${month} AND x.room_id = l.room_id
      WHERE x.readings > l.n OR x.usage_h <> l.h)
    SELECT t.room_id, t.h / 100.0 AS usage, r.room_code, b.name AS building_name, pr.name AS project_name
    FROM (SELECT room_id, sum(h) AS h FROM pieces GROUP BY room_id ORDER BY sum(h) DESC, room_id LIMIT ${TOP_ROWS}) t
    JOIN rooms r ON r.id = t.room_id
    LEFT JOIN buildings b ON b.id = r.building_id
    LEFT JOIN projects pr ON pr.id = r.project_id
    ORDER BY t.h DESC, t.room_id`);
  const [hours, [raw], moneyDays, [moneyRaw], top] = await Promise.all([hoursQuery, rawQuery, moneyDaysQuery, moneyRawQuery, topQuery]);

  const perHour = hours.map((row) => [Number(row.hour), num(row.h)] as const);
  const rawOf = new Map(rawPieces.map((span, i) => [`${span.start}-${span.end}-${!!span.inclusive}`, num(raw?.[`p${i}`])]));
  const hoursIn = (hours: [number, number] | null) => {
    let total = 0;
    if (hours) for (const [hour, h] of perHour) if (hour >= hours[0] && hour < hours[1]) total += h;
    return total;
  };
  const usageOf = (key: string) => {
    const piece = pieces[key];
    let total = hoursIn(piece.hours);
    for (const span of piece.raw) total += rawOf.get(`${span.start}-${span.end}-${!!span.inclusive}`) ?? 0;
    return total;
  };
  const moneyPerDay = new Map(moneyDays.map((row) => [row.day, num(row.fen)]));
  const keyOf = (at: Date) => dayKey(at, timeZone);
  /** Σ of whole days [start, end) (day starts). */
  const span = (perDay: Map<string, number>, start: Date, end: Date) => {
    const from = keyOf(start);
    const to = keyOf(end);
    let total = 0;
    for (const [key, value] of perDay) if (key >= from && key < to) total += value;
    return total;
  };
  const todayH = usageOf('today');
  const todayFen = num(moneyRaw?.today);
  return {
    usage: {
      today: todayH / 100, yesterday: (hoursIn(yesterday.hours) - num(raw?.later) + yesterday.raw.reduce((sum, _, i) => sum + num(raw?.[`y${i}`]), 0)) / 100, month: (usageOf('monthBefore') + todayH) / 100,
      prev_same: usageOf('prevSame') / 100, prev_total: usageOf('prevTotal') / 100,
    },
    money: {
      today: todayFen, yesterday: num(moneyRaw?.yesterday),
      month: span(moneyPerDay, p.monthStart, p.todayStart) + todayFen,
      prev_same: span(moneyPerDay, p.prevMonthStart, tailStart) + num(moneyRaw?.tail),
    },
    usageByDay: p.dayStarts.slice(0, TREND_DAYS).map((_, i) => (i === TREND_DAYS - 1 ? todayH : usageOf(`day${i}`)) / 100),
    moneyByDay: p.dayStarts.slice(0, TREND_DAYS).map((start, i) => (i === TREND_DAYS - 1 ? todayFen : moneyPerDay.get(keyOf(start)) ?? 0)),
    top,
  };
}

// ---- the summary ------------------------------------------------------------------------------

/**
 * The summary of a dashboard. Its usage, recharge money, trends and top consumers come from the daily
 * aggregates (server/domain/aggregates.ts) for whole days and from the raw rows only for the partial
 * days (today up to now, yesterday up to this time of day, the day last month's same stretch ends
 * in); `source: 'raw'` reads them all from the raw rows (the bench's yardstick, and the answer when
 * the aggregates' days are in another zone than `timeZone`). Both answer the same.
 */
export async function dashboardSummary(db: Db, areaIds: number[], utility: Utility, now: Date, timeZone: string, options: { source?: 'aggregates' | 'raw' } = {}): Promise<DashboardSummary> {
  const p = periodsOf(now, timeZone);
  const meterTable = utility === 'electric' ? sql.raw('electric_meters') : sql.raw('water_meters');
  const cutCondition = utility === 'electric' ? sql.raw(`relay_state = 'off'`) : sql.raw(`valve_state = 'closed'`);
  const from = new Date(Math.min(p.prevMonthStart.getTime(), p.dayStarts[0].getTime()));
  const thresholds = sql`ARRAY[${sql.join(p.dayStarts.map((at) => sql`${at.getTime() / 1000}`), sql`, `)}]::float8[]`;
  const paying = sql.join(PAYING_CHANNELS.map((c) => sql`${c}`), sql`, `);

  // Independent reads: on PostgreSQL they run at once on the pool (PGlite takes them in turn).
  const rows = <T>(query: SQL) => db.execute(query).then((result) => rowsOf<T>(result));
  const roomsQuery = rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM rooms WHERE ${inAreas(sql.raw('area_id'), areaIds)}`);
  // Each count on its own: the few meters offline, cut or on a low battery through their partial
  // indexes (migration 0032) rather than every meter of the areas; online is the rest.
  const meterCount = (condition: SQL) => sql`(SELECT count(*) FROM ${meterTable} WHERE ${inAreas(sql.raw('area_id'), areaIds)} AND ${condition})::int`;
  const metersQuery = rows<Record<string, unknown>>(sql`
    SELECT ${meterCount(sql.raw('true'))} AS meters, ${meterCount(sql.raw('NOT online'))} AS offline, ${meterCount(cutCondition)} AS cut,
      ${utility === 'water' ? meterCount(sql.raw('battery_low')) : sql.raw('0')} AS low_battery`);
  const arrearsQuery = rows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM accounts WHERE utility = ${utility} AND balance_fen < 0 AND ${inAreas(sql.raw('area_id'), areaIds)}`);

  const source = options.source ?? 'aggregates';
  const useAggregates = source === 'aggregates' && (await aggregateTimeZone(db)) === timeZone;
  const figures = useAggregates
    ? aggregateFigures(db, areaIds, utility, p, timeZone)
    : rawFigures(db, areaIds, utility, p, from, thresholds, paying);

  const supply = utility === 'electric' ? sql.raw('m.relay_state') : sql.raw('m.valve_state');
  const arrearsRowsQuery = rows<Record<string, unknown>>(sql`
    SELECT a.room_id, a.balance_fen, a.overdraft_fen, r.room_code, b.name AS building_name, pr.name AS project_name,
      t.name AS tenant_name, t.phone AS tenant_phone, m.address AS meter_address, ${supply} AS supply
    FROM accounts a
    JOIN rooms r ON r.id = a.room_id
    LEFT JOIN buildings b ON b.id = r.building_id
    LEFT JOIN projects pr ON pr.id = r.project_id
    LEFT JOIN tenant_bindings tb ON tb.room_id = r.id AND tb.end_date IS NULL
    LEFT JOIN tenants t ON t.id = tb.tenant_id
    LEFT JOIN LATERAL (SELECT * FROM ${meterTable} x WHERE x.room_id = r.id ORDER BY x.id LIMIT 1) m ON true
    WHERE a.utility = ${utility} AND a.balance_fen < 0 AND ${inAreas(sql.raw('a.area_id'), areaIds)}
    ORDER BY a.balance_fen, a.room_id LIMIT ${ARREARS_ROWS}`);

  const [[rooms], [meters], [arrears], { usage, money, usageByDay, moneyByDay, top }, arrearsRows] = await Promise.all([roomsQuery, metersQuery, arrearsQuery, figures, arrearsRowsQuery]);

  return {
    utility,
    asOf: now.toISOString(),
    periods: { todayStart: p.todayStart.toISOString(), monthStart: p.monthStart.toISOString(), prevMonthStart: p.prevMonthStart.toISOString() },
    kpi: {
      rooms: num(rooms?.n),
      meters: num(meters?.meters),
      online: num(meters?.meters) - num(meters?.offline),
      offline: num(meters?.offline),
      cut: num(meters?.cut),
      lowBattery: num(meters?.low_battery),
      arrearsRooms: num(arrears?.n),
      usageToday: { value: qty(usage?.today), previous: qty(usage?.yesterday) },
      usageMonth: { value: qty(usage?.month), previous: qty(usage?.prev_same) },
      usagePrevMonthTotal: qty(usage?.prev_total),
      rechargeTodayFen: { value: num(money?.today), previous: num(money?.yesterday) },
      rechargeMonthFen: { value: num(money?.month), previous: num(money?.prev_same) },
    },
    daily: p.dayStarts.slice(0, TREND_DAYS).map((start, i) => ({ day: dayKey(start, timeZone), usage: qty(usageByDay[i]), rechargeFen: moneyByDay[i] })),
    top: top.map((row) => ({
      roomId: num(row.room_id), roomCode: String(row.room_code), buildingName: (row.building_name as string) ?? null,
      projectName: (row.project_name as string) ?? null, usage: qty(row.usage),
    })),
    arrears: arrearsRows.map((row) => ({
      roomId: num(row.room_id), roomCode: String(row.room_code), buildingName: (row.building_name as string) ?? null,
      projectName: (row.project_name as string) ?? null, tenantName: (row.tenant_name as string) ?? null,
      tenantPhone: (row.tenant_phone as string) ?? null, balanceFen: num(row.balance_fen), overdraftFen: num(row.overdraft_fen),
      meterAddress: (row.meter_address as string) ?? null, supply: (row.supply as string) ?? null,
    })),
  };
}

// ---- alarms -----------------------------------------------------------------------------------

/** What an operator acts on, per dashboard. Power cuts are the electric side's only. */
export const ALARM_KINDS = ['arrears', 'lowBalance', 'powerCut', 'fault', 'readFailure', 'noTariff'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

export interface AlarmRow {
  kind: AlarmKind;
  /** The reason's code: a power cut's cause, a fault's kind; the balance's state otherwise. */
  reason: string;
  at: string | null;
  roomId: number | null;
  roomCode: string | null;
  buildingName: string | null;
  projectName: string | null;
  meterAddress: string | null;
  /** The balance (arrears, low balance), in fen. */
  balanceFen: number | null;
}

export interface DashboardAlarms { counts: Record<AlarmKind, number>; rows: AlarmRow[] }

/**
 * The alarm panel: every kind's count in the operator's areas and the newest rows (of one kind:
 * ALARM_ROWS; of all: ALARM_ROWS_PER_KIND each), newest first, each naming project, building and room. A balance's alarm is dated by the
 * account's last ledger entry (the change that brought it there).
 */
export async function dashboardAlarms(db: Db, areaIds: number[], utility: Utility, kind?: AlarmKind): Promise<DashboardAlarms> {
  const meterTable = utility === 'electric' ? sql.raw('electric_meters') : sql.raw('water_meters');
  const noTariff = utility === 'electric' ? sql.raw('m.price_table_id IS NULL') : sql.raw('m.price_fen = 0');
  const place = sql.raw(`r.room_code, b.name AS building_name, pr.name AS project_name`);
  const joinPlace = sql.raw(`LEFT JOIN buildings b ON b.id = r.building_id LEFT JOIN projects pr ON pr.id = r.project_id`);
  // One kind: its newest ALARM_ROWS; all kinds: the newest few of each, so that no kind hides the others.
  const limit = kind ? ALARM_ROWS : ALARM_ROWS_PER_KIND;

  // The newest accounts first (each one's last ledger entry, through the accounts' partial indexes),
  // then the place of those few: the rooms are not joined for every account in arrears (thousands
  // at 100,000 meters).
  const balance = (condition: SQL) => sql`
    SELECT t.room_id, t.balance_fen, ${place}, t.at,
      (SELECT x.address FROM ${meterTable} x WHERE x.room_id = t.room_id ORDER BY x.id LIMIT 1) AS meter_address
    FROM (SELECT a.room_id, a.balance_fen, l.created_at AS at
          FROM accounts a
          LEFT JOIN LATERAL (SELECT created_at FROM ledger_entries e WHERE e.account_id = a.id ORDER BY e.created_at DESC LIMIT 1) l ON true
          WHERE a.utility = ${utility} AND ${inAreas(sql.raw('a.area_id'), areaIds)} AND ${condition} AND EXISTS (SELECT 1 FROM rooms x WHERE x.id = a.room_id)
          ORDER BY l.created_at DESC NULLS LAST, a.room_id LIMIT ${limit}) t
    JOIN rooms r ON r.id = t.room_id ${joinPlace}
    ORDER BY t.at DESC NULLS LAST, t.room_id`;
  const balanceCount = (condition: SQL) => sql`SELECT count(*)::int AS n FROM accounts a WHERE a.utility = ${utility} AND ${inAreas(sql.raw('a.area_id'), areaIds)} AND ${condition}`;
  const arrearsCond = sql`a.balance_fen < 0`;
  const lowCond = sql`a.balance_fen >= 0 AND a.balance_fen <= a.alarm1_fen`;

  const faultRows = (kinds: SQL) => sql`
    SELECT f.kind AS reason, f.opened_at AS at, f.room_id, ${place}, m.address AS meter_address
    FROM faults f JOIN ${meterTable} m ON m.id = f.device_id
    LEFT JOIN rooms r ON r.id = f.room_id ${joinPlace}
    WHERE f.device_kind = ${utility} AND f.cleared_at IS NULL AND ${kinds} AND ${inAreas(sql.raw('f.area_id'), areaIds)}
    ORDER BY f.opened_at DESC, f.id DESC LIMIT ${limit}`;
  const faultCount = (kinds: SQL) => sql`
    SELECT count(*)::int AS n FROM faults f JOIN ${meterTable} m ON m.id = f.device_id
    WHERE f.device_kind = ${utility} AND f.cleared_at IS NULL AND ${kinds} AND ${inAreas(sql.raw('f.area_id'), areaIds)}`;
  const readFailure = sql.raw(`f.kind = 'read_failure'`);
  const otherFault = sql.raw(`f.kind <> 'read_failure'`);

  const cutsRows = sql`
    SELECT c.cause AS reason, c.off_at AS at, c.room_id, ${place}, m.address AS meter_address
    FROM power_cuts c JOIN electric_meters m ON m.id = c.meter_id
    LEFT JOIN rooms r ON r.id = c.room_id ${joinPlace}
    WHERE c.on_at IS NULL AND ${inAreas(sql.raw('c.area_id'), areaIds)}
    ORDER BY c.off_at DESC, c.id DESC LIMIT ${limit}`;
  const cutsCount = sql`SELECT count(*)::int AS n FROM power_cuts c JOIN electric_meters m ON m.id = c.meter_id WHERE c.on_at IS NULL AND ${inAreas(sql.raw('c.area_id'), areaIds)}`;

  const tariffRows = sql`
    SELECT m.created_at AS at, m.room_id, ${place}, m.address AS meter_address
    FROM ${meterTable} m JOIN rooms r ON r.id = m.room_id ${joinPlace}
    WHERE ${noTariff} AND ${inAreas(sql.raw('m.area_id'), areaIds)}
    ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit}`;
  const tariffCount = sql`SELECT count(*)::int AS n FROM ${meterTable} m WHERE m.room_id IS NOT NULL AND ${noTariff} AND ${inAreas(sql.raw('m.area_id'), areaIds)}`;

  const count = async (query: SQL) => num(rowsOf<{ n: number }>(await db.execute(query))[0]?.n);
  const rows = async (query: SQL) => rowsOf<Record<string, unknown>>(await db.execute(query));
  const row = (kind: AlarmKind, reason: (r: Record<string, unknown>) => string) => (r: Record<string, unknown>): AlarmRow => ({
    kind, reason: reason(r), at: iso(r.at), roomId: r.room_id === null || r.room_id === undefined ? null : num(r.room_id),
    roomCode: (r.room_code as string) ?? null, buildingName: (r.building_name as string) ?? null, projectName: (r.project_name as string) ?? null,
    meterAddress: (r.meter_address as string) ?? null, balanceFen: r.balance_fen === undefined || r.balance_fen === null ? null : num(r.balance_fen),
  });

  // Independent reads: on PostgreSQL they run at once on the pool (PGlite takes them in turn).
  const [arrearsN, lowBalanceN, powerCutN, faultN, readFailureN, noTariffN] = await Promise.all([
    count(balanceCount(arrearsCond)), count(balanceCount(lowCond)), utility === 'electric' ? count(cutsCount) : 0,
    count(faultCount(otherFault)), count(faultCount(readFailure)), count(tariffCount),
  ]);
  const counts: Record<AlarmKind, number> = {
    arrears: arrearsN, lowBalance: lowBalanceN, powerCut: powerCutN, fault: faultN, readFailure: readFailureN, noTariff: noTariffN,
  };
  const wanted = (k: AlarmKind) => (!kind || kind === k) && counts[k] > 0;
  const some = async (k: AlarmKind, query: SQL, reason: (r: Record<string, unknown>) => string) => (wanted(k) ? (await rows(query)).map(row(k, reason)) : []);
  const all: AlarmRow[] = (await Promise.all([
    some('arrears', balance(arrearsCond), () => 'arrears'),
    some('lowBalance', balance(lowCond), () => 'lowBalance'),
    some('powerCut', cutsRows, (r) => String(r.reason)),
    some('fault', faultRows(otherFault), (r) => String(r.reason)),
    some('readFailure', faultRows(readFailure), () => 'read_failure'),
    some('noTariff', tariffRows, () => 'noTariff'),
  ])).flat();
  all.sort((a, b) => (b.at ?? '').localeCompare(a.at ?? '') || ALARM_KINDS.indexOf(a.kind) - ALARM_KINDS.indexOf(b.kind));
  return { counts, rows: all.slice(0, ALARM_ROWS) };
}

// ---- recording a power failure ----------------------------------------------------------------

export interface PowerFailureInput { roomId: number; cause: PowerFailureCause; offAt?: Date | null; remark?: string | null }

/**
 * Records a power failure of a room's electric meter with its cause (the dashboard's drawer): a
 * power-cut record open from `offAt` (default now). Refused for a time in the future; a time within
 * the minute a browser's clock may be ahead is taken as now (a cut is never stamped after now). A
 * conflict when the meter already has an open power cut (its cause is on the alarm panel).
 */
export async function recordPowerFailure(db: Db, areaIds: number[], input: PowerFailureInput, now: Date) {
  if (!POWER_FAILURE_CAUSES.includes(input.cause)) throw refused('errors.dashboard.cause', {}, 'cause');
  if (input.offAt && input.offAt.getTime() > now.getTime() + 60_000) throw refused('errors.dashboard.offAtFuture', {}, 'offAt');
  const offAt = input.offAt && input.offAt.getTime() < now.getTime() ? input.offAt : now;
  const [meter] = rowsOf<{ id: number; area_id: number; room_id: number }>(await db.execute(sql`
    SELECT m.id, m.area_id, m.room_id FROM electric_meters m JOIN rooms r ON r.id = m.room_id
    WHERE m.room_id = ${input.roomId} AND ${inAreas(sql.raw('r.area_id'), areaIds)} ORDER BY m.id LIMIT 1`));
  if (!meter) throw notFound('errors.dashboard.noElectricMeter');
  const [open] = rowsOf<{ id: number; off_at: string }>(await db.execute(sql`
    SELECT id, off_at FROM power_cuts WHERE meter_id = ${meter.id} AND on_at IS NULL LIMIT 1`));
  if (open) throw conflict('errors.dashboard.cutOpen', { since: dateTimeText(open.off_at, platformTimeZone()) });
  const [record] = rowsOf<Record<string, unknown>>(await db.execute(sql`
    INSERT INTO power_cuts (area_id, meter_id, room_id, off_at, cause, remark)
    VALUES (${meter.area_id}, ${meter.id}, ${meter.room_id}, ${offAt.toISOString()}::timestamptz, ${input.cause}, ${input.remark ?? null})
    RETURNING id, area_id, meter_id, room_id, off_at, cause, remark`));
  return {
    id: num(record.id), areaId: num(record.area_id), meterId: num(record.meter_id), roomId: num(record.room_id),
    offAt: iso(record.off_at), cause: String(record.cause), remark: (record.remark as string) ?? null,
  };
}
