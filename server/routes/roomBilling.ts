import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { schema, type Db } from '../db';
import { defineRoute, z, type AppEnv, type Ctx } from '../http/router';
import { Q } from '../http/input';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { listPage, matches, rowsById, type ListSpec } from '../db/listKit';
import { inScope } from '../http/scope';
import { rowsOf } from '../db/rows';
import { notFound } from '../http/errors';
import { batchesById, csvResponse, csvTime, type CsvField } from '../http/csvStream';
import { fenToYuan } from '../../common/money';
import { meterLinesText } from '../../common/meterLines';
import { platformTimeZone } from '../config';
import { ledgerParts } from '../db/monthEnd';
import { monthBounds } from '../domain/statements';

const { roomStatements, ledgerEntries, rooms, buildings, projects, tenants, tenantBindings, sysUsers } = schema;

/** The platform's time zone: a statement's month is a calendar month there. */
const TIME_ZONE = platformTimeZone();
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const Month = () => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().regex(MONTH, 'validation.stats.month').optional())
  .openapi({ type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', example: '2026-10' });

/** The ledger kinds a statement's lines have (server/db/schema/billing.ts). */
export const LINE_KINDS = ['recharge', 'void', 'deduction', 'gift', 'calibration', 'refund', 'settlement', 'opening'] as const;

const Place = {
  utility: Q.oneOf(['electric', 'water']),
  projectId: Q.id(),
  buildingId: Q.id(),
  roomId: Q.id(),
  roomCode: Q.text(20),
};

/**
 * The statements' filters: place, utility, one month or a range of months (`monthFrom` … `monthTo`,
 * both included, `YYYY-MM`); a range that ends before it starts is a 400 naming `monthTo`.
 */
const StatementFilters = z.object({ ...Place, id: Q.id(), month: Month(), monthFrom: Month(), monthTo: Month() });
type StatementFilter = z.output<typeof StatementFilters>;
const StatementQuery = PagingQuery.extend(StatementFilters.shape).superRefine((query, ctx) => {
  if (query.monthFrom && query.monthTo && query.monthTo < query.monthFrom) ctx.addIssue({ code: 'custom', path: ['monthTo'], message: 'validation.stats.rangeOrder' });
});

/**
 * The lines' filters: one statement's (`statementId`: its room, utility and month), or place, kind
 * and a time range (`createdFrom` inclusive … `createdTo` exclusive, ISO timestamps with offset).
 */
const LineFilters = z.object({ ...Place, statementId: Q.id(), kind: Q.oneOf(LINE_KINDS), month: Month(), createdFrom: Q.datetime(), createdTo: Q.datetime() });
type LineFilter = z.output<typeof LineFilters>;
const LineQuery = PagingQuery.extend(LineFilters.shape).superRefine((query, ctx) => {
  if (query.createdFrom && query.createdTo && new Date(query.createdTo) <= new Date(query.createdFrom)) {
    ctx.addIssue({ code: 'custom', path: ['createdTo'], message: 'validation.stats.rangeOrder' });
  }
});

// ---- statements -------------------------------------------------------------------------------

const statementQuery = (db: Db) => db.select({
  id: roomStatements.id, roomId: roomStatements.roomId, utility: roomStatements.utility, month: roomStatements.month,
  roomCode: rooms.roomCode, buildingId: rooms.buildingId, buildingName: buildings.name, projectId: rooms.projectId, projectName: projects.name,
  tenantName: tenants.name, openingReading: roomStatements.openingReading, closingReading: roomStatements.closingReading, meterLines: roomStatements.meterLines, usage: roomStatements.usage,
  openingBalanceFen: roomStatements.openingBalanceFen, chargeFen: roomStatements.chargeFen, rechargeFen: roomStatements.rechargeFen, voidFen: roomStatements.voidFen,
  refundFen: roomStatements.refundFen, giftFen: roomStatements.giftFen, adjustFen: roomStatements.adjustFen,
  closingBalanceFen: roomStatements.closingBalanceFen,
  /** true on the current month's statement (to `createdAt`), null on a closed one. */
  running: sql<true | null>`nullif(${roomStatements.running}, false)`, createdAt: roomStatements.createdAt,
}).from(roomStatements)
  .leftJoin(rooms, eq(rooms.id, roomStatements.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId))
  .leftJoin(tenantBindings, and(eq(tenantBindings.roomId, roomStatements.roomId), isNull(tenantBindings.endDate)))
  .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId));
type StatementRow = Awaited<ReturnType<ReturnType<typeof statementQuery>['where']>>[number];

const statementList: ListSpec<StatementRow> = {
  table: roomStatements, id: roomStatements.id, area: roomStatements.areaId,
  sorts: {
    id: roomStatements.id, month: roomStatements.month, usage: roomStatements.usage, chargeFen: roomStatements.chargeFen, rechargeFen: roomStatements.rechargeFen,
    refundFen: roomStatements.refundFen, closingBalanceFen: roomStatements.closingBalanceFen, roomId: roomStatements.roomId,
  },
  defaultSort: { field: 'month', descending: true },
  rows: rowsById('room_statement_rows', statementQuery, roomStatements.id),
};

/** Rooms matching a condition, taken first (as the other lists do: `OFFSET 0` keeps it a subquery). */
const inRooms = (column: typeof roomStatements.roomId | typeof ledgerEntries.roomId, condition: SQL) => sql`${column} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${condition} OFFSET 0)`;

const placeConditions = (column: typeof roomStatements.roomId | typeof ledgerEntries.roomId, utility: typeof roomStatements.utility | typeof ledgerEntries.utility, query: StatementFilter | LineFilter) => [
  query.utility ? eq(utility, query.utility) : undefined,
  query.projectId ? inRooms(column, eq(rooms.projectId, query.projectId)) : undefined,
  query.buildingId ? inRooms(column, eq(rooms.buildingId, query.buildingId)) : undefined,
  query.roomId ? eq(column, query.roomId) : undefined,
  query.roomCode?.trim() ? inRooms(column, matches(rooms.roomCode, query.roomCode)) : undefined,
];

const statementConditions = (query: StatementFilter) => and(
  ...placeConditions(roomStatements.roomId, roomStatements.utility, query),
  query.id ? eq(roomStatements.id, query.id) : undefined,
  query.month ? eq(roomStatements.month, query.month) : undefined,
  query.monthFrom ? gte(roomStatements.month, query.monthFrom) : undefined,
  query.monthTo ? sql`${roomStatements.month} <= ${query.monthTo}` : undefined,
);

/**
 * Sums of the filtered statements (money in fen; usage only within one utility: kWh and m³ do not add
 * up; balances only within one month: the closing balances of different months are not a sum of
 * anything, so they are left out unless the filter is one month). Filtered by utility and months at most (the screen's first page: every statement of every
 * month, 1.2 million at city scale), from their totals per area, utility and month (migration 0035,
 * kept by triggers: the same figures); otherwise from the statements.
 */
async function statementTotals(c: Ctx, query: StatementFilter) {
  const byPlace = !!(query.projectId || query.buildingId || query.roomId || query.roomCode?.trim() || query.id);
  const [row] = rowsOf<Record<string, string | number | null>>(await c.get('deps').db.execute(!byPlace ? sql`
    SELECT coalesce(sum(t.statements), 0)::int AS count, coalesce(sum(t.usage), 0)::float8 AS usage, coalesce(sum(t.charge_fen), 0)::bigint AS charge,
      coalesce(sum(t.recharge_fen), 0)::bigint AS recharge, coalesce(sum(t.refund_fen), 0)::bigint AS refund,
      coalesce(sum(t.gift_fen), 0)::bigint AS gift, coalesce(sum(t.closing_balance_fen), 0)::bigint AS balance,
      coalesce(sum(t.opening_balance_fen), 0)::bigint AS opening, coalesce(sum(t.void_fen), 0)::bigint AS void, coalesce(sum(t.adjust_fen), 0)::bigint AS adjust
    FROM room_statement_totals t WHERE ${and(
      c.get('session').areaIds.length ? sql`t.area_id IN (${sql.join(c.get('session').areaIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`,
      query.utility ? sql`t.utility = ${query.utility}` : undefined,
      query.month ? sql`t.month = ${query.month}` : undefined,
      query.monthFrom ? sql`t.month >= ${query.monthFrom}` : undefined,
      query.monthTo ? sql`t.month <= ${query.monthTo}` : undefined,
    )}` : sql`
    SELECT count(*)::int AS count, coalesce(sum(${roomStatements.usage}), 0)::float8 AS usage, coalesce(sum(${roomStatements.chargeFen}), 0)::bigint AS charge,
      coalesce(sum(${roomStatements.rechargeFen}), 0)::bigint AS recharge, coalesce(sum(${roomStatements.refundFen}), 0)::bigint AS refund,
      coalesce(sum(${roomStatements.giftFen}), 0)::bigint AS gift, coalesce(sum(${roomStatements.closingBalanceFen}), 0)::bigint AS balance,
      coalesce(sum(${roomStatements.openingBalanceFen}), 0)::bigint AS opening, coalesce(sum(${roomStatements.voidFen}), 0)::bigint AS void,
      coalesce(sum(${roomStatements.adjustFen}), 0)::bigint AS adjust
    FROM ${roomStatements} WHERE ${and(inScope(roomStatements.areaId, c.get('session')), statementConditions(query))}`));
  const oneMonth = !!query.month || (!!query.monthFrom && query.monthFrom === query.monthTo);
  return {
    count: Number(row.count), ...(query.utility ? { usage: Math.round(Number(row.usage) * 100) / 100 } : {}),
    rechargeFen: Number(row.recharge), voidFen: Number(row.void), chargeFen: Number(row.charge), refundFen: Number(row.refund), giftFen: Number(row.gift), adjustFen: Number(row.adjust),
    ...(oneMonth ? { openingBalanceFen: Number(row.opening), closingBalanceFen: Number(row.balance) } : {}),
  };
}

// ---- lines ------------------------------------------------------------------------------------

const lineQuery = (db: Db) => db.select({
  id: ledgerEntries.id, roomId: ledgerEntries.roomId, utility: ledgerEntries.utility, kind: ledgerEntries.kind, amountFen: ledgerEntries.amountFen,
  balanceAfterFen: ledgerEntries.balanceAfterFen, energy: ledgerEntries.energy, refType: ledgerEntries.refType, refId: ledgerEntries.refId,
  roomCode: rooms.roomCode, buildingName: buildings.name, projectName: projects.name,
  operatorName: sql<string | null>`coalesce(${sysUsers.realName}, ${sysUsers.userName})`, remark: ledgerEntries.remark, createdAt: ledgerEntries.createdAt,
}).from(ledgerEntries)
  .leftJoin(rooms, eq(rooms.id, ledgerEntries.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId))
  .leftJoin(sysUsers, eq(sysUsers.id, ledgerEntries.operatorId));
type LineRow = Awaited<ReturnType<ReturnType<typeof lineQuery>['where']>>[number];

const lineList: ListSpec<LineRow> = {
  table: ledgerEntries, id: ledgerEntries.id, area: ledgerEntries.areaId,
  sorts: { id: ledgerEntries.id, createdAt: ledgerEntries.createdAt, amountFen: ledgerEntries.amountFen, kind: ledgerEntries.kind, balanceAfterFen: ledgerEntries.balanceAfterFen },
  defaultSort: { field: 'createdAt', descending: true },
  rows: rowsById('room_statement_line_rows', lineQuery, ledgerEntries.id),
};

/**
 * A month's (`YYYY-MM`) lines, as the statement counts them (server/domain/usageRule.ts): the entries
 * with a part in the month — a charge with its usage, anything else at its posting instant, in
 * [start, end) of the platform's calendar.
 */
const monthWindow = (month: string) => monthBounds(month, TIME_ZONE);
const inMonth = (window: { start: Date; end: Date }, where: SQL) =>
  sql`${ledgerEntries.id} IN (SELECT p.id FROM (${ledgerParts(window.start, window.end, where)}) p WHERE p.part <> 0 OR (p.created_at >= ${window.start} AND p.created_at < ${window.end}) OFFSET 0)`;

/** A statement of the caller's areas (404 otherwise): the lines of another area's statement are never listed. */
async function statementOf(c: Ctx, id: number) {
  const [statement] = await c.get('deps').db.select({ roomId: roomStatements.roomId, utility: roomStatements.utility, month: roomStatements.month })
    .from(roomStatements).where(and(eq(roomStatements.id, id), inScope(roomStatements.areaId, c.get('session'))));
  if (!statement) throw notFound('errors.recordNotFound');
  return statement;
}

async function lineConditions(c: Ctx, query: LineFilter) {
  const statement = query.statementId ? await statementOf(c, query.statementId) : undefined;
  const month = statement?.month ?? query.month;
  const window = month ? monthWindow(month) : undefined;
  const own = statement ? sql`l.room_id = ${statement.roomId} AND l.utility = ${statement.utility}` : sql`true`;
  return and(
    ...placeConditions(ledgerEntries.roomId, ledgerEntries.utility, query),
    statement ? and(eq(ledgerEntries.roomId, statement.roomId), eq(ledgerEntries.utility, statement.utility)) : undefined,
    window ? inMonth(window, own) : undefined,
    query.kind ? eq(ledgerEntries.kind, query.kind) : undefined,
    query.createdFrom ? gte(ledgerEntries.createdAt, new Date(query.createdFrom)) : undefined,
    query.createdTo ? lt(ledgerEntries.createdAt, new Date(query.createdTo)) : undefined,
  );
}

/**
 * Sums of the filtered lines by kind (fen): what came in, what was charged, and the net. Within a
 * month, each line counts by its part in the month (a charge whose usage spans the month's end counts
 * in part), so a statement's lines add up to the statement.
 */
async function lineTotals(c: Ctx, where: SQL | undefined, window?: { start: Date; end: Date }) {
  const scoped = and(inScope(ledgerEntries.areaId, c.get('session')), where);
  // A reading's entries count by their parts of its running total (monthEnd.ts): the parts are read over
  // the filtered entries' accounts whole, then the filtered entries taken.
  const source = window
    ? sql`(SELECT p.* FROM (${ledgerParts(window.start, window.end, sql`l.account_id IN (SELECT ${ledgerEntries.accountId} FROM ${ledgerEntries} WHERE ${scoped})`)}) p
        WHERE p.id IN (SELECT ${ledgerEntries.id} FROM ${ledgerEntries} WHERE ${scoped})) x`
    : sql`(SELECT ${ledgerEntries.kind} AS kind, ${ledgerEntries.amountFen} AS part FROM ${ledgerEntries} WHERE ${scoped}) x`;
  const [row] = rowsOf<Record<string, string | number | null>>(await c.get('deps').db.execute(sql`
    SELECT count(*)::int AS count,
      coalesce(sum(x.part) FILTER (WHERE x.kind = 'recharge'), 0)::bigint AS recharge,
      coalesce(sum(x.part) FILTER (WHERE x.kind = 'void'), 0)::bigint AS void,
      coalesce(sum(x.part) FILTER (WHERE x.kind = 'deduction'), 0)::bigint AS deduction,
      coalesce(sum(x.part) FILTER (WHERE x.kind = 'refund'), 0)::bigint AS refund,
      coalesce(sum(x.part), 0)::bigint AS net
    FROM ${source}`));
  return { count: Number(row.count), rechargeFen: Number(row.recharge), voidFen: Number(row.void), deductionFen: Number(row.deduction), refundFen: Number(row.refund), netFen: Number(row.net) };
}

const S = 'resources.room_billing_statement.fields';
const STATEMENT_CSV: CsvField<StatementRow>[] = [
  { label: `${S}.month`, value: (row) => row.month }, { label: `${S}.projectName`, value: (row) => row.projectName },
  { label: `${S}.buildingName`, value: (row) => row.buildingName }, { label: `${S}.roomCode`, value: (row) => row.roomCode, kind: 'code' },
  { label: `${S}.tenantName`, value: (row) => row.tenantName }, { label: `${S}.utility`, value: (row, t) => t(`stats.utility.${row.utility}`) },
  { label: `${S}.openingReading`, value: (row) => row.openingReading, kind: 'quantity' }, { label: `${S}.closingReading`, value: (row) => row.closingReading, kind: 'quantity' },
  { label: `${S}.meterLines`, value: (row) => meterLinesText(row.meterLines) },
  { label: `${S}.usage`, value: (row) => row.usage, kind: 'quantity' },
  ...(['openingBalanceFen', 'rechargeFen', 'voidFen', 'chargeFen', 'refundFen', 'giftFen', 'adjustFen', 'closingBalanceFen'] as const).map((key) => ({ label: `${S}.${key}`, value: (row: StatementRow) => fenToYuan(row[key]), kind: 'money' as const })),
  { label: `${S}.running`, value: (row, t) => (row.running ? t('stats.statement.toDate') : '') },
];
const D = 'resources.room_billing_details.fields';
const LINE_CSV: CsvField<LineRow>[] = [
  { label: `${D}.createdAt`, value: (row) => csvTime(row.createdAt), kind: 'time' }, { label: `${D}.projectName`, value: (row) => row.projectName },
  { label: `${D}.buildingName`, value: (row) => row.buildingName }, { label: `${D}.roomCode`, value: (row) => row.roomCode, kind: 'code' },
  { label: `${D}.utility`, value: (row, t) => t(`stats.utility.${row.utility}`) }, { label: `${D}.kind`, value: (row, t) => t(`stats.lineKind.${row.kind}`) },
  { label: `${D}.amountFen`, value: (row) => fenToYuan(row.amountFen), kind: 'money' }, { label: `${D}.balanceAfterFen`, value: (row) => fenToYuan(row.balanceAfterFen), kind: 'money' },
  { label: `${D}.energy`, value: (row) => row.energy, kind: 'quantity' }, { label: `${D}.refId`, value: (row) => row.refId, kind: 'code' },
  { label: `${D}.operatorName`, value: (row) => row.operatorName }, { label: `${D}.remark`, value: (row) => row.remark },
];

/** Registers the two statement calls of SPEC.md section 7 on the roomBillingStatement controller. */
export function roomBillingListRoutes(router: OpenAPIHono<AppEnv>) {
  // SPEC.md: GET roomBillingStatement/findRoomBillingStatementPage (params).
  defineRoute(router, {
    method: 'get', path: '/findRoomBillingStatementPage', summary: 'Room statements per room, utility and month (paged, filtered, sorted) with the totals of the filtered set', tags: ['room billing'], query: StatementQuery,
  }, async (c, { query }) => {
    const [page, totals] = await Promise.all([
      listPage(c.get('deps').db, statementList, { where: statementConditions(query), paging: query, areaIds: c.get('session').areaIds }),
      statementTotals(c, query),
    ]);
    // Past the list's count cap, the total is the totals' count (the same statements).
    const { totalCapped: _capped, ...counted } = page;
    return ok(c, { ...counted, total: page.totalCapped ? totals.count : page.total, totals });
  });

  // SPEC.md: GET roomBillingStatement/findRoomBillingDetailsPage (params): a statement's lines.
  defineRoute(router, {
    method: 'get', path: '/findRoomBillingDetailsPage', summary: 'Statement lines (the ledger entries of a room and utility; `statementId` for one statement\'s month), paged, with totals by kind', tags: ['room billing'], query: LineQuery,
  }, async (c, { query }) => {
    const where = await lineConditions(c, query);
    const month = query.statementId ? (await statementOf(c, query.statementId)).month : query.month;
    const [page, totals] = await Promise.all([
      listPage(c.get('deps').db, lineList, { where, paging: query, areaIds: c.get('session').areaIds }),
      lineTotals(c, where, month ? monthWindow(month) : undefined),
    ]);
    return ok(c, { ...page, totals });
  });

  // The filtered sets as CSV, streamed by the server (id order; UTF-8 with BOM, formula-safe).
  defineRoute(router, {
    method: 'get', path: '/exportRoomBillingStatement', summary: 'Room statements as CSV (the filtered set, streamed)', tags: ['room billing'], query: StatementQuery,
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(inScope(roomStatements.areaId, c.get('session')), statementConditions(query));
    return csvResponse(c, 'room-statements', STATEMENT_CSV, () => batchesById<StatementRow>(() => statementQuery(db) as never, roomStatements.id, where));
  });
  defineRoute(router, {
    method: 'get', path: '/exportRoomBillingDetails', summary: 'Statement lines as CSV (the filtered set, streamed)', tags: ['room billing'], query: LineQuery,
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(inScope(ledgerEntries.areaId, c.get('session')), await lineConditions(c, query));
    return csvResponse(c, 'statement-lines', LINE_CSV, () => batchesById<LineRow>(() => lineQuery(db) as never, ledgerEntries.id, where));
  });
}
