import { and, sql, type SQL } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { Q } from '../http/input';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { inScope } from '../http/scope';
import { rowsOf } from '../db/rows';
import { csvResponse, type CsvField } from '../http/csvStream';
import { fenToYuan } from '../../common/money';
import { billingSettings } from '../domain/billingEngine';
import { PlaceFilters, numbers, placeConditions, rangeCheck, rangeConditions, rangeFilters } from './statsKit';

const { readings, rooms } = schema;

/**
 * Room electricity statistics (`chaobiao`, issue 31): the electricity each room used per day or per
 * month of the platform's time zone, summed from its standing readings (a deleted reading counts
 * nowhere): `GET roomUsage/findByCondition` (a page of room × period rows, sorted by the server,
 * with the totals of the filtered set), `findSeries` (the filtered set per period, for the chart)
 * and `exportByCondition` (every row as CSV, streamed a batch of rooms at a time).
 */

const GRANULARITIES = ['day', 'month'] as const;
const Filters = { ...PlaceFilters, granularity: Q.oneOf(GRANULARITIES), ...rangeFilters('read') };
const ListQuery = PagingQuery.extend(Filters).superRefine(rangeCheck('read'));
const SeriesQuery = z.object(Filters).superRefine(rangeCheck('read'));
type UsageFilter = z.output<typeof SeriesQuery>;

/** A reading's period in the platform's zone: `YYYY-MM-DD` or `YYYY-MM`. */
const periodOf = (granularity: UsageFilter['granularity']) =>
  sql`to_char(${readings.readAt} AT TIME ZONE ${billingSettings.timeZone}, ${granularity === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'})`;

/** Every condition of the filtered readings: scope, electricity, standing, in a room, the caller's filters. */
const whereOf = (c: Ctx, query: UsageFilter): SQL => and(
  inScope(readings.areaId, c.get('session')),
  sql`${readings.utility} = 'electric' AND ${readings.deletedAt} IS NULL AND ${readings.roomId} IS NOT NULL`,
  ...placeConditions(readings.roomId, query),
  rangeConditions(readings.readAt, query, 'read'),
)!;

const SORTS: Record<string, string> = { period: 'g.period', usage: 'g.usage', costFen: 'g.cost_fen', readings: 'g.readings', roomCode: 'rm.room_code' };

interface UsageRow { id: string; roomId: number; roomCode: string; buildingName: string | null; projectName: string | null; period: string; usage: number; costFen: number; readings: number }

const rowOf = (row: Record<string, unknown>): UsageRow => ({
  id: `${row.room_id}:${row.period}`, roomId: Number(row.room_id), roomCode: String(row.room_code ?? ''), buildingName: (row.building_name as string) ?? null,
  projectName: (row.project_name as string) ?? null, period: String(row.period), usage: Math.round(Number(row.usage) * 100) / 100, costFen: Number(row.cost_fen), readings: Number(row.readings),
});

/** The grouped readings (room × period) and the room's place, `order` and `limit` applied by the caller. */
const grouped = (period: SQL, where: SQL, tail: SQL) => sql`
  SELECT g.room_id, g.period, g.usage, g.cost_fen, g.readings, rm.room_code, b.name AS building_name, p.name AS project_name
  FROM (SELECT ${readings.roomId} AS room_id, ${period} AS period, sum(${readings.consumption}) AS usage, sum(${readings.costFen}) AS cost_fen, count(*) AS readings
        FROM ${readings} WHERE ${where} GROUP BY 1, 2) g
  JOIN ${rooms} rm ON rm.id = g.room_id LEFT JOIN buildings b ON b.id = rm.building_id LEFT JOIN projects p ON p.id = rm.project_id
  ${tail}`;

const F = 'resources.chaobiao.fields';
const CSV_FIELDS: CsvField<UsageRow>[] = [
  { label: `${F}.period`, value: (row) => row.period, kind: 'value' },
  { label: `${F}.projectName`, value: (row) => row.projectName }, { label: `${F}.buildingName`, value: (row) => row.buildingName },
  { label: `${F}.roomCode`, value: (row) => row.roomCode, kind: 'code' },
  { label: `${F}.usage`, value: (row) => row.usage, kind: 'value' }, { label: `${F}.costFen`, value: (row) => fenToYuan(row.costFen), kind: 'value' },
  { label: `${F}.readings`, value: (row) => row.readings, kind: 'value' },
];

const EXPORT_ROOMS = 200;

export function roomUsageRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Electricity used per room and day (or month) of the platform\'s zone, paged and sorted, with the totals of the filtered set', tags: ['statistics usage'], query: ListQuery,
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = whereOf(c, query);
    const column = SORTS[query.sortField ?? ''] ?? 'g.period';
    const direction = query.sortOrder?.toLowerCase() === 'asc' ? 'ASC' : 'DESC';
    const order = sql.raw(`ORDER BY ${column} ${direction}, g.room_id ${direction}, g.period DESC`);
    const offset = (query.pageNum - 1) * query.pageSize;
    const [rows, [totals]] = await Promise.all([
      db.execute(grouped(periodOf(query.granularity), where, sql`${order} LIMIT ${query.pageSize} OFFSET ${offset}`)),
      db.execute(sql`
        SELECT count(DISTINCT (${readings.roomId}, ${periodOf(query.granularity)})) AS total, count(DISTINCT ${readings.roomId}) AS rooms,
          coalesce(sum(${readings.consumption}), 0) AS usage, coalesce(sum(${readings.costFen}), 0) AS "costFen", count(*) AS readings
        FROM ${readings} WHERE ${where}`).then((result) => rowsOf<Record<string, unknown>>(result).map(numbers)),
    ]);
    const { total, ...sums } = totals;
    return ok(c, { records: rowsOf<Record<string, unknown>>(rows).map(rowOf), total, totals: { count: total, ...sums } });
  });

  defineRoute(router, {
    method: 'get', path: '/findSeries', summary: 'Electricity used per day (or month) over the filtered rooms, oldest first (the chart of the screen)', tags: ['statistics usage'], query: SeriesQuery,
  }, async (c, { query }) => {
    const period = periodOf(query.granularity);
    const rows = rowsOf<Record<string, unknown>>(await c.get('deps').db.execute(sql`
      SELECT ${period} AS period, coalesce(sum(${readings.consumption}), 0) AS usage, coalesce(sum(${readings.costFen}), 0) AS cost_fen, count(DISTINCT ${readings.roomId}) AS rooms
      FROM ${readings} WHERE ${whereOf(c, query)} GROUP BY 1 ORDER BY 1 LIMIT 400`));
    return ok(c, rows.map((row) => ({ period: String(row.period), usage: Math.round(Number(row.usage) * 100) / 100, costFen: Number(row.cost_fen), rooms: Number(row.rooms) })));
  });

  defineRoute(router, {
    method: 'get', path: '/exportByCondition', summary: 'The filtered room × period usage as CSV (UTF-8 with BOM), streamed by batches of rooms', tags: ['statistics usage'], query: SeriesQuery,
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = whereOf(c, query);
    const period = periodOf(query.granularity);
    async function* batches() {
      let after = 0;
      for (;;) {
        const ids = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM ${rooms} WHERE ${inScope(rooms.areaId, c.get('session'))} AND id > ${after} ORDER BY id LIMIT ${EXPORT_ROOMS}`)).map((row) => Number(row.id));
        if (!ids.length) return;
        const rows = rowsOf<Record<string, unknown>>(await db.execute(grouped(period, and(where, sql`${readings.roomId} IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)!, sql.raw('ORDER BY g.room_id, g.period'))));
        if (rows.length) yield rows.map(rowOf);
        if (ids.length < EXPORT_ROOMS) return;
        after = ids[ids.length - 1];
      }
    }
    return csvResponse(c, query.granularity === 'month' ? 'room-usage-monthly' : 'room-usage-daily', CSV_FIELDS, batches);
  });

  return router;
}
