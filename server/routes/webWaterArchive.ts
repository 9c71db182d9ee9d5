import { and, eq, gte, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { clearFaultsOfDeleted } from '../domain/deviceEvents';
import { createRouter, defineRoute, fieldError, z, type Ctx } from '../http/router';
import { Bool, Id, IdArray, Int, NullableId, Num, Q, patchOf } from '../http/input';
import { ok } from '../http/envelope';
import { IdList, PagingQuery } from '../http/paging';
import { listPage, matches, rowsById, type ListSpec } from '../db/listKit';
import { waterMeterSearch } from '../http/meterSearch';
import { badRequest, conflict, notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { audit } from '../audit';
import { enqueueCommands } from '../domain/commands';
import { openingLimits, type AccountLimits } from '../domain/ledger';
import { nothingLeftRefusal, planLog, planSupplyAction, previewOf } from '../domain/supply';
import { ArrearsOverride, checkArrearsOverride, checkConfirmedCount } from '../http/massConfirm';
import { WATER_ADDRESS } from '../../common/meterAddress';
import { roomSearch } from './room';

const { waterMeters, rooms, buildings, projects, tenants, tenantBindings, accounts, giftRecords, readings, modules } = schema;

const ValveState = z.enum(['open', 'closed']);
const Fields = z.object({
  address: z.string().trim().regex(WATER_ADDRESS, 'validation.waterAddress'),
  meterType: z.enum(['cold', 'hot']).default('cold'),
  roomId: NullableId.optional(),
  moduleId: NullableId.optional(),
  /** Price per m³ in fen: required (a meter without a price would be free: 0 must be said explicitly). */
  priceFen: Int(0, 100_000),
  freeAllowance: Num(0, 100_000).default(0),
  remark: z.string().max(200).nullable().optional(),
});
/** The list's filters: the same for the list, its export and the bulk actions that follow it. */
const ListFilters = z.object({
  q: z.string().max(50).optional(),
  address: z.string().max(14).optional(),
  roomCode: z.string().max(20).optional(),
  projectId: Q.id(),
  buildingId: Q.id(),
  roomId: Q.id(),
  id: Q.id(),
  ids: IdList.optional(),
  meterType: z.enum(['cold', 'hot']).optional(),
  valveState: z.enum(['open', 'closed', 'abnormal']).optional(),
  accountOpened: z.enum(['true', 'false']).optional(),
  batteryLow: z.enum(['true', 'false']).optional(),
  online: z.enum(['true', 'false']).optional(),
  /** Last read from (inclusive) … to (exclusive): ISO timestamps. */
  lastReadFrom: Q.datetime(),
  lastReadTo: Q.datetime(),
});
type ListFilter = z.output<typeof ListFilters>;
const Filters = PagingQuery.extend(ListFilters.shape);

/**
 * A bulk action over the list's filters (`filter`, as the list sends them; `projectId` and
 * `buildingId` also at the top level, as earlier callers send them). It states its scope: a filter,
 * or `scope: 'all'` for the whole area (never by omission); `dryRun` answers the count without
 * acting, and `expectedCount` (the count the operator confirmed) refuses to act when the scope has
 * changed meanwhile.
 */
const BulkScope = z.object({
  // Present means "these filters": an empty one says nothing (send `scope: 'all'` instead).
  filter: ListFilters.refine((filter) => Object.values(filter).some((value) => value !== undefined && value !== ''), 'validation.filterEmpty').optional(),
  projectId: Id.optional(),
  buildingId: Id.optional(),
  scope: z.literal('all').optional(),
  dryRun: Bool.optional(),
  expectedCount: Int(0).optional(),
});
type BulkScope = z.output<typeof BulkScope>;

/** A meter is online only with a module to reach it through (a meter without one cannot answer). */
const reachable = and(eq(waterMeters.online, true), isNotNull(waterMeters.moduleId))!;

/** The current tenant of a room (binding without end date). */
const currentTenant = and(eq(tenantBindings.roomId, rooms.id), isNull(tenantBindings.endDate));

const columns = {
  id: waterMeters.id, address: waterMeters.address, meterType: waterMeters.meterType, roomId: waterMeters.roomId,
  roomCode: rooms.roomCode, buildingId: rooms.buildingId, buildingName: buildings.name, projectId: rooms.projectId, projectName: projects.name,
  tenantName: tenants.name, tenantPhone: tenants.phone, moduleId: waterMeters.moduleId, priceFen: waterMeters.priceFen,
  valveState: waterMeters.valveState, batteryLow: waterMeters.batteryLow, online: sql<boolean>`${reachable}`, accountOpened: waterMeters.accountOpened,
  freeAllowance: waterMeters.freeAllowance, lastReading: waterMeters.lastReading, lastReadAt: waterMeters.lastReadAt,
  remark: waterMeters.remark, createdAt: waterMeters.createdAt,
};

function archiveQuery(db: Db) {
  return db.select(columns).from(waterMeters)
    .leftJoin(rooms, eq(rooms.id, waterMeters.roomId))
    .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
    .leftJoin(projects, eq(projects.id, rooms.projectId))
    .leftJoin(tenantBindings, currentTenant)
    .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId));
}

/** Rooms matching a condition, for the meters' `room_id IN (…)` (the list joins nothing to filter). */
const roomsWhere = (condition: SQL) => sql`${waterMeters.roomId} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${condition})`;

/**
 * The meters of a project's or a building's rooms, the rooms taken first: `OFFSET 0` keeps the
 * planner from turning the subquery into a join it probes for every meter in id order (at 100,000
 * meters, the last building of the area took 420–640 ms that way; 2 ms rooms first, then their
 * meters through the one-meter-per-room index). As `inRooms` of the electric meter list. (A room
 * code filter keeps the join: a short prefix matches rooms all through the id order, found early.)
 */
const inRooms = (condition: SQL) => sql`${waterMeters.roomId} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${condition} OFFSET 0)`;

/** The list's filters as conditions on water_meters alone (the area scope is added by the caller). */
function filterConditions(query: ListFilter): SQL | undefined {
  return and(
    query.q?.trim() ? waterMeterSearch(query.q) : undefined,
    query.address?.trim() ? matches(waterMeters.address, query.address) : undefined,
    query.roomCode?.trim() ? roomsWhere(matches(rooms.roomCode, query.roomCode)) : undefined,
    query.projectId ? inRooms(eq(rooms.projectId, query.projectId)) : undefined,
    query.buildingId ? inRooms(eq(rooms.buildingId, query.buildingId)) : undefined,
    query.roomId ? eq(waterMeters.roomId, query.roomId) : undefined,
    query.id ? eq(waterMeters.id, query.id) : undefined,
    query.ids ? inArray(waterMeters.id, query.ids) : undefined,
    query.meterType ? eq(waterMeters.meterType, query.meterType) : undefined,
    query.valveState ? eq(waterMeters.valveState, query.valveState) : undefined,
    query.accountOpened ? eq(waterMeters.accountOpened, query.accountOpened === 'true') : undefined,
    query.batteryLow ? eq(waterMeters.batteryLow, query.batteryLow === 'true') : undefined,
    query.online ? (query.online === 'true' ? reachable : sql`NOT ${reachable}`) : undefined,
    query.lastReadFrom ? gte(waterMeters.lastReadAt, new Date(query.lastReadFrom)) : undefined,
    query.lastReadTo ? lt(waterMeters.lastReadAt, new Date(query.lastReadTo)) : undefined,
  );
}

/** The water archive on the list kit: sorts are columns of water_meters, each with its index. */
const archiveList: ListSpec<Awaited<ReturnType<ReturnType<typeof archiveQuery>['where']>>[number]> = {
  table: waterMeters, id: waterMeters.id, area: waterMeters.areaId,
  sorts: {
    id: waterMeters.id, address: waterMeters.address, meterType: waterMeters.meterType,
    // A room or a building: project, then building, then room (index of migration 0028).
    roomCode: [waterMeters.projectSort, waterMeters.buildingSort, waterMeters.roomSort],
    buildingName: [waterMeters.projectSort, waterMeters.buildingSort, waterMeters.roomSort],
    projectName: waterMeters.projectSort, tenantName: waterMeters.tenantSort, priceFen: waterMeters.priceFen, valveState: waterMeters.valveState,
    lastReading: waterMeters.lastReading, lastReadAt: waterMeters.lastReadAt, freeAllowance: waterMeters.freeAllowance, createdAt: waterMeters.createdAt,
  },
  rows: rowsById('water_archive_rows', archiveQuery, waterMeters.id),
};

const UnboundFilters = z.object({ q: Q.text(50), projectId: Q.id(), buildingId: Q.id() });

/** A room without a water meter as the picker shows it, with its current tenant. */
const unboundRoomQuery = (db: Db) => db.select({
  id: rooms.id, roomId: rooms.id, roomCode: rooms.roomCode, buildingId: rooms.buildingId, buildingName: buildings.name,
  projectId: rooms.projectId, projectName: projects.name, tenantId: tenants.id, tenantName: tenants.name, tenantPhone: tenants.phone,
}).from(rooms)
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId))
  .leftJoin(tenantBindings, currentTenant)
  .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId));

/**
 * The picker's conditions on rooms alone: no water meter (the flag kept by migration 0013's
 * triggers, written as `NOT …` so that the partial index applies), project, building, the room
 * list's search (room code, tenant name or phone).
 */
const unboundConditions = (query: z.output<typeof UnboundFilters>) => and(
  query.projectId ? eq(rooms.projectId, query.projectId) : undefined,
  query.buildingId ? eq(rooms.buildingId, query.buildingId) : undefined,
  query.q?.trim() ? roomSearch(query.q) : undefined,
);

/**
 * Rooms without a water meter on the list kit: one order, the room list's default (project,
 * building, code: rooms.building_sort), walked on the partial index rooms_area_no_water_meter.
 */
const unboundRoomList: ListSpec<Awaited<ReturnType<ReturnType<typeof unboundRoomQuery>['where']>>[number]> = {
  table: rooms, id: rooms.id, area: rooms.areaId, base: sql`NOT ${rooms.hasWaterMeter}`,
  sorts: { buildingName: rooms.buildingSort },
  defaultSort: { field: 'buildingName', descending: false },
  rows: rowsById('unbound_room_rows', unboundRoomQuery, rooms.id),
};

/** The filters a bulk action applies, without empty ones. */
function effectiveFilter(body: BulkScope): ListFilter {
  const merged: ListFilter = { ...body.filter, projectId: body.projectId ?? body.filter?.projectId, buildingId: body.buildingId ?? body.filter?.buildingId };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined && value !== '')) as ListFilter;
}

/** The condition of a bulk action's scope: the list's filters, or the whole area with `scope: 'all'` (never by omission). */
function bulkScope(c: Ctx, body: BulkScope) {
  const filter = effectiveFilter(body);
  if (!Object.keys(filter).length && body.scope !== 'all') throw badRequest('errors.scopeRequired');
  return and(inScope(waterMeters.areaId, c.get('session')), filterConditions(filter));
}

/**
 * The meters a bulk action applies to: the list's filters (or the whole area with `scope: 'all'`,
 * never by omission), plus the action's own condition. Refuses a scope that is not stated, and
 * one whose count differs from the count the operator confirmed.
 */
async function bulkTargets(c: Ctx, body: BulkScope, extra?: SQL) {
  const { db } = c.get('deps');
  const meters = await db.select({ id: waterMeters.id, areaId: waterMeters.areaId, roomId: waterMeters.roomId, accountOpened: waterMeters.accountOpened })
    .from(waterMeters)
    .where(and(bulkScope(c, body), extra));
  if (!body.dryRun && body.expectedCount !== undefined && body.expectedCount !== meters.length) {
    throw conflict('errors.scopeChanged', { expected: body.expectedCount, count: meters.length });
  }
  return meters;
}

/** What is attached to water meters: their room's water account and balance, tenant and readings. */
async function deleteImpact(c: Ctx, ids: number[]) {
  const { db } = c.get('deps');
  const rows = await db.select({
    id: waterMeters.id, address: waterMeters.address, roomCode: rooms.roomCode, tenantName: tenants.name,
    accountOpened: waterMeters.accountOpened, balanceFen: accounts.balanceFen,
    readings: sql<number>`(SELECT count(*)::int FROM ${readings} r WHERE r.utility = 'water' AND r.meter_id = ${waterMeters.id} AND r.deleted_at IS NULL)`,
  }).from(waterMeters)
    .leftJoin(rooms, eq(rooms.id, waterMeters.roomId))
    .leftJoin(tenantBindings, currentTenant)
    .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId))
    .leftJoin(accounts, and(eq(accounts.roomId, waterMeters.roomId), eq(accounts.utility, 'water')))
    .where(and(inArray(waterMeters.id, ids), inScope(waterMeters.areaId, c.get('session'))))
    .orderBy(waterMeters.id);
  return rows.map((row) => ({ ...row, readings: Number(row.readings), balanceFen: row.accountOpened ? row.balanceFen ?? 0 : 0 }));
}

const hasAttachments = (impact: Awaited<ReturnType<typeof deleteImpact>>[number]) =>
  impact.accountOpened || impact.balanceFen !== 0 || !!impact.tenantName || impact.readings > 0;

/** The scope of a bulk action as recorded in the operation log. */
const scopeOf = (body: BulkScope) => (body.scope === 'all' ? { scope: 'all' } : effectiveFilter(body));

async function findOne(c: Ctx, id: number) {
  const [row] = await archiveQuery(c.get('deps').db).where(and(eq(waterMeters.id, id), inScope(waterMeters.areaId, c.get('session'))));
  if (!row) throw notFound('errors.recordNotFound');
  return row;
}

/** A room of the caller's scope that has no other water meter. */
async function checkRoom(c: Ctx, roomId: number, exceptMeterId?: number) {
  const { db } = c.get('deps');
  const [room] = await db.select().from(rooms).where(and(eq(rooms.id, roomId), inScope(rooms.areaId, c.get('session'))));
  if (!room) throw badRequest('errors.roomNotFound');
  const [other] = await db.select({ id: waterMeters.id, address: waterMeters.address }).from(waterMeters)
    .where(and(eq(waterMeters.roomId, roomId), exceptMeterId ? ne(waterMeters.id, exceptMeterId) : undefined));
  if (other) throw conflict('errors.roomHasWaterMeter', { address: other.address });
  return room;
}

/** The module of a water meter: of the caller's area, and speaking CJ/T 188 (a water meter cannot hang off a DL/T 645 bus). */
async function checkModule(c: Ctx, moduleId: number) {
  const [module] = await c.get('deps').db.select({ protocol: modules.protocol, address: modules.address }).from(modules)
    .where(and(eq(modules.id, moduleId), inScope(modules.areaId, c.get('session'))));
  if (!module) throw fieldError(c, 'moduleId', 'errors.moduleNotFound');
  if (module.protocol !== 'cjt188') throw fieldError(c, 'moduleId', 'errors.meters.moduleNotWater', { address: module.address, protocol: module.protocol });
}

async function checkAddressFree(c: Ctx, address: string, exceptId?: number) {
  const { db } = c.get('deps');
  const [taken] = await db.select({ id: waterMeters.id }).from(waterMeters)
    .where(and(eq(waterMeters.address, address), exceptId ? ne(waterMeters.id, exceptId) : undefined));
  if (taken) throw conflict('errors.addressTaken', { address });
}

export function webWaterArchiveRoutes() {
  const router = createRouter();

  defineRoute(router, { method: 'get', path: '/findByCondition', summary: 'Water meter archive (paged, filtered, sorted)', tags: ['water archive'], query: Filters }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const result = await listPage(db, archiveList, { where: filterConditions(query), paging: query, areaIds: session.areaIds });
    return ok(c, result);
  });

  defineRoute(router, { method: 'post', path: '/addWebWaterArchive', summary: 'Add a water meter', tags: ['water archive'], body: Fields }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    await checkAddressFree(c, body.address);
    if (body.moduleId) await checkModule(c, body.moduleId);
    const room = body.roomId ? await checkRoom(c, body.roomId) : undefined;
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(waterMeters).values({ ...body, areaId: room?.areaId ?? session.areaId, createdAt: now() }).returning();
      await audit(tx, session, { action: 'create', entity: 'waterMeter', entityId: row.id, after: row });
      return row.id;
    });
    return ok(c, await findOne(c, id));
  });

  defineRoute(router, {
    method: 'put', path: '/updateWebWaterArchive', summary: 'Update a water meter', tags: ['water archive'],
    body: patchOf(Fields).extend({ id: Id }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const { id, ...changes } = body;
    const before = await findOne(c, id);
    if (changes.address) await checkAddressFree(c, changes.address, id);
    if (changes.roomId) await checkRoom(c, changes.roomId, id);
    if (changes.moduleId) await checkModule(c, changes.moduleId);
    await db.transaction(async (tx) => {
      const [after] = await tx.update(waterMeters).set({ ...changes, id }).where(eq(waterMeters.id, id)).returning();
      await audit(tx, session, { action: 'update', entity: 'waterMeter', entityId: id, before, after });
    });
    return ok(c, await findOne(c, id));
  });

  defineRoute(router, {
    method: 'delete', path: '/deleteWebWaterArchive', summary: 'Delete water meters (id or ids, comma-separated); meters with an account, a tenant or readings need `confirm` (the address, or the count for several)', tags: ['water archive'],
    query: z.object({ id: IdList.optional(), ids: IdList.optional(), confirm: z.string().max(20).optional() }).refine((q) => q.id || q.ids, { message: 'validation.required', path: ['id'] }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const ids = [...new Set([...(query.id ?? []), ...(query.ids ?? [])])];
    const rows = await archiveQuery(c.get('deps').db).where(and(inArray(waterMeters.id, ids), inScope(waterMeters.areaId, session)));
    if (rows.length !== ids.length) throw notFound('errors.recordNotFound');
    // A meter that carries money or history goes only with a typed confirmation: its address, or
    // the number of meters for several.
    const attached = (await deleteImpact(c, ids)).filter(hasAttachments);
    const expected = ids.length === 1 ? rows[0].address : String(ids.length);
    if (attached.length && query.confirm !== expected) {
      throw conflict('errors.deleteNeedsConfirm', { count: attached.length, expected });
    }
    await db.transaction(async (tx) => {
      const deleted = await tx.delete(waterMeters).where(inArray(waterMeters.id, ids)).returning({ id: waterMeters.id, areaId: waterMeters.areaId });
      await clearFaultsOfDeleted(tx as unknown as Db, 'water', deleted, c.get('deps').now());
      // The readings stay (with their room); the log keeps the meter as it was and what it carried.
      for (const before of rows) await audit(tx, session, { action: 'delete', entity: 'waterMeter', entityId: before.id, before: { ...before, attached: attached.find((a) => a.id === before.id) ?? null } });
    });
    return ok(c, { deleted: rows.length });
  });

  defineRoute(router, {
    method: 'post', path: '/updateOpenAnAccountInBatches', summary: 'Open water accounts for many meters at once', tags: ['water archive'],
    body: z.object({ ids: IdArray(5000) }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const meters = await db.select().from(waterMeters).where(and(inArray(waterMeters.id, body.ids), inScope(waterMeters.areaId, session)));
    if (meters.length !== new Set(body.ids).size) throw notFound('errors.recordNotFound');
    const toOpen = meters.filter((m) => m.roomId && !m.accountOpened);
    const result = { opened: toOpen.length, alreadyOpen: meters.filter((m) => m.accountOpened).length, withoutRoom: meters.filter((m) => !m.roomId && !m.accountOpened).length };
    if (toOpen.length) {
      await db.transaction(async (tx) => {
        // Each account with its area's water limits (ledger.ts: openingLimits), one lookup per area.
        const limits = new Map<number, AccountLimits>();
        for (const areaId of new Set(toOpen.map((m) => m.areaId))) limits.set(areaId, await openingLimits(tx as unknown as Db, areaId, null, 'water'));
        await tx.insert(accounts)
          .values(toOpen.map((m) => ({ areaId: m.areaId, roomId: m.roomId!, utility: 'water', freeLeft: m.freeAllowance, ...limits.get(m.areaId) })))
          .onConflictDoNothing();
        await tx.update(waterMeters).set({ accountOpened: true }).where(inArray(waterMeters.id, toOpen.map((m) => m.id)));
        await audit(tx, session, { action: 'openAccounts', entity: 'waterMeter', entityId: toOpen.map((m) => m.id).join(','), after: result });
      });
    }
    return ok(c, result);
  });

  defineRoute(router, {
    method: 'get', path: '/findUserUnBind',
    summary: 'Rooms (and their current tenants) without a water meter, by project, building and code (paged; total exact up to 10,000, then totalCapped). Filters: q (room code, tenant name or phone: a prefix for one or two characters, anywhere for more), projectId, buildingId',
    tags: ['water archive'], query: PagingQuery.extend(UnboundFilters.shape),
  }, async (c, { query }) => {
    const result = await listPage(c.get('deps').db, unboundRoomList, { where: unboundConditions(query), paging: query, areaIds: c.get('session').areaIds });
    return ok(c, { ...result, records: result.records.map(({ id: _id, ...room }) => room) });
  });

  defineRoute(router, {
    method: 'put', path: '/updateWaterStatus', summary: 'Open or close one water meter\'s valve (queues a command); opening the valve of a meter whose water account is in arrears (balance at or below minus the overdraft) needs `includeArrears` with an `overrideReason` (operation log)', tags: ['water archive'],
    body: z.object({ id: Id, valveState: ValveState, ...ArrearsOverride }),
  }, async (c, { body }) => {
    const { db, now, commandsQueued } = c.get('deps');
    const session = c.get('session');
    const type = body.valveState === 'open' ? 'valve_open' : 'valve_close';
    const includeArrears = checkArrearsOverride(c, type, body);
    const meter = await findOne(c, body.id);
    // One meter's row action: sent whatever its recorded state (as before), but a restore follows the arrears rule (server/domain/supply.ts).
    const plan = await planSupplyAction(db, 'water', type, eq(waterMeters.id, meter.id), { includeArrears, keepAlreadyThere: true });
    if (!plan.devices.length) throw nothingLeftRefusal(plan, type, 'includeArrears');
    const commandIds = await db.transaction(async (tx) => {
      // The command belongs to the meter's area, so that its operators see it too.
      const [{ areaId }] = plan.devices;
      const ids = await enqueueCommands(tx, session.userId, [{ areaId, deviceKind: 'water', deviceId: meter.id, type }], now());
      await audit(tx, session, { action: `valve:${body.valveState}`, entity: 'waterMeter', entityId: meter.id, before: { valveState: meter.valveState }, after: { commandIds: ids, ...planLog(plan, body.overrideReason) } });
      return ids;
    });
    commandsQueued();
    return ok(c, { commandIds });
  });

  defineRoute(router, {
    method: 'put', path: '/updateWaterStatusAll',
    summary: 'Open or close the valves of the water meters matching the list\'s filters (or `scope: "all"`): meters whose valve is already in that state are left out, and an opening leaves out the meters whose water account is in arrears (balance at or below minus the overdraft) unless `includeArrears` with an `overrideReason` (operation log). `dryRun` answers `{ count, leftOut: { alreadyInState, keepSupply, inArrears }, inArrears }` only; more valves than MASS_CONFIRM_ABOVE need `expectedCount` equal to the count (else 400), below it a different `expectedCount` refuses (409)', tags: ['water archive'],
    body: BulkScope.extend({ valveState: ValveState, ...ArrearsOverride }),
  }, async (c, { body }) => {
    const { db, now, commandsQueued } = c.get('deps');
    const session = c.get('session');
    const target = body.valveState;
    const type = target === 'open' ? 'valve_open' : 'valve_close';
    const includeArrears = checkArrearsOverride(c, type, body);
    // The one rule of what a mass action includes (server/domain/supply.ts): already there, in arrears.
    const plan = await planSupplyAction(db, 'water', type, bulkScope(c, body), { includeArrears });
    if (body.dryRun) return ok(c, { ...previewOf(plan), commandIds: [] });
    checkConfirmedCount(c, type, plan.count, body.expectedCount);
    const commandIds = await db.transaction(async (tx) => {
      const ids = await enqueueCommands(tx, session.userId, plan.devices.map((m) => ({ areaId: m.areaId, deviceKind: 'water' as const, deviceId: m.id, type })), now());
      await audit(tx, session, { action: `valveAll:${target}`, entity: 'waterMeter', after: { count: ids.length, scope: scopeOf(body), ...planLog(plan, body.overrideReason) } });
      return ids;
    });
    commandsQueued();
    return ok(c, { ...previewOf(plan), commandIds, count: commandIds.length });
  });

  defineRoute(router, {
    method: 'put', path: '/updateFreeAll',
    summary: 'Reset the free water allowance of the water meters matching the list\'s filters (or `scope: "all"`); `dryRun` answers the count only', tags: ['water archive'],
    body: BulkScope.extend({ freeAllowance: Num(0, 10_000) }),
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const period = now().toISOString().slice(0, 7);
    const meters = await bulkTargets(c, body);
    if (body.dryRun) return ok(c, { count: meters.length });
    const ids = meters.map((m) => m.id);
    await db.transaction(async (tx) => {
      for (let i = 0; i < ids.length; i += 1000) {
        await tx.update(waterMeters).set({ freeAllowance: body.freeAllowance }).where(inArray(waterMeters.id, ids.slice(i, i + 1000)));
      }
      const roomIds = meters.filter((m) => m.roomId && m.accountOpened).map((m) => m.roomId!);
      for (let i = 0; i < roomIds.length; i += 1000) {
        await tx.update(accounts).set({ freeLeft: body.freeAllowance }).where(and(eq(accounts.utility, 'water'), inArray(accounts.roomId, roomIds.slice(i, i + 1000))));
      }
      for (let i = 0; i < meters.length; i += 1000) {
        await tx.insert(giftRecords).values(meters.slice(i, i + 1000).map((m) => ({ areaId: m.areaId, utility: 'water', meterId: m.id, roomId: m.roomId, amount: body.freeAllowance, period, source: 'manual' })));
      }
      await audit(tx, session, { action: 'freeAll', entity: 'waterMeter', after: { freeAllowance: body.freeAllowance, count: meters.length, scope: scopeOf(body) } });
    });
    return ok(c, { count: meters.length });
  });

  defineRoute(router, {
    method: 'get', path: '/findDeleteImpact', summary: 'What deleting these water meters would leave behind (account, balance, tenant, readings)', tags: ['water archive'],
    query: z.object({ ids: IdList }),
  }, async (c, { query }) => ok(c, await deleteImpact(c, query.ids)));

  return router;
}
