import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { Id, MoneyFen, Q } from '../http/input';
import { ok, page } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { likeLiteral, natural } from '../db/paging';
import { idsMatching } from '../db/listKit';
import { rowsOf } from '../db/rows';
import { TENANT_NAME_OR_PHONE } from '../http/meterSearch';
import { notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { receiptIssuer, rechargeMaxFen } from '../config';
import { inTenancy, tenancyOfAccount } from '../domain/tenancy';
import { RECHARGE_CHANNELS, accountsOfRoom, ledgerPage, orderView, recharge, type RechargeInput } from '../domain/recharge';

const { accounts, rooms, buildings, projects, tenants, tenantBindings } = schema;

/** The amount of a recharge: integer fen, more than 0, a JSON number only (server/http/input.ts). */
export const AmountFen = MoneyFen;

/** The client's request id: generated once per recharge dialog, sent again on every retry. */
export const RequestId = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_.:-]+$/, 'validation.requestId')
  .openapi({ description: 'idempotency key per operator: 8–64 letters, digits, _ . : -' });

/** The fields of a recharge (account/recharge; setWebWaterRechargeOrder without `utility`). */
export const RechargeFields = z.object({
  roomId: Id,
  amountFen: AmountFen,
  channel: z.enum(RECHARGE_CHANNELS),
  requestId: RequestId,
  remark: z.string().trim().max(200).nullable().optional(),
});

/** Takes a recharge for the caller and answers `{ order, account, commandIds }` (the binding shape). */
export async function rechargeResponse(c: Ctx, input: RechargeInput) {
  const { db, now, commandsQueued } = c.get('deps');
  const { order, account, commandIds, replayed } = await recharge(db, c.get('session'), input, now(), rechargeMaxFen());
  if (commandIds.length && !replayed) commandsQueued();
  return ok(c, { order, account, commandIds });
}

/** A room of the caller's scope, or 404. */
async function roomInScope(c: Ctx, roomId: number) {
  const [room] = await c.get('deps').db.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.id, roomId), inScope(rooms.areaId, c.get('session'))));
  if (!room) throw notFound('errors.roomNotFound');
  return room;
}

/** Rooms the payment screen's search finds at most. */
export const FIND_ROOMS_LIMIT = 20;

const scopeSql = (column: unknown, areaIds: number[]) => sql`${column} IN (${sql.join(areaIds.map((id) => sql`${id}`), sql`, `)})`;

/**
 * The payment screen's typeahead: rooms whose code is the text (first), starts with it (then), or
 * whose current tenant's name or phone is the text (then) or contains it (`matches`: trigram "contains" from three
 * characters, prefix below). Each branch is an index lookup with its own LIMIT (the room code
 * prefix index, the tenants' trigram/prefix indexes, the current-binding index), so that a broad
 * text ("1") reads a few dozen index entries, not every room of 100,000.
 */
async function findRooms(db: Db, areaIds: number[], q: string) {
  const text = q.trim();
  if (!text || !areaIds.length) return [];
  const lower = text.toLowerCase();
  const hits = rowsOf<{ id: number | string; rank: number }>(await db.execute(sql`
    (SELECT id, 0 AS rank FROM rooms WHERE lower(room_code) = ${lower} AND ${scopeSql(sql.raw('area_id'), areaIds)} LIMIT ${FIND_ROOMS_LIMIT})
    UNION ALL
    (SELECT id, 1 AS rank FROM rooms WHERE lower(room_code) LIKE ${`${likeLiteral(lower)}%`} AND ${scopeSql(sql.raw('area_id'), areaIds)} LIMIT ${FIND_ROOMS_LIMIT * 2})
    UNION ALL
    (SELECT b.room_id AS id, 2 AS rank FROM tenant_bindings b WHERE b.end_date IS NULL AND b.tenant_id = ANY(ARRAY(
      SELECT id FROM (${idsMatching(tenants, tenants.id, TENANT_NAME_OR_PHONE, text, scopeSql(tenants.areaId, areaIds))}) AS t LIMIT ${FIND_ROOMS_LIMIT * 2}))
     LIMIT ${FIND_ROOMS_LIMIT * 2})`));
  const rank = new Map<number, number>();
  for (const hit of hits) rank.set(Number(hit.id), Math.min(rank.get(Number(hit.id)) ?? 9, Number(hit.rank)));
  if (!rank.size) return [];
  const electric = alias(accounts, 'electric_account');
  const water = alias(accounts, 'water_account');
  const rows = await db.select({
    roomId: rooms.id, roomCode: rooms.roomCode, floor: rooms.floor, buildingId: rooms.buildingId, buildingName: buildings.name,
    projectId: rooms.projectId, projectName: projects.name, tenantId: tenants.id, tenantName: tenants.name, tenantPhone: tenants.phone,
    electricBalanceFen: electric.balanceFen, waterBalanceFen: water.balanceFen, sortKey: natural(rooms.roomCode),
  }).from(rooms)
    .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
    .leftJoin(projects, eq(projects.id, rooms.projectId))
    .leftJoin(tenantBindings, and(eq(tenantBindings.roomId, rooms.id), isNull(tenantBindings.endDate)))
    .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId))
    .leftJoin(electric, and(eq(electric.roomId, rooms.id), eq(electric.utility, 'electric')))
    .leftJoin(water, and(eq(water.roomId, rooms.id), eq(water.utility, 'water')))
    .where(and(inArray(rooms.id, [...rank.keys()]), scopeSql(rooms.areaId, areaIds)));
  // A tenant whose whole name or phone is the text comes before those who only contain it: 李明
  // before 李明健 (the operator who types a full name means that tenant).
  const whole = (row: { tenantName: string | null; tenantPhone: string | null }) => (row.tenantName === text || row.tenantPhone === text ? 0 : 1);
  return rows
    .sort((a, b) => rank.get(a.roomId)! - rank.get(b.roomId)! || whole(a) - whole(b) || (a.projectName ?? '').localeCompare(b.projectName ?? '')
      || (a.buildingName ?? '').localeCompare(b.buildingName ?? '') || String(a.sortKey).localeCompare(String(b.sortKey)))
    .slice(0, FIND_ROOMS_LIMIT)
    .map(({ sortKey: _sortKey, ...row }) => row);
}

/** account/…: both accounts of a room, a recharge, an account's ledger, the payment screen's room search. */
export function accountRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findReceiptIssuer', summary: 'Who issues the receipts: company, address, phone and seal image URL (RECEIPT_* settings; nulls when unset)', tags: ['account'],
  }, async (c) => ok(c, receiptIssuer()));

  defineRoute(router, {
    method: 'get', path: '/findReceipt',
    summary: 'A recharge order as its receipt shows it (the `order` of account/recharge\'s answer: room, tenant when it was taken, meter and price, amount, channel, balance after, operator, status): a receipt printed again from the order lists or a room\'s ledger',
    tags: ['account'],
    // An order number, not a search text: letters, digits, _ . - (E/W + time + sequence at the counter; SC…-k in the scale seed).
    query: z.object({ orderId: z.string().trim().min(1, 'validation.required').max(40).regex(/^[A-Za-z0-9_.-]+$/) }),
  }, async (c, { query }) => {
    const order = await orderView(c.get('deps').db, query.orderId);
    if (!order || !c.get('session').areaIds.includes(order.areaId)) throw notFound('errors.recordNotFound');
    return ok(c, order);
  });

  defineRoute(router, {
    method: 'get', path: '/findByRoom', summary: 'Both accounts (electric, water) of a room with their meter\'s state; a side without account or meter has nulls', tags: ['account'],
    query: z.object({ roomId: Id }),
  }, async (c, { query }) => {
    await roomInScope(c, query.roomId);
    return ok(c, await accountsOfRoom(c.get('deps').db, query.roomId));
  });

  defineRoute(router, {
    method: 'post', path: '/recharge',
    summary: 'Take a recharge (integer fen), idempotent on requestId per operator; answers { order, account, commandIds } (commandIds: the supply restore queued when the recharge lifts the account out of arrears)',
    tags: ['account'],
    body: RechargeFields.extend({ utility: z.enum(['electric', 'water']) }),
  }, async (c, { body }) => rechargeResponse(c, body));

  defineRoute(router, {
    method: 'get', path: '/ledger',
    summary: 'An account\'s ledger, newest first: while the room has a tenant, from the tenancy\'s start (`from: "tenancy"`, the default: the entries since the binding, its first line included) or all of it (`from: "all"`); a vacant room\'s all of it',
    tags: ['account'],
    query: PagingQuery.extend({ accountId: Id, from: Q.oneOf(['tenancy', 'all']) }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const [account] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.id, query.accountId), inScope(accounts.areaId, c.get('session'))));
    if (!account) throw notFound('errors.recordNotFound');
    const tenancy = query.from === 'all' ? undefined : await tenancyOfAccount(db, account.id);
    const { records, total } = await ledgerPage(db, account.id, query.pageNum, query.pageSize, tenancy ? inTenancy(tenancy) : undefined);
    return page(c, records, total);
  });

  defineRoute(router, {
    method: 'get', path: '/findRooms', summary: `Rooms by room code (exact, then prefix), tenant name or phone, with tenant and both balances (at most ${FIND_ROOMS_LIMIT})`, tags: ['account'],
    query: z.object({ q: Q.text(50) }),
  }, async (c, { query }) => ok(c, await findRooms(c.get('deps').db, c.get('session').areaIds, query.q ?? '')));

  return router;
}
