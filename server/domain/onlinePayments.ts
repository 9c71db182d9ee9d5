import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { rowsOf } from '../db/rows';
import { publish } from '../realtime/events';
import { yuanText } from '../../common/money';
import { rechargeEnergy } from '../../common/rechargeEnergy';
import type { PaymentEvent, PaymentProvider, ProviderName } from '../payments/provider';
import { ProviderError } from '../payments/provider';
import { conflict, notFound, refusalError } from './results';
import { accountSide, amountRefusal, energyPriceOf, energyPriceSql, hoardRefusal, orderIdOf, roomMeterSql, writeRecharge, ORDER_STATUS } from './recharge';
import { roomOfPayCode } from './payCodes';
import { settleRefundEvent } from './payRefunds';
import type { Utility } from './ledger';

const { payOrders, payUnmatched, rechargeOrders } = schema;

/**
 * Online payments (issue 41), the settlement: a tenant's order through a provider, credited exactly
 * once however often and however concurrently its success arrives (the order row locked, its state
 * read first, a unique key on the provider's transaction id), a success final, and every payment
 * that cannot be credited as it is kept as a conflict for a person, never lost and never failed.
 */

/** The providers the platform speaks to, and where their notifications come back. */
export interface Payments {
  providers: Record<ProviderName, PaymentProvider>;
  notifyUrl: (provider: ProviderName) => string;
  /** PUBLIC_URL: what tenants and providers reach. */
  publicUrl: string;
  /** Minutes an order takes money (PAY_ORDER_MINUTES). */
  orderMinutes: number;
  /** The simulated providers' "pay" page for a QR code (none with real providers). */
  payPageUrl?: (provider: ProviderName, qrCode: string) => string;
  /** Requests a minute of the public calls (server/routes/pay.ts: PAY_RATE_LIMITS when absent). */
  rateLimits?: Partial<{ perAddress: number; perCode: number; ordersPerCode: number }>;
}

export const PAY_STATUSES = ['pending', 'paid', 'credited', 'closed', 'refunding', 'refunded', 'conflict'] as const;
export type PayStatus = (typeof PAY_STATUSES)[number];
/** Why a paid order is a conflict. */
export const CONFLICT_REASONS = ['amount', 'merchant', 'afterClose', 'cannotCredit'] as const;

/** The provider's first query after a minute, then backing off (×2) until the order expires. */
export const QUERY_FIRST_MS = 60_000;
export const nextQueryAt = (now: Date, queryCount: number, expiresAt: Date) =>
  new Date(Math.min(now.getTime() + QUERY_FIRST_MS * 2 ** Math.min(queryCount, 10), expiresAt.getTime()));

export interface PayOrderInput {
  payCode: string;
  utility: Utility;
  amountFen: number;
  provider: ProviderName;
  requestId: string;
}

type PayOrderRow = typeof payOrders.$inferSelect;

const sameBody = (row: PayOrderRow, input: Omit<PayOrderInput, 'payCode'>) =>
  row.utility === input.utility && row.amountFen === input.amountFen && row.provider === input.provider;

/** The answer of `POST pay/orders`. */
const created = (row: PayOrderRow) => ({ orderNo: row.orderNo, provider: row.provider as ProviderName, qrCode: row.qrCode, expiresAt: row.expiresAt });

/** The room's meter of a utility, whether it takes money (water: an opened account) and whether its supply is off. */
async function meterOf(db: Db, roomId: number, utility: Utility) {
  const [row] = rowsOf<{ meter_id: number | null; meter_area_id: number | null; account_opened: boolean | null; supply_off: boolean | null; energy_price: unknown }>(await db.execute(sql`
    SELECT m.id AS meter_id, m.area_id AS meter_area_id, m.account_opened, m.supply_off, ${energyPriceSql(sql`r.id`, utility)} AS energy_price
    FROM rooms r LEFT JOIN LATERAL ${roomMeterSql(utility)} m ON true WHERE r.id = ${roomId}`));
  if (!row || row.meter_id === null) return undefined;
  return { id: Number(row.meter_id), areaId: Number(row.meter_area_id), accountOpened: !!row.account_opened, supplyOff: !!row.supply_off, energyPrice: energyPriceOf(row.energy_price) };
}

/**
 * Creates an order for a room's pay code (the tenant's phone): the counter's amount rules (per-order
 * maximum, hoarding limit), the provider's QR code. The same request id answers the same order; with
 * another body, 409.
 */
export async function createPayOrder(db: Db, payments: Payments, input: PayOrderInput, now: Date, maxFen: number) {
  const room = await roomOfPayCode(db, input.payCode);
  if (!room) throw notFound('errors.payCodeUnknown');
  return createRoomPayOrder(db, payments, room, input, now, maxFen);
}

/** An order for a room (by its pay code, or a signed-in tenant's room: issue 42), by the same rules. */
export async function createRoomPayOrder(db: Db, payments: Payments, room: { roomId: number; areaId: number }, input: Omit<PayOrderInput, 'payCode'>, now: Date, maxFen: number) {
  const [earlier] = await db.select().from(payOrders).where(and(eq(payOrders.roomId, room.roomId), eq(payOrders.requestId, input.requestId)));
  if (earlier && !(earlier.status === 'closed' && !earlier.qrCode && sameBody(earlier, input))) return replayOrder(db, earlier, input);
  if (earlier) {
    // The same request again after the provider did not take its order: asked again, under the same
    // order number (a provider that did take it answers the same code for the same order).
    const expiresAt = new Date(now.getTime() + payments.orderMinutes * 60_000);
    const [reopened] = await db.update(payOrders).set({ status: 'pending', closedAt: null, expiresAt, nextQueryAt: nextQueryAt(now, 0, expiresAt) })
      .where(and(eq(payOrders.id, earlier.id), eq(payOrders.status, 'closed'), isNull(payOrders.qrCode))).returning();
    if (!reopened) return replayOrder(db, (await db.select().from(payOrders).where(eq(payOrders.id, earlier.id)))[0], input);
    return askProvider(db, payments, reopened, now);
  }

  const amount = amountRefusal(input.amountFen, maxFen);
  // The tenant is told the most an order takes, not the operators' setting that makes it so.
  if (amount) throw refusalError(amount.key === 'errors.rechargeMax' ? { ...amount, key: 'errors.payAmountMax' } : amount);
  const meter = await meterOf(db, room.roomId, input.utility);
  if (!meter || !meter.accountOpened) throw conflict('errors.payUtilityUnavailable');
  const side = await accountSide(db, room.roomId, input.utility);
  if (side.balanceFen !== null && side.hoardLimitFen !== null) {
    const hoard = hoardRefusal(side.balanceFen, input.amountFen, side.hoardLimitFen);
    if (hoard) throw refusalError(hoard);
  }

  // The order number comes from the recharge orders' sequence: once credited it is the recharge order's id, unique beside the counter's.
  const [{ id }] = rowsOf<{ id: string | number }>(await db.execute(sql`SELECT nextval(pg_get_serial_sequence('recharge_orders', 'id'))::bigint AS id`));
  const expiresAt = new Date(now.getTime() + payments.orderMinutes * 60_000);
  const inserted = await db.insert(payOrders).values({
    orderNo: orderIdOf(input.utility, now, Number(id)), areaId: room.areaId, roomId: room.roomId, utility: input.utility, amountFen: input.amountFen,
    provider: input.provider, requestId: input.requestId, status: 'pending', expiresAt, nextQueryAt: nextQueryAt(now, 0, expiresAt), createdAt: now,
  }).onConflictDoNothing({ target: [payOrders.roomId, payOrders.requestId] }).returning();
  if (!inserted.length) {
    const [row] = await db.select().from(payOrders).where(and(eq(payOrders.roomId, room.roomId), eq(payOrders.requestId, input.requestId)));
    return replayOrder(db, row, input);
  }
  return askProvider(db, payments, inserted[0], now);
}

/** The provider's QR code for an order just made (or made again); a provider that takes none closes it. */
async function askProvider(db: Db, payments: Payments, order: PayOrderRow, now: Date) {
  const provider = payments.providers[order.provider as ProviderName];
  try {
    const description = `${order.utility === 'electric' ? '电费充值' : '水费充值'} ${yuanText(order.amountFen)}元`;
    const { qrCode } = await provider.createOrder({ orderNo: order.orderNo, amountFen: order.amountFen, description, expiresAt: order.expiresAt, notifyUrl: payments.notifyUrl(provider.name) });
    const [row] = await db.update(payOrders).set({ qrCode }).where(eq(payOrders.id, order.id)).returning();
    return created(row);
  } catch (error) {
    // The provider took no order: this one is closed, and the tenant may try again (a new request id).
    await db.update(payOrders).set({ status: 'closed', closedAt: now, nextQueryAt: null }).where(and(eq(payOrders.id, order.id), eq(payOrders.status, 'pending')));
    if (error instanceof ProviderError && error.code !== 'NETWORK') throw conflict('errors.providerRefused', { message: error.message });
    throw conflict('errors.providerUnavailable');
  }
}

/** The same request again: its order (waiting briefly for a QR code a concurrent twin is still fetching). */
async function replayOrder(db: Db, row: PayOrderRow, input: Omit<PayOrderInput, 'payCode'>) {
  if (!sameBody(row, input)) throw conflict('errors.requestReused', { requestId: input.requestId, orderId: row.orderNo });
  for (let i = 0; i < 30 && !row.qrCode && row.status === 'pending'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    [row] = await db.select().from(payOrders).where(eq(payOrders.id, row.id));
  }
  if (!row.qrCode) throw conflict('errors.providerUnavailable');
  return created(row);
}

/** An order as its pay code's holder may see it (another room's order, or a renewed code: 404). */
export async function payOrderOfCode(db: Db, orderNo: string, payCode: string) {
  const room = await roomOfPayCode(db, payCode);
  return payOrderOfRoom(db, orderNo, room?.roomId);
}

/** An order of a room as its payer may see it (`since`: only one made at or after it — a tenant sees none of the room's earlier tenants). */
export async function payOrderOfRoom(db: Db, orderNo: string, roomId: number | undefined, since?: Date) {
  const [row] = roomId !== undefined ? await db.select().from(payOrders).where(and(eq(payOrders.orderNo, orderNo), eq(payOrders.roomId, roomId))) : [];
  if (!row || (since && row.createdAt.getTime() < since.getTime())) throw notFound('errors.recordNotFound');
  const side = row.status === 'credited' ? await accountSide(db, row.roomId, row.utility as Utility) : undefined;
  return {
    orderNo: row.orderNo, status: row.status as PayStatus, amountFen: row.amountFen, paidAt: row.paidAt, creditedAt: row.creditedAt,
    provider: row.provider, utility: row.utility, expiresAt: row.expiresAt,
    // After the credit, the meter's state (the restore command of an account lifted out of arrears).
    ...(side ? { balanceFen: side.balanceFen, supplyState: side.relayState ?? side.valveState ?? null } : {}),
  };
}

/** What settling an event did: the restore commands queued (the caller wakes the command worker). */
export interface Settled { outcome: 'credited' | 'conflict' | 'closed' | 'unmatched' | 'unchanged' | 'refund'; commandIds: number[] }

/**
 * Settles a verified event of a provider (a notification, or a query's answer): a payment credits
 * its order once; a close closes a pending order only (a success is final). Refund events are
 * settled by payRefunds.ts (`settleRefundEvent`), called from here.
 */
export async function settleEvent(db: Db, provider: PaymentProvider, event: PaymentEvent, now: Date): Promise<Settled> {
  if (event.kind === 'refund') {
    await settleRefundEvent(db, event, now);
    return { outcome: 'refund', commandIds: [] };
  }
  if (event.kind === 'closed') {
    const closed = await db.update(payOrders).set({ status: 'closed', closedAt: now, nextQueryAt: null })
      .where(and(eq(payOrders.orderNo, event.orderNo), eq(payOrders.provider, provider.name), eq(payOrders.status, 'pending'))).returning({ id: payOrders.id });
    return { outcome: closed.length ? 'closed' : 'unchanged', commandIds: [] };
  }
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(payOrders).where(and(eq(payOrders.orderNo, event.orderNo), eq(payOrders.provider, provider.name))).for('update');
    if (!order) return unmatched(tx, provider.name, event, now);
    if (order.transactionId !== null) {
      // Settled before (the same payment again: nothing to do), or a second payment of one order: kept.
      return order.transactionId === event.transactionId ? { outcome: 'unchanged' as const, commandIds: [] } : unmatched(tx, provider.name, event, now);
    }
    const paid = { transactionId: event.transactionId, paidFen: event.amountFen, paidAt: event.paidAt, nextQueryAt: null };
    const reason = event.appId !== provider.identity.appId || event.merchantId !== provider.identity.merchantId ? 'merchant'
      : event.currency !== 'CNY' || event.amountFen !== order.amountFen ? 'amount'
        : order.status === 'closed' ? 'afterClose' : undefined;
    if (reason) {
      await tx.update(payOrders).set({ ...paid, status: 'conflict', conflictReason: reason }).where(eq(payOrders.id, order.id));
      await publish(tx, { type: 'figures', areaId: order.areaId });
      return { outcome: 'conflict' as const, commandIds: [] };
    }
    return creditOrder(tx, order, paid, now);
  });
}

/** A verified payment no order claims: kept once per transaction for a person. */
async function unmatched(tx: Db, provider: ProviderName, event: Extract<PaymentEvent, { kind: 'paid' }>, now: Date): Promise<Settled> {
  await tx.insert(payUnmatched).values({ provider, orderNo: event.orderNo, transactionId: event.transactionId, amountFen: event.amountFen, paidAt: event.paidAt, receivedAt: now })
    .onConflictDoNothing();
  return { outcome: 'unmatched', commandIds: [] };
}

/**
 * Credits a paid order (its row locked by the caller): the recharge order under the same number,
 * its ledger entry and the restore command, as the counter's recharge writes them (writeRecharge),
 * without the hoarding check: the money is taken already. A room that has lost its meter (or its
 * water account) cannot take it: a conflict.
 */
export async function creditOrder(tx: Db, order: PayOrderRow, paid: Partial<PayOrderRow>, now: Date): Promise<Settled> {
  const utility = order.utility as Utility;
  await tx.execute(sql`SELECT 1 FROM rooms WHERE id = ${order.roomId} FOR UPDATE`);
  const meter = await meterOf(tx, order.roomId, utility);
  if (!meter || !meter.accountOpened) {
    await tx.update(payOrders).set({ ...paid, status: 'conflict', conflictReason: 'cannotCredit' }).where(eq(payOrders.id, order.id));
    return { outcome: 'conflict', commandIds: [] };
  }
  // What the payer paid (the order's amount, or a conflict's paid amount a person decided to credit).
  const amountFen = paid.paidFen ?? order.paidFen ?? order.amountFen;
  const energy = rechargeEnergy(amountFen, meter.energyPrice?.fen);
  await tx.insert(rechargeOrders).values({
    orderId: order.orderNo, areaId: order.areaId, roomId: order.roomId, utility, amountFen, energy, channel: order.provider === 'wechat' ? 'wechat' : 'alipay',
    operatorId: null, clientRequestId: `pay:${order.orderNo}`, orderStatus: ORDER_STATUS.paid, remark: null, createdAt: now,
  });
  const { commandIds } = await writeRecharge(tx, {
    roomId: order.roomId, areaId: order.areaId, utility, amountFen, energy, orderId: order.orderNo, operatorId: null, remark: null,
    meter, hoard: false,
  }, now);
  await tx.update(payOrders).set({ ...paid, status: 'credited', creditedAt: now }).where(eq(payOrders.id, order.id));
  await publish(tx, { type: 'figures', areaId: order.areaId });
  return { outcome: 'credited', commandIds };
}

/**
 * The orders whose notification has not come: each due one queried at its provider (after a minute,
 * then backing off until expiry); paid → settled as a notification would be; expired unpaid → closed
 * at the provider, then here. Answers the restore commands queued.
 */
export async function pollDueOrders(db: Db, payments: Payments, now: Date, limit = 50): Promise<number[]> {
  const due = await db.select().from(payOrders)
    .where(and(eq(payOrders.status, 'pending'), lte(payOrders.nextQueryAt, now))).orderBy(payOrders.nextQueryAt).limit(limit);
  const commandIds: number[] = [];
  for (const order of due) {
    const provider = payments.providers[order.provider as ProviderName];
    if (!provider) continue;
    try {
      const trade = await provider.query(order.orderNo);
      if (trade.state === 'paid' || trade.state === 'refunded') {
        const settled = await settleEvent(db, provider, {
          kind: 'paid', orderNo: order.orderNo, transactionId: trade.transactionId ?? '', amountFen: trade.amountFen ?? -1, currency: 'CNY',
          appId: trade.appId ?? provider.identity.appId, merchantId: trade.merchantId ?? provider.identity.merchantId, paidAt: trade.paidAt ?? now,
        }, now);
        commandIds.push(...settled.commandIds);
        continue;
      }
      if (trade.state === 'closed' || order.expiresAt <= now) {
        // A trade the provider never knew (an Alipay code nobody scanned) has nothing to close there.
        if (trade.state === 'pending') await provider.close(order.orderNo);
        await settleEvent(db, provider, { kind: 'closed', orderNo: order.orderNo }, now);
        continue;
      }
    } catch {
      // The provider is away (or refused to close a just-paid order): asked again on the next round.
    }
    await db.update(payOrders).set({ queryCount: order.queryCount + 1, nextQueryAt: nextQueryAt(now, order.queryCount + 1, order.expiresAt) })
      .where(and(eq(payOrders.id, order.id), eq(payOrders.status, 'pending')));
  }
  return commandIds;
}
