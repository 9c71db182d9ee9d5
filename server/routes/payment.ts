import { and, asc, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { Id, MoneyFen, Q } from '../http/input';
import { ok, page } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { ApiError, notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { natural } from '../db/paging';
import { payCodeOfRoom, payCodesOfRooms, payLinkOf, renewPayCode } from '../domain/payCodes';
import { requestRefund } from '../domain/payRefunds';
import { RESOLUTIONS, reconcileDay, resolvePayment } from '../domain/payReconcile';
import type { Payments } from '../domain/onlinePayments';
import { roomTextOf } from '../db/roomNames';

const { rooms, buildings, projects, payOrders, payUnmatched, payReconciliations, payReconciliationItems, payRefunds } = schema;

/** A day as the providers' bills name it. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.format').refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'validation.format');
const Provider = z.enum(['wechat', 'alipay']);

const paymentsOf = (c: Ctx): Payments => {
  const payments = c.get('deps').payments;
  if (!payments) throw new ApiError(503, 'errors.paymentsOff');
  return payments;
};

/** payLink/…: a room's pay code and the link its QR sticker carries; renewal; a building's sticker sheet. */
export function payLinkRoutes() {
  const router = createRouter();
  const link = (c: Ctx, code: { roomId: number; payCode: string }) => ({ ...code, url: payLinkOf(paymentsOf(c).publicUrl, code.payCode) });

  defineRoute(router, {
    method: 'get', path: '/findByRoom', tags: ['payments'],
    summary: 'A room\'s pay code and the link its QR sticker carries ({ roomId, payCode, url }); made at first ask',
    query: z.object({ roomId: Id }),
  }, async (c, { query }) => {
    const code = await payCodeOfRoom(c.get('deps').db, c.get('session'), query.roomId);
    return ok(c, { ...link(c, code), room: await roomTextOf(c.get('deps').db, query.roomId) });
  });

  defineRoute(router, {
    method: 'post', path: '/renew', tags: ['payments'],
    summary: 'A new pay code for a room: the old one and its sticker stop working at once; audited',
    body: z.object({ roomId: Id }),
  }, async (c, { body }) => ok(c, link(c, await renewPayCode(c.get('deps').db, c.get('session'), body.roomId, c.get('deps').now()))));

  defineRoute(router, {
    method: 'get', path: '/findByBuilding', tags: ['payments'],
    summary: 'Every room of a building with its pay code and link (a sheet of stickers to print), by floor and room number',
    query: z.object({ buildingId: Id }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const [building] = await db.select({ id: buildings.id, name: buildings.name, projectName: projects.name }).from(buildings)
      .leftJoin(projects, eq(projects.id, buildings.projectId))
      .where(and(eq(buildings.id, query.buildingId), inScope(buildings.areaId, c.get('session'))));
    if (!building) throw notFound('errors.recordNotFound');
    const roomRows = await db.select({ id: rooms.id, areaId: rooms.areaId, roomCode: rooms.roomCode, floor: rooms.floor }).from(rooms)
      .where(eq(rooms.buildingId, building.id)).orderBy(asc(rooms.floor), asc(natural(rooms.roomCode)));
    const codes = await payCodesOfRooms(db, roomRows);
    return ok(c, {
      building: { id: building.id, name: building.name, projectName: building.projectName },
      rooms: roomRows.map((room) => ({ ...link(c, { roomId: room.id, payCode: codes.get(room.id)! }), roomCode: room.roomCode, floor: room.floor })),
    });
  });
  return router;
}

/** payment/…: refunds, the daily reconciliation, the conflicts and their resolution. */
export function paymentRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'post', path: '/refund', tags: ['payments'],
    summary: 'Refund (part of) an online order (orderId as the order statistics list it); the ledger entry is written when the provider confirms',
    body: z.object({ orderId: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9_-]+$/), amountFen: MoneyFen, reason: z.string().trim().max(200).nullable().optional() }),
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    return ok(c, await requestRefund(db, paymentsOf(c), c.get('session'), body, now()));
  });

  defineRoute(router, {
    method: 'get', path: '/findRefunds', tags: ['payments'],
    summary: 'The refunds of an online order, oldest first',
    query: z.object({ orderId: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9_-]+$/) }),
  }, async (c, { query }) => {
    const rows = await c.get('deps').db.select().from(payRefunds)
      .where(and(eq(payRefunds.orderNo, query.orderId), inScope(payRefunds.areaId, c.get('session')))).orderBy(asc(payRefunds.id));
    return ok(c, rows);
  });

  defineRoute(router, {
    method: 'post', path: '/reconcile', tags: ['payments'],
    summary: 'Reconcile one provider\'s day now (its bill ↔ the orders ↔ the ledger): { matched, missingOnPlatform, missingAtProvider, amountMismatch, items }',
    body: z.object({ provider: Provider, date: Day }),
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const run = await reconcileDay(db, paymentsOf(c), body.provider, body.date, c.get('session').userId, now());
    const areas = c.get('session').areaIds;
    return ok(c, { ...run, items: run.items.filter((item) => item.areaId === null || areas.includes(item.areaId)) });
  });

  defineRoute(router, {
    method: 'get', path: '/findReconciliations', tags: ['payments'],
    summary: 'The reconciled days, newest first, with their counts and totals (provider, from, to, status filters)',
    query: PagingQuery.extend({ provider: Q.oneOf(['wechat', 'alipay']), status: Q.oneOf(['matched', 'differences', 'failed']), dateFrom: Day.optional(), dateTo: Day.optional() }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(
      query.provider ? eq(payReconciliations.provider, query.provider) : undefined,
      query.status ? eq(payReconciliations.status, query.status) : undefined,
      query.dateFrom ? gte(payReconciliations.billDate, query.dateFrom) : undefined,
      query.dateTo ? lte(payReconciliations.billDate, query.dateTo) : undefined,
    );
    const [records, [{ total }]] = await Promise.all([
      db.select({ ...payReconciliationsColumns, open: sql<number>`(SELECT count(*)::int FROM pay_reconciliation_items i WHERE i.reconciliation_id = pay_reconciliations.id AND i.resolution IS NULL)` })
        .from(payReconciliations).where(where).orderBy(desc(payReconciliations.billDate), asc(payReconciliations.provider))
        .limit(query.pageSize).offset((query.pageNum - 1) * query.pageSize),
      db.select({ total: sql<number>`count(*)::int` }).from(payReconciliations).where(where),
    ]);
    return page(c, records, Number(total));
  });

  defineRoute(router, {
    method: 'get', path: '/findReconciliationItems', tags: ['payments'],
    summary: 'The differences of a reconciled day, with cause and resolution',
    query: z.object({ reconciliationId: Id }),
  }, async (c, { query }) => {
    const rows = await c.get('deps').db.select().from(payReconciliationItems)
      .where(and(eq(payReconciliationItems.reconciliationId, query.reconciliationId),
        or(isNull(payReconciliationItems.areaId), inScope(payReconciliationItems.areaId, c.get('session')))))
      .orderBy(asc(payReconciliationItems.id));
    return ok(c, rows);
  });

  defineRoute(router, {
    method: 'get', path: '/findConflicts', tags: ['payments'],
    summary: 'Payments that did not settle by themselves: orders in conflict (reason: amount, merchant, afterClose, cannotCredit) and payments no order claims; open ones first',
    query: PagingQuery.extend({ open: Q.bool() }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const orders = await db.select({
      id: payOrders.id, orderNo: payOrders.orderNo, provider: payOrders.provider, roomId: payOrders.roomId, utility: payOrders.utility,
      amountFen: payOrders.amountFen, paidFen: payOrders.paidFen, transactionId: payOrders.transactionId, paidAt: payOrders.paidAt,
      reason: payOrders.conflictReason, status: payOrders.status, resolution: payOrders.resolution, resolutionNote: payOrders.resolutionNote, resolvedAt: payOrders.resolvedAt,
    }).from(payOrders).where(and(sql`${payOrders.conflictReason} IS NOT NULL`, inScope(payOrders.areaId, session),
      query.open ? sql`${payOrders.status} = 'conflict' AND ${payOrders.resolution} IS NULL` : undefined)).orderBy(desc(payOrders.paidAt)).limit(500);
    const orphans = await db.select().from(payUnmatched).where(query.open ? isNull(payUnmatched.resolution) : undefined).orderBy(desc(payUnmatched.receivedAt)).limit(500);
    const all = [
      ...await Promise.all(orders.map(async (row) => ({ kind: 'order' as const, ...row, room: await roomTextOf(db, row.roomId) }))),
      ...orphans.map((row) => ({ kind: 'unmatched' as const, id: row.id, orderNo: row.orderNo, provider: row.provider, roomId: null, room: null, utility: null, amountFen: null,
        paidFen: row.amountFen, transactionId: row.transactionId, paidAt: row.paidAt, reason: 'unknownOrder', status: 'conflict', resolution: row.resolution,
        resolutionNote: row.resolutionNote, resolvedAt: row.resolvedAt })),
    ].sort((a, b) => Number(!!a.resolution) - Number(!!b.resolution) || (b.paidAt?.getTime() ?? 0) - (a.paidAt?.getTime() ?? 0));
    return page(c, all.slice((query.pageNum - 1) * query.pageSize, query.pageNum * query.pageSize), all.length);
  });

  defineRoute(router, {
    method: 'get', path: '/findAlarm', tags: ['payments'],
    summary: 'What the header\'s alarm bell says of payments: open differences of the last 31 reconciled days, open conflicts and unclaimed payments, days whose bill could not be read (last 7)',
  }, async (c) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const since = new Date(now().getTime() - 31 * 86_400_000).toISOString().slice(0, 10);
    const failedSince = new Date(now().getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
    const [[differences], [conflicts], [unclaimed], [failed]] = await Promise.all([
      db.select({ n: sql<number>`count(*)::int` }).from(payReconciliationItems).innerJoin(payReconciliations, eq(payReconciliations.id, payReconciliationItems.reconciliationId))
        .where(and(isNull(payReconciliationItems.resolution), gte(payReconciliations.billDate, since), or(isNull(payReconciliationItems.areaId), inScope(payReconciliationItems.areaId, session)))),
      db.select({ n: sql<number>`count(*)::int` }).from(payOrders).where(and(eq(payOrders.status, 'conflict'), isNull(payOrders.resolution), inScope(payOrders.areaId, session))),
      db.select({ n: sql<number>`count(*)::int` }).from(payUnmatched).where(isNull(payUnmatched.resolution)),
      db.select({ n: sql<number>`count(*)::int` }).from(payReconciliations).where(and(eq(payReconciliations.status, 'failed'), gte(payReconciliations.billDate, failedSince))),
    ]);
    return ok(c, { differences: differences.n, conflicts: conflicts.n + unclaimed.n, failedDays: failed.n });
  });

  defineRoute(router, {
    method: 'post', path: '/resolve', tags: ['payments'],
    summary: 'A person\'s decision on a difference (itemId), a conflict order (orderNo) or a payment no order claims (unmatchedId, or its orderNo): credit it to its room (an order only), refund it to the payer, or accept it with a note',
    body: z.object({ itemId: Id.optional(), orderNo: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9_-]+$/).optional(), unmatchedId: Id.optional(), action: z.enum(RESOLUTIONS), note: z.string().trim().max(200).nullable().optional() })
      .refine((body) => body.itemId !== undefined || body.orderNo !== undefined || body.unmatchedId !== undefined, { message: 'validation.required', path: ['orderNo'] }),
  }, async (c, { body }) => {
    const { db, now, commandsQueued } = c.get('deps');
    const settled = await resolvePayment(db, paymentsOf(c), c.get('session'), { itemId: body.itemId, orderNo: body.orderNo, unmatchedId: body.unmatchedId }, body.action, body.note ?? null, now());
    if (settled?.commandIds.length) commandsQueued();
    return ok(c, { outcome: settled?.outcome ?? body.action });
  });
  return router;
}

const payReconciliationsColumns = {
  id: payReconciliations.id, provider: payReconciliations.provider, billDate: payReconciliations.billDate, status: payReconciliations.status,
  matched: payReconciliations.matched, missingOnPlatform: payReconciliations.missingOnPlatform, missingAtProvider: payReconciliations.missingAtProvider,
  amountMismatch: payReconciliations.amountMismatch, providerFen: payReconciliations.providerFen, platformFen: payReconciliations.platformFen,
  ledgerFen: payReconciliations.ledgerFen, error: payReconciliations.error, ranAt: payReconciliations.ranAt,
};
