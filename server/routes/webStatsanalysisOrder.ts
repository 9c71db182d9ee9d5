import { and, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { Q } from '../http/input';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { listPage, matches, rowsById, type ListSpec } from '../db/listKit';
import { inScope } from '../http/scope';
import { rowsOf } from '../db/rows';
import { csvResponse, csvTime, type CsvField } from '../http/csvStream';
import { energyPriceOf, energyPriceSql, orderEnergy, voidOrder } from '../domain/recharge';
import { ORDER_STATUS } from '../../common/states';
import { fenToYuan } from '../../common/money';
import { billingSettings } from '../domain/billingEngine';

const { rechargeOrders, rooms, buildings, projects, tenants, tenantBindings, sysUsers, accounts, payOrders } = schema;

/** Every channel an order can have (the counter's four, gifts and calibrations). */
export const ORDER_CHANNELS = ['cash', 'wechat', 'alipay', 'card', 'gift', 'calibration'] as const;
const STATUSES = ['0', '1', '2', '3'] as const;

/**
 * The filters of the recharge orders (the list, its totals and its export): utility (the electric
 * screen `chongzhidingdan` and the water one `chongzhiwater`), place, time, channel, status.
 * `createdFrom` inclusive, `createdTo` exclusive (ISO timestamps with their offset: the console's
 * quick ranges are days in the platform's time zone); a range that ends before it starts is a 400
 * naming `createdTo`.
 */
const OrderFilters = z.object({
  utility: Q.oneOf(['electric', 'water']),
  projectId: Q.id(),
  buildingId: Q.id(),
  roomId: Q.id(),
  roomCode: Q.text(20),
  orderId: Q.text(40),
  channel: Q.oneOf(ORDER_CHANNELS),
  orderStatus: Q.oneOf(STATUSES),
  operatorId: Q.id(),
  createdFrom: Q.datetime(),
  createdTo: Q.datetime(),
});
type OrderFilter = z.output<typeof OrderFilters>;

/** A range that ends before it starts: 400 naming `createdTo`. */
const checkRange = (query: OrderFilter, ctx: z.RefinementCtx) => {
  if (query.createdFrom && query.createdTo && new Date(query.createdTo) <= new Date(query.createdFrom)) {
    ctx.addIssue({ code: 'custom', path: ['createdTo'], message: 'validation.stats.rangeOrder' });
  }
};

const ListQuery = PagingQuery.extend(OrderFilters.shape).superRefine(checkRange);
const ExportQuery = OrderFilters.extend({ sortField: PagingQuery.shape.sortField, sortOrder: PagingQuery.shape.sortOrder }).superRefine(checkRange);

const VoidBody = z.object({
  orderId: z.string().trim().min(1, 'validation.required').max(40),
  // SPEC.md: the update call sets orderStatus to 0 (void); no other status is set by hand.
  orderStatus: z.union([z.literal(0), z.literal('0')], { error: 'validation.stats.voidOnly' }),
  /** Why the order is voided (the console asks for it; the operation log and the refund entry keep it). */
  reason: z.string().trim().max(200).optional(),
});

const operatorName = sql<string | null>`coalesce(${sysUsers.realName}, ${sysUsers.userName})`;

const columns = {
  id: rechargeOrders.id, orderId: rechargeOrders.orderId, utility: rechargeOrders.utility, roomId: rechargeOrders.roomId,
  roomCode: rooms.roomCode, buildingId: rooms.buildingId, buildingName: buildings.name, projectId: rooms.projectId, projectName: projects.name,
  tenantName: tenants.name, tenantPhone: tenants.phone, amountFen: rechargeOrders.amountFen, energy: rechargeOrders.energy,
  channel: rechargeOrders.channel, operatorId: rechargeOrders.operatorId, operatorName, orderStatus: rechargeOrders.orderStatus,
  remark: rechargeOrders.remark, createdAt: rechargeOrders.createdAt, voidedAt: rechargeOrders.voidedAt,
  /** The account's balance now: what a void would leave is this minus the amount (the dialog says so). */
  balanceFen: accounts.balanceFen,
  /** The price the order's energy is reckoned at (its basis; the energy of an order stored without one): `shown`. */
  energyPrice: energyPriceSql(rechargeOrders.roomId, rechargeOrders.utility).mapWith(energyPriceOf),
  /** An online payment's provider side (issue 41): its transaction id, state and what was refunded; nulls for the counter's orders. */
  transactionId: payOrders.transactionId, payStatus: payOrders.status, refundedFen: payOrders.refundedFen,
};

function orderQuery(db: Db) {
  return db.select(columns).from(rechargeOrders)
    .leftJoin(rooms, eq(rooms.id, rechargeOrders.roomId))
    .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
    .leftJoin(projects, eq(projects.id, rooms.projectId))
    .leftJoin(tenantBindings, and(eq(tenantBindings.roomId, rechargeOrders.roomId), isNull(tenantBindings.endDate)))
    .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId))
    .leftJoin(sysUsers, eq(sysUsers.id, rechargeOrders.operatorId))
    .leftJoin(accounts, and(eq(accounts.roomId, rechargeOrders.roomId), eq(accounts.utility, rechargeOrders.utility)))
    .leftJoin(payOrders, eq(payOrders.orderNo, rechargeOrders.orderId));
}
type QueriedOrder = Awaited<ReturnType<ReturnType<typeof orderQuery>['where']>>[number];

/**
 * An order as the list and the export answer it: its energy with `energyBasis` (the one price, or an
 * estimate at a time-of-use table's flat rate or a tiered table's first tier), an order stored
 * without energy reckoned by the same rule (common/rechargeEnergy.ts).
 */
function shown(row: QueriedOrder) {
  const { energyPrice, ...order } = row;
  return { ...order, ...orderEnergy(order, energyPrice) };
}
export type OrderRow = ReturnType<typeof shown>;

const SORTS = {
  id: rechargeOrders.id, orderId: rechargeOrders.orderId, amountFen: rechargeOrders.amountFen, energy: rechargeOrders.energy,
  channel: rechargeOrders.channel, orderStatus: rechargeOrders.orderStatus, createdAt: rechargeOrders.createdAt,
};

/** The orders on the list kit, one list per utility (its condition is the list's base: constants in the text). */
const listOf = (utility?: 'electric' | 'water'): ListSpec<QueriedOrder> => ({
  table: rechargeOrders, id: rechargeOrders.id, area: rechargeOrders.areaId,
  base: utility ? sql`${rechargeOrders.utility} = ${sql.raw(`'${utility}'`)}` : undefined,
  sorts: SORTS,
  defaultSort: { field: 'createdAt', descending: true },
  rows: rowsById('recharge_order_stat_rows', orderQuery, rechargeOrders.id),
});
const LISTS = { electric: listOf('electric'), water: listOf('water'), both: listOf() };

const roomsWhere = (condition: SQL) => sql`${rechargeOrders.roomId} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${condition} OFFSET 0)`;

/** The caller's filters as conditions on recharge_orders alone (utility is the list's base). */
function filterConditions(query: OrderFilter): SQL | undefined {
  return and(
    query.projectId ? roomsWhere(eq(rooms.projectId, query.projectId)) : undefined,
    query.buildingId ? roomsWhere(eq(rooms.buildingId, query.buildingId)) : undefined,
    query.roomId ? eq(rechargeOrders.roomId, query.roomId) : undefined,
    query.roomCode?.trim() ? roomsWhere(matches(rooms.roomCode, query.roomCode)) : undefined,
    query.orderId?.trim() ? matches(rechargeOrders.orderId, query.orderId) : undefined,
    query.channel ? eq(rechargeOrders.channel, query.channel) : undefined,
    query.orderStatus !== undefined ? eq(rechargeOrders.orderStatus, Number(query.orderStatus)) : undefined,
    query.operatorId ? eq(rechargeOrders.operatorId, query.operatorId) : undefined,
    query.createdFrom ? gte(rechargeOrders.createdAt, new Date(query.createdFrom)) : undefined,
    query.createdTo ? lt(rechargeOrders.createdAt, new Date(query.createdTo)) : undefined,
  );
}

/** Every condition of a filtered set: scope, utility and the caller's filters. */
const allConditions = (c: Ctx, query: OrderFilter) => and(
  inScope(rechargeOrders.areaId, c.get('session')),
  query.utility ? eq(rechargeOrders.utility, query.utility) : undefined,
  filterConditions(query),
);

/**
 * The totals of the whole filtered set (not the page): orders, their amount, and of that what
 * stands (void orders excluded) and what was voided. Integer fen, summed by the database as bigint.
 */
async function totalsOf(c: Ctx, query: OrderFilter) {
  if (!query.orderId?.trim() && query.orderStatus === undefined && !query.operatorId) return aggregatedTotals(c, query);
  return rawTotals(c, query);
}

/** The totals summed from the filtered orders themselves. */
async function rawTotals(c: Ctx, query: OrderFilter) {
  const { db } = c.get('deps');
  const [row] = rowsOf<{ count: number; amount: string | number | null; standing: string | number | null; voided: number; voided_amount: string | number | null }>(await db.execute(sql`
    SELECT count(*)::int AS count, sum(${rechargeOrders.amountFen})::bigint AS amount,
      sum(${rechargeOrders.amountFen}) FILTER (WHERE ${rechargeOrders.orderStatus} <> ${ORDER_STATUS.void})::bigint AS standing,
      count(*) FILTER (WHERE ${rechargeOrders.orderStatus} = ${ORDER_STATUS.void})::int AS voided,
      sum(${rechargeOrders.amountFen}) FILTER (WHERE ${rechargeOrders.orderStatus} = ${ORDER_STATUS.void})::bigint AS voided_amount
    FROM ${rechargeOrders} WHERE ${allConditions(c, query)}`));
  return {
    count: Number(row.count), amountFen: Number(row.amount ?? 0), standingFen: Number(row.standing ?? 0),
    voidCount: Number(row.voided), voidAmountFen: Number(row.voided_amount ?? 0),
  };
}

/**
 * The same totals from the recharge aggregates (issue 31: the first page of an operator of 100,000
 * meters sums 650,000 orders of a utility otherwise), when the filters are the aggregates' own —
 * utility, place, channel, time: the orders that stand (not void) of the range's whole days in the
 * platform's zone from `daily_area_recharge` (migration 0034; per room, `daily_recharge` of 0027,
 * for a place), those of the partial days at its ends and every void order (few: a partial index,
 * migration 0035) from the orders. The same figures as `rawTotals` (tests/server/orderTotals.test.ts).
 */
async function aggregatedTotals(c: Ctx, query: OrderFilter) {
  const { db } = c.get('deps');
  const zone = billingSettings.timeZone;
  const from = query.createdFrom ?? null;
  const to = query.createdTo ?? null;
  const floor = (at: string) => sql`date_trunc('day', ${at}::timestamptz, ${zone})`;
  const [bounds] = rowsOf<{ first: string | null; last: string | null }>(await db.execute(sql`
    SELECT ${from ? sql`CASE WHEN ${floor(from)} = ${from}::timestamptz THEN ${floor(from)} ELSE ${floor(from)} + interval '1 day' END` : sql`NULL::timestamptz`} AS first,
      ${to ? floor(to) : sql`NULL::timestamptz`} AS last`));
  const first = bounds.first ? new Date(bounds.first).toISOString() : null;
  const last = bounds.last ? new Date(bounds.last).toISOString() : null;
  if (first && last && first >= last) return rawTotals(c, query);
  const areaIds = c.get('session').areaIds;
  if (!areaIds.length) return { count: 0, amountFen: 0, standingFen: 0, voidCount: 0, voidAmountFen: 0 };
  const byPlace = !!(query.projectId || query.buildingId || query.roomId || query.roomCode?.trim());
  const roomsWhere = (condition: SQL) => sql`a.room_id IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${condition} OFFSET 0)`;
  const aggregateWhere = and(
    sql`a.area_id IN (${sql.join(areaIds.map((id) => sql`${id}`), sql`, `)})`,
    query.utility ? sql`a.utility = ${query.utility}` : undefined,
    query.channel ? sql`a.channel = ${query.channel}` : undefined,
    query.projectId ? roomsWhere(eq(rooms.projectId, query.projectId)) : undefined,
    query.buildingId ? roomsWhere(eq(rooms.buildingId, query.buildingId)) : undefined,
    query.roomId ? sql`a.room_id = ${query.roomId}` : undefined,
    query.roomCode?.trim() ? roomsWhere(matches(rooms.roomCode, query.roomCode)) : undefined,
    first ? sql`a.day >= (${first}::timestamptz AT TIME ZONE ${zone})::date` : undefined,
    last ? sql`a.day < (${last}::timestamptz AT TIME ZONE ${zone})::date` : undefined,
  );
  // The partial days at the ends of the range, read from the orders.
  const pieces = [
    from && first && first > new Date(from).toISOString() ? sql`(${rechargeOrders.createdAt} >= ${new Date(from)} AND ${rechargeOrders.createdAt} < ${new Date(first)})` : undefined,
    to && last && last < new Date(to).toISOString() ? sql`(${rechargeOrders.createdAt} >= ${new Date(last)} AND ${rechargeOrders.createdAt} < ${new Date(to)})` : undefined,
  ].filter((piece) => piece !== undefined);
  const inPieces = pieces.length ? sql.join(pieces, sql` OR `) : sql`false`;
  const VOID = ORDER_STATUS.void;
  const [[aggregate], [raw]] = await Promise.all([
    db.execute(sql`SELECT coalesce(sum(a.orders), 0)::bigint AS orders, coalesce(sum(a.amount_fen), 0)::bigint AS amount
      FROM ${sql.raw(byPlace ? 'daily_recharge' : 'daily_area_recharge')} a WHERE ${aggregateWhere}`).then((result) => rowsOf<{ orders: string | number; amount: string | number }>(result)),
    db.execute(sql`SELECT count(*) FILTER (WHERE ${rechargeOrders.orderStatus} <> ${VOID})::int AS standing_count,
        coalesce(sum(${rechargeOrders.amountFen}) FILTER (WHERE ${rechargeOrders.orderStatus} <> ${VOID}), 0)::bigint AS standing,
        count(*) FILTER (WHERE ${rechargeOrders.orderStatus} = ${VOID})::int AS voided,
        coalesce(sum(${rechargeOrders.amountFen}) FILTER (WHERE ${rechargeOrders.orderStatus} = ${VOID}), 0)::bigint AS voided_amount
      FROM ${rechargeOrders} WHERE ${allConditions(c, query)} AND (${rechargeOrders.orderStatus} = ${VOID} OR ${inPieces})`)
      .then((result) => rowsOf<{ standing_count: number; standing: string | number; voided: number; voided_amount: string | number }>(result)),
  ]);
  const standingFen = Number(aggregate.amount) + Number(raw.standing);
  const voidAmountFen = Number(raw.voided_amount);
  return {
    count: Number(aggregate.orders) + Number(raw.standing_count) + Number(raw.voided), amountFen: standingFen + voidAmountFen, standingFen,
    voidCount: Number(raw.voided), voidAmountFen,
  };
}

const F = (source: string) => `resources.chongzhidingdan.fields.${source}`;
const CSV_FIELDS: CsvField<OrderRow>[] = [
  { label: F('orderId'), value: (row) => row.orderId, kind: 'code' },
  { label: F('projectName'), value: (row) => row.projectName },
  { label: F('buildingName'), value: (row) => row.buildingName },
  { label: F('roomCode'), value: (row) => row.roomCode, kind: 'code' },
  { label: F('tenantName'), value: (row) => row.tenantName },
  { label: F('amountFen'), value: (row) => fenToYuan(row.amountFen), kind: 'money' },
  { label: F('energy'), value: (row) => row.energy, kind: 'quantity' },
  { label: F('channel'), value: (row, t) => t(`stats.channels.${row.channel}`) },
  { label: F('operatorName'), value: (row) => row.operatorName },
  { label: F('orderStatus'), value: (row, t) => t(`stats.orderStatus.${row.orderStatus}`) },
  { label: F('createdAt'), value: (row) => csvTime(row.createdAt), kind: 'time' },
  { label: F('voidedAt'), value: (row) => csvTime(row.voidedAt), kind: 'time' },
  { label: F('remark'), value: (row) => row.remark },
  // Online payments (issue 41): blank for the counter's orders.
  { label: F('payStatus'), value: (row, t) => (row.payStatus ? t(`payments.payStatus.${row.payStatus}`) : '') },
  { label: F('transactionId'), value: (row) => row.transactionId, kind: 'code' },
];

const EXPORT_BATCH = 1000;

/**
 * The whole filtered set in the list's default order (newest first), batch by batch: each batch
 * continues after the last row of the previous one (created_at, id), never an OFFSET, so that the
 * thousandth batch costs what the first does.
 */
async function* exportBatches(c: Ctx, query: OrderFilter): AsyncGenerator<OrderRow[]> {
  const { db } = c.get('deps');
  const conditions = allConditions(c, query);
  let after: { createdAt: Date; id: number } | undefined;
  for (;;) {
    const rows = await orderQuery(db)
      .where(and(conditions, after ? sql`(${rechargeOrders.createdAt}, ${rechargeOrders.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined))
      .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id)).limit(EXPORT_BATCH);
    if (rows.length) yield rows.map(shown);
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { createdAt: new Date(last.createdAt as unknown as string), id: Number(last.id) };
  }
}

export function webStatsanalysisOrderRoutes() {
  const router = createRouter();

  // SPEC.md section 7: GET findRechargeOrderByParams (params). The list convention, plus `totals`
  // of the whole filtered set.
  defineRoute(router, {
    method: 'get', path: '/findRechargeOrderByParams', summary: 'Recharge orders (paged, filtered, sorted) with the totals of the filtered set; each order\'s energy (kWh or m³ at the meter\'s price) with energyBasis: price (single rate, water), flat (time-of-use: an estimate at the flat rate) or firstTier (tiered: an estimate at the first tier), null without a price', tags: ['statistics orders'], query: ListQuery,
  }, async (c, { query }) => {
    const spec = LISTS[(query.utility as 'electric' | 'water' | undefined) ?? 'both'];
    const [page, totals] = await Promise.all([
      listPage(c.get('deps').db, spec, { where: filterConditions(query), paging: query, areaIds: c.get('session').areaIds }),
      totalsOf(c, query),
    ]);
    // Past the list's count cap, the total is the totals' count (the same orders).
    const { totalCapped: _capped, ...counted } = page;
    return ok(c, { ...counted, records: counted.records.map(shown), total: page.totalCapped ? totals.count : page.total, totals });
  });

  defineRoute(router, {
    method: 'get', path: '/exportRechargeOrderByParams', summary: 'The filtered recharge orders as CSV (UTF-8 with BOM), streamed, newest first', tags: ['statistics orders'], query: ExportQuery,
  }, async (c, { query }) => {
    return csvResponse(c, exportName(query.utility), CSV_FIELDS, () => exportBatches(c, query));
  });

  // SPEC.md section 7: PUT updateRechargeOrderById (body), form-encoded orderId and orderStatus=0.
  defineRoute(router, {
    method: 'put', path: '/updateRechargeOrderById', summary: 'Void a recharge order (orderStatus=0): a refund entry reverses its amount once; audited', tags: ['statistics orders'],
    body: VoidBody, form: true,
  }, async (c, { body }) => {
    const order = await voidOrder(c.get('deps').db, c.get('session'), body.orderId, c.get('deps').now(), body.reason || null);
    return ok(c, order);
  });

  return router;
}

/** The export's file name: the screen's name in English words (a header carries no Chinese safely everywhere). */
const exportName = (utility?: string) => (utility === 'water' ? 'water-recharge-orders' : utility === 'electric' ? 'recharge-orders' : 'all-recharge-orders');
