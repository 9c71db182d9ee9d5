import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { Q } from '../http/input';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { listPage, rowsById, type ListSpec } from '../db/listKit';
import { inScope } from '../http/scope';
import { rowsOf } from '../db/rows';
import { batchesById, csvResponse, csvTime, type CsvField } from '../http/csvStream';
import { fenToYuan } from '../../common/money';
import { Month, PlaceFilters, numbers, placeConditions, rangeCheck, rangeConditions, rangeFilters } from './statsKit';
import { addTenantReportRoutes } from './tenantReports';

const { powerCuts, faults, giftRecords, monthlySettlements, rooms, buildings, projects, electricMeters, waterMeters, modules } = schema;

/** The room columns every record list shows (the record's room, its building and project). */
const roomColumns = { roomCode: rooms.roomCode, buildingName: buildings.name, projectName: projects.name };

/** Totals of a filtered record set: `select` (aggregates) over the table with the scope and the filters. */
async function totalsOf(c: Ctx, table: { areaId: PgColumn }, from: SQL, select: SQL, where: SQL | undefined) {
  const [row] = rowsOf<Record<string, unknown>>(await c.get('deps').db.execute(sql`SELECT ${select} FROM ${from} WHERE ${and(inScope(table.areaId, c.get('session')), where)}`));
  return numbers(row);
}

// ---- power cuts (continuitytable) ---------------------------------------------------------------

export const CUT_CAUSES = ['arrears', 'manual', 'overload', 'malignant_load', 'night_limit', 'timed', 'keep_supply_released', 'maintenance'] as const;
const CutQuery = PagingQuery.extend({
  ...PlaceFilters, cause: Q.oneOf(CUT_CAUSES), state: Q.oneOf(['off', 'restored']), ...rangeFilters('off'),
}).superRefine(rangeCheck('off'));
type CutFilter = z.output<typeof CutQuery>;

/** Minutes the supply was off (until now for a cut not yet restored): an expression of the row. */
const cutMinutes = (now: Date) => sql<number>`round(extract(epoch FROM (coalesce(${powerCuts.onAt}, ${now.toISOString()}::timestamptz) - ${powerCuts.offAt})) / 60)::int`;
const DURATION = sql`(${powerCuts.onAt} - ${powerCuts.offAt})`;

const cutQuery = (db: Db) => db.select({
  id: powerCuts.id, meterId: powerCuts.meterId, meterAddress: electricMeters.address, roomId: powerCuts.roomId, ...roomColumns,
  offAt: powerCuts.offAt, onAt: powerCuts.onAt, cause: powerCuts.cause, commandId: powerCuts.commandId, remark: powerCuts.remark,
}).from(powerCuts)
  .leftJoin(electricMeters, eq(electricMeters.id, powerCuts.meterId))
  .leftJoin(rooms, eq(rooms.id, powerCuts.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId));
type CutRow = Awaited<ReturnType<ReturnType<typeof cutQuery>['where']>>[number];

const cutList: ListSpec<CutRow> = {
  table: powerCuts, id: powerCuts.id, area: powerCuts.areaId,
  sorts: { id: powerCuts.id, offAt: powerCuts.offAt, onAt: powerCuts.onAt, cause: powerCuts.cause, durationMinutes: DURATION },
  defaultSort: { field: 'offAt', descending: true },
  rows: rowsById('power_cut_rows', cutQuery, powerCuts.id),
};

const cutConditions = (query: CutFilter) => and(
  ...placeConditions(powerCuts.roomId, query),
  query.cause ? eq(powerCuts.cause, query.cause) : undefined,
  query.state === 'off' ? isNull(powerCuts.onAt) : query.state === 'restored' ? isNotNull(powerCuts.onAt) : undefined,
  rangeConditions(powerCuts.offAt, query, 'off'),
);

// ---- faults (guzhang) ---------------------------------------------------------------------------

/** The kinds of fault the list knows: the devices' and a tenant's report (报修, issue 42: a row about a room, device kind `room`). */
export const FAULT_KINDS = ['offline', 'read_failure', 'tamper', 'low_battery', 'valve_fault', 'reading_drop', 'no_price', 'tenant_report'] as const;
const FaultQuery = PagingQuery.extend({
  ...PlaceFilters, kind: Q.oneOf(FAULT_KINDS), deviceKind: Q.oneOf(['electric', 'water', 'module', 'room']), state: Q.oneOf(['open', 'cleared']), ...rangeFilters('opened'),
}).superRefine(rangeCheck('opened'));
type FaultFilter = z.output<typeof FaultQuery>;

const faultQuery = (db: Db) => db.select({
  id: faults.id, deviceKind: faults.deviceKind, deviceId: faults.deviceId,
  deviceAddress: sql<string | null>`coalesce(${electricMeters.address}, ${waterMeters.address}, ${modules.address})`,
  roomId: faults.roomId, ...roomColumns, kind: faults.kind, detail: faults.detail, openedAt: faults.openedAt, clearedAt: faults.clearedAt,
}).from(faults)
  .leftJoin(electricMeters, and(eq(faults.deviceKind, 'electric'), eq(electricMeters.id, faults.deviceId)))
  .leftJoin(waterMeters, and(eq(faults.deviceKind, 'water'), eq(waterMeters.id, faults.deviceId)))
  .leftJoin(modules, and(eq(faults.deviceKind, 'module'), eq(modules.id, faults.deviceId)))
  .leftJoin(rooms, eq(rooms.id, faults.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId));
type FaultRow = Awaited<ReturnType<ReturnType<typeof faultQuery>['where']>>[number];

const faultList: ListSpec<FaultRow> = {
  table: faults, id: faults.id, area: faults.areaId,
  sorts: { id: faults.id, openedAt: faults.openedAt, clearedAt: faults.clearedAt, kind: faults.kind, deviceKind: faults.deviceKind },
  defaultSort: { field: 'openedAt', descending: true },
  rows: rowsById('fault_record_rows', faultQuery, faults.id),
};

const faultConditions = (query: FaultFilter) => and(
  ...placeConditions(faults.roomId, query),
  query.kind ? eq(faults.kind, query.kind) : undefined,
  query.deviceKind ? eq(faults.deviceKind, query.deviceKind) : undefined,
  query.state === 'open' ? isNull(faults.clearedAt) : query.state === 'cleared' ? isNotNull(faults.clearedAt) : undefined,
  rangeConditions(faults.openedAt, query, 'opened'),
);

// ---- gift records (mfdianzengyu, waterfree) -----------------------------------------------------

const GiftQuery = PagingQuery.extend({
  ...PlaceFilters, utility: Q.oneOf(['electric', 'water']), period: Q.text(30), ...rangeFilters('created'),
}).superRefine(rangeCheck('created'));
type GiftFilter = z.output<typeof GiftQuery>;

const giftQuery = (db: Db) => db.select({
  id: giftRecords.id, utility: giftRecords.utility, meterId: giftRecords.meterId,
  meterAddress: sql<string | null>`coalesce(${electricMeters.address}, ${waterMeters.address})`,
  roomId: giftRecords.roomId, ...roomColumns, amount: giftRecords.amount, carriedOver: giftRecords.carriedOver, period: giftRecords.period, createdAt: giftRecords.createdAt,
}).from(giftRecords)
  .leftJoin(electricMeters, and(eq(giftRecords.utility, 'electric'), eq(electricMeters.id, giftRecords.meterId)))
  .leftJoin(waterMeters, and(eq(giftRecords.utility, 'water'), eq(waterMeters.id, giftRecords.meterId)))
  .leftJoin(rooms, eq(rooms.id, giftRecords.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId));
type GiftRow = Awaited<ReturnType<ReturnType<typeof giftQuery>['where']>>[number];

const giftList: ListSpec<GiftRow> = {
  table: giftRecords, id: giftRecords.id, area: giftRecords.areaId,
  sorts: { id: giftRecords.id, createdAt: giftRecords.createdAt, amount: giftRecords.amount, period: giftRecords.period },
  defaultSort: { field: 'createdAt', descending: true },
  rows: rowsById('gift_record_rows', giftQuery, giftRecords.id),
};

const giftConditions = (query: GiftFilter) => and(
  ...placeConditions(giftRecords.roomId, query),
  query.utility ? eq(giftRecords.utility, query.utility) : undefined,
  query.period?.trim() ? eq(giftRecords.period, query.period.trim()) : undefined,
  rangeConditions(giftRecords.createdAt, query, 'created'),
);

// ---- multi-rate monthly settlement (monthly_order) ----------------------------------------------

const SettlementQuery = PagingQuery.extend({ ...PlaceFilters, month: Month(), monthFrom: Month(), monthTo: Month() }).superRefine((query, ctx) => {
  if (query.monthFrom && query.monthTo && query.monthTo < query.monthFrom) ctx.addIssue({ code: 'custom', path: ['monthTo'], message: 'validation.stats.rangeOrder' });
});
type SettlementFilter = z.output<typeof SettlementQuery>;

const settlementQuery = (db: Db) => db.select({
  id: monthlySettlements.id, meterId: monthlySettlements.meterId, meterAddress: electricMeters.address, roomId: monthlySettlements.roomId, ...roomColumns,
  month: monthlySettlements.month, sharpKwh: monthlySettlements.sharpKwh, peakKwh: monthlySettlements.peakKwh, flatKwh: monthlySettlements.flatKwh,
  valleyKwh: monthlySettlements.valleyKwh, sharpFen: monthlySettlements.sharpFen, peakFen: monthlySettlements.peakFen, flatFen: monthlySettlements.flatFen,
  valleyFen: monthlySettlements.valleyFen, totalFen: monthlySettlements.totalFen,
  totalKwh: sql<number>`(${monthlySettlements.sharpKwh} + ${monthlySettlements.peakKwh} + ${monthlySettlements.flatKwh} + ${monthlySettlements.valleyKwh})::float8`,
}).from(monthlySettlements)
  .leftJoin(electricMeters, eq(electricMeters.id, monthlySettlements.meterId))
  .leftJoin(rooms, eq(rooms.id, monthlySettlements.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId));
type SettlementRow = Awaited<ReturnType<ReturnType<typeof settlementQuery>['where']>>[number];

const settlementList: ListSpec<SettlementRow> = {
  table: monthlySettlements, id: monthlySettlements.id, area: monthlySettlements.areaId,
  sorts: { id: monthlySettlements.id, month: monthlySettlements.month, totalFen: monthlySettlements.totalFen, sharpKwh: monthlySettlements.sharpKwh, peakKwh: monthlySettlements.peakKwh, flatKwh: monthlySettlements.flatKwh, valleyKwh: monthlySettlements.valleyKwh },
  defaultSort: { field: 'month', descending: true },
  rows: rowsById('monthly_settlement_rows', settlementQuery, monthlySettlements.id),
};

const settlementConditions = (query: SettlementFilter) => and(
  ...placeConditions(monthlySettlements.roomId, query),
  query.month ? eq(monthlySettlements.month, query.month) : undefined,
  query.monthFrom ? sql`${monthlySettlements.month} >= ${query.monthFrom}` : undefined,
  query.monthTo ? sql`${monthlySettlements.month} <= ${query.monthTo}` : undefined,
);

/**
 * The settlements' totals filtered by months at most (a month at city scale: 50,000 settlements),
 * from their totals per area and month (migration 0035, kept by triggers: the same figures).
 */
const settlementTotals = (c: Ctx, query: SettlementFilter): SQL | undefined => {
  if (query.projectId || query.buildingId || query.roomId || query.roomCode?.trim()) return undefined;
  const areaIds = c.get('session').areaIds;
  return sql`SELECT coalesce(sum(t.settlements), 0) AS count, coalesce(sum(t.sharp_kwh), 0) AS "sharpKwh", coalesce(sum(t.peak_kwh), 0) AS "peakKwh",
      coalesce(sum(t.flat_kwh), 0) AS "flatKwh", coalesce(sum(t.valley_kwh), 0) AS "valleyKwh", coalesce(sum(t.total_fen), 0) AS "totalFen"
    FROM monthly_settlement_totals t WHERE ${and(
      areaIds.length ? sql`t.area_id IN (${sql.join(areaIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`,
      query.month ? sql`t.month = ${query.month}` : undefined,
      query.monthFrom ? sql`t.month >= ${query.monthFrom}` : undefined,
      query.monthTo ? sql`t.month <= ${query.monthTo}` : undefined,
    )}`;
};

type Router = ReturnType<typeof createRouter>;

/**
 * `GET <controller>/findByCondition` of a record list: a page of the list kit and the totals of the
 * whole filtered set (`totals`: the aggregates, given the request's time), each row finished by
 * `finish` where the list adds a figure of its own.
 */
export function listWithTotals<S extends z.ZodType, Row extends { id: number }>(router: Router, spec: {
  summary: string;
  query: S;
  conditions: (query: z.output<S>) => SQL | undefined;
  list: ListSpec<Row>;
  table: { areaId: PgColumn };
  totals: (now: Date) => SQL;
  /** The same totals from an aggregate when the filters allow (else undefined: summed from the rows). */
  quickTotals?: (c: Ctx, query: z.output<S>) => SQL | undefined;
  finish?: (row: Row, now: Date) => unknown;
}) {
  defineRoute(router, { method: 'get', path: '/findByCondition', summary: spec.summary, tags: ['statistics records'], query: spec.query }, async (c, { query }) => {
    const input = query as z.output<S> & Parameters<typeof listPage>[2]['paging'];
    const where = spec.conditions(input);
    const now = c.get('deps').now();
    const quick = spec.quickTotals?.(c, input);
    const [page, totals] = await Promise.all([
      listPage(c.get('deps').db, spec.list, { where, paging: input, areaIds: c.get('session').areaIds }),
      quick ? c.get('deps').db.execute(quick).then((result) => numbers(rowsOf<Record<string, unknown>>(result)[0]))
        : totalsOf(c, spec.table, sql`${spec.table}`, spec.totals(now), where),
    ]);
    const records = spec.finish ? page.records.map((row) => spec.finish!(row, now)) : page.records;
    // Past the list's count cap, the total is the totals' count (the same filtered rows, counted whole).
    const { totalCapped: _capped, ...counted } = page;
    return ok(c, { ...counted, records, total: page.totalCapped ? Number(totals.count) : page.total, totals });
  });
}

/**
 * The statistics record lists (issue 31), each `GET <controller>/findByCondition` in the style of
 * SPEC.md's calls: paged, filtered, sorted on the list kit, with the totals of the filtered set.
 */
export function powerCutRoutes() {
  const router = createRouter();
  listWithTotals(router, {
    summary: 'Power cuts (cause, off and on times, duration), paged, with totals', query: CutQuery, conditions: cutConditions, list: cutList, table: powerCuts,
    totals: (now) => sql`count(*) AS count, count(*) FILTER (WHERE ${powerCuts.onAt} IS NULL) AS "offCount", coalesce(sum(${cutMinutes(now)}), 0) AS "offMinutes"`,
    finish: (row, now) => ({ ...row, durationMinutes: minutesBetween(row.offAt, row.onAt ?? now) }),
  });
  addExports(router, 'cut');
  return router;
}

const minutesBetween = (from: Date | string, to: Date | string) => Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000);

export function faultRoutes() {
  const router = createRouter();
  listWithTotals(router, {
    summary: 'Fault records (open and cleared, by kind and device), paged, with totals', query: FaultQuery, conditions: faultConditions, list: faultList, table: faults,
    totals: () => sql`count(*) AS count, count(*) FILTER (WHERE ${faults.clearedAt} IS NULL) AS "openCount", count(*) FILTER (WHERE ${faults.clearedAt} IS NOT NULL) AS "clearedCount"`,
  });
  addExports(router, 'fault');
  addTenantReportRoutes(router);
  return router;
}

export function giftRecordRoutes() {
  const router = createRouter();
  listWithTotals(router, {
    summary: 'Free electricity or water gift records, paged, with totals', query: GiftQuery, conditions: giftConditions, list: giftList, table: giftRecords,
    totals: () => sql`count(*) AS count, coalesce(sum(${giftRecords.amount}), 0) AS amount, coalesce(sum(${giftRecords.carriedOver}), 0) AS "carriedOver"`,
  });
  addExports(router, 'gift');
  return router;
}

export function monthlySettlementRoutes() {
  const router = createRouter();
  listWithTotals(router, {
    summary: 'Multi-rate monthly settlement per meter and month, paged, with totals', query: SettlementQuery, conditions: settlementConditions, list: settlementList, table: monthlySettlements,
    totals: () => sql`count(*) AS count,
        coalesce(sum(${monthlySettlements.sharpKwh}), 0) AS "sharpKwh", coalesce(sum(${monthlySettlements.peakKwh}), 0) AS "peakKwh",
        coalesce(sum(${monthlySettlements.flatKwh}), 0) AS "flatKwh", coalesce(sum(${monthlySettlements.valleyKwh}), 0) AS "valleyKwh",
        coalesce(sum(${monthlySettlements.totalFen}), 0) AS "totalFen"`,
    quickTotals: settlementTotals,
  });
  addExports(router, 'settlement');
  return router;
}

// ---- the streamed exports ---------------------------------------------------------------------

/**
 * `GET <controller>/exportByCondition`: the list's whole filtered set as CSV, streamed in id order
 * (the server's export of the list kit: UTF-8 with BOM, formula-safe, headers in the caller's language).
 */
export function exportRoute<Q extends z.ZodType, Row extends { id: number }>(router: Router, spec: {
  summary: string; query: Q; name: string; where: (query: z.output<Q>) => SQL | undefined; select: (db: Db) => unknown;
  table: { areaId: PgColumn; id: PgColumn }; fields: (query: z.output<Q>) => CsvField<Row>[];
}) {
  defineRoute(router, { method: 'get', path: '/exportByCondition', summary: spec.summary, tags: ['statistics records'], query: spec.query }, async (c, { query }) => {
    const where = and(inScope(spec.table.areaId, c.get('session')), spec.where(query as z.output<Q>));
    const { db } = c.get('deps');
    return csvResponse(c, spec.name, spec.fields(query as z.output<Q>), () => batchesById<Row>(() => spec.select(db) as never, spec.table.id, where));
  });
}

const place = (prefix: string) => [
  { label: `${prefix}.projectName`, value: (row: { projectName: string | null }) => row.projectName },
  { label: `${prefix}.buildingName`, value: (row: { buildingName: string | null }) => row.buildingName },
  { label: `${prefix}.roomCode`, value: (row: { roomCode: string | null }) => row.roomCode, kind: 'code' as const },
];

function addExports(router: Router, kind: 'cut' | 'fault' | 'gift' | 'settlement') {
  if (kind === 'cut') {
    const F = 'resources.continuitytable.fields';
    exportRoute<typeof CutQuery, CutRow & { id: number }>(router, {
      summary: 'Power cuts as CSV (the filtered set, streamed)', query: CutQuery, name: 'power-cuts', where: cutConditions, select: cutQuery,
      table: { areaId: powerCuts.areaId, id: powerCuts.id },
      fields: () => [
        { label: `${F}.offAt`, value: (row) => csvTime(row.offAt), kind: 'time' }, { label: `${F}.onAt`, value: (row) => csvTime(row.onAt), kind: 'time' },
        { label: `${F}.durationMinutes`, value: (row) => (row.onAt ? minutesBetween(row.offAt, row.onAt) : ''), kind: 'number' },
        { label: `${F}.cause`, value: (row, t) => t(`stats.cutCause.${row.cause}`) }, ...place(F),
        { label: `${F}.meterAddress`, value: (row) => row.meterAddress, kind: 'code' }, { label: `${F}.remark`, value: (row) => row.remark },
      ],
    });
  } else if (kind === 'fault') {
    const F = 'resources.guzhang.fields';
    exportRoute<typeof FaultQuery, FaultRow>(router, {
      summary: 'Fault records as CSV (the filtered set, streamed)', query: FaultQuery, name: 'faults', where: faultConditions, select: faultQuery,
      table: { areaId: faults.areaId, id: faults.id },
      fields: () => [
        { label: `${F}.openedAt`, value: (row) => csvTime(row.openedAt), kind: 'time' }, { label: `${F}.kind`, value: (row, t) => t(`stats.faultKind.${row.kind}`) },
        { label: `${F}.state`, value: (row, t) => t(`stats.faultState.${row.clearedAt ? 'cleared' : 'open'}`) },
        { label: `${F}.clearedAt`, value: (row) => csvTime(row.clearedAt), kind: 'time' }, { label: `${F}.deviceKind`, value: (row, t) => t(`stats.deviceKind.${row.deviceKind}`) },
        { label: `${F}.deviceAddress`, value: (row) => row.deviceAddress, kind: 'code' }, ...place(F), { label: `${F}.detail`, value: (row) => row.detail },
      ],
    });
  } else if (kind === 'gift') {
    exportRoute<typeof GiftQuery, GiftRow>(router, {
      summary: 'Gift records as CSV (the filtered set, streamed)', query: GiftQuery, name: 'gift-records', where: giftConditions, select: giftQuery,
      table: { areaId: giftRecords.areaId, id: giftRecords.id },
      fields: (query) => {
        const F = `resources.${query.utility === 'water' ? 'waterfree' : 'mfdianzengyu'}.fields`;
        return [
          { label: `${F}.createdAt`, value: (row) => csvTime(row.createdAt), kind: 'time' }, { label: `${F}.period`, value: (row) => row.period },
          { label: `${F}.amount`, value: (row) => row.amount, kind: 'quantity' }, { label: `${F}.carriedOver`, value: (row) => row.carriedOver, kind: 'quantity' },
          ...place(F), { label: `${F}.meterAddress`, value: (row) => row.meterAddress, kind: 'code' },
        ];
      },
    });
  } else {
    const F = 'resources.monthly_order.fields';
    exportRoute<typeof SettlementQuery, SettlementRow>(router, {
      summary: 'Multi-rate monthly settlement as CSV (the filtered set, streamed)', query: SettlementQuery, name: 'monthly-settlement', where: settlementConditions, select: settlementQuery,
      table: { areaId: monthlySettlements.areaId, id: monthlySettlements.id },
      fields: () => [
        { label: `${F}.month`, value: (row) => row.month }, ...place(F), { label: `${F}.meterAddress`, value: (row) => row.meterAddress, kind: 'code' },
        ...(['sharpKwh', 'peakKwh', 'flatKwh', 'valleyKwh', 'totalKwh'] as const).map((key) => ({ label: `${F}.${key}`, value: (row: SettlementRow) => row[key], kind: 'quantity' as const })),
        ...(['sharpFen', 'peakFen', 'flatFen', 'valleyFen', 'totalFen'] as const).map((key) => ({ label: `${F}.${key}`, value: (row: SettlementRow) => fenToYuan(row[key]), kind: 'money' as const })),
      ],
    });
  }
}
