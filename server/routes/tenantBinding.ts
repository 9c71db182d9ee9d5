import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, fieldError, z, type Ctx } from '../http/router';
import { Id, Q } from '../http/input';
import { ok } from '../http/envelope';
import { IdList, PagingQuery } from '../http/paging';
import { natural } from '../db/paging';
import { listPage, matches, rowsById, type ListSpec } from '../db/listKit';
import { conflict, notFound } from '../http/errors';
import { langOf, serverMessage, type Lang } from '../http/i18n';
import { inScope } from '../http/scope';
import { audit } from '../audit';
import { sqlState } from '../db/errors';
import { postLedger, type Utility } from '../domain/ledger';
import { findTenant, tenantsMatching } from './tenant';
import { platformTimeZone } from '../config';
import { TENANCY_START_REF, VACANCY_SETTLEMENT_REF, tenancyOfAccount } from '../domain/tenancy';
import { formatYuan } from '../../common/money';
import { roomText } from '../../common/formats';
import { endTenantSessionsOfPhone } from '../domain/tenantAuth';

const { tenants, tenantBindings, rooms, buildings, projects, accounts, ledgerEntries, electricMeters, waterMeters } = schema;

/*
 * User binding (用户绑定): a tenant rents a room from a start date until an end date (none while
 * current). Rules, and the choices made:
 * - A room has at most one current tenant: checked under a lock of the room row, and enforced by the
 *   unique partial index tenant_bindings_room_current (migration 0007), so two concurrent binds
 *   cannot both win (the loser gets 409 errors.roomOccupied). A tenant may rent several rooms (a
 *   shop and a flat, a family taking two dorm rooms): nothing in the domain forbids it.
 * - Unbinding settles both accounts of the room first, in the same transaction, through postLedger
 *   only: `refund` posts a `refund` entry of −balance per non-zero account (a negative balance —
 *   arrears — is collected the same way, a positive entry), `carryOver` moves nothing. In both cases
 *   each account gets a `settlement` entry of 0 whose remark says what happened; that ledger line is
 *   the statement line of the unbinding (ref_type 'tenantBinding', ref_id = the binding's id), which
 *   the room billing details (a view of the room's ledger) and this list's `settlements` show. The
 *   monthly room_statements rows are not written here: they are the billing's monthly aggregates.
 * - Then the binding gets its end date (today by default, never in the future, never before its
 *   start), the room becomes vacant, and the binding stays in the history.
 * - A tenancy's money starts and ends with it (server/domain/tenancy.ts, issue 40): binding a tenant
 *   to a room whose account is not at zero needs `balanceAtBinding` (400 naming it otherwise, nothing
 *   bound): `settle` closes the vacancy's balance first (refunded to / collected from the owner, or
 *   written off: `settleBy`), `carry` hands it to the tenancy; every account then gets the tenancy's
 *   first line. A refund at move-out pays out only what the tenancy holds.
 */

/** The platform's time zone: the day a binding starts or ends is a day there. */
const TIME_ZONE = platformTimeZone();
/** The day (YYYY-MM-DD) an instant falls on in the platform's time zone. */
export const platformDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** How far ahead a binding may start (a contract signed for next month); beyond it is a typing error. */
const START_AHEAD_DAYS = 31;

/** Ledger rows of a binding's settlement point back to it. */
const REF_TYPE = 'tenantBinding';

const Day = z.iso.date({ error: 'validation.date' });


// ---- the binding list (current and history) -----------------------------------------------------

const ListFilters = z.object({
  /** Tenant name, phone or id number, or room code. */
  q: Q.text(50),
  projectId: Q.id(),
  buildingId: Q.id(),
  roomId: Q.id(),
  tenantId: Q.id(),
  /** Current bindings only (true) or ended ones only (false). */
  current: Q.oneOf(['true', 'false']),
  /** Bindings in force at some moment of [activeFrom, activeTo): ISO timestamps, days of the platform's time zone. */
  activeFrom: Q.datetime(),
  activeTo: Q.datetime(),
  id: Q.id(),
  ids: IdList.optional(),
});
type ListFilter = z.output<typeof ListFilters>;

/** A settlement line of an ended binding (from the ledger). */
interface SettlementLine { utility: string; kind: string; amountFen: number; balanceAfterFen: number; remark: string | null }

/** Bindings by id with their tenant and room (prepared: `rowsById`). */
const bindingsById = rowsById('tenant_binding_rows', (db) => db.select({
  id: tenantBindings.id, areaId: tenantBindings.areaId, tenantId: tenantBindings.tenantId, tenantName: tenants.name, tenantPhone: tenants.phone,
  tenantIdNumber: tenants.idNumber, tenantDeleted: sql<boolean>`${tenants.deletedAt} IS NOT NULL`,
  roomId: tenantBindings.roomId, roomCode: rooms.roomCode, buildingId: rooms.buildingId, buildingName: buildings.name,
  projectId: rooms.projectId, projectName: projects.name, startDate: tenantBindings.startDate, endDate: tenantBindings.endDate,
  current: sql<boolean>`${tenantBindings.endDate} IS NULL`, createdAt: tenantBindings.createdAt,
}).from(tenantBindings)
  .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId))
  .leftJoin(rooms, eq(rooms.id, tenantBindings.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId)), tenantBindings.id);

async function bindingRows(db: Db, ids: number[]) {
  const rows = await bindingsById(db, ids);
  const ended = rows.filter((row) => row.endDate);
  const lines = ended.length ? await db.select({
    refId: ledgerEntries.refId, utility: ledgerEntries.utility, kind: ledgerEntries.kind, amountFen: ledgerEntries.amountFen,
    balanceAfterFen: ledgerEntries.balanceAfterFen, remark: ledgerEntries.remark,
  }).from(ledgerEntries)
    .where(and(inArray(ledgerEntries.roomId, [...new Set(ended.map((row) => row.roomId))]), eq(ledgerEntries.refType, REF_TYPE), inArray(ledgerEntries.refId, ended.map((row) => String(row.id)))))
    .orderBy(asc(ledgerEntries.id)) : [];
  return rows.map((row) => ({
    ...row,
    settlements: lines.filter((line) => line.refId === String(row.id)).map(({ refId: _, ...line }): SettlementLine => line),
  }));
}
type BindingRow = Awaited<ReturnType<typeof bindingRows>>[number];

const bindingList: ListSpec<BindingRow> = {
  table: tenantBindings, id: tenantBindings.id, area: tenantBindings.areaId,
  sorts: { id: tenantBindings.id, startDate: tenantBindings.startDate, endDate: tenantBindings.endDate },
  // Newest first: the latest moves in and out are what an operator looks for.
  defaultSort: { field: 'id', descending: true },
  rows: bindingRows,
};

const roomsWhere = (condition: SQL) => sql`${tenantBindings.roomId} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${condition})`;

function filterConditions(query: ListFilter): SQL | undefined {
  const lastDay = query.activeTo ? platformDay(new Date(Date.parse(query.activeTo) - 1)) : undefined;
  return and(
    query.q?.trim() ? sql`(${tenantBindings.tenantId} IN (${tenantsMatching(query.q)}) OR ${roomsWhere(matches(rooms.roomCode, query.q))})` : undefined,
    query.projectId ? roomsWhere(eq(rooms.projectId, query.projectId)) : undefined,
    query.buildingId ? roomsWhere(eq(rooms.buildingId, query.buildingId)) : undefined,
    query.roomId ? eq(tenantBindings.roomId, query.roomId) : undefined,
    query.tenantId ? eq(tenantBindings.tenantId, query.tenantId) : undefined,
    query.current === 'true' ? isNull(tenantBindings.endDate) : query.current === 'false' ? isNotNull(tenantBindings.endDate) : undefined,
    lastDay ? sql`${tenantBindings.startDate} <= ${lastDay}` : undefined,
    query.activeFrom ? sql`(${tenantBindings.endDate} IS NULL OR ${tenantBindings.endDate} >= ${platformDay(new Date(query.activeFrom))})` : undefined,
    query.id ? eq(tenantBindings.id, query.id) : undefined,
    query.ids ? inArray(tenantBindings.id, query.ids) : undefined,
  );
}

async function findBinding(c: Ctx, id: number) {
  const { db } = c.get('deps');
  const [found] = await db.select({ id: tenantBindings.id }).from(tenantBindings)
    .where(and(eq(tenantBindings.id, id), inScope(tenantBindings.areaId, c.get('session'))));
  if (!found) throw notFound('errors.bindingNotFound');
  return (await bindingRows(db, [id]))[0];
}

// ---- vacant rooms (the bind dialog's picker) ---------------------------------------------------

const roomColumns = {
  id: rooms.id, roomCode: rooms.roomCode, floor: rooms.floor, state: rooms.state, buildingId: rooms.buildingId, buildingName: buildings.name,
  projectId: rooms.projectId, projectName: projects.name,
};
const roomRows = (db: Db, ids: number[]) => db.select({
  ...roomColumns,
  tenantName: sql<string | null>`NULL`,
  /** The room's balances (the bind dialog asks what becomes of one that is not at zero: tenancy.ts). */
  electricBalanceFen: sql<number | null>`(SELECT a.balance_fen FROM ${accounts} a WHERE a.room_id = ${rooms.id} AND a.utility = 'electric')`.mapWith((v) => (v === null ? null : Number(v))),
  waterBalanceFen: sql<number | null>`(SELECT a.balance_fen FROM ${accounts} a WHERE a.room_id = ${rooms.id} AND a.utility = 'water')`.mapWith((v) => (v === null ? null : Number(v))),
  /** The day the last tenant left (a new binding cannot start before it). */
  lastEndDate: sql<string | null>`(SELECT max(tb.end_date)::text FROM ${tenantBindings} tb WHERE tb.room_id = ${rooms.id})`,
}).from(rooms)
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId))
  .where(inArray(rooms.id, ids));

const noCurrentTenant = sql`NOT EXISTS (SELECT 1 FROM ${tenantBindings} tb WHERE tb.room_id = ${rooms.id} AND tb.end_date IS NULL)`;

const vacantList: ListSpec<Awaited<ReturnType<typeof roomRows>>[number]> = {
  table: rooms, id: rooms.id, area: rooms.areaId, base: noCurrentTenant,
  // buildingName: project → building → room, each in natural order (rooms.building_sort).
  sorts: { id: rooms.id, roomCode: natural(rooms.roomCode), buildingName: rooms.buildingSort },
  rows: roomRows,
};

// ---- settlement ---------------------------------------------------------------------------------

/**
 * The accounts of a room with the meter of each utility (the settlement preview and the unbind).
 * Locking takes the room's row first, then its accounts: the order of server/domain/ledger.ts
 * (a balance change also writes the room, by trigger), so that a recharge meanwhile cannot deadlock.
 */
async function roomAccounts(db: Db, roomId: number, lock = false) {
  if (lock) await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId)).for('update');
  const query = db.select({ accountId: accounts.id, utility: accounts.utility, balanceFen: accounts.balanceFen }).from(accounts)
    .where(eq(accounts.roomId, roomId)).orderBy(asc(accounts.utility));
  return lock ? query.for('update') : query;
}

async function meterAddresses(db: Db, roomId: number) {
  const [electric] = await db.select({ address: electricMeters.address }).from(electricMeters).where(eq(electricMeters.roomId, roomId)).limit(1);
  const [water] = await db.select({ address: waterMeters.address }).from(waterMeters).where(eq(waterMeters.roomId, roomId)).limit(1);
  return { electric: electric?.address ?? null, water: water?.address ?? null } as Record<string, string | null>;
}

type Settlement = 'refund' | 'carryOver';

/** What becomes of a vacant room's balance when a tenant is bound to it (tenancy.ts). */
const BALANCE_AT_BINDING = ['carry', 'settle'] as const;
/** How a settled vacancy balance is closed: paid to (collected from) the owner, or written off. */
const SETTLE_BY = ['refund', 'writeOff'] as const;

/**
 * What settling one account does: refund (what the tenancy holds paid out, or its arrears collected:
 * the balance less `retainedFen`, the vacancy's part that stays with the room — tenancy.ts) or carry
 * over (unchanged).
 */
function settlementOf(balanceFen: number, settlement: Settlement, retainedFen = 0) {
  const refund = settlement === 'refund';
  const heldFen = balanceFen - retainedFen;
  return {
    heldFen,
    retainedFen: refund ? retainedFen : 0,
    refundedFen: refund && heldFen > 0 ? heldFen : 0,
    collectedFen: refund && heldFen < 0 ? -heldFen : 0,
    carriedOverFen: refund ? 0 : balanceFen,
    balanceAfterFen: refund ? retainedFen : balanceFen,
  };
}

/** One utility's settlement in words, in the operator's language. */
function describeSettlement(lang: Lang, utility: string, balanceFen: number, settlement: Settlement, retainedFen = 0) {
  const name = serverMessage(lang, `bindings.utility.${utility}`);
  const { refundedFen, collectedFen } = settlementOf(balanceFen, settlement, retainedFen);
  if (settlement === 'carryOver') return serverMessage(lang, 'bindings.carriedOver', { utility: name, amount: formatYuan(balanceFen) });
  if (retainedFen !== 0) {
    const kept = serverMessage(lang, 'bindings.retained', { amount: formatYuan(retainedFen) });
    if (refundedFen) return `${serverMessage(lang, 'bindings.refunded', { utility: name, amount: formatYuan(refundedFen) })}${kept}`;
    if (collectedFen) return `${serverMessage(lang, 'bindings.collected', { utility: name, amount: formatYuan(collectedFen) })}${kept}`;
    return `${serverMessage(lang, 'bindings.settledZero', { utility: name })}${kept}`;
  }
  if (refundedFen) return serverMessage(lang, 'bindings.refunded', { utility: name, amount: formatYuan(refundedFen) });
  if (collectedFen) return serverMessage(lang, 'bindings.collected', { utility: name, amount: formatYuan(collectedFen) });
  return serverMessage(lang, 'bindings.settledZero', { utility: name });
}

export function tenantBindingRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Tenant bindings, current and past (paged, filtered; newest first), each ended one with its settlement lines', tags: ['tenant binding'],
    query: PagingQuery.extend(ListFilters.shape),
  }, async (c, { query }) => ok(c, await listPage(c.get('deps').db, bindingList, { where: filterConditions(query), paging: query, areaIds: c.get('session').areaIds })));

  defineRoute(router, {
    method: 'get', path: '/findVacantRooms', summary: 'Rooms without a current tenant (the bind picker): q on the room code, project / building cascade', tags: ['tenant binding'],
    query: PagingQuery.extend({ q: Q.text(50), projectId: Q.id(), buildingId: Q.id(), id: Q.id(), ids: IdList.optional() }),
  }, async (c, { query }) => {
    const where = and(
      query.q?.trim() ? matches(rooms.roomCode, query.q) : undefined,
      query.projectId ? eq(rooms.projectId, query.projectId) : undefined,
      query.buildingId ? eq(rooms.buildingId, query.buildingId) : undefined,
      query.id ? eq(rooms.id, query.id) : undefined,
      query.ids ? inArray(rooms.id, query.ids) : undefined,
    );
    return ok(c, await listPage(c.get('deps').db, vacantList, { where, paging: { ...query, sortField: query.sortField ?? 'roomCode' }, areaIds: c.get('session').areaIds }));
  });

  defineRoute(router, {
    method: 'post', path: '/bindTenant', summary: 'Bind a tenant to a vacant room (startDate: YYYY-MM-DD, default today); the room becomes occupied', tags: ['tenant binding'],
    body: z.object({
      tenantId: Id, roomId: Id, startDate: Day.optional(),
      balanceAtBinding: z.enum(BALANCE_AT_BINDING).optional()
        .openapi({ description: 'Required while an account of the room is not at zero: carry (the balance goes to the new tenancy) or settle (closed first, see settleBy)' }),
      settleBy: z.enum(SETTLE_BY).optional().openapi({ description: 'With settle: refund (paid to / collected from the owner; default) or writeOff' }),
      remark: z.string().trim().max(200).optional(),
    }),
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const lang = langOf(c);
    const at = now();
    const today = platformDay(at);
    const startDate = body.startDate ?? today;
    if (startDate > addDays(today, START_AHEAD_DAYS)) throw fieldError(c, 'startDate', 'validation.dateTooLate', { days: START_AHEAD_DAYS });
    if (body.settleBy && body.balanceAtBinding !== 'settle') throw fieldError(c, 'settleBy', 'validation.settleByWithSettle');
    const tenant = await findTenant(c, body.tenantId);
    const [room] = await db.select({ id: rooms.id, areaId: rooms.areaId, roomCode: rooms.roomCode, buildingName: buildings.name, projectName: projects.name }).from(rooms)
      .leftJoin(buildings, eq(buildings.id, rooms.buildingId)).leftJoin(projects, eq(projects.id, rooms.projectId))
      .where(and(eq(rooms.id, body.roomId), inScope(rooms.areaId, session)));
    if (!room) throw notFound('errors.roomNotFound');
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        // The room, then the tenant, locked: a concurrent bind of the room waits here, then finds it taken.
        await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, room.id)).for('update');
        const [live] = await tx.select({ id: tenants.id }).from(tenants).where(and(eq(tenants.id, tenant.id), isNull(tenants.deletedAt))).for('update');
        if (!live) throw notFound('errors.tenantNotFound');
        const [occupied] = await tx.select({ tenantName: tenants.name }).from(tenantBindings).leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId))
          .where(and(eq(tenantBindings.roomId, room.id), isNull(tenantBindings.endDate)));
        if (occupied) throw conflict('errors.roomOccupied', { room: roomText(room), name: occupied.tenantName ?? '' });
        const [last] = await tx.select({ endDate: sql<string | null>`max(${tenantBindings.endDate})::text` }).from(tenantBindings).where(eq(tenantBindings.roomId, room.id));
        if (last?.endDate && startDate < last.endDate) throw fieldError(c, 'startDate', 'validation.startBeforeLastEnd', { date: last.endDate });
        // The room's balances, locked (the room row is): a vacancy's money is settled or carried, never passed on unsaid.
        const held = await roomAccounts(tx, room.id, true);
        const open = held.filter((account) => account.balanceFen !== 0);
        if (open.length && !body.balanceAtBinding) {
          throw fieldError(c, 'balanceAtBinding', 'validation.balanceAtBinding', {
            balances: open.map((a) => `${serverMessage(lang, `bindings.utility.${a.utility}`)}${formatYuan(a.balanceFen)}`).join(serverMessage(lang, 'bindings.join')),
          });
        }
        const [row] = await tx.insert(tenantBindings).values({ areaId: room.areaId, tenantId: tenant.id, roomId: room.id, startDate, createdAt: at }).returning();
        await tx.update(rooms).set({ state: 1 }).where(eq(rooms.id, room.id));
        const place = roomText(room);
        const opened = [];
        for (const account of held) {
          const choice = account.balanceFen === 0 ? 'zero' : body.balanceAtBinding!;
          const settleBy = body.settleBy ?? 'refund';
          const utility = serverMessage(lang, `bindings.utility.${account.utility}`);
          const amount = formatYuan(account.balanceFen);
          const entryIds: number[] = [];
          if (choice === 'settle') {
            // The vacancy's balance closed before the tenancy starts: paid to (or collected from) the owner, or written off.
            const words = serverMessage(lang, `bindings.vacancy.${settleBy}${account.balanceFen < 0 ? 'Arrears' : ''}`, { utility, amount: formatYuan(Math.abs(account.balanceFen)), room: place });
            entryIds.push((await postLedger(tx, {
              accountId: account.accountId, kind: settleBy === 'refund' ? 'refund' : 'settlement', amountFen: -account.balanceFen,
              refType: VACANCY_SETTLEMENT_REF, refId: String(row.id), operatorId: session.userId, remark: [words, body.remark].filter(Boolean).join('; '),
            }, at, { notices: false })).entryId);
          }
          // The tenancy's first line: what it starts with (the carried balance, or 0).
          const start = serverMessage(lang, choice === 'carry' ? 'bindings.tenancy.carried' : 'bindings.tenancy.started', { name: tenant.name, room: place, utility, amount: choice === 'carry' ? amount : formatYuan(0) });
          const first = await postLedger(tx, {
            accountId: account.accountId, kind: 'settlement', amountFen: 0,
            refType: TENANCY_START_REF, refId: String(row.id), operatorId: session.userId, remark: start,
          }, at);
          entryIds.push(first.entryId);
          opened.push({ utility: account.utility, accountId: account.accountId, balanceBeforeFen: account.balanceFen, choice, ...(choice === 'settle' ? { settleBy } : {}), openingFen: first.balanceFen, entryIds });
        }
        await audit(tx, session, {
          action: 'bind', entity: 'tenantBinding', entityId: row.id,
          after: { ...row, tenantName: tenant.name, roomCode: room.roomCode, balanceAtBinding: body.balanceAtBinding ?? null, accounts: opened, remark: body.remark ?? null },
        });
        return row.id;
      });
    } catch (error) {
      // The database's own rule (one current tenant per room) caught a bind that raced past the check.
      if (sqlState(error) === '23505') throw conflict('errors.roomOccupied', { room: roomText(room), name: '' });
      throw error;
    }
    return ok(c, await findBinding(c, id));
  });

  defineRoute(router, {
    method: 'get', path: '/findSettlementPreview', summary: 'Before unbinding: the binding and both accounts of its room (balance, what refund or carry-over would do)', tags: ['tenant binding'],
    query: z.object({ bindingId: Id }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const binding = await findBinding(c, query.bindingId);
    const [list, meters] = await Promise.all([roomAccounts(db, binding.roomId), meterAddresses(db, binding.roomId)]);
    const retained = await Promise.all(list.map(async (account) => (await tenancyOfAccount(db, account.accountId))?.retainedFen ?? 0));
    return ok(c, {
      binding,
      accounts: list.map((account, i) => ({
        ...account, meterAddress: meters[account.utility] ?? null,
        refund: settlementOf(account.balanceFen, 'refund', retained[i]), carryOver: settlementOf(account.balanceFen, 'carryOver'),
      })),
    });
  });

  defineRoute(router, {
    method: 'post', path: '/unbindTenant',
    summary: 'Unbind: settle both accounts of the room (refund: a refund ledger entry to zero, arrears collected the same way; carryOver: balance kept for the next tenant), each with a settlement ledger line; then the binding ends (endDate, default today) and the room is vacant',
    tags: ['tenant binding'],
    body: z.object({ bindingId: Id, settlement: z.enum(['refund', 'carryOver']), endDate: Day.optional(), remark: z.string().trim().max(200).optional() }),
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const lang = langOf(c);
    const at = now();
    const today = platformDay(at);
    const binding = await findBinding(c, body.bindingId);
    if (!binding.current) throw conflict('errors.bindingEnded', { date: binding.endDate ?? '' });
    const endDate = body.endDate ?? today;
    if (endDate > today) throw fieldError(c, 'endDate', 'validation.dateInFuture');
    if (endDate < binding.startDate) throw fieldError(c, 'endDate', 'validation.endBeforeStart', { date: binding.startDate });
    const settlements = await db.transaction(async (tx) => {
      // The binding locked and checked again: of two concurrent unbinds, the second finds it ended.
      const [still] = await tx.select({ endDate: tenantBindings.endDate }).from(tenantBindings).where(eq(tenantBindings.id, binding.id)).for('update');
      if (still?.endDate) throw conflict('errors.bindingEnded', { date: still.endDate });
      const done = [];
      for (const account of await roomAccounts(tx, binding.roomId, true)) {
        // What the tenancy holds: the balance less the vacancy's part before a binding made without a first line (tenancy.ts).
        const retainedFen = (await tenancyOfAccount(tx, account.accountId))?.retainedFen ?? 0;
        const what = settlementOf(account.balanceFen, body.settlement, retainedFen);
        const words = describeSettlement(lang, account.utility, account.balanceFen, body.settlement, retainedFen);
        const remark = [serverMessage(lang, 'bindings.remark', { name: binding.tenantName ?? '', room: roomText(binding) }), words, body.remark].filter(Boolean).join('; ');
        const ref = { refType: REF_TYPE, refId: String(binding.id), operatorId: session.userId };
        const entries: number[] = [];
        if (body.settlement === 'refund' && what.heldFen !== 0) {
          // What the tenancy holds paid out to the tenant who leaves: no alarm notice for that fall (rule 2 warns a tenant who stays).
          entries.push((await postLedger(tx, { accountId: account.accountId, kind: 'refund', amountFen: -what.heldFen, remark, ...ref }, at, { notices: false })).entryId);
        }
        // The statement line of the unbinding (0: it moves nothing; the refund above did).
        const line = await postLedger(tx, { accountId: account.accountId, kind: 'settlement', amountFen: 0, remark, ...ref }, at);
        entries.push(line.entryId);
        done.push({ utility: account.utility as Utility, accountId: account.accountId, balanceBeforeFen: account.balanceFen, ...what, balanceFen: line.balanceFen, entryIds: entries, text: words });
      }
      await tx.update(tenantBindings).set({ endDate }).where(eq(tenantBindings.id, binding.id));
      await tx.update(rooms).set({ state: 0 }).where(eq(rooms.id, binding.roomId));
      // The tenant's page (issue 42): the phone is signed out, so that no session opened while bound outlives the binding.
      const [tenant] = await tx.select({ phone: tenants.phone }).from(tenants).where(eq(tenants.id, binding.tenantId));
      await endTenantSessionsOfPhone(tx, tenant?.phone);
      await audit(tx, session, {
        action: `unbind:${body.settlement}`, entity: 'tenantBinding', entityId: binding.id,
        before: { endDate: null, balances: done.map((s) => ({ utility: s.utility, balanceFen: s.balanceBeforeFen })) },
        after: { endDate, settlements: done.map(({ text: _, ...s }) => s), remark: body.remark ?? null },
      });
      return done;
    });
    const message = serverMessage(lang, 'bindings.unbound', { name: binding.tenantName ?? '', room: roomText(binding) })
      + (settlements.length ? serverMessage(lang, 'bindings.colon') + settlements.map((s) => s.text).join(serverMessage(lang, 'bindings.join')) : serverMessage(lang, 'bindings.noAccounts'));
    return ok(c, { binding: await findBinding(c, binding.id), settlements, message });
  });

  return router;
}
