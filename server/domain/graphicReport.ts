import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { refused } from './results';
import { ORDER_STATUS } from '../../common/states';
import { dayKey, startOfLocalDay, type Utility } from './dashboard';

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
}

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
export async function graphicReport(db: Db, areaIds: number[], utility: Utility, from: string, to: string, timeZone: string): Promise<GraphicReport> {
  const [fy, fm, fd] = dayParts(from);
  const [ty, tm, td] = dayParts(to);
  const days = Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
  if (days <= 0) throw refused('errors.report.rangeOrder');
  if (days > REPORT_MAX_DAYS) throw refused('errors.report.rangeTooLong', { days: REPORT_MAX_DAYS });
  const starts = Array.from({ length: days + 1 }, (_, i) => startOfLocalDay(fy, fm, fd + i, timeZone));
  const start = starts[0];
  const end = starts[days];
  const where = sql`r.utility = ${utility} AND ${inAreas(sql.raw('r.area_id'), areaIds)} AND r.deleted_at IS NULL
    AND r.read_at >= ${ts(start)} AND r.read_at < ${ts(end)}`;

  const byBuilding = rowsOf<Record<string, unknown>>(await db.execute(sql`
    SELECT p.name AS project_name, b.name AS building_name, sum(r.consumption) AS usage
    FROM readings r JOIN rooms rm ON rm.id = r.room_id JOIN buildings b ON b.id = rm.building_id JOIN projects p ON p.id = rm.project_id
    WHERE ${where}
    GROUP BY p.name, b.name ORDER BY p.name, b.name`));
  const thresholds = sql`ARRAY[${sql.join(starts.map((at) => sql`${at.getTime() / 1000}`), sql`, `)}]::float8[]`;
  const daily = rowsOf<{ b: number; usage: string }>(await db.execute(sql`
    SELECT width_bucket(extract(epoch FROM r.read_at)::float8, ${thresholds}) AS b, sum(r.consumption) AS usage
    FROM readings r WHERE ${where} GROUP BY 1`));
  const top = rowsOf<Record<string, unknown>>(await db.execute(sql`
    SELECT t.room_id, t.usage, rm.room_code, b.name AS building_name, p.name AS project_name
    FROM (SELECT r.room_id, sum(r.consumption) AS usage FROM readings r WHERE ${where} AND r.room_id IS NOT NULL
          GROUP BY r.room_id ORDER BY sum(r.consumption) DESC, r.room_id LIMIT ${REPORT_TOP_ROOMS}) t
    JOIN rooms rm ON rm.id = t.room_id JOIN buildings b ON b.id = rm.building_id JOIN projects p ON p.id = rm.project_id
    ORDER BY t.usage DESC, t.room_id`));
  const channels = rowsOf<Record<string, unknown>>(await db.execute(sql`
    SELECT o.channel, sum(o.amount_fen) AS amount_fen, count(*)::int AS orders FROM recharge_orders o
    WHERE o.utility = ${utility} AND ${inAreas(sql.raw('o.area_id'), areaIds)} AND o.order_status <> ${ORDER_STATUS.void}
      AND o.created_at >= ${ts(start)} AND o.created_at < ${ts(end)}
    GROUP BY o.channel ORDER BY sum(o.amount_fen) DESC, o.channel`));

  const perDay = new Array<number>(days).fill(0);
  for (const row of daily) {
    const i = Number(row.b) - 1;
    if (i >= 0 && i < days) perDay[i] += Number(row.usage);
  }
  return {
    utility, from, to,
    byBuilding: byBuilding.map((row) => ({ projectName: String(row.project_name), buildingName: String(row.building_name), usage: qty(row.usage) })),
    byChannel: channels.map((row) => ({ channel: String(row.channel), amountFen: Number(row.amount_fen), orders: Number(row.orders) })),
    daily: starts.slice(0, days).map((at, i) => ({ day: dayKey(at, timeZone), usage: qty(perDay[i]) })),
    topRooms: top.map((row) => ({
      roomId: Number(row.room_id), roomCode: String(row.room_code), buildingName: String(row.building_name), projectName: String(row.project_name), usage: qty(row.usage),
    })),
  };
}
