import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import type { Session } from '../auth/session';
import { audit } from '../audit';
import { publish } from '../realtime/events';
import type { BillLine, ProviderName } from '../payments/provider';
import { conflict, notFound, refused } from './results';
import { creditOrder, type Payments, type Settled } from './onlinePayments';
import { refundUnmatched, refundableFen, requestRefund } from './payRefunds';

const { payOrders, payRefunds, payUnmatched, payReconciliations, payReconciliationItems, ledgerEntries } = schema;

/**
 * The daily three-way reconciliation (issue 41): for one provider and one day (the providers' day,
 * UTC+8), the provider's bill ↔ the platform's orders ↔ the ledger's entries. Written rule:
 * - a payment line matches when the bill's amount = the order's paid amount = the ledger's credit of
 *   that order (a conflict order is not credited: its ledger side is 0);
 * - a refund line matches when the bill's refund = the platform's successful refund = the ledger's
 *   refund entry (0 in the ledger for an order never credited);
 * - otherwise a difference: `missingOnPlatform` (the provider has it, the platform did not settle it),
 *   `missingAtProvider` (the platform settled it, the bill does not have it), `amountMismatch`.
 * A day runs again on request; its differences are replaced, their resolutions kept when the same
 * difference is found again.
 */

export const PROVIDER_DAY_ZONE = 'Asia/Shanghai';
export type DifferenceKind = 'missingOnPlatform' | 'missingAtProvider' | 'amountMismatch';

interface Side { orderNo: string; refundNo?: string; transactionId?: string | null; areaId?: number | null; fen: number }
interface Item { kind: DifferenceKind; line: 'payment' | 'refund'; orderNo: string; refundNo: string | null; transactionId: string | null; areaId: number | null;
  providerFen: number | null; platformFen: number | null; ledgerFen: number | null; cause: string }

/** The bounds of a provider's day (YYYY-MM-DD in UTC+8) as SQL timestamps. */
const dayBounds = (date: string) => sql`(${date}::date::timestamp AT TIME ZONE ${PROVIDER_DAY_ZONE})`;

const sumBy = <T extends { fen: number }>(rows: T[], key: (row: T) => string) => {
  const map = new Map<string, T>();
  for (const row of rows) {
    const seen = map.get(key(row));
    map.set(key(row), seen ? { ...seen, fen: seen.fen + row.fen } : row);
  }
  return map;
};

/** The pure comparison of one day's three sides (exported for the property test). */
export function compareDay(bill: BillLine[], platform: { payments: Side[]; refunds: Side[] }, ledger: { payments: Map<string, number>; refunds: Map<string, number> },
  known: Map<string, { status: string; areaId: number }>): { matched: number; items: Item[] } {
  const items: Item[] = [];
  let matched = 0;
  const compare = (line: 'payment' | 'refund', billSide: Map<string, Side>, platformSide: Map<string, Side>, ledgerSide: Map<string, number>) => {
    for (const key of new Set([...billSide.keys(), ...platformSide.keys()])) {
      const b = billSide.get(key);
      const p = platformSide.get(key);
      const l = ledgerSide.get(key) ?? 0;
      const orderNo = (b ?? p)!.orderNo;
      const base = { line, orderNo, refundNo: line === 'refund' ? key : null, transactionId: b?.transactionId ?? p?.transactionId ?? null, areaId: p?.areaId ?? known.get(orderNo)?.areaId ?? null,
        providerFen: b?.fen ?? null, platformFen: p?.fen ?? null, ledgerFen: l };
      if (b && !p) items.push({ ...base, kind: 'missingOnPlatform', cause: line === 'refund' ? 'refundNotSettled' : known.has(orderNo) ? `order.${known.get(orderNo)!.status}` : 'unknownOrder' });
      else if (p && !b) items.push({ ...base, kind: 'missingAtProvider', cause: 'notInBill' });
      else if (b!.fen !== p!.fen) items.push({ ...base, kind: 'amountMismatch', cause: 'providerAmount' });
      else if (p!.fen !== l && !(line === 'payment' && known.get(orderNo)?.status === 'conflict' && l === 0)) items.push({ ...base, kind: 'amountMismatch', cause: 'ledgerAmount' });
      else matched++;
    }
  };
  const billPayments = sumBy(bill.filter((line) => line.kind === 'payment').map((line) => ({ orderNo: line.orderNo, transactionId: line.transactionId, fen: line.amountFen })), (row) => row.orderNo);
  const billRefunds = sumBy(bill.filter((line) => line.kind === 'refund').map((line) => ({ orderNo: line.orderNo, refundNo: line.refundNo ?? line.orderNo, transactionId: line.transactionId, fen: line.amountFen })), (row) => row.refundNo);
  compare('payment', billPayments, sumBy(platform.payments, (row) => row.orderNo), ledger.payments);
  compare('refund', billRefunds, sumBy(platform.refunds, (row) => row.refundNo!), ledger.refunds);
  return { matched, items };
}

/** Reconciles one provider's day; answers the summary and its differences. */
export async function reconcileDay(db: Db, payments: Payments, provider: ProviderName, date: string, operatorId: number | null, now: Date) {
  const client = payments.providers[provider];
  let bill: BillLine[];
  try {
    bill = await client.bill(date);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.insert(payReconciliations).values({ provider, billDate: date, status: 'failed', error: message.slice(0, 500), operatorId, ranAt: now })
      .onConflictDoUpdate({ target: [payReconciliations.provider, payReconciliations.billDate], set: { status: 'failed', error: message.slice(0, 500), operatorId, ranAt: now } });
    throw conflict('errors.billUnavailable', { message });
  }
  const from = dayBounds(date);
  const to = sql`(${date}::date::timestamp + interval '1 day') AT TIME ZONE ${PROVIDER_DAY_ZONE}`;
  const paidOrders = await db.select({ orderNo: payOrders.orderNo, transactionId: payOrders.transactionId, areaId: payOrders.areaId, fen: payOrders.paidFen, status: payOrders.status })
    .from(payOrders).where(and(eq(payOrders.provider, provider), sql`${payOrders.paidAt} >= ${from} AND ${payOrders.paidAt} < ${to}`));
  const refunds = await db.select({ orderNo: payRefunds.orderNo, refundNo: payRefunds.refundNo, areaId: payRefunds.areaId, fen: payRefunds.amountFen })
    .from(payRefunds).where(and(eq(payRefunds.provider, provider), eq(payRefunds.status, 'success'), sql`${payRefunds.settledAt} >= ${from} AND ${payRefunds.settledAt} < ${to}`));
  // The orders the bill names, whatever day the platform settled them (a pending one the notification never reached).
  const named = [...new Set(bill.map((line) => line.orderNo))];
  const known = new Map((named.length ? await db.select({ orderNo: payOrders.orderNo, status: payOrders.status, areaId: payOrders.areaId }).from(payOrders)
    .where(and(eq(payOrders.provider, provider), inArray(payOrders.orderNo, named))) : []).map((row) => [row.orderNo, { status: row.status, areaId: row.areaId }]));
  for (const row of paidOrders) known.set(row.orderNo, { status: row.status, areaId: row.areaId });
  const orderNos = [...new Set([...paidOrders.map((row) => row.orderNo), ...named])];
  const refundNos = [...new Set([...refunds.map((row) => row.refundNo), ...bill.filter((line) => line.refundNo).map((line) => line.refundNo!)])];
  const ledgerRows = orderNos.length || refundNos.length ? await db.select({ refType: ledgerEntries.refType, refId: ledgerEntries.refId, fen: sql<number>`sum(${ledgerEntries.amountFen})::bigint`.mapWith(Number) })
    .from(ledgerEntries).where(sql`(${ledgerEntries.refType} = 'recharge_order' AND ${ledgerEntries.kind} = 'recharge' AND ${ledgerEntries.refId} IN (${sql.join([...orderNos, ''].map((no) => sql`${no}`), sql`, `)}))
      OR (${ledgerEntries.refType} = 'pay_refund' AND ${ledgerEntries.refId} IN (${sql.join([...refundNos, ''].map((no) => sql`${no}`), sql`, `)}))`)
    .groupBy(ledgerEntries.refType, ledgerEntries.refId) : [];
  const ledger = {
    payments: new Map(ledgerRows.filter((row) => row.refType === 'recharge_order').map((row) => [row.refId!, row.fen])),
    refunds: new Map(ledgerRows.filter((row) => row.refType === 'pay_refund').map((row) => [row.refId!, -row.fen])),
  };
  const platform = {
    payments: paidOrders.filter((row) => row.fen !== null).map((row) => ({ orderNo: row.orderNo, transactionId: row.transactionId, areaId: row.areaId, fen: row.fen! })),
    refunds: refunds.map((row) => ({ ...row, fen: row.fen })),
  };
  const { matched, items } = compareDay(bill, platform, ledger, known);
  // A paid line no order claims is kept as an unclaimed payment (as a notification of it would be), so that it can be given back.
  const orphans = items.filter((item) => item.cause === 'unknownOrder' && item.line === 'payment' && item.transactionId);
  if (orphans.length) {
    await db.insert(payUnmatched).values(orphans.map((item) => ({ provider, orderNo: item.orderNo, transactionId: item.transactionId!, amountFen: item.providerFen!, receivedAt: now })))
      .onConflictDoNothing();
  }
  const count = (kind: DifferenceKind) => items.filter((item) => item.kind === kind).length;
  const totals = {
    providerFen: bill.reduce((sum, line) => sum + (line.kind === 'payment' ? line.amountFen : -line.amountFen), 0),
    platformFen: platform.payments.reduce((sum, row) => sum + row.fen, 0) - platform.refunds.reduce((sum, row) => sum + row.fen, 0),
    ledgerFen: [...ledger.payments.values()].reduce((a, b) => a + b, 0) - [...ledger.refunds.values()].reduce((a, b) => a + b, 0),
  };
  return db.transaction(async (tx) => {
    const values = { status: items.length ? 'differences' : 'matched', matched, missingOnPlatform: count('missingOnPlatform'), missingAtProvider: count('missingAtProvider'),
      amountMismatch: count('amountMismatch'), ...totals, error: null, operatorId, ranAt: now };
    const [run] = await tx.insert(payReconciliations).values({ provider, billDate: date, ...values })
      .onConflictDoUpdate({ target: [payReconciliations.provider, payReconciliations.billDate], set: values }).returning();
    // The same difference found again keeps what a person did about it.
    const before = await tx.select().from(payReconciliationItems).where(eq(payReconciliationItems.reconciliationId, run.id));
    const keyOf = (item: { kind: string; line: string; orderNo: string; refundNo: string | null }) => `${item.kind}|${item.line}|${item.orderNo}|${item.refundNo ?? ''}`;
    const kept = new Map(before.filter((item) => item.resolution).map((item) => [keyOf(item), item]));
    await tx.delete(payReconciliationItems).where(eq(payReconciliationItems.reconciliationId, run.id));
    if (items.length) {
      await tx.insert(payReconciliationItems).values(items.map((item) => {
        const old = kept.get(keyOf(item));
        return { ...item, reconciliationId: run.id, resolution: old?.resolution ?? null, resolvedBy: old?.resolvedBy ?? null, resolvedAt: old?.resolvedAt ?? null, resolutionNote: old?.resolutionNote ?? null };
      }));
    }
    for (const areaId of new Set(items.map((item) => item.areaId).filter((id): id is number => id !== null))) await publish(tx, { type: 'figures', areaId });
    return { ...run, items: await tx.select().from(payReconciliationItems).where(eq(payReconciliationItems.reconciliationId, run.id)).orderBy(payReconciliationItems.id) };
  });
}

export const RESOLUTIONS = ['credit', 'refund', 'accept'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/**
 * A person's decision on a payment that did not settle by itself — a reconciliation's difference
 * or a conflict order: credit it to its room, refund it to the payer, or accept it with a note.
 */
export async function resolvePayment(db: Db, payments: Payments, session: Session, target: { itemId?: number; orderNo?: string; unmatchedId?: number }, action: Resolution, note: string | null, now: Date): Promise<Settled | undefined> {
  const [item] = target.itemId === undefined ? [] : await db.select().from(payReconciliationItems).where(eq(payReconciliationItems.id, target.itemId));
  if (target.itemId !== undefined && (!item || (item.areaId !== null && !session.areaIds.includes(item.areaId)))) throw notFound('errors.recordNotFound');
  if (item?.resolution) throw conflict('errors.alreadyResolved');
  if (action === 'accept' && !note?.trim()) throw refused('validation.required', {}, 'note');
  const [unmatchedById] = target.unmatchedId === undefined ? [] : await db.select().from(payUnmatched).where(eq(payUnmatched.id, target.unmatchedId));
  if (target.unmatchedId !== undefined && !unmatchedById) throw notFound('errors.recordNotFound');
  const orderNo = item?.orderNo ?? unmatchedById?.orderNo ?? target.orderNo;
  if (!orderNo) throw refused('validation.required', {}, 'orderNo');
  const [order] = unmatchedById ? [] : await db.select().from(payOrders).where(eq(payOrders.orderNo, orderNo));
  if (order && !session.areaIds.includes(order.areaId)) throw notFound('errors.recordNotFound');
  if (!order) {
    // A payment no order claims (a conflicts row, or a reconciliation's unknown order): refunded or accepted, never credited.
    const provider = unmatchedById?.provider ?? (item ? await providerOfItem(db, item.reconciliationId) : undefined);
    const [orphan] = unmatchedById ? [unmatchedById] : await db.select().from(payUnmatched)
      .where(and(eq(payUnmatched.orderNo, orderNo), provider ? eq(payUnmatched.provider, provider) : undefined));
    if (!orphan && !item) throw notFound('errors.payOrderNotFound');
    if (action === 'credit') throw conflict('errors.creditNeedsOrder');
    if (orphan?.resolution) throw conflict('errors.alreadyResolved');
    if (action === 'refund') {
      if (!orphan) throw conflict('errors.refundNotPaid', { orderId: orderNo });
      await refundUnmatched(db, payments, session, orphan.id, now);
    } else if (orphan) {
      await db.update(payUnmatched).set({ resolution: 'accepted', resolvedBy: session.userId, resolvedAt: now, resolutionNote: note!.trim() }).where(eq(payUnmatched.id, orphan.id));
      await audit(db, session, { action: 'accept', entity: 'payUnmatched', entityId: String(orphan.id), after: { note } });
    }
    if (item) await db.update(payReconciliationItems).set({ resolution: action === 'refund' ? 'refunded' : 'accepted', resolvedBy: session.userId, resolvedAt: now, resolutionNote: note?.trim() || null }).where(eq(payReconciliationItems.id, item.id));
    return undefined;
  }
  let settled: Settled | undefined;
  if (action === 'credit') {
    if (!order) throw conflict('errors.creditNeedsOrder');
    settled = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(payOrders).where(eq(payOrders.id, order.id)).for('update');
      if (locked.creditedAt) throw conflict('errors.alreadyCredited', { orderId: locked.orderNo });
      if (locked.transactionId === null && !(item?.kind === 'missingOnPlatform')) throw conflict('errors.refundNotPaid', { orderId: locked.orderNo });
      const paid = locked.transactionId === null ? { transactionId: item!.transactionId, paidFen: item!.providerFen, paidAt: now, nextQueryAt: null } : {};
      const result = await creditOrder(tx, locked, { ...paid, resolution: 'credited', resolvedBy: session.userId, resolvedAt: now, resolutionNote: note?.trim() || null }, now);
      if (result.outcome !== 'credited') throw conflict('errors.payUtilityUnavailable');
      await audit(tx, session, { action: 'credit', entity: 'payOrder', entityId: locked.orderNo, before: { status: locked.status }, after: { status: 'credited', note } });
      return result;
    });
  } else if (action === 'refund') {
    // The whole of what is left (refunds on the way subtracted).
    const left = await refundableFen(db, order);
    if (left <= 0) throw conflict('errors.refundNotPaid', { orderId: order.orderNo });
    await requestRefund(db, payments, session, { orderId: order.orderNo, amountFen: left, reason: note }, now);
  }
  const resolution = { credit: 'credited', refund: 'refunded', accept: 'accepted' }[action];
  if (item) await db.update(payReconciliationItems).set({ resolution, resolvedBy: session.userId, resolvedAt: now, resolutionNote: note?.trim() || null }).where(eq(payReconciliationItems.id, item.id));
  if (action === 'accept') {
    await db.update(payOrders).set({ resolution, resolvedBy: session.userId, resolvedAt: now, resolutionNote: note!.trim() }).where(eq(payOrders.id, order.id));
    await audit(db, session, { action: 'accept', entity: 'payOrder', entityId: order.orderNo, after: { note } });
  }
  return settled;
}

const providerOfItem = async (db: Db, reconciliationId: number) =>
  (await db.select({ provider: payReconciliations.provider }).from(payReconciliations).where(eq(payReconciliations.id, reconciliationId)))[0].provider;
