import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import type { Session } from '../auth/session';
import { audit } from '../audit';
import { publish } from '../realtime/events';
import { formatYuan } from '../../common/money';
import type { PaymentEvent, ProviderName, RefundResult } from '../payments/provider';
import { ProviderError } from '../payments/provider';
import { ensureAccount, postLedger, type Utility } from './ledger';
import { conflict, notFound, refused } from './results';
import type { Payments } from './onlinePayments';

const { payOrders, payRefunds, payUnmatched } = schema;

/**
 * Refunds of online payments (issue 41), full or partial. Asked by an operator, sent to the provider,
 * and written to the ledger (kind `refund`, negative, ref `pay_refund`) only when the provider
 * confirms — at once for an answer that says so (Alipay), else by the REFUND.SUCCESS notification
 * (WeChat Pay). A refund settles once: its row locked, its state read first, a final state kept.
 */

export interface RefundRequest { orderId: string; amountFen: number; reason?: string | null }

const inAreas = (column: unknown, areaIds: number[]) => sql`${column} IN (${sql.join(areaIds.map((id) => sql`${id}`), sql`, `)})`;

/** What an order may still give back: paid, less refunds done and refunds on the way. */
export const refundableFen = async (tx: Db, order: typeof payOrders.$inferSelect) => {
  const [{ pending }] = await tx.select({ pending: sql<number>`coalesce(sum(${payRefunds.amountFen}), 0)::bigint`.mapWith(Number) }).from(payRefunds)
    .where(and(eq(payRefunds.payOrderId, order.id), eq(payRefunds.status, 'processing')));
  return (order.paidFen ?? order.amountFen) - order.refundedFen - pending;
};

/** The status an order goes back to when a refund ends without money moving. */
const standing = (order: typeof payOrders.$inferSelect) => (order.creditedAt ? 'credited' : 'conflict');

/**
 * Asks the provider to refund (part of) a credited or conflicting online order. The order number
 * is the recharge order's id (as the order statistics list it). Refusals change nothing: an order
 * not online (a counter recharge: void it instead), not paid, or an amount above what is left.
 */
export async function requestRefund(db: Db, payments: Payments, session: Session, input: RefundRequest, now: Date) {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw refused('errors.rechargeAmount', {}, 'amountFen');
  const refund = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(payOrders).where(and(eq(payOrders.orderNo, input.orderId), inAreas(payOrders.areaId, session.areaIds))).for('update');
    if (!order) throw notFound('errors.payOrderNotFound');
    if (!['credited', 'refunding', 'refunded', 'conflict'].includes(order.status) || order.transactionId === null) throw conflict('errors.refundNotPaid', { orderId: order.orderNo });
    const left = await refundableFen(tx, order);
    if (input.amountFen > left) throw refused('errors.refundTooMuch', { most: formatYuan(Math.max(0, left)) }, 'amountFen');
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(payRefunds).where(eq(payRefunds.payOrderId, order.id));
    const [row] = await tx.insert(payRefunds).values({
      refundNo: `${order.orderNo}R${n + 1}`, provider: order.provider, orderNo: order.orderNo, payOrderId: order.id, areaId: order.areaId,
      amountFen: input.amountFen, reason: input.reason?.trim() || null, status: 'processing', operatorId: session.userId, createdAt: now,
    }).returning();
    await tx.update(payOrders).set({ status: 'refunding' }).where(eq(payOrders.id, order.id));
    await audit(tx, session, { action: 'refund', entity: 'payOrder', entityId: order.orderNo, before: { status: order.status, refundedFen: order.refundedFen }, after: { refundNo: row.refundNo, amountFen: input.amountFen, reason: row.reason } });
    return { ...row, totalFen: order.paidFen ?? order.amountFen };
  });
  return sendRefund(db, payments, refund, now);
}

/** Sends a refund row to its provider and settles what the answer already says. */
async function sendRefund(db: Db, payments: Payments, refund: typeof payRefunds.$inferSelect & { totalFen: number }, now: Date) {
  const provider = payments.providers[refund.provider as ProviderName];
  let result: RefundResult;
  try {
    result = await provider.refund({ orderNo: refund.orderNo, refundNo: refund.refundNo, amountFen: refund.amountFen, totalFen: refund.totalFen, reason: refund.reason ?? undefined, notifyUrl: payments.notifyUrl(provider.name) });
  } catch (error) {
    // No answer: the provider may have taken it. The refund stays processing (its notification, or the
    // day's reconciliation, tells); the operator is told so.
    if (!(error instanceof ProviderError) || error.code === 'NETWORK') throw conflict('errors.refundUnanswered', { refundNo: refund.refundNo });
    await settleRefund(db, refund.refundNo, { status: 'failed' }, now);
    throw conflict('errors.providerRefused', { message: error.message });
  }
  if (result.status !== 'processing' || result.providerRefundId) {
    await settleRefund(db, refund.refundNo, { status: result.status, providerRefundId: result.providerRefundId }, now);
  }
  const [row] = await db.select().from(payRefunds).where(eq(payRefunds.refundNo, refund.refundNo));
  return row;
}

/** A refund notification, verified: settles its refund (an unknown refund number is ignored: not ours). */
export async function settleRefundEvent(db: Db, event: Extract<PaymentEvent, { kind: 'refund' }>, now: Date) {
  await settleRefund(db, event.refundNo, { status: event.status, providerRefundId: event.providerRefundId }, now);
}

/**
 * Moves a refund to what the provider says, once: `success` writes the ledger's refund entry (a
 * credited order's account) and adds to the order's refunded amount; `closed`, `abnormal` and
 * `failed` give the order back its standing; a refund already final does not move again.
 */
export async function settleRefund(db: Db, refundNo: string, result: { status: RefundResult['status'] | 'failed'; providerRefundId?: string }, now: Date) {
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ payOrderId: payRefunds.payOrderId }).from(payRefunds).where(eq(payRefunds.refundNo, refundNo));
    if (!found) return;
    // The order first, then its refund (the order a refund request takes them in).
    const [order] = found.payOrderId === null ? [] : await tx.select().from(payOrders).where(eq(payOrders.id, found.payOrderId)).for('update');
    const [refund] = await tx.select().from(payRefunds).where(eq(payRefunds.refundNo, refundNo)).for('update');
    if (refund.status !== 'processing') return;
    if (result.status === 'processing') {
      if (result.providerRefundId) await tx.update(payRefunds).set({ providerRefundId: result.providerRefundId }).where(eq(payRefunds.id, refund.id));
      return;
    }
    await tx.update(payRefunds).set({ status: result.status, providerRefundId: result.providerRefundId ?? refund.providerRefundId, settledAt: now }).where(eq(payRefunds.id, refund.id));
    if (!order) {
      if (result.status === 'success') await tx.update(payUnmatched).set({ resolution: 'refunded', resolvedAt: now }).where(and(eq(payUnmatched.provider, refund.provider), eq(payUnmatched.orderNo, refund.orderNo)));
      return;
    }
    const others = await tx.select({ id: payRefunds.id }).from(payRefunds)
      .where(and(eq(payRefunds.payOrderId, order.id), eq(payRefunds.status, 'processing'), sql`${payRefunds.id} <> ${refund.id}`));
    if (result.status !== 'success') {
      await tx.update(payOrders).set({ status: others.length ? 'refunding' : order.refundedFen > 0 && order.refundedFen >= (order.paidFen ?? order.amountFen) ? 'refunded' : standing(order) }).where(eq(payOrders.id, order.id));
      return;
    }
    if (order.creditedAt) {
      const account = await ensureAccount(tx, order.areaId, order.roomId, order.utility as Utility);
      await postLedger(tx, { accountId: account.id, kind: 'refund', amountFen: -refund.amountFen, refType: 'pay_refund', refId: refund.refundNo, operatorId: refund.operatorId, remark: refund.reason }, now);
    }
    const refundedFen = order.refundedFen + refund.amountFen;
    const whole = refundedFen >= (order.paidFen ?? order.amountFen);
    await tx.update(payOrders).set({ refundedFen, status: others.length ? 'refunding' : whole ? 'refunded' : standing(order) }).where(eq(payOrders.id, order.id));
    await publish(tx, { type: 'figures', areaId: order.areaId });
  });
}

/** Gives back a payment no order claims (a reconciliation's or a notification's orphan), whole. */
export async function refundUnmatched(db: Db, payments: Payments, session: Session, unmatchedId: number, now: Date) {
  const [row] = await db.select().from(payUnmatched).where(eq(payUnmatched.id, unmatchedId));
  if (!row) throw notFound('errors.recordNotFound');
  if (row.resolution) throw conflict('errors.alreadyResolved');
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(payRefunds).where(and(eq(payRefunds.orderNo, row.orderNo), eq(payRefunds.provider, row.provider)));
  const [refund] = await db.insert(payRefunds).values({
    refundNo: `${row.orderNo.slice(0, 28)}U${n + 1}`, provider: row.provider, orderNo: row.orderNo, payOrderId: null, areaId: null,
    amountFen: row.amountFen, reason: null, status: 'processing', operatorId: session.userId, createdAt: now,
  }).returning();
  await audit(db, session, { action: 'refund', entity: 'payUnmatched', entityId: String(row.id), before: null, after: { refundNo: refund.refundNo, amountFen: row.amountFen } });
  return sendRefund(db, payments, { ...refund, totalFen: row.amountFen }, now);
}

/** The refunds of some orders, oldest first (the order lists' detail). */
export async function refundsOfOrders(db: Db, payOrderIds: number[]) {
  if (!payOrderIds.length) return [];
  return db.select().from(payRefunds).where(inArray(payRefunds.payOrderId, payOrderIds)).orderBy(payRefunds.id);
}
