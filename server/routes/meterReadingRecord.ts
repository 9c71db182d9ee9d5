import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { costIn, usageHIn } from '../domain/usageSql';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { Bool, Id, Q, Text } from '../http/input';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { listPage, matches, rowsById, type ListSpec } from '../db/listKit';
import { inScope } from '../http/scope';
import { rowsOf } from '../db/rows';
import { batchesById, csvResponse, csvTime, type CsvField } from '../http/csvStream';
import { fenToYuan } from '../../common/money';
import { deleteReading, previewDelete, purgeReading, restoreReading } from '../domain/readingRecords';
import { PlaceFilters, numbers, rangeCheck, rangeConditions, rangeFilters } from './statsKit';
import { billingSettings } from '../domain/billingEngine';
import { dayOf, splitMonths, type DayRange } from './statsDays';

const { readings, rooms, buildings, projects, electricMeters, waterMeters, sysUsers } = schema;

/**
 * Meter reading records (issue 31: `MeterReadingRecordDetails` electric, `chaobiao_water` water;
 * issue 33: `shanchuchaobiaojilu` the deleted ones), in the style of SPEC.md's calls:
 * `GET meterReadingRecord/findByCondition` (the standing readings of a utility, paged, filtered,
 * sorted, with the totals of the filtered set), `exportByCondition` (that set as CSV, streamed),
 * `DELETE deleteReading` (soft delete with a reason, refunding the charge or keeping it),
 * `GET findDeletedByCondition` / `exportDeletedByCondition` (the deleted readings: who, when, why,
 * what was refunded), `PUT restoreReading` and `DELETE purgeReading`. The money rule is
 * server/domain/readingRecords.ts.
 */

const UTILITIES = ['electric', 'water'] as const;

const meterAddress = sql<string | null>`coalesce(${electricMeters.address}, ${waterMeters.address})`;

const readingQuery = (db: Db) => db.select({
  id: readings.id, utility: readings.utility, meterId: readings.meterId, meterAddress, roomId: readings.roomId,
  roomCode: rooms.roomCode, buildingName: buildings.name, projectName: projects.name,
  readAt: readings.readAt, total: readings.total, sharp: readings.sharp, peak: readings.peak, flat: readings.flat, valley: readings.valley,
  voltage: readings.voltage, current: readings.current, powerKw: readings.powerKw,
  consumption: readings.consumption, costFen: readings.costFen, billed: readings.billed,
  deletedAt: readings.deletedAt, deletedBy: readings.deletedBy, deletedByName: sql<string | null>`coalesce(${sysUsers.realName}, ${sysUsers.userName})`,
  deleteReason: readings.deleteReason, refundedFen: readings.refundedFen, recount: readings.recount,
}).from(readings)
  .leftJoin(electricMeters, and(eq(readings.utility, 'electric'), eq(electricMeters.id, readings.meterId)))
  .leftJoin(waterMeters, and(eq(readings.utility, 'water'), eq(waterMeters.id, readings.meterId)))
  .leftJoin(rooms, eq(rooms.id, readings.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId))
  .leftJoin(sysUsers, eq(sysUsers.id, readings.deletedBy));
export type ReadingRow = Awaited<ReturnType<ReturnType<typeof readingQuery>['where']>>[number];

/** The rows of a page, one prepared statement for every reading list. */
const readingRows = rowsById('reading_record_rows', readingQuery, readings.id);

/** The standing readings of a utility (or both), newest first on readings_area_time. */
const standing = (utility?: (typeof UTILITIES)[number]): ListSpec<ReadingRow> => ({
  table: readings, id: readings.id, area: readings.areaId,
  base: sql.raw(`${utility ? `"readings"."utility" = '${utility}' AND ` : ''}"readings"."deleted_at" IS NULL`),
  sorts: { id: readings.id, readAt: readings.readAt },
  defaultSort: { field: 'readAt', descending: true },
  rows: readingRows,
});
const STANDING = { electric: standing('electric'), water: standing('water'), both: standing() };

/** The deleted readings, latest deletion first on the partial index readings_deleted. */
const DELETED: ListSpec<ReadingRow> = {
  table: readings, id: readings.id, area: readings.areaId,
  base: sql.raw(`"readings"."deleted_at" IS NOT NULL`),
  sorts: { id: readings.id, deletedAt: readings.deletedAt, readAt: readings.readAt },
  defaultSort: { field: 'deletedAt', descending: true },
  rows: readingRows,
};

const Filters = {
  utility: Q.oneOf(UTILITIES), ...PlaceFilters, meterId: Q.id(), meterAddress: Q.text(20), ...rangeFilters('read'),
};
const ListQuery = PagingQuery.extend(Filters).superRefine(rangeCheck('read'));
const DeletedQuery = PagingQuery.extend({ ...Filters, ...rangeFilters('deleted') }).superRefine((query, ctx) => {
  rangeCheck('read')(query, ctx);
  rangeCheck('deleted')(query, ctx);
});
type ReadingFilter = z.output<typeof DeletedQuery>;

/**
 * A reading's room among the rooms matching a condition, as `room_id = ANY(ARRAY(the rooms))`
 * rather than the kit's `room_id IN (SELECT … OFFSET 0)` (issue 31): the readings are then read
 * room by room on readings_room_time, within the range — a building's month is its 500 rooms' 15,500
 * readings whatever the size of the area — where the IN form read the whole area's month
 * (1.55 million index entries at city scale) to keep the building's, and, past the count cap, checked
 * each reading of the page's walk against all the building's rooms.
 */
const roomMatches = (condition: SQL) => sql`${readings.roomId} = ANY(ARRAY(SELECT ${rooms.id} FROM ${rooms} WHERE ${condition}))`;

/** The caller's filters as conditions on readings (the utility too: the export has no list base). */
function conditions(query: Partial<ReadingFilter>): SQL | undefined {
  const address = query.meterAddress?.trim();
  const addressIn = (table: typeof electricMeters | typeof waterMeters, utility: string) =>
    sql`(${readings.utility} = ${utility} AND ${readings.meterId} IN (SELECT ${table.id} FROM ${table} WHERE ${matches(table.address, address!)} OFFSET 0))`;
  return and(
    query.utility ? eq(readings.utility, query.utility) : undefined,
    query.projectId ? roomMatches(eq(rooms.projectId, query.projectId)) : undefined,
    query.buildingId ? roomMatches(eq(rooms.buildingId, query.buildingId)) : undefined,
    query.roomId ? eq(readings.roomId, query.roomId) : undefined,
    query.roomCode?.trim() ? roomMatches(matches(rooms.roomCode, query.roomCode)) : undefined,
    query.meterId ? eq(readings.meterId, query.meterId) : undefined,
    address ? (query.utility === 'water' ? addressIn(waterMeters, 'water') : query.utility === 'electric' ? addressIn(electricMeters, 'electric')
      : sql`(${addressIn(electricMeters, 'electric')} OR ${addressIn(waterMeters, 'water')})`) : undefined,
    rangeConditions(readings.readAt, query, 'read'),
    rangeConditions(readings.deletedAt, query, 'deleted'),
  );
}

/** The totals of the filtered set (not the page): readings, usage (kWh or m³), charged and refunded money in fen, summed over the raw rows. */
async function totalsOf(c: Ctx, where: SQL | undefined) {
  const [row] = rowsOf<Record<string, unknown>>(await c.get('deps').db.execute(sql`
    SELECT count(*) AS count, coalesce(sum(${readings.consumption}), 0) AS consumption, coalesce(sum(${readings.costFen}), 0) AS "costFen",
      coalesce(sum(${readings.refundedFen}), 0) AS "refundedFen"
    FROM ${readings} WHERE ${and(inScope(readings.areaId, c.get('session')), where)}`));
  return numbers(row);
}

/**
 * The standing readings' totals (count, usage, charge) from the aggregates (migrations 0027 and
 * 0031) rather than from the raw rows: filtered by place or meter, the whole months of the range
 * (in the platform's zone) from `monthly_usage` (migration 0034) and its other whole days from
 * `daily_usage`; filtered by the caller's areas alone, its whole hours
 * from `hourly_area_usage`. Only the partial day (or hour) at each end of the range is summed raw.
 * The same figures as the raw sum (tests/server/readingTotals.test.ts).
 */
async function standingTotals(c: Ctx, query: Partial<ReadingFilter>) {
  const db = c.get('deps').db;
  const zone = billingSettings.timeZone;
  const byPlace = !!(query.projectId || query.buildingId || query.roomId || query.roomCode?.trim() || query.meterId || query.meterAddress?.trim());
  const from = query.readFrom ?? null;
  const to = query.readTo ?? null;
  // The aggregate's first unit within the range (a day or an hour starting at or after `from`) and the start of the unit `to` falls in.
  const unit = byPlace ? 'day' : 'hour';
  const floor = (at: string) => (byPlace ? sql`date_trunc('day', ${at}::timestamptz, ${zone})` : sql`date_trunc('hour', ${at}::timestamptz, 'UTC')`);
  const [bounds] = rowsOf<{ first: string | null; last: string | null }>(await db.execute(sql`
    SELECT ${from ? sql`CASE WHEN ${floor(from)} = ${from}::timestamptz THEN ${floor(from)} ELSE ${floor(from)} + ${`1 ${unit}`}::interval END` : sql`NULL::timestamptz`} AS first,
      ${to ? floor(to) : sql`NULL::timestamptz`} AS last`));
  const first = bounds.first ? new Date(bounds.first) : null;
  const last = bounds.last ? new Date(bounds.last) : null;
  // A range within one day (or hour): all of it is a raw piece.
  const within = !!(first && last && first >= last);

  const areaIds = sql.join(c.get('session').areaIds.map((id) => sql`${id}`), sql`, `);
  let aggregate: Record<string, unknown>;
  if (within) {
    aggregate = { count: 0, usage_h: 0, cost: 0 };
  } else if (byPlace) {
    const address = query.meterAddress?.trim();
    // The same conditions on daily_usage (`du`) and monthly_usage (`mu`), each a day or month of a meter.
    const placeOf = (alias: 'du' | 'mu') => {
      const col = (name: string) => sql.raw(`${alias}.${name}`);
      const addressIn = (table: typeof electricMeters | typeof waterMeters, utility: string) =>
        sql`(${col('utility')} = ${utility} AND ${col('meter_id')} IN (SELECT ${table.id} FROM ${table} WHERE ${matches(table.address, address!)} OFFSET 0))`;
      // The rooms taken first, hashed (not `= ANY(ARRAY(…))`: behind the range of months or days of the key it is no index bound
      // on PostgreSQL 15, and each of a building's 500 rooms read the area's month again: 3.9 s at city scale).
      const roomsWhere = (condition: SQL) => sql`${col('room_id')} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${condition} OFFSET 0)`;
      return and(
        sql`${col('area_id')} IN (${areaIds})`,
        query.utility ? sql`${col('utility')} = ${query.utility}` : undefined,
        query.projectId ? roomsWhere(eq(rooms.projectId, query.projectId)) : undefined,
        query.buildingId ? roomsWhere(eq(rooms.buildingId, query.buildingId)) : undefined,
        query.roomId ? sql`${col('room_id')} = ${query.roomId}` : undefined,
        query.roomCode?.trim() ? roomsWhere(matches(rooms.roomCode, query.roomCode)) : undefined,
        query.meterId ? sql`${col('meter_id')} = ${query.meterId}` : undefined,
        address ? (query.utility === 'water' ? addressIn(waterMeters, 'water') : query.utility === 'electric' ? addressIn(electricMeters, 'electric')
          : sql`(${addressIn(electricMeters, 'electric')} OR ${addressIn(waterMeters, 'water')})`) : undefined,
      )!;
    };
    // The whole days of the range; of them, the whole months (issue 31: a month of a building's
    // meters is 1,000 rows of monthly_usage, not 31,000 of daily_usage), the other days from
    // daily_usage; the bounds as dates the planner sees (statsDays.ts).
    const split = splitMonths({ from: first ? dayOf(first, zone) : undefined, to: last ? dayOf(last, zone) : undefined });
    const between = (column: string, range: DayRange) => and(
      range.from !== undefined ? sql`${sql.raw(column)} >= ${range.from}::date` : undefined,
      range.to !== undefined ? sql`${sql.raw(column)} < ${range.to}::date` : undefined,
    ) ?? sql`true`;
    const parts: SQL[] = [];
    if (split.months) parts.push(sql`SELECT sum(mu.readings) AS count, sum(mu.usage_h) AS usage_h, sum(mu.cost_fen) AS cost FROM monthly_usage mu WHERE ${placeOf('mu')} AND ${between('mu.month', split.months)}`);
    if (split.days.length) {
      parts.push(sql`SELECT sum(du.readings) AS count, sum(du.usage_h) AS usage_h, sum(du.cost_fen) AS cost FROM daily_usage du
        WHERE ${placeOf('du')} AND (${sql.join(split.days.map((range) => between('du.day', range)), sql` OR `)})`);
    }
    [aggregate] = rowsOf<Record<string, unknown>>(await db.execute(sql`
      SELECT coalesce(sum(x.count), 0) AS count, coalesce(sum(x.usage_h), 0) AS usage_h, coalesce(sum(x.cost), 0) AS cost FROM (${sql.join(parts, sql` UNION ALL `)}) x`));
  } else {
    const where = and(
      sql`hu.area_id IN (${areaIds})`,
      query.utility ? sql`hu.utility = ${query.utility}` : undefined,
      first ? sql`hu.hour >= ${first.toISOString()}::timestamptz` : undefined,
      last ? sql`hu.hour < ${last.toISOString()}::timestamptz` : undefined,
    );
    [aggregate] = rowsOf<Record<string, unknown>>(await db.execute(sql`
      SELECT coalesce(sum(hu.readings), 0) AS count, coalesce(sum(hu.usage_h), 0) AS usage_h, coalesce(sum(hu.cost_fen), 0) AS cost FROM hourly_area_usage hu WHERE ${where}`));
  }
  // The partial units at the ends, raw.
  const pieces = within ? [{ readFrom: from!, readTo: to! }] : [
    from && first && first.getTime() > new Date(from).getTime() ? { readFrom: from, readTo: first.toISOString() } : undefined,
    to && last && last.getTime() < new Date(to).getTime() ? { readFrom: last.toISOString(), readTo: to } : undefined,
  ].filter((piece) => piece !== undefined);
  let count = Number(aggregate.count);
  let usageH = Number(aggregate.usage_h);
  let cost = Number(aggregate.cost);
  if (pieces.length) {
    // By the rule (server/domain/usageRule.ts): a reading's part of usage and charge in each piece, of
    // the readings whose interval meets it (and ends within a month after it); a reading counts in the
    // piece it was taken in.
    const spans = pieces.map((piece) => ({ a: new Date(piece.readFrom), b: new Date(piece.readTo) }));
    const meets = ({ a, b }: { a: Date; b: Date }) => sql`(${readings.readAt} >= ${a} AND ${readings.readAt} < ${new Date(b.getTime() + 31 * 86_400_000)} AND coalesce(${readings.sinceAt}, ${readings.readAt}) < ${b})`;
    const ends = ({ a, b }: { a: Date; b: Date }) => sql`(${readings.readAt} >= ${a} AND ${readings.readAt} < ${b})`;
    const [raw] = rowsOf<Record<string, unknown>>(await db.execute(sql`
      SELECT count(*) FILTER (WHERE ${sql.join(spans.map(ends), sql` OR `)}) AS count,
        coalesce(sum(${sql.join(spans.map(({ a, b }) => usageHIn(a, b)), sql` + `)}), 0) AS usage_h,
        coalesce(sum(${sql.join(spans.map(({ a, b }) => costIn(a, b)), sql` + `)}), 0) AS cost FROM ${readings}
      WHERE ${and(inScope(readings.areaId, c.get('session')), sql`${readings.deletedAt} IS NULL`, conditions({ ...query, readFrom: undefined, readTo: undefined }),
        sql`(${sql.join(spans.map(meets), sql` OR `)})`)}`));
    count += Number(raw.count);
    usageH += Number(raw.usage_h);
    cost += Number(raw.cost);
  }
  return { count, consumption: usageH / 100, costFen: cost };
}

const F = (utility: string | undefined, deleted: boolean) =>
  `resources.${deleted ? 'shanchuchaobiaojilu' : utility === 'water' ? 'chaobiao_water' : 'MeterReadingRecordDetails'}.fields`;

/** The export's columns: the electric screen adds the rate registers and instant values, the deleted list who, when, why and the refund. */
function csvFields(utility: string | undefined, deleted: boolean): CsvField<ReadingRow>[] {
  const f = F(utility, deleted);
  const q = (key: keyof ReadingRow) => ({ label: `${f}.${key}`, value: (row: ReadingRow) => row[key] as unknown, kind: 'quantity' as const });
  return [
    { label: `${f}.readAt`, value: (row) => csvTime(row.readAt), kind: 'time' },
    ...(deleted || !utility ? [{ label: `${f}.utility`, value: (row: ReadingRow, t: (key: string) => string) => t(`stats.utility.${row.utility}`) }] : []),
    { label: `${f}.projectName`, value: (row) => row.projectName }, { label: `${f}.buildingName`, value: (row) => row.buildingName },
    { label: `${f}.roomCode`, value: (row) => row.roomCode, kind: 'code' }, { label: `${f}.meterAddress`, value: (row) => row.meterAddress, kind: 'code' },
    q('total'), ...(utility === 'electric' && !deleted ? [q('sharp'), q('peak'), q('flat'), q('valley'), q('voltage'), q('current'), q('powerKw')] : []),
    q('consumption'), { label: `${f}.costFen`, value: (row) => fenToYuan(row.costFen), kind: 'money' },
    ...(deleted ? [
      { label: `${f}.deletedAt`, value: (row: ReadingRow) => csvTime(row.deletedAt), kind: 'time' as const },
      { label: `${f}.deletedByName`, value: (row: ReadingRow) => row.deletedByName },
      { label: `${f}.deleteReason`, value: (row: ReadingRow) => row.deleteReason },
      { label: `${f}.refundedFen`, value: (row: ReadingRow) => fenToYuan(row.refundedFen), kind: 'money' as const },
    ] : []),
  ];
}

const exportName = (utility: string | undefined, deleted: boolean) => (deleted ? 'deleted-readings' : utility === 'water' ? 'water-readings' : utility === 'electric' ? 'electric-readings' : 'readings');

const DeleteQuery = z.object({
  id: Id,
  /** Why the reading is wrong (kept on the reading, on the refund entry and in the operation log). */
  reason: Text(200),
  /** Whether the reading's charge is refunded (a ledger entry) or kept. */
  refund: Bool,
});
const RestoreBody = z.object({ id: Id, reason: Text(200).optional() });

export function meterReadingRecordRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Meter readings of a utility (standing ones), paged, filtered, sorted, with the totals of the filtered set', tags: ['reading records'], query: ListQuery,
  }, async (c, { query }) => {
    const spec = STANDING[query.utility ?? 'both'];
    const where = conditions({ ...query, utility: undefined });
    const [page, totals] = await Promise.all([
      listPage(c.get('deps').db, spec, { where, paging: query, areaIds: c.get('session').areaIds }),
      standingTotals(c, query),
    ]);
    // Past the list's count cap, the total is the totals' count: the same readings, counted by the aggregates.
    const { totalCapped: _capped, ...counted } = page;
    return ok(c, { ...counted, total: page.totalCapped ? totals.count : page.total, totals: { count: totals.count, consumption: totals.consumption, costFen: totals.costFen } });
  });

  defineRoute(router, {
    method: 'get', path: '/exportByCondition', summary: 'The filtered standing readings as CSV (UTF-8 with BOM), streamed', tags: ['reading records'], query: ListQuery,
  }, async (c, { query }) => {
    const where = and(inScope(readings.areaId, c.get('session')), sql`${readings.deletedAt} IS NULL`, conditions(query));
    const { db } = c.get('deps');
    return csvResponse(c, exportName(query.utility, false), csvFields(query.utility, false), () => batchesById<ReadingRow>(() => readingQuery(db) as never, readings.id, where));
  });

  defineRoute(router, {
    method: 'get', path: '/previewDelete',
    summary: 'What deleting a reading would do, written nowhere: with its charge refunded, the readings after it counted again (each one\'s usage and charge before → after, the free allowance given back); keeping the charge changes nothing else', tags: ['reading records'],
    query: z.object({ id: Id }),
  }, async (c, { query }) => ok(c, await previewDelete(c.get('deps').db, c.get('session'), query.id)));

  defineRoute(router, {
    method: 'delete', path: '/deleteReading',
    summary: 'Soft-delete a wrong reading with a reason; refund=true refunds its charge with one ledger entry and counts the readings after it again from the one before it (each difference one ledger entry, the free allowance it used given back), refund=false keeps its charge and changes nothing else; a second delete is refused (409); audited', tags: ['reading records'],
    query: DeleteQuery,
  }, async (c, { query }) => ok(c, await deleteReading(c.get('deps').db, c.get('session'), query.id, query.reason, query.refund, c.get('deps').now())));

  defineRoute(router, {
    method: 'get', path: '/findDeletedByCondition', summary: 'Deleted readings (who deleted them, when, why, what was refunded), paged, with totals', tags: ['reading records'], query: DeletedQuery,
  }, async (c, { query }) => {
    const where = conditions(query);
    const [page, totals] = await Promise.all([
      listPage(c.get('deps').db, DELETED, { where, paging: query, areaIds: c.get('session').areaIds }),
      totalsOf(c, and(isNotNull(readings.deletedAt), where)),
    ]);
    return ok(c, { ...page, totals });
  });

  defineRoute(router, {
    method: 'get', path: '/exportDeletedByCondition', summary: 'The filtered deleted readings as CSV (UTF-8 with BOM), streamed', tags: ['reading records'], query: DeletedQuery,
  }, async (c, { query }) => {
    const where = and(inScope(readings.areaId, c.get('session')), isNotNull(readings.deletedAt), conditions(query));
    const { db } = c.get('deps');
    return csvResponse(c, exportName(query.utility, true), csvFields(query.utility, true), () => batchesById<ReadingRow>(() => readingQuery(db) as never, readings.id, where));
  });

  defineRoute(router, {
    method: 'put', path: '/restoreReading', summary: 'Restore a deleted reading; what its deletion refunded is charged back with one ledger entry, and what it recounted is counted back; audited', tags: ['reading records'], body: RestoreBody,
  }, async (c, { body }) => ok(c, await restoreReading(c.get('deps').db, c.get('session'), body.id, body.reason ?? null, c.get('deps').now())));

  defineRoute(router, {
    method: 'delete', path: '/purgeReading', summary: 'Purge a deleted reading for good (its ledger entries stay; the operation log keeps the row)', tags: ['reading records'], query: z.object({ id: Id }),
  }, async (c, { query }) => ok(c, await purgeReading(c.get('deps').db, c.get('session'), query.id)));

  return router;
}
