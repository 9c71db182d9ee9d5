import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { schema, type Db } from '../db';
import type { Session } from '../auth/session';
import { conflict, notFound, refusalError, type Refusal } from './results';
import { audit } from '../audit';
import { enqueueCommands, type NewCommand } from './commands';
import { publish } from '../realtime/events';
import { ensureAccount, lockAccount, postLedger, type Utility } from './ledger';
import { rowsOf } from '../db/rows';
import { roomTextOf } from '../db/roomNames';
import { platformTimeZone } from '../config';
import { queueTenantNotice } from './tenantNotices';
import { tenancyOfAccount } from './tenancy';
import { ORDER_STATUS } from '../../common/states';
import { formatYuan } from '../../common/money';
import { energyBasisOf, rechargeEnergy, type EnergyBasis, type EnergyPrice } from '../../common/rechargeEnergy';

export { ORDER_STATUS };

const { accounts, rechargeOrders, rooms, buildings, projects, tenants, tenantBindings, electricMeters, waterMeters, ledgerEntries, sysUsers, commands } = schema;

/**
 * The channels a payment is taken through at the counter (`account/recharge`). `gift` and
 * `calibration` are channels of the order table too, but they are not payments: gifts are posted by
 * the gift process (free allowance, gift records) and calibrations by recharge calibration (DOMAIN.md
 * rules 4 and 5), each as its own ledger kind. The counter refuses them (400 naming `channel`).
 */
export const RECHARGE_CHANNELS = ['cash', 'wechat', 'alipay', 'card'] as const;
export type RechargeChannel = (typeof RECHARGE_CHANNELS)[number];

export interface RechargeInput {
  roomId: number;
  utility: Utility;
  amountFen: number;
  channel: RechargeChannel;
  /** The client's request id: the same id from the same operator is the same recharge. */
  requestId: string;
  remark?: string | null;
}

// ---- pure rules ------------------------------------------------------------------------------


/** The amount rule: a whole number of fen, more than 0, at most the per-order maximum. */
export function amountRefusal(amountFen: number, maxFen: number): Refusal | undefined {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return { outcome: 'refused', key: 'errors.rechargeAmount', field: 'amountFen' };
  if (amountFen > maxFen) return { outcome: 'refused', key: 'errors.rechargeMax', params: { max: formatYuan(maxFen) }, field: 'amountFen' };
  return undefined;
}

/** The most an account may still take before its balance passes the hoarding limit (never below 0). */
export const hoardRoom = (balanceFen: number, hoardLimitFen: number) => Math.max(0, hoardLimitFen - balanceFen);

/** The hoarding rule (DOMAIN.md rule 3): the balance after the recharge may not pass the limit. */
export function hoardRefusal(balanceFen: number, amountFen: number, hoardLimitFen: number): Refusal | undefined {
  if (balanceFen + amountFen <= hoardLimitFen) return undefined;
  return { outcome: 'conflict', key: 'errors.hoardLimit', params: { limit: formatYuan(hoardLimitFen), balance: formatYuan(balanceFen), most: formatYuan(hoardRoom(balanceFen, hoardLimitFen)) } };
}

/**
 * Arrears (DOMAIN.md rule 2): at or below −overdraft the supply is cut; a recharge that lifts the
 * balance above that line restores it (electric: close-allowed, water: valve open).
 */
export const liftsArrears = (beforeFen: number, afterFen: number, overdraftFen: number) => beforeFen <= -overdraftFen && afterFen > -overdraftFen;

/**
 * Whether a recharge queues the restore command: it lifts the account out of arrears, and the
 * supply was really owed or cut — the balance was negative, or the relay is not on / the valve is
 * closed. A new account at 0 with no overdraft is on the line but was never cut: no command for it.
 */
export const needsRestore = (beforeFen: number, afterFen: number, overdraftFen: number, supplyOff: boolean) =>
  liftsArrears(beforeFen, afterFen, overdraftFen) && (beforeFen < 0 || supplyOff);

/** The command that restores supply after arrears, per utility. */
export const RESTORE_COMMAND: Record<Utility, string> = { electric: 'close_allowed', water: 'valve_open' };

/** Platform local time (UTC+8), as the seed's order ids: yyyyMMddHHmmss. */
export function orderStamp(now: Date): string {
  const local = new Date(now.getTime() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCFullYear()}${p(local.getUTCMonth() + 1)}${p(local.getUTCDate())}${p(local.getUTCHours())}${p(local.getUTCMinutes())}${p(local.getUTCSeconds())}`;
}

/**
 * An order id as the seed writes them: E (electric) or W (water), the local time to the second and
 * a sequence of at least 5 digits (the order row's own id: unique).
 */
export const orderIdOf = (utility: Utility, now: Date, sequence: number) => `${utility === 'electric' ? 'E' : 'W'}${orderStamp(now)}${String(sequence).padStart(5, '0')}`;

/** Whether a stored order is the recharge a request describes (same request id, same body). */
export const sameRequest = (order: { roomId: number; utility: string; amountFen: number; channel: string; remark: string | null }, input: RechargeInput) =>
  order.roomId === input.roomId && order.utility === input.utility && order.amountFen === input.amountFen
  && order.channel === input.channel && (order.remark ?? null) === (input.remark?.trim() || null);


// ---- energy ----------------------------------------------------------------------------------

/**
 * The price a room's recharge energy is reckoned at (common/rechargeEnergy.ts), as SQL answering
 * json `{ kind, fen }` or null. Electric: the room's first meter's price table, else its area's
 * default table (as billing prices the meter); of the table, a tiered one's first tier, else its
 * flat rate. Water: the room's first water meter's price per m³.
 */
const electricEnergyPrice = (roomId: SQLWrapper) => sql`(SELECT CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object('kind', p.kind,
    'fen', CASE WHEN p.kind = 'tiered' THEN coalesce((p.tiers->0->>'priceFen')::int, p.flat_fen) ELSE p.flat_fen END) END
  FROM (SELECT e.price_table_id, e.area_id FROM electric_meters e WHERE e.room_id = ${roomId} ORDER BY e.id LIMIT 1) e
  LEFT JOIN price_tables p ON p.id = coalesce(e.price_table_id, (SELECT a.default_price_table_id FROM areas a WHERE a.id = e.area_id)))`;
const waterEnergyPrice = (roomId: SQLWrapper) => sql`(SELECT json_build_object('kind', 'water', 'fen', w.price_fen)
  FROM water_meters w WHERE w.room_id = ${roomId} ORDER BY w.id LIMIT 1)`;

/** The json of `energyPriceSql` as an `EnergyPrice` (PGlite and node-postgres parse json; a string is parsed here). */
export function energyPriceOf(value: unknown): EnergyPrice | null {
  const parsed = typeof value === 'string' ? JSON.parse(value) as unknown : value;
  if (!parsed || typeof parsed !== 'object') return null;
  const { kind, fen } = parsed as { kind?: unknown; fen?: unknown };
  return { kind: (kind === 'tou' || kind === 'tiered' || kind === 'water' ? kind : 'single'), fen: fen === null || fen === undefined ? null : Number(fen) };
}

/**
 * The energy price of an order's room for its utility: a utility known in advance (`'electric'`,
 * `'water'`) or an order's utility column. Select it `.mapWith(energyPriceOf)`.
 */
export function energyPriceSql(roomId: SQLWrapper, utility: Utility | SQLWrapper) {
  if (utility === 'electric') return electricEnergyPrice(roomId);
  if (utility === 'water') return waterEnergyPrice(roomId);
  return sql`CASE WHEN ${utility} = 'water' THEN ${waterEnergyPrice(roomId)} ELSE ${electricEnergyPrice(roomId)} END`;
}

/**
 * An order's energy as the lists answer it, with its basis (`energyBasis`: the one price, the flat
 * rate of a time-of-use table or the first tier of a tiered one; null when the room's meter has no
 * price now). An order stored without energy (counter recharges before the rule) is reckoned now, by
 * the same rule, at the room's current price.
 */
export function orderEnergy(order: { amountFen: number; energy: number | string | null }, price: EnergyPrice | null): { energy: number | null; energyBasis: EnergyBasis | null } {
  const stored = order.energy === null || order.energy === undefined ? null : Number(order.energy);
  return { energy: stored ?? rechargeEnergy(order.amountFen, price?.fen), energyBasis: price ? energyBasisOf(price.kind) : null };
}

// ---- reads -----------------------------------------------------------------------------------

/** One side (utility) of a room as the payment screen shows it. */
export interface AccountView {
  roomId: number;
  accountId: number | null;
  utility: Utility;
  balanceFen: number | null;
  freeLeft: number | null;
  overdraftFen: number | null;
  alarm1Fen: number | null;
  alarm2Fen: number | null;
  hoardLimitFen: number | null;
  saleCount: number | null;
  meterId: number | null;
  meterAddress: string | null;
  relayState?: string | null;
  valveState?: string | null;
  online: boolean | null;
  /** Electric: the room has a meter (its account opens with the first recharge); water: the meter's account is opened. */
  accountOpened: boolean;
  /** The current tenancy as this account's ledger sees it (null: vacant, or no account): the tenant's view starts there. */
  tenancy?: { bindingId: number; tenantName: string | null; startDate: string; openingFen: number } | null;
}

/** One side of a room: its account (if any) and its meter (if any), in one query. */
export async function accountSide(db: Db, roomId: number, utility: Utility): Promise<AccountView> {
  const account = { accountId: accounts.id, balanceFen: accounts.balanceFen, freeLeft: accounts.freeLeft, overdraftFen: accounts.overdraftFen,
    alarm1Fen: accounts.alarm1Fen, alarm2Fen: accounts.alarm2Fen, hoardLimitFen: accounts.hoardLimitFen, saleCount: accounts.saleCount };
  const accountJoin = and(eq(accounts.roomId, rooms.id), eq(accounts.utility, utility));
  if (utility === 'electric') {
    const [row] = await db.select({ ...account, meterId: electricMeters.id, meterAddress: electricMeters.address, state: electricMeters.relayState, online: electricMeters.online, moduleId: electricMeters.moduleId })
      .from(rooms).leftJoin(accounts, accountJoin).leftJoin(electricMeters, eq(electricMeters.roomId, rooms.id))
      .where(eq(rooms.id, roomId)).orderBy(asc(electricMeters.id)).limit(1);
    return sideView(roomId, utility, row, !!row?.meterId);
  }
  const [row] = await db.select({ ...account, meterId: waterMeters.id, meterAddress: waterMeters.address, state: waterMeters.valveState, online: waterMeters.online, moduleId: waterMeters.moduleId, opened: waterMeters.accountOpened })
    .from(rooms).leftJoin(accounts, accountJoin).leftJoin(waterMeters, eq(waterMeters.roomId, rooms.id))
    .where(eq(rooms.id, roomId)).orderBy(asc(waterMeters.id)).limit(1);
  return sideView(roomId, utility, row, !!row?.opened);
}

type SideRow = { accountId: number | null; balanceFen: number | null; freeLeft: number | null; overdraftFen: number | null; alarm1Fen: number | null; alarm2Fen: number | null;
  hoardLimitFen: number | null; saleCount: number | null; meterId: number | null; meterAddress: string | null; state: string | null; online: boolean | null; moduleId: number | null };

function sideView(roomId: number, utility: Utility, row: SideRow | undefined, accountOpened: boolean): AccountView {
  const meter = row?.meterId != null;
  return {
    roomId, accountId: row?.accountId ?? null, utility,
    balanceFen: row?.balanceFen ?? null, freeLeft: row?.freeLeft ?? null, overdraftFen: row?.overdraftFen ?? null,
    alarm1Fen: row?.alarm1Fen ?? null, alarm2Fen: row?.alarm2Fen ?? null, hoardLimitFen: row?.hoardLimitFen ?? null, saleCount: row?.saleCount ?? null,
    meterId: row?.meterId ?? null, meterAddress: row?.meterAddress ?? null,
    ...(utility === 'electric' ? { relayState: meter ? row!.state : null } : { valveState: meter ? row!.state : null }),
    // A meter is online only with a module to reach it through.
    online: meter ? !!row!.online && row!.moduleId !== null : null,
    // Electric: the room has a meter (its account opens with the first recharge); water: the meter's account is opened.
    accountOpened,
  };
}

/** The room's electric and water sides (always both, with nulls where there is no account or meter). */
export async function accountsOfRoom(db: Db, roomId: number): Promise<AccountView[]> {
  return Promise.all((['electric', 'water'] as const).map(async (utility) => {
    const side = await accountSide(db, roomId, utility);
    const tenancy = side.accountId === null ? undefined : await tenancyOfAccount(db, side.accountId);
    return { ...side, tenancy: tenancy ? { bindingId: tenancy.bindingId, tenantName: tenancy.tenantName, startDate: tenancy.startDate, openingFen: tenancy.openingFen } : null };
  }));
}

/**
 * The binding of the tenant who had the order's room when the order was taken: recorded at or
 * before the order and not ended before its day (in the platform's time zone), the latest such.
 * So a receipt printed again after a move-out still names the tenant who paid, as it did at the
 * counter. (A recharge on a move-out day after the move-out is the one the dates cannot tell apart.)
 */
const bindingAtOrder = () => sql`(SELECT b.id FROM tenant_bindings b WHERE b.room_id = ${rechargeOrders.roomId}
  AND b.created_at <= ${rechargeOrders.createdAt}
  AND (b.end_date IS NULL OR b.end_date >= (${rechargeOrders.createdAt} AT TIME ZONE ${platformTimeZone()})::date)
  ORDER BY b.created_at DESC, b.id DESC LIMIT 1)`;

/**
 * A recharge order with what a receipt shows: room, tenant (then), operator, balance after. The one
 * receipt of an order: the recharge's answer and the reprint (account/findReceipt) both read it here.
 */
export async function orderView(db: Db, orderId: string, knownBalanceAfterFen?: number) {
  const [found] = await db.select({
    id: rechargeOrders.id, orderId: rechargeOrders.orderId, areaId: rechargeOrders.areaId, roomId: rechargeOrders.roomId,
    roomCode: rooms.roomCode, buildingName: buildings.name, projectName: projects.name, tenantName: tenants.name, tenantPhone: tenants.phone,
    utility: rechargeOrders.utility, amountFen: rechargeOrders.amountFen, energy: rechargeOrders.energy, channel: rechargeOrders.channel,
    operatorId: rechargeOrders.operatorId, operatorName: sql<string | null>`coalesce(${sysUsers.realName}, ${sysUsers.userName})`,
    operatorAccount: sysUsers.userName,
    // What the receipt states of the meter: its address and unit price (water: per m³; electric: a
    // single-rate table's price, else the table's name).
    meterAddress: sql<string | null>`CASE WHEN ${rechargeOrders.utility} = 'water'
      THEN (SELECT w.address FROM water_meters w WHERE w.room_id = ${rechargeOrders.roomId} ORDER BY w.id LIMIT 1)
      ELSE (SELECT e.address FROM electric_meters e WHERE e.room_id = ${rechargeOrders.roomId} ORDER BY e.id LIMIT 1) END`,
    unitPriceFen: sql<number | null>`CASE WHEN ${rechargeOrders.utility} = 'water'
      THEN (SELECT w.price_fen FROM water_meters w WHERE w.room_id = ${rechargeOrders.roomId} ORDER BY w.id LIMIT 1)
      ELSE (SELECT p.flat_fen FROM electric_meters e JOIN price_tables p ON p.id = e.price_table_id
        WHERE e.room_id = ${rechargeOrders.roomId} AND p.kind = 'single' ORDER BY e.id LIMIT 1) END`.mapWith(Number),
    priceTableName: sql<string | null>`CASE WHEN ${rechargeOrders.utility} = 'electric'
      THEN (SELECT p.name FROM electric_meters e JOIN price_tables p ON p.id = e.price_table_id WHERE e.room_id = ${rechargeOrders.roomId} ORDER BY e.id LIMIT 1) END`,
    requestId: rechargeOrders.clientRequestId, orderStatus: rechargeOrders.orderStatus, remark: rechargeOrders.remark,
    createdAt: rechargeOrders.createdAt, voidedAt: rechargeOrders.voidedAt,
    energyPrice: energyPriceSql(rechargeOrders.roomId, rechargeOrders.utility).mapWith(energyPriceOf),
  }).from(rechargeOrders)
    .leftJoin(rooms, eq(rooms.id, rechargeOrders.roomId))
    .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
    .leftJoin(projects, eq(projects.id, rooms.projectId))
    .leftJoin(tenantBindings, eq(tenantBindings.id, bindingAtOrder()))
    .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId))
    .leftJoin(sysUsers, eq(sysUsers.id, rechargeOrders.operatorId))
    .where(eq(rechargeOrders.orderId, orderId)).limit(1);
  if (!found) return undefined;
  // The energy with its basis (an estimate for time-of-use and tiered tables; common/rechargeEnergy.ts).
  const { energyPrice, ...stored } = found;
  const row = { ...stored, ...orderEnergy(stored, energyPrice) };
  if (knownBalanceAfterFen !== undefined) return { ...row, balanceAfterFen: knownBalanceAfterFen as number | null };
  const [entry] = await db.select({ balanceAfterFen: ledgerEntries.balanceAfterFen }).from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(and(eq(accounts.roomId, row.roomId), eq(accounts.utility, row.utility), eq(ledgerEntries.kind, 'recharge'),
      eq(ledgerEntries.refType, 'recharge_order'), eq(ledgerEntries.refId, orderId)))
    .limit(1);
  return { ...row, balanceAfterFen: (entry?.balanceAfterFen ?? null) as number | null };
}
export type OrderView = NonNullable<Awaited<ReturnType<typeof orderView>>>;

/** The restore commands of an order (a retried command included), oldest first. */
export async function commandsOfOrder(db: Db, orderId: string): Promise<number[]> {
  const rows = await db.select({ id: commands.id }).from(commands)
    .where(and(sql`${commands.payload} ? 'orderId'`, sql`${commands.payload}->>'orderId' = ${orderId}`)).orderBy(asc(commands.id));
  return rows.map((row) => Number(row.id));
}

// ---- the transaction --------------------------------------------------------------------------

/**
 * The meter a room's recharge goes to, as a LATERAL subquery of `rooms r`: its first meter of the
 * utility, whether it takes money (water: an opened account) and whether its supply is off (relay
 * not on, valve closed). The counter and online payments (onlinePayments.ts) read it alike.
 */
export const roomMeterSql = (utility: Utility) => (utility === 'electric'
  ? sql`(SELECT m.id, m.area_id, true AS account_opened, m.relay_state <> 'on' AS supply_off FROM electric_meters m WHERE m.room_id = r.id ORDER BY m.id LIMIT 1)`
  : sql`(SELECT m.id, m.area_id, m.account_opened, m.valve_state = 'closed' AS supply_off FROM water_meters m WHERE m.room_id = r.id ORDER BY m.id LIMIT 1)`);

/** Thrown inside the transaction when the same operator's same request id is already an order. */
class AlreadyTaken extends Error {}

export interface RechargeResult {
  order: OrderView;
  account: AccountView;
  commandIds: number[];
  /** This call found the order of an earlier identical request (nothing was credited now). */
  replayed: boolean;
}

/** The answer for an existing order of this operator and request id: the same order, or a 409 for another body. */
async function replay(db: Db, existing: typeof rechargeOrders.$inferSelect, input: RechargeInput): Promise<RechargeResult> {
  if (!sameRequest(existing, input)) throw conflict('errors.requestReused', { requestId: input.requestId, orderId: existing.orderId });
  const order = (await orderView(db, existing.orderId))!;
  const account = await accountSide(db, existing.roomId, existing.utility as Utility);
  return { order, account, commandIds: await commandsOfOrder(db, existing.orderId), replayed: true };
}

async function findRequest(db: Db, operatorId: number, requestId: string) {
  const [row] = await db.select().from(rechargeOrders)
    .where(and(eq(rechargeOrders.operatorId, operatorId), eq(rechargeOrders.clientRequestId, requestId))).limit(1);
  return row;
}

/** What a recharge writes once its order row is in: the account's credit, its sale count and the restore command. */
export interface RechargeWrite {
  roomId: number;
  areaId: number;
  utility: Utility;
  amountFen: number;
  energy: number | null;
  orderId: string;
  operatorId: number | null;
  remark: string | null;
  meter: { id: number; areaId: number; supplyOff: boolean };
  /** Check the hoarding limit (the counter); an online payment already taken is credited whatever the limit. */
  hoard: boolean;
}

/**
 * The account side of a recharge, inside the caller's transaction (the room row already locked and
 * the order row written): the account locked (opened at the first recharge), the hoarding rule, the
 * `recharge` ledger entry, the sale counter, and the restore command when the recharge lifts the
 * account out of arrears (DOMAIN.md rules 2 and 3). The counter and online payments both credit here.
 */
export async function writeRecharge(tx: Db, input: RechargeWrite, now: Date) {
  const account = (await lockAccount(tx, input.roomId, input.utility)) ?? (await ensureAccount(tx, input.areaId, input.roomId, input.utility));
  if (input.hoard) {
    const hoard = hoardRefusal(account.balanceFen, input.amountFen, account.hoardLimitFen);
    if (hoard) throw refusalError(hoard);
  }
  const posted = await postLedger(tx, {
    accountId: account.id, kind: 'recharge', amountFen: input.amountFen, energy: input.energy, refType: 'recharge_order', refId: input.orderId,
    operatorId: input.operatorId, remark: input.remark,
  }, now);
  await tx.update(accounts).set({ saleCount: sql`${accounts.saleCount} + 1` }).where(eq(accounts.id, account.id));
  // The tenant is told the money arrived (issue 42), at the counter as online.
  await queueTenantNotice(tx, { roomId: input.roomId, utility: input.utility, kind: 'credited', balanceFen: posted.balanceFen, creditFen: input.amountFen }, now);
  let commandIds: number[] = [];
  if (needsRestore(posted.balanceBeforeFen, posted.balanceFen, account.overdraftFen, input.meter.supplyOff)) {
    const command: NewCommand = { areaId: input.meter.areaId, deviceKind: input.utility, deviceId: input.meter.id, type: RESTORE_COMMAND[input.utility], payload: { orderId: input.orderId } };
    commandIds = await enqueueCommands(tx, input.operatorId, [command], now);
  }
  return { account, posted, commandIds };
}

/**
 * Takes a recharge (DOMAIN.md rule 3), idempotent on the request id per operator: in one
 * transaction the order row, its ledger entry (`postLedger`, kind `recharge`), the sale counter,
 * the restore command when the recharge lifts the account out of arrears, and the operation log.
 *
 * Concurrency: the order row is inserted first, `ON CONFLICT (operator_id, client_request_id) DO
 * NOTHING`. Identical requests running at once wait on the first one's index entry; when it commits
 * they insert nothing and answer its order; when it rolls back (a refusal) one of them goes on. The
 * account is then locked, so that the hoarding check and the balance move are one step per account.
 *
 * Refusals (each changes nothing): amount not a positive whole number of fen or above `maxFen`
 * (400), a room outside the caller's areas (404), no meter of that utility, a water account not
 * opened, the hoarding limit (409), the same request id with another body (409).
 * The caller wakes the command worker after it returns (`commandsQueued`) when `commandIds` is not empty.
 */
export async function recharge(db: Db, session: Session, input: RechargeInput, now: Date, maxFen: number): Promise<RechargeResult> {
  const amount = amountRefusal(input.amountFen, maxFen);
  if (amount) throw refusalError(amount);
  const earlier = await findRequest(db, session.userId, input.requestId);
  if (earlier) return replay(db, earlier, input);

  // The room (in the caller's scope) and its meter of that utility, in one query.
  const meterSql = roomMeterSql(input.utility);
  const [target] = rowsOf<{ id: number; area_id: number; room_code: string; meter_id: number | null; meter_area_id: number | null; account_opened: boolean | null; supply_off: boolean | null; energy_price: unknown }>(await db.execute(sql`
    SELECT r.id, r.area_id, r.room_code, m.id AS meter_id, m.area_id AS meter_area_id, m.account_opened, m.supply_off,
      ${energyPriceSql(sql`r.id`, input.utility)} AS energy_price
    FROM rooms r LEFT JOIN LATERAL ${meterSql} m ON true
    WHERE r.id = ${input.roomId} AND r.area_id IN (${sql.join(session.areaIds.map((id) => sql`${id}`), sql`, `)})`));
  if (!target) throw notFound('errors.roomNotFound');
  const room = { id: Number(target.id), areaId: Number(target.area_id), roomCode: target.room_code };
  const meter = target.meter_id === null ? undefined : { id: Number(target.meter_id), areaId: Number(target.meter_area_id), accountOpened: !!target.account_opened, supplyOff: !!target.supply_off };
  // The refusals name the room with its project and building ("1号楼 101" exists in several projects).
  if (!meter) throw conflict(input.utility === 'electric' ? 'errors.noElectricMeter' : 'errors.noWaterMeter', { room: await roomTextOf(db, room.id) });
  if (input.utility === 'water' && !meter.accountOpened) throw conflict('errors.waterAccountNotOpened', { room: await roomTextOf(db, room.id) });

  const remark = input.remark?.trim() || null;
  // What the money buys at the meter's price now (common/rechargeEnergy.ts): kept on the order and its ledger entry.
  const energy = rechargeEnergy(input.amountFen, energyPriceOf(target.energy_price)?.fen);
  let result: { orderId: string; commandIds: number[]; balanceAfterFen: number };
  try {
    result = await db.transaction(async (tx) => {
      // The room first, as every write of its money does (void, deduction, refund): the order's
      // insert then updates the day's recharge aggregate (a trigger), and taking the two in the
      // other order deadlocks against a void of the same room and day.
      await tx.execute(sql`SELECT 1 FROM rooms WHERE id = ${room.id} FOR UPDATE`);
      const [{ id }] = (await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('recharge_orders', 'id'))::bigint AS id`) as unknown as { rows: { id: string | number }[] }).rows;
      const orderId = orderIdOf(input.utility, now, Number(id));
      const inserted = await tx.insert(rechargeOrders).values({
        id: Number(id), orderId, areaId: room.areaId, roomId: room.id, utility: input.utility, amountFen: input.amountFen, energy, channel: input.channel,
        operatorId: session.userId, clientRequestId: input.requestId, orderStatus: ORDER_STATUS.paid, remark, createdAt: now,
      }).onConflictDoNothing({ target: [rechargeOrders.operatorId, rechargeOrders.clientRequestId] }).returning({ id: rechargeOrders.id });
      if (!inserted.length) throw new AlreadyTaken();

      const written = await writeRecharge(tx, { roomId: room.id, areaId: room.areaId, utility: input.utility, amountFen: input.amountFen, energy, orderId,
        operatorId: session.userId, remark, meter, hoard: true }, now);
      const { account, posted, commandIds } = written;
      await audit(tx, session, {
        action: 'recharge', entity: 'rechargeOrder', entityId: orderId,
        before: { accountId: account.id, balanceFen: posted.balanceBeforeFen, saleCount: account.saleCount },
        after: { orderId, roomId: room.id, utility: input.utility, amountFen: input.amountFen, channel: input.channel, requestId: input.requestId, balanceFen: posted.balanceFen, commandIds },
      });
      // The dashboards of the area refresh their figures (delivered on commit).
      await publish(tx, { type: 'figures', areaId: room.areaId });
      return { orderId, commandIds, balanceAfterFen: posted.balanceFen };
    });
  } catch (error) {
    if (!(error instanceof AlreadyTaken)) throw error;
    // An identical request committed meanwhile: its order is the answer.
    return replay(db, (await findRequest(db, session.userId, input.requestId))!, input);
  }
  const [order, account] = await Promise.all([orderView(db, result.orderId, result.balanceAfterFen), accountSide(db, room.id, input.utility)]);
  return { order: order!, account, commandIds: result.commandIds, replayed: false };
}

/**
 * Voids an order (service level; the statistics screen's call comes later): a `refund` ledger entry
 * of the order's amount and status 0, in one transaction with the operation log. A void order
 * stays void (409 when voided twice).
 */
export async function voidOrder(db: Db, session: Session, orderId: string, now: Date, reason?: string | null): Promise<OrderView> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(rechargeOrders)
      .where(and(eq(rechargeOrders.orderId, orderId), sql`${rechargeOrders.areaId} IN (${sql.join(session.areaIds.map((id) => sql`${id}`), sql`, `)})`))
      .for('update');
    if (!order) throw notFound('errors.recordNotFound');
    if (order.orderStatus === ORDER_STATUS.void) throw conflict('errors.orderAlreadyVoid', { orderId });
    // An online payment's money is at the provider: it goes back by a refund (payment/refund), not a void.
    const [online] = await tx.select({ id: schema.payOrders.id }).from(schema.payOrders).where(eq(schema.payOrders.orderNo, orderId));
    if (online) throw conflict('errors.voidOnlineOrder', { orderId });
    const account = await ensureAccount(tx, order.areaId, order.roomId, order.utility as Utility);
    const posted = await postLedger(tx, {
      accountId: account.id, kind: 'void', amountFen: -order.amountFen, refType: 'recharge_order', refId: orderId,
      operatorId: session.userId, remark: reason ?? null,
    }, now);
    await tx.update(rechargeOrders).set({ orderStatus: ORDER_STATUS.void, voidedAt: now }).where(eq(rechargeOrders.id, order.id));
    await audit(tx, session, { action: 'void', entity: 'rechargeOrder', entityId: orderId, before: { orderStatus: order.orderStatus, balanceFen: posted.balanceBeforeFen }, after: { orderStatus: ORDER_STATUS.void, balanceFen: posted.balanceFen, amountFen: order.amountFen, reason: reason ?? null } });
  });
  return (await orderView(db, orderId))!;
}

/** The ledger of an account, newest first (served by ledger_account_newest); `since` keeps a tenancy's part (tenancy.ts: inTenancy). */
export async function ledgerPage(db: Db, accountId: number, pageNum: number, pageSize: number, since?: SQL) {
  const where = and(eq(ledgerEntries.accountId, accountId), since);
  const [records, [{ total }]] = await Promise.all([
    db.select({
      id: ledgerEntries.id, accountId: ledgerEntries.accountId, roomId: ledgerEntries.roomId, utility: ledgerEntries.utility, kind: ledgerEntries.kind,
      amountFen: ledgerEntries.amountFen, balanceAfterFen: ledgerEntries.balanceAfterFen, energy: ledgerEntries.energy,
      refType: ledgerEntries.refType, refId: ledgerEntries.refId, operatorId: ledgerEntries.operatorId,
      operatorName: sql<string | null>`(SELECT coalesce(u.real_name, u.user_name) FROM sys_users u WHERE u.id = ${ledgerEntries.operatorId})`,
      remark: ledgerEntries.remark, createdAt: ledgerEntries.createdAt,
      // An online payment's provider side (issue 41): nulls for every other entry.
      payProvider: sql<string | null>`(SELECT p.provider FROM pay_orders p WHERE ledger_entries.ref_type = 'recharge_order' AND p.order_no = ledger_entries.ref_id)`,
      transactionId: sql<string | null>`(SELECT p.transaction_id FROM pay_orders p WHERE ledger_entries.ref_type = 'recharge_order' AND p.order_no = ledger_entries.ref_id)`,
      payStatus: sql<string | null>`(SELECT p.status FROM pay_orders p WHERE ledger_entries.ref_type = 'recharge_order' AND p.order_no = ledger_entries.ref_id)`,
    }).from(ledgerEntries).where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id)).limit(pageSize).offset((pageNum - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(ledgerEntries).where(where),
  ]);
  return { records, total: Number(total) };
}

