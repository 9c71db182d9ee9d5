import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { Q } from '../http/input';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { inScope } from '../http/scope';
import { rowsOf } from '../db/rows';
import { csvResponse, type CsvField } from '../http/csvStream';
import { fenToYuan } from '../../common/money';
import { ORDER_STATUS } from '../../common/states';
import { billingSettings } from '../domain/billingEngine';
import { PlaceFilters, placeConditions, rangeCheck, rangeFilters } from './statsKit';
import { ORDER_CHANNELS } from './webStatsanalysisOrder';

const { rechargeOrders } = schema;

/**
 * The recharge summary (`chongzhihuizong`, issue 31): the recharge orders of the caller's areas
 * grouped by day or month of the platform's time zone, by channel, operator or project, each group
 * with its orders, what stands (void orders excluded) and what was voided:
 * `GET rechargeSummary/findByCondition` (a page of groups, sorted by the server, with the totals of
 * the filtered set), `findSeries` (every group, for the chart) and `exportByCondition` (CSV).
 */

export const SUMMARY_GROUPS = ['day', 'month', 'channel', 'operator', 'project'] as const;
type Group = (typeof SUMMARY_GROUPS)[number];

const Filters = {
  groupBy: Q.oneOf(SUMMARY_GROUPS), utility: Q.oneOf(['electric', 'water']), channel: Q.oneOf(ORDER_CHANNELS), ...PlaceFilters, ...rangeFilters('created'),
};
const ListQuery = PagingQuery.extend(Filters).superRefine(rangeCheck('created'));
const SeriesQuery = z.object(Filters).superRefine(rangeCheck('created'));
type SummaryFilter = z.output<typeof SeriesQuery>;

/** A group's key and label as SQL over recharge_orders (operators and projects named by a join). */
function keyOf(group: Group, timeZone: string): { key: SQL; label: SQL; joins: SQL } {
  switch (group) {
    case 'month': return { key: sql`to_char(recharge_orders.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM')`, label: sql`NULL`, joins: sql`` };
    case 'channel': return { key: sql`recharge_orders.channel`, label: sql`NULL`, joins: sql`` };
    case 'operator': return { key: sql`coalesce(recharge_orders.operator_id::text, '')`, label: sql`coalesce(max(u.real_name), max(u.user_name))`, joins: sql`LEFT JOIN sys_users u ON u.id = recharge_orders.operator_id` };
    case 'project': return { key: sql`coalesce(rm.project_id::text, '')`, label: sql`max(p.name)`, joins: sql`LEFT JOIN rooms rm ON rm.id = recharge_orders.room_id LEFT JOIN projects p ON p.id = rm.project_id` };
    default: return { key: sql`to_char(recharge_orders.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`, label: sql`NULL`, joins: sql`` };
  }
}

/** Every condition of the filtered orders: scope and the caller's filters (on recharge_orders). */
const whereOf = (c: Ctx, query: SummaryFilter): SQL => and(
  inScope(rechargeOrders.areaId, c.get('session')),
  query.utility ? eq(rechargeOrders.utility, query.utility) : undefined,
  query.channel ? eq(rechargeOrders.channel, query.channel) : undefined,
  ...placeConditions(rechargeOrders.roomId, query),
  query.createdFrom ? gte(rechargeOrders.createdAt, new Date(query.createdFrom)) : undefined,
  query.createdTo ? lt(rechargeOrders.createdAt, new Date(query.createdTo)) : undefined,
)!;

const VOID = ORDER_STATUS.void;
const FIGURES = sql`count(*) AS count,
  coalesce(sum(recharge_orders.amount_fen) FILTER (WHERE recharge_orders.order_status <> ${VOID}), 0) AS amount_fen,
  count(*) FILTER (WHERE recharge_orders.order_status = ${VOID}) AS void_count,
  coalesce(sum(recharge_orders.amount_fen) FILTER (WHERE recharge_orders.order_status = ${VOID}), 0) AS void_amount_fen,
  coalesce(sum(recharge_orders.energy) FILTER (WHERE recharge_orders.order_status <> ${VOID}), 0) AS energy`;

const SORTS: Record<string, string> = { key: 'key', count: 'count', amountFen: 'amount_fen', voidCount: 'void_count', voidAmountFen: 'void_amount_fen' };

export interface SummaryRow { id: string; key: string; label: string | null; count: number; amountFen: number; voidCount: number; voidAmountFen: number; energy: number }

const rowOf = (row: Record<string, unknown>): SummaryRow => ({
  id: String(row.key), key: String(row.key), label: row.label === null || row.label === undefined ? null : String(row.label),
  count: Number(row.count), amountFen: Number(row.amount_fen), voidCount: Number(row.void_count), voidAmountFen: Number(row.void_amount_fen),
  energy: Math.round(Number(row.energy) * 100) / 100,
});

/**
 * The groups of the filtered orders as SQL: the orders read once, on the table itself (issue 31: not
 * `o.id IN (the filtered ids)`, a second pass and a join of a month's 100,000 orders at city scale;
 * an area's period is read from recharge_orders_area_created alone, migration 0035).
 */
function groupsSql(c: Ctx, query: SummaryFilter): SQL {
  const { key, label, joins } = keyOf(query.groupBy ?? 'day', billingSettings.timeZone);
  return sql`SELECT ${key} AS key, ${label} AS label, ${FIGURES}
    FROM recharge_orders ${joins}
    WHERE ${whereOf(c, query)}
    GROUP BY 1`;
}

/** The groups of the filtered orders (`tail`: order and limit). */
function groups(c: Ctx, query: SummaryFilter, tail: SQL) {
  return c.get('deps').db.execute(sql`SELECT * FROM (${groupsSql(c, query)}) g ${tail}`).then((result) => rowsOf<Record<string, unknown>>(result).map(rowOf));
}

/** Days and months in time order; channels, operators and projects by their money, largest first. */
const naturalOrder = (group: Group | undefined) => sql.raw(group === 'day' || group === 'month' || !group ? 'ORDER BY key ASC' : 'ORDER BY amount_fen DESC, key ASC');

const csvFields = (group: Group): CsvField<SummaryRow>[] => {
  const F = 'resources.chongzhihuizong.fields';
  return [
    { label: `${F}.group.${group}`, value: (row, t) => (group === 'channel' ? t(`stats.channels.${row.key}`) : group === 'operator' || group === 'project' ? row.label ?? '' : row.key), kind: group === 'day' || group === 'month' ? 'date' : undefined },
    { label: `${F}.count`, value: (row) => row.count, kind: 'number' },
    { label: `${F}.amountFen`, value: (row) => fenToYuan(row.amountFen), kind: 'money' },
    { label: `${F}.voidCount`, value: (row) => row.voidCount, kind: 'number' },
    { label: `${F}.voidAmountFen`, value: (row) => fenToYuan(row.voidAmountFen), kind: 'money' },
  ];
};

export function rechargeSummaryRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Recharge orders summed by day, month, channel, operator or project: a page of groups with the totals of the filtered set', tags: ['statistics orders'], query: ListQuery,
  }, async (c, { query }) => {
    // Own keys only: `constructor`, `toString`… are Object's, not columns (issue 44 found them answering 500).
    const column = query.sortField && Object.hasOwn(SORTS, query.sortField) ? SORTS[query.sortField] : undefined;
    const order = column ? sql.raw(`ORDER BY ${column} ${query.sortOrder?.toLowerCase() === 'asc' ? 'ASC' : 'DESC'}, key ASC`) : naturalOrder(query.groupBy);
    const offset = (query.pageNum - 1) * query.pageSize;
    // One pass: the groups once, the page of them with the totals of all as window figures.
    const rows = rowsOf<Record<string, unknown>>(await c.get('deps').db.execute(sql`
      WITH g AS MATERIALIZED (${groupsSql(c, query)})
      SELECT g.*, count(*) OVER () AS groups, sum(g.count) OVER () AS total_count, sum(g.amount_fen) OVER () AS total_amount_fen,
        sum(g.void_count) OVER () AS total_void_count, sum(g.void_amount_fen) OVER () AS total_void_amount_fen
      FROM g ${order} LIMIT ${query.pageSize} OFFSET ${offset}`));
    // A page past the end has no row to carry the totals: ask for them alone.
    const totals = rows[0] ?? rowsOf<Record<string, unknown>>(await c.get('deps').db.execute(sql`
      SELECT count(*) AS groups, coalesce(sum(g.count), 0) AS total_count, coalesce(sum(g.amount_fen), 0) AS total_amount_fen,
        coalesce(sum(g.void_count), 0) AS total_void_count, coalesce(sum(g.void_amount_fen), 0) AS total_void_amount_fen
      FROM (${groupsSql(c, query)}) g`))[0];
    const records = rows.map(rowOf);
    const total = Number(totals.groups);
    return ok(c, {
      records, total,
      totals: { count: Number(totals.total_count), amountFen: Number(totals.total_amount_fen), voidCount: Number(totals.total_void_count), voidAmountFen: Number(totals.total_void_amount_fen), groups: total },
    });
  });

  defineRoute(router, {
    method: 'get', path: '/findSeries', summary: 'Every group of the recharge summary (days and months in time order, the rest by money), for the chart; at most 400', tags: ['statistics orders'], query: SeriesQuery,
  }, async (c, { query }) => ok(c, await groups(c, query, sql`${naturalOrder(query.groupBy)} LIMIT 400`)));

  defineRoute(router, {
    method: 'get', path: '/exportByCondition', summary: 'The recharge summary\'s groups as CSV (UTF-8 with BOM)', tags: ['statistics orders'], query: SeriesQuery,
  }, async (c, { query }) => {
    const group = query.groupBy ?? 'day';
    async function* batches() { yield await groups(c, query, naturalOrder(group)); }
    return csvResponse(c, `recharge-summary-by-${group}`, csvFields(group), batches);
  });

  return router;
}
