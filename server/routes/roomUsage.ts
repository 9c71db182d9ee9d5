import { and, eq, sql, type SQL } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { Q } from '../http/input';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { inScope } from '../http/scope';
import { rowsOf } from '../db/rows';
import { csvResponse, type CsvField } from '../http/csvStream';
import { billingSettings } from '../domain/billingEngine';
import { matches } from '../db/listKit';
import { PlaceFilters, rangeCheck, rangeFilters } from './statsKit';
import { daysTouched, splitMonths, type DayRange } from './statsDays';

const { rooms } = schema;

/**
 * Room electricity statistics (`chaobiao`, issue 31): the electricity each room used per day or per
 * month of the platform's time zone, read from the daily aggregates (`daily_usage`, migration 0027:
 * usage per meter and day of the standing readings, kept exact by triggers, a deleted reading
 * counting nowhere) rather than from millions of readings: `GET roomUsage/findByCondition` (a page
 * of room × period rows, sorted by the server, with the totals of the filtered set), `findSeries`
 * (the filtered set per period, for the chart) and `exportByCondition` (every row as CSV, streamed a
 * batch of rooms at a time). A range covers the whole days of the zone it touches.
 */

const GRANULARITIES = ['day', 'month'] as const;
const Filters = { ...PlaceFilters, granularity: Q.oneOf(GRANULARITIES), ...rangeFilters('read') };
const ListQuery = PagingQuery.extend(Filters).superRefine(rangeCheck('read'));
const SeriesQuery = z.object(Filters).superRefine(rangeCheck('read'));
type UsageFilter = z.output<typeof SeriesQuery>;

/** A day's period: `YYYY-MM-DD` or `YYYY-MM`. */
const periodOf = (granularity: UsageFilter['granularity']) => sql.raw(granularity === 'month' ? "to_char(du.day, 'YYYY-MM')" : "to_char(du.day, 'YYYY-MM-DD')");

const ids = (values: number[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/** The scope and the rooms' conditions on an aggregate (`du`: daily_usage, `mu`: monthly_room_usage): electricity, rooms only, the caller's place. */
const roomsOf = (alias: 'du' | 'mu', c: Ctx, query: UsageFilter): SQL => and(
  sql.raw(`${alias}.utility = 'electric' AND ${alias}.room_id <> 0 AND (${alias}.readings <> 0 OR ${alias}.usage_h <> 0)`),
  sql`${sql.raw(`${alias}.area_id`)} IN (${ids(c.get('session').areaIds)})`,
  ...placeOf(alias, query),
)!;

/** Days `[from, to)` on a date column. */
const between = (column: string, range: DayRange) => and(
  range.from !== undefined ? sql`${sql.raw(column)} >= ${range.from}::date` : undefined,
  range.to !== undefined ? sql`${sql.raw(column)} < ${range.to}::date` : undefined,
) ?? sql`true`;

/** The place filters on an aggregate's room column (`alias.room_id`). */
const placeOf = (alias: 'du' | 'mu', query: UsageFilter): (SQL | undefined)[] => {
  const room = sql.raw(`${alias}.room_id`);
  // The rooms taken first, hashed (`= ANY(ARRAY(…))` behind the key's range of months or days is no index bound on PostgreSQL 15).
  const roomsWhere = (condition: SQL) => sql`${room} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${condition} OFFSET 0)`;
  return [
    query.projectId ? roomsWhere(eq(rooms.projectId, query.projectId)) : undefined,
    query.buildingId ? roomsWhere(eq(rooms.buildingId, query.buildingId)) : undefined,
    query.roomId ? sql`${room} = ${query.roomId}` : undefined,
    query.roomCode?.trim() ? roomsWhere(matches(rooms.roomCode, query.roomCode)) : undefined,
  ];
};

/**
 * The filtered rooms' usage per room and period (`room_id`, `period`, `usage_h`, `readings`), with
 * `extra` conditions on the room (`room_id`). By day: the days of `daily_usage`. By month (issue
 * 31, at city scale): the months the range covers whole from `monthly_room_usage` (migration 0034:
 * one row per room and month, the sum of its days), the days of the months it covers in part from
 * `daily_usage` — a month's room rows instead of thirty days of them (50,000 rooms: 1.5 million
 * daily rows a month). The same figures: a month's row is the sum of its days, kept by the same
 * triggers, and a room's month counts where one of its days counts (usage or readings not zero).
 */
const groupsOf = (c: Ctx, query: UsageFilter, extra?: (room: SQL) => SQL): SQL => {
  const days = (range: SQL) => sql`SELECT du.room_id, ${periodOf(query.granularity)} AS period, sum(du.usage_h) AS usage_h, sum(du.readings) AS readings
    FROM daily_usage du WHERE ${and(roomsOf('du', c, query), range, extra?.(sql.raw('du.room_id')))} GROUP BY 1, 2`;
  const touched = daysTouched(query.readFrom, query.readTo, billingSettings.timeZone);
  if (query.granularity !== 'month') return days(between('du.day', touched));
  const split = splitMonths(touched);
  const parts: SQL[] = [];
  if (split.months) {
    parts.push(sql`SELECT mu.room_id, to_char(mu.month, 'YYYY-MM') AS period, mu.usage_h, mu.readings FROM monthly_room_usage mu
      WHERE ${and(roomsOf('mu', c, query), between('mu.month', split.months), extra?.(sql.raw('mu.room_id')))}`);
  }
  if (split.days.length) parts.push(days(sql`(${sql.join(split.days.map((range) => between('du.day', range)), sql` OR `)})`));
  return sql.join(parts, sql` UNION ALL `);
};

const SORTS: Record<string, string> = { period: 'g.period', usage: 'g.usage_h', readings: 'g.readings' };

interface UsageRow { id: string; roomId: number; roomCode: string; buildingName: string | null; projectName: string | null; period: string; usage: number; readings: number }

const rowOf = (row: Record<string, unknown>): UsageRow => ({
  id: `${row.room_id}:${row.period}`, roomId: Number(row.room_id), roomCode: String(row.room_code ?? ''), buildingName: (row.building_name as string) ?? null,
  projectName: (row.project_name as string) ?? null, period: String(row.period), usage: Number(row.usage_h) / 100, readings: Number(row.readings),
});

/** The groups (room × period) and the room's place, `tail` (order, limit) applied by the caller. */
const grouped = (groups: SQL, tail: SQL) => sql`
  SELECT g.room_id, g.period, g.usage_h, g.readings, rm.room_code, b.name AS building_name, p.name AS project_name
  FROM (${groups}) g
  JOIN ${rooms} rm ON rm.id = g.room_id LEFT JOIN buildings b ON b.id = rm.building_id LEFT JOIN projects p ON p.id = rm.project_id
  ${tail}`;

const F = 'resources.chaobiao.fields';
const CSV_FIELDS: CsvField<UsageRow>[] = [
  { label: `${F}.period`, value: (row) => row.period, kind: 'date' },
  { label: `${F}.projectName`, value: (row) => row.projectName }, { label: `${F}.buildingName`, value: (row) => row.buildingName },
  { label: `${F}.roomCode`, value: (row) => row.roomCode, kind: 'code' },
  { label: `${F}.usage`, value: (row) => row.usage.toFixed(2), kind: 'quantity' },
  { label: `${F}.readings`, value: (row) => row.readings, kind: 'number' },
];

const EXPORT_ROOMS = 200;

export function roomUsageRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Electricity used per room and day (or month) of the platform\'s zone, paged and sorted, with the totals of the filtered set', tags: ['statistics usage'], query: ListQuery,
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const groups = groupsOf(c, query);
    // Own keys only: `constructor`, `toString`… are Object's, not columns (issue 44 found them answering 500).
    const column = (query.sortField && Object.hasOwn(SORTS, query.sortField) ? SORTS[query.sortField] : undefined) ?? 'g.period';
    const direction = query.sortOrder?.toLowerCase() === 'asc' ? 'ASC' : 'DESC';
    const order = sql.raw(`ORDER BY ${column} ${direction}, g.room_id ${direction}, g.period DESC`);
    const offset = (query.pageNum - 1) * query.pageSize;
    // One pass: the groups once (a CTE), the page of them with the totals of all as window figures.
    const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`
      WITH g AS MATERIALIZED (${groups})
      SELECT x.*, rm.room_code, b.name AS building_name, p.name AS project_name, (SELECT count(DISTINCT room_id) FROM g) AS rooms
      FROM (SELECT g.*, count(*) OVER () AS total, sum(g.usage_h) OVER () AS total_usage_h, sum(g.readings) OVER () AS total_readings
            FROM g ${order} LIMIT ${query.pageSize} OFFSET ${offset}) x
      JOIN ${rooms} rm ON rm.id = x.room_id LEFT JOIN buildings b ON b.id = rm.building_id LEFT JOIN projects p ON p.id = rm.project_id
      ORDER BY ${sql.raw(column.replace(/^g\./, 'x.'))} ${sql.raw(direction)}, x.room_id ${sql.raw(direction)}, x.period DESC`));
    // A page past the end has no row to carry the totals: ask for them alone.
    const head = rows[0] ?? rowsOf<Record<string, unknown>>(await db.execute(sql`
      SELECT count(*) AS total, coalesce(sum(usage_h), 0) AS total_usage_h, coalesce(sum(readings), 0) AS total_readings, count(DISTINCT room_id) AS rooms
      FROM (${groups}) g`))[0];
    const total = Number(head.total ?? 0);
    return ok(c, {
      records: rows.map(rowOf), total,
      totals: { count: total, rooms: Number(head.rooms ?? 0), usage: Number(head.total_usage_h ?? 0) / 100, readings: Number(head.total_readings ?? 0) },
    });
  });

  defineRoute(router, {
    method: 'get', path: '/findSeries', summary: 'Electricity used per day (or month) over the filtered rooms, oldest first (the chart of the screen)', tags: ['statistics usage'], query: SeriesQuery,
  }, async (c, { query }) => {
    const rows = rowsOf<Record<string, unknown>>(await c.get('deps').db.execute(sql`
      SELECT g.period, coalesce(sum(g.usage_h), 0) AS usage_h, count(DISTINCT g.room_id) AS rooms
      FROM (${groupsOf(c, query)}) g GROUP BY 1 ORDER BY 1 LIMIT 400`));
    return ok(c, rows.map((row) => ({ period: String(row.period), usage: Number(row.usage_h) / 100, rooms: Number(row.rooms) })));
  });

  defineRoute(router, {
    method: 'get', path: '/exportByCondition', summary: 'The filtered room × period usage as CSV (UTF-8 with BOM), streamed by batches of rooms', tags: ['statistics usage'], query: SeriesQuery,
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    async function* batches() {
      let after = 0;
      for (;;) {
        const roomIds = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM ${rooms} WHERE ${inScope(rooms.areaId, c.get('session'))} AND id > ${after} ORDER BY id LIMIT ${EXPORT_ROOMS}`)).map((row) => Number(row.id));
        if (!roomIds.length) return;
        const rows = rowsOf<Record<string, unknown>>(await db.execute(grouped(groupsOf(c, query, (room) => sql`${room} IN (${ids(roomIds)})`), sql.raw('ORDER BY g.room_id, g.period'))));
        if (rows.length) yield rows.map(rowOf);
        if (roomIds.length < EXPORT_ROOMS) return;
        after = roomIds[roomIds.length - 1];
      }
    }
    return csvResponse(c, query.granularity === 'month' ? 'room-usage-monthly' : 'room-usage-daily', CSV_FIELDS, batches);
  });

  return router;
}
