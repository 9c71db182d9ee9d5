import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { Id, Q } from '../http/input';
import { ok } from '../http/envelope';
import { shownOnline } from '../http/meterOnline';
import { IdList, PagingQuery } from '../http/paging';
import { natural } from '../db/paging';
import { listPage, matches, preparedByIds, rowsById, type ListSpec } from '../db/listKit';
import { conflict, notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { audit } from '../audit';
import { sqlState } from '../db/errors';
import { roomTextOf } from '../db/roomNames';
import { tenantRooms } from '../http/meterSearch';

const { rooms, buildings, projects, tenants, tenantBindings, electricMeters, waterMeters, accounts } = schema;

/**
 * Room binding (中间表, `zhongjianbiao`): which electric and water meter serves each room. A room
 * has at most one meter per utility. Attaching takes a meter from stock (a meter in another room is
 * moved instead); moving a meter keeps its readings with the room they were read for (readings
 * carry their own room_id, never rewritten) and leaves the account — the money — with the room,
 * since the balance belongs to the room's tenant, not to the device. Detaching is allowed whatever
 * the balance: the usual reason is replacing a broken meter, and the account waits in the room for
 * the new one (the answer and the console's confirmation say what stays behind).
 */
const Utility = z.enum(['electric', 'water']);
type Utility = z.output<typeof Utility>;

const tableOf = (utility: Utility) => (utility === 'electric' ? electricMeters : waterMeters);

// ---- the list: rooms with their meters ----------------------------------------------------------

const ListFilters = z.object({
  /** Room code, a meter's address, or the current tenant's name or phone. */
  q: Q.text(50),
  projectId: Q.id(),
  buildingId: Q.id(),
  roomId: Q.id(),
  withoutElectric: Q.oneOf(['true', 'false']),
  withoutWater: Q.oneOf(['true', 'false']),
  id: Q.id(),
  ids: IdList.optional(),
});
type ListFilter = z.output<typeof ListFilters>;


/** A page of rooms, their meters and balances: four prepared statements over the page's room ids. */
const roomsById = rowsById('room_meter_rooms', (db) => db.select({
  id: rooms.id, areaId: rooms.areaId, roomCode: rooms.roomCode, floor: rooms.floor, state: rooms.state, buildingId: rooms.buildingId, buildingName: buildings.name,
  projectId: rooms.projectId, projectName: projects.name, tenantName: tenants.name,
}).from(rooms)
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId))
  .leftJoin(tenantBindings, and(eq(tenantBindings.roomId, rooms.id), isNull(tenantBindings.endDate)))
  .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId)), rooms.id);
const electricOfRooms = preparedByIds('room_meter_electric', (db, ids) => db.select({
  roomId: electricMeters.roomId, id: electricMeters.id, address: electricMeters.address, online: shownOnline(electricMeters), relayState: electricMeters.relayState, keepSupply: electricMeters.keepSupply,
}).from(electricMeters).where(sql`${electricMeters.roomId} ${ids}`).orderBy(asc(electricMeters.id)));
const waterOfRooms = preparedByIds('room_meter_water', (db, ids) => db.select({
  roomId: waterMeters.roomId, id: waterMeters.id, address: waterMeters.address, online: shownOnline(waterMeters), valveState: waterMeters.valveState,
  accountOpened: waterMeters.accountOpened,
}).from(waterMeters).where(sql`${waterMeters.roomId} ${ids}`).orderBy(asc(waterMeters.id)));
const balancesOfRooms = preparedByIds('room_meter_balances', (db, ids) => db.select({
  roomId: accounts.roomId, utility: accounts.utility, balanceFen: accounts.balanceFen,
}).from(accounts).where(sql`${accounts.roomId} ${ids}`));

async function roomRows(db: Db, ids: number[]) {
  const [list, electric, water, balances] = await Promise.all([
    roomsById(db, ids), electricOfRooms(db, ids), waterOfRooms(db, ids), balancesOfRooms(db, ids),
  ]);
  return list.map((room) => {
    const e = electric.find((m) => m.roomId === room.id);
    const w = water.find((m) => m.roomId === room.id);
    const balance = (utility: string) => balances.find((b) => b.roomId === room.id && b.utility === utility)?.balanceFen ?? null;
    return {
      ...room,
      electricMeterId: e?.id ?? null, electricAddress: e?.address ?? null, electricOnline: e ? e.online : null, relayState: e?.relayState ?? null, keepSupply: e?.keepSupply ?? null,
      waterMeterId: w?.id ?? null, waterAddress: w?.address ?? null, waterOnline: w ? w.online : null, valveState: w?.valveState ?? null,
      // A water meter takes money once its account is opened: the meters dialog offers the opening.
      waterAccountOpened: w ? w.accountOpened : null,
      electricBalanceFen: balance('electric'), waterBalanceFen: balance('water'),
    };
  });
}
type RoomRow = Awaited<ReturnType<typeof roomRows>>[number];

const roomList: ListSpec<RoomRow> = {
  table: rooms, id: rooms.id, area: rooms.areaId,
  sorts: { id: rooms.id, roomCode: natural(rooms.roomCode) },
  rows: roomRows,
};

const hasMeter = (table: typeof electricMeters | typeof waterMeters) => sql`EXISTS (SELECT 1 FROM ${table} m WHERE m.room_id = ${rooms.id})`;
const meterRooms = (table: typeof electricMeters | typeof waterMeters, q: string) =>
  sql`SELECT ${table.roomId} FROM ${table} WHERE ${matches(table.address, q)} AND ${table.roomId} IS NOT NULL`;

function filterConditions(query: ListFilter): SQL | undefined {
  return and(
    // The list shows each room's tenant: its search finds the tenant too (name or phone, as the other room and meter searches).
    query.q?.trim() ? sql`${rooms.id} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${matches(rooms.roomCode, query.q)}
      UNION ${meterRooms(electricMeters, query.q)} UNION ${meterRooms(waterMeters, query.q)} UNION ${tenantRooms(query.q)})` : undefined,
    query.projectId ? eq(rooms.projectId, query.projectId) : undefined,
    query.buildingId ? eq(rooms.buildingId, query.buildingId) : undefined,
    query.roomId ? eq(rooms.id, query.roomId) : undefined,
    query.withoutElectric === 'true' ? sql`NOT ${hasMeter(electricMeters)}` : query.withoutElectric === 'false' ? hasMeter(electricMeters) : undefined,
    query.withoutWater === 'true' ? sql`NOT ${hasMeter(waterMeters)}` : query.withoutWater === 'false' ? hasMeter(waterMeters) : undefined,
    query.id ? eq(rooms.id, query.id) : undefined,
    query.ids ? inArray(rooms.id, query.ids) : undefined,
  );
}

// ---- meters -------------------------------------------------------------------------------------

interface MeterRow { id: number; areaId: number; address: string; roomId: number | null }

/** A meter of the caller's scope, locked for the rest of the transaction. */
async function lockMeter(c: Ctx, tx: Db, utility: Utility, meterId: number): Promise<MeterRow> {
  const table = tableOf(utility);
  const [meter] = await tx.select({ id: table.id, areaId: table.areaId, address: table.address, roomId: table.roomId }).from(table)
    .where(and(eq(table.id, meterId), inScope(table.areaId, c.get('session')))).for('update');
  if (!meter) throw notFound('errors.meterNotFound');
  return meter;
}

/** A room of the caller's scope, locked, with the meter of this utility it has (if any). */
async function lockRoom(c: Ctx, tx: Db, utility: Utility, roomId: number) {
  const [room] = await tx.select({ id: rooms.id, areaId: rooms.areaId, roomCode: rooms.roomCode }).from(rooms)
    .where(and(eq(rooms.id, roomId), inScope(rooms.areaId, c.get('session')))).for('update');
  if (!room) throw notFound('errors.roomNotFound');
  const table = tableOf(utility);
  const [meter] = await tx.select({ id: table.id, address: table.address }).from(table).where(eq(table.roomId, roomId)).limit(1);
  return { ...room, meter };
}

async function roomCodeOf(db: Db, roomId: number) {
  const [room] = await db.select({ roomCode: rooms.roomCode }).from(rooms).where(eq(rooms.id, roomId));
  return room?.roomCode ?? String(roomId);
}

async function balanceOf(db: Db, roomId: number, utility: Utility) {
  const [account] = await db.select({ balanceFen: accounts.balanceFen }).from(accounts).where(and(eq(accounts.roomId, roomId), eq(accounts.utility, utility)));
  return account?.balanceFen ?? null;
}

/** Puts a meter into a room (or none); a water meter's account flag follows the room's water account. */
async function setRoom(tx: Db, utility: Utility, meterId: number, roomId: number | null) {
  if (utility === 'electric') {
    await tx.update(electricMeters).set({ roomId }).where(eq(electricMeters.id, meterId));
  } else {
    const opened = roomId !== null && (await balanceOf(tx, roomId, 'water')) !== null;
    await tx.update(waterMeters).set({ roomId, accountOpened: opened }).where(eq(waterMeters.id, meterId));
  }
}

/** The database's own rule (one meter per utility per room) caught a change that raced past the checks. */
async function oneMeterPerRoom<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (sqlState(error) === '23505') throw conflict('errors.roomHasMeterNow');
    throw error;
  }
}

const MeterBody = z.object({ utility: Utility, meterId: Id });

export function roomMeterRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Rooms with their electric and water meter (address, online, relay / valve state, water account opened) and balances; q: room code, meter address or current tenant (name, phone); filters incl. rooms without a meter', tags: ['room meter'],
    query: PagingQuery.extend(ListFilters.shape),
  }, async (c, { query }) => ok(c, await listPage(c.get('deps').db, roomList, { where: filterConditions(query), paging: query, areaIds: c.get('session').areaIds })));

  defineRoute(router, {
    method: 'get', path: '/findUnattachedMeters', summary: 'Meters of a utility in no room (the attach picker): q on the address', tags: ['room meter'],
    query: PagingQuery.extend({ utility: Utility, q: Q.text(20), id: Q.id(), ids: IdList.optional() }),
  }, async (c, { query }) => {
    const table = tableOf(query.utility);
    const spec: ListSpec<{ id: number; address: string; online: boolean; remark: string | null; createdAt: Date }> = {
      table, id: table.id, area: table.areaId, base: sql`${table.roomId} IS NULL`, sorts: { id: table.id, address: table.address },
      rows: (db, ids) => db.select({ id: table.id, address: table.address, online: shownOnline(table), remark: table.remark, createdAt: table.createdAt }).from(table).where(inArray(table.id, ids)),
    };
    const where = and(
      query.q?.trim() ? matches(table.address, query.q) : undefined,
      query.id ? eq(table.id, query.id) : undefined,
      query.ids ? inArray(table.id, query.ids) : undefined,
    );
    return ok(c, await listPage(c.get('deps').db, spec, { where, paging: query, areaIds: c.get('session').areaIds }));
  });

  defineRoute(router, {
    method: 'post', path: '/attachMeter', summary: 'Attach a meter in stock to a room without a meter of that utility (a meter in another room is moved with moveMeter)', tags: ['room meter'],
    body: MeterBody.extend({ roomId: Id }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const result = await oneMeterPerRoom(() => db.transaction(async (tx) => {
      const meter = await lockMeter(c, tx, body.utility, body.meterId);
      const room = await lockRoom(c, tx, body.utility, body.roomId);
      // Refusals name rooms with their project and building ("1号楼 101" exists in several projects).
      if (meter.roomId === room.id) throw conflict('errors.meterAlreadyThere', { address: meter.address, room: await roomTextOf(tx, room.id) });
      if (meter.roomId !== null) throw conflict('errors.meterInOtherRoom', { address: meter.address, room: await roomTextOf(tx, meter.roomId) });
      if (room.meter) throw conflict('errors.roomHasMeter', { room: await roomTextOf(tx, room.id), address: room.meter.address });
      await setRoom(tx, body.utility, meter.id, room.id);
      await audit(tx, session, { action: `attach:${body.utility}`, entity: 'roomMeter', entityId: room.id, before: { meterId: meter.id, roomId: null }, after: { meterId: meter.id, address: meter.address, roomId: room.id, roomCode: room.roomCode } });
      return { meterId: meter.id, address: meter.address, roomId: room.id, roomCode: room.roomCode };
    }));
    return ok(c, { ...result, room: (await roomRows(db, [result.roomId]))[0] });
  });

  defineRoute(router, {
    method: 'post', path: '/detachMeter', summary: 'Detach a meter from its room (back to stock); the room keeps its account and balance, which the answer states', tags: ['room meter'],
    body: MeterBody,
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const result = await db.transaction(async (tx) => {
      const meter = await lockMeter(c, tx, body.utility, body.meterId);
      if (meter.roomId === null) throw conflict('errors.meterNotAttached', { address: meter.address });
      const roomId = meter.roomId;
      const roomCode = await roomCodeOf(tx, roomId);
      const balanceFen = await balanceOf(tx, roomId, body.utility);
      await setRoom(tx, body.utility, meter.id, null);
      await audit(tx, session, { action: `detach:${body.utility}`, entity: 'roomMeter', entityId: roomId, before: { meterId: meter.id, address: meter.address, roomId, roomCode }, after: { meterId: meter.id, roomId: null, balanceLeftFen: balanceFen } });
      return { meterId: meter.id, address: meter.address, roomId, roomCode, balanceFen };
    });
    return ok(c, result);
  });

  defineRoute(router, {
    method: 'post', path: '/moveMeter', summary: 'Move a meter to another room without a meter of that utility: its readings stay with their old room, each room keeps its account', tags: ['room meter'],
    body: MeterBody.extend({ toRoomId: Id }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const result = await oneMeterPerRoom(() => db.transaction(async (tx) => {
      const meter = await lockMeter(c, tx, body.utility, body.meterId);
      if (meter.roomId === null) throw conflict('errors.meterNotAttached', { address: meter.address });
      const fromRoomId = meter.roomId;
      if (fromRoomId === body.toRoomId) throw conflict('errors.meterAlreadyThere', { address: meter.address, room: await roomTextOf(tx, fromRoomId) });
      // Both rooms locked in id order (two moves between the same rooms cannot deadlock).
      const [first, second] = [fromRoomId, body.toRoomId].sort((a, b) => a - b);
      await tx.select({ id: rooms.id }).from(rooms).where(inArray(rooms.id, [first, second])).orderBy(asc(rooms.id)).for('update');
      const target = await lockRoom(c, tx, body.utility, body.toRoomId);
      if (target.meter) throw conflict('errors.roomHasMeter', { room: await roomTextOf(tx, target.id), address: target.meter.address });
      const fromCode = await roomCodeOf(tx, fromRoomId);
      await setRoom(tx, body.utility, meter.id, target.id);
      await audit(tx, session, { action: `move:${body.utility}`, entity: 'roomMeter', entityId: meter.id, before: { meterId: meter.id, address: meter.address, roomId: fromRoomId, roomCode: fromCode }, after: { roomId: target.id, roomCode: target.roomCode } });
      return { meterId: meter.id, address: meter.address, fromRoomId, fromRoomCode: fromCode, toRoomId: target.id, toRoomCode: target.roomCode, fromBalanceFen: await balanceOf(tx, fromRoomId, body.utility) };
    }));
    return ok(c, result);
  });

  return router;
}
