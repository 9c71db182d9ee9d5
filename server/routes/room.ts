import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, fieldError, z, type Ctx } from '../http/router';
import { Id, Int, Num, Q, Text, patchOf } from '../http/input';
import { ok } from '../http/envelope';
import { IdList, PagingQuery } from '../http/paging';
import { listPage, matches, rowsById, type ListSpec } from '../db/listKit';
import { tenantRooms } from '../http/meterSearch';
import { conflict, notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { audit } from '../audit';
import { deleteBlocked, holdingsOf, holdsAnything } from '../domain/estate';
import { importBody, insertInBatches, runImport, type ImportSpec } from '../http/importKit';
import { FLOORS_MAX } from './project';

const { rooms, buildings, projects, tenants, tenantBindings, accounts } = schema;

/** Longest room code. */
export const ROOM_CODE_MAX = 20;
/** Most rooms one bulk creation makes. */
export const BULK_MAX = 5000;

const OptionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const RoomCode = Text(ROOM_CODE_MAX);
const Floor = Int(1, FLOORS_MAX);
const Size = Num(0, 100_000).nullable().openapi({ type: ['number', 'null'], minimum: 0, maximum: 100_000 }).optional();

const RoomFields = z.object({
  buildingId: Id,
  roomCode: RoomCode,
  floor: Floor,
  size: Size,
  remark: OptionalText(200),
});

const ListFilters = z.object({
  q: Q.text(50),
  projectId: Q.id(),
  buildingId: Q.id(),
  floor: Q.int(1, FLOORS_MAX),
  state: Q.oneOf(['vacant', 'occupied']),
  arrears: Q.oneOf(['true', 'false']),
  id: Q.id(),
  ids: IdList.optional(),
});
type ListFilter = z.output<typeof ListFilters>;

/** The current tenant of a room (binding without end date). */
const currentTenant = and(eq(tenantBindings.roomId, rooms.id), isNull(tenantBindings.endDate));

const STATE = { 0: 'vacant', 1: 'occupied' } as const;

function roomQuery(db: Db) {
  const electric = sql`(SELECT a.balance_fen FROM accounts a WHERE a.room_id = rooms.id AND a.utility = 'electric')`;
  const water = sql`(SELECT a.balance_fen FROM accounts a WHERE a.room_id = rooms.id AND a.utility = 'water')`;
  return db.select({
    id: rooms.id, areaId: rooms.areaId, projectId: rooms.projectId, projectName: projects.name, buildingId: rooms.buildingId, buildingName: buildings.name,
    roomCode: rooms.roomCode, floor: rooms.floor, size: rooms.size, stateCode: rooms.state,
    tenantId: tenants.id, tenantName: tenants.name, tenantPhone: tenants.phone,
    electricBalanceFen: sql<number | null>`${electric}`.mapWith(Number), waterBalanceFen: sql<number | null>`${water}`.mapWith(Number),
    hasElectricMeter: sql<boolean>`EXISTS (SELECT 1 FROM electric_meters m WHERE m.room_id = rooms.id)`,
    // Kept by triggers on water_meters (migration 0013), as the water archive's room picker reads it.
    hasWaterMeter: rooms.hasWaterMeter,
    remark: rooms.remark, createdAt: rooms.createdAt,
  }).from(rooms)
    .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
    .leftJoin(projects, eq(projects.id, rooms.projectId))
    .leftJoin(tenantBindings, currentTenant)
    .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId));
}

type RoomRow = Awaited<ReturnType<ReturnType<typeof roomQuery>['where']>>[number];
/** A room as the API answers it: state as a word, balances 0 without an account. */
const present = ({ stateCode, ...row }: RoomRow) => ({
  ...row, state: STATE[stateCode as 0 | 1] ?? 'vacant',
  electricBalanceFen: row.electricBalanceFen ?? 0, waterBalanceFen: row.waterBalanceFen ?? 0,
});
export type Room = ReturnType<typeof present>;

/**
 * The search box of a room list (this one, the water archive's unbound-room picker): room code
 * (trigram / prefix index), current tenant's name or phone; one indexed id set each.
 */
export const roomSearch = (q: string) => sql`${rooms.id} IN (
  SELECT ${rooms.id} FROM ${rooms} WHERE ${matches(rooms.roomCode, q)}
  UNION ${tenantRooms(q)})`;

/** The list's filters as conditions on rooms alone (the area scope is the kit's). */
function filterConditions(query: ListFilter): SQL | undefined {
  return and(
    query.q?.trim() ? roomSearch(query.q) : undefined,
    query.projectId ? eq(rooms.projectId, query.projectId) : undefined,
    query.buildingId ? eq(rooms.buildingId, query.buildingId) : undefined,
    query.floor ? eq(rooms.floor, query.floor) : undefined,
    query.state ? eq(rooms.state, query.state === 'occupied' ? 1 : 0) : undefined,
    query.arrears === 'true' ? sql`(${rooms.electricBalanceFen} < 0 OR ${rooms.waterBalanceFen} < 0)` : undefined,
    query.arrears === 'false' ? sql`(${rooms.electricBalanceFen} >= 0 AND ${rooms.waterBalanceFen} >= 0)` : undefined,
    query.id ? eq(rooms.id, query.id) : undefined,
    query.ids ? inArray(rooms.id, query.ids) : undefined,
  );
}

/**
 * Rooms on the list kit. Sort keys are columns of rooms kept by the triggers of migration 0006
 * (natural code; project, building and code; the two balances), each with its (area, key, id)
 * index; the default order is by project, building, then code.
 */
const roomList: ListSpec<RoomRow> = {
  table: rooms, id: rooms.id, area: rooms.areaId,
  sorts: {
    id: rooms.id, roomCode: rooms.codeSort, buildingName: rooms.buildingSort, floor: rooms.floor,
    electricBalanceFen: rooms.electricBalanceFen, waterBalanceFen: rooms.waterBalanceFen,
  },
  defaultSort: { field: 'buildingName', descending: false },
  rows: rowsById('room_rows', roomQuery, rooms.id),
};

async function findRoom(c: Ctx, id: number) {
  const [row] = await roomQuery(c.get('deps').db).where(and(eq(rooms.id, id), inScope(rooms.areaId, c.get('session'))));
  if (!row) throw notFound('errors.recordNotFound');
  return present(row);
}

/** A building of the caller's scope (a 400 naming buildingId otherwise). */
async function checkBuilding(c: Ctx, buildingId: number) {
  const [building] = await c.get('deps').db.select({ id: buildings.id, areaId: buildings.areaId, projectId: buildings.projectId, name: buildings.name, floors: buildings.floors })
    .from(buildings).where(and(eq(buildings.id, buildingId), inScope(buildings.areaId, c.get('session'))));
  if (!building) throw fieldError(c, 'buildingId', 'errors.estate.buildingNotFound');
  return building;
}

async function checkCodeFree(c: Ctx, buildingId: number, buildingName: string, roomCode: string, exceptId?: number) {
  const [taken] = await c.get('deps').db.select({ id: rooms.id }).from(rooms)
    .where(and(eq(rooms.buildingId, buildingId), eq(rooms.roomCode, roomCode), exceptId ? ne(rooms.id, exceptId) : undefined));
  if (taken) throw conflict('errors.estate.roomCodeTaken', { code: roomCode, building: buildingName });
}

// ---------------------------------------------------------------------------------------------
// Bulk creation

const PLACEHOLDERS = /\{(floor|n|nn|nnn)\}/g;
const BulkFields = z.object({
  buildingId: Id,
  floorFrom: Floor,
  floorTo: Floor,
  numberFrom: Int(0, 999),
  numberTo: Int(0, 999),
  /** `{floor}` the floor, `{n}` the number, `{nn}` / `{nnn}` the number on 2 / 3 digits: `{floor}{nn}` → 101…120. */
  pattern: z.string().trim().min(1).max(30)
    .refine((p) => /\{(n|nn|nnn)\}/.test(p), 'validation.estate.patternNumber')
    .refine((p) => !/[{}]/.test(p.replace(PLACEHOLDERS, '')), 'validation.estate.patternPlaceholders'),
  size: Size,
  remark: OptionalText(200),
}).superRefine((body, ctx) => {
  if (body.floorTo < body.floorFrom) ctx.addIssue({ code: 'custom', path: ['floorTo'], message: 'validation.estate.rangeOrder' });
  if (body.numberTo < body.numberFrom) ctx.addIssue({ code: 'custom', path: ['numberTo'], message: 'validation.estate.rangeOrder' });
  else if ((body.floorTo - body.floorFrom + 1) * (body.numberTo - body.numberFrom + 1) > BULK_MAX) {
    ctx.addIssue({ code: 'custom', path: ['numberTo'], message: 'validation.estate.bulkMax' });
  }
});
type BulkFields = z.output<typeof BulkFields>;

/** The code of a floor's room number by a pattern. */
export const roomCodeOf = (pattern: string, floor: number, number: number) =>
  pattern.replace(PLACEHOLDERS, (_, name: string) =>
    name === 'floor' ? String(floor) : name === 'n' ? String(number) : String(number).padStart(name.length, '0'));

/** The rooms a bulk call would make, which already exist, and which the pattern repeats. */
async function bulkPlan(c: Ctx, body: BulkFields) {
  const building = await checkBuilding(c, body.buildingId);
  if (body.floorTo > building.floors) throw fieldError(c, 'floorTo', 'validation.estate.floorAbove', { floors: building.floors });
  const planned: { roomCode: string; floor: number; number: number; exists: boolean; duplicate: boolean }[] = [];
  const seen = new Set<string>();
  for (let floor = body.floorFrom; floor <= body.floorTo; floor++) {
    for (let number = body.numberFrom; number <= body.numberTo; number++) {
      const roomCode = roomCodeOf(body.pattern, floor, number);
      if (roomCode.length > ROOM_CODE_MAX) throw fieldError(c, 'pattern', 'validation.estate.patternTooLong', { max: ROOM_CODE_MAX });
      planned.push({ roomCode, floor, number, exists: false, duplicate: seen.has(roomCode) });
      seen.add(roomCode);
    }
  }
  const existing = new Set((await c.get('deps').db.select({ code: rooms.roomCode }).from(rooms)
    .where(and(eq(rooms.buildingId, building.id), inArray(rooms.roomCode, [...seen])))).map((r) => r.code));
  for (const room of planned) room.exists = existing.has(room.roomCode);
  const toCreate = planned.filter((room) => !room.exists && !room.duplicate);
  return { building, planned, toCreate };
}

// ---------------------------------------------------------------------------------------------
// CSV import of rooms

const ROOM_COLUMNS = ['projectName', 'buildingName', 'roomCode', 'floor', 'size', 'remark'] as const;
const RoomImportRow = z.object({
  projectName: Text(100),
  buildingName: Text(50),
  roomCode: RoomCode,
  floor: Floor,
  size: Num(0, 100_000).optional(),
  remark: z.string().max(200).optional(),
});
type RoomImportRow = z.output<typeof RoomImportRow>;
type RoomInsert = typeof rooms.$inferInsert;

const keyOf = (...parts: (string | number)[]) => parts.join('\u0000');

function roomImport(c: Ctx): ImportSpec<RoomImportRow, RoomInsert> {
  const session = c.get('session');
  const { now } = c.get('deps');
  return {
    schema: RoomImportRow,
    tables: [rooms],
    async resolve(tx, rows, report) {
      // One query per kind of reference: projects by name, their buildings by name, codes taken.
      const projectNames = [...new Set(rows.map((r) => r.value.projectName))];
      const projectRows = projectNames.length ? await tx.select({ id: projects.id, name: projects.name }).from(projects)
        .where(and(inScope(projects.areaId, session), inArray(projects.name, projectNames))) : [];
      const projectsByName = new Map<string, number[]>();
      for (const p of projectRows) projectsByName.set(p.name, [...(projectsByName.get(p.name) ?? []), p.id]);
      const buildingNames = [...new Set(rows.map((r) => r.value.buildingName))];
      const buildingRows = projectRows.length && buildingNames.length ? await tx.select({ id: buildings.id, projectId: buildings.projectId, name: buildings.name, floors: buildings.floors, areaId: buildings.areaId })
        .from(buildings).where(and(inArray(buildings.projectId, projectRows.map((p) => p.id)), inArray(buildings.name, buildingNames))) : [];
      const buildingsByKey = new Map(buildingRows.map((b) => [keyOf(b.projectId, b.name), b]));
      const codes = [...new Set(rows.map((r) => r.value.roomCode))];
      const taken = buildingRows.length && codes.length ? await tx.select({ buildingId: rooms.buildingId, roomCode: rooms.roomCode }).from(rooms)
        .where(and(inArray(rooms.buildingId, buildingRows.map((b) => b.id)), inArray(rooms.roomCode, codes))) : [];
      const takenKeys = new Set(taken.map((t) => keyOf(t.buildingId, t.roomCode)));
      const inFile = new Map<string, number>();
      const accepted = new Map<number, RoomInsert>();
      for (const { row, value } of rows) {
        const projectIds = projectsByName.get(value.projectName) ?? [];
        if (!projectIds.length) { report(row, 'projectName', 'errors.estate.importProjectUnknown', { name: value.projectName }); continue; }
        if (projectIds.length > 1) { report(row, 'projectName', 'errors.estate.importProjectAmbiguous', { name: value.projectName }); continue; }
        const building = buildingsByKey.get(keyOf(projectIds[0], value.buildingName));
        if (!building) { report(row, 'buildingName', 'errors.estate.importBuildingUnknown', { name: value.buildingName, project: value.projectName }); continue; }
        let ok = true;
        if (value.floor > building.floors) { report(row, 'floor', 'validation.estate.floorAbove', { floors: building.floors }); ok = false; }
        const key = keyOf(building.id, value.roomCode);
        if (takenKeys.has(key)) { report(row, 'roomCode', 'errors.estate.importRoomExists', { code: value.roomCode, building: building.name }); ok = false; }
        else if (inFile.has(key)) { report(row, 'roomCode', 'errors.estate.importDuplicate', { code: value.roomCode, row: inFile.get(key)! }); ok = false; }
        else inFile.set(key, row);
        if (ok) {
          accepted.set(row, {
            areaId: building.areaId, projectId: building.projectId, buildingId: building.id, roomCode: value.roomCode, floor: value.floor,
            size: value.size ?? null, remark: value.remark ?? null, createdAt: now(),
          });
        }
      }
      return accepted;
    },
    write: (tx, values) => insertInBatches(values, (batch) => tx.insert(rooms).values(batch).returning({ id: rooms.id })),
    audit: (tx, summary) => audit(tx, session, { action: 'import', entity: 'room', entityId: `${summary.ids[0]}…${summary.ids.at(-1)}`, after: summary }),
  };
}

// ---------------------------------------------------------------------------------------------

export function roomRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition',
    summary: 'Rooms (paged, filtered, sorted): code, floor, size, state, project and building, current tenant, electric and water balance (fen), whether each meter exists',
    tags: ['room'], query: PagingQuery.extend(ListFilters.shape),
  }, async (c, { query }) => {
    const result = await listPage(c.get('deps').db, roomList, { where: filterConditions(query), paging: query, areaIds: c.get('session').areaIds });
    return ok(c, { ...result, records: result.records.map(present) });
  });

  defineRoute(router, { method: 'post', path: '/addRoom', summary: 'Add a room (code unique in its building); opens nothing else', tags: ['room'], body: RoomFields }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const building = await checkBuilding(c, body.buildingId);
    if (body.floor > building.floors) throw fieldError(c, 'floor', 'validation.estate.floorAbove', { floors: building.floors });
    await checkCodeFree(c, building.id, building.name, body.roomCode);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(rooms).values({ ...body, areaId: building.areaId, projectId: building.projectId, createdAt: now() }).returning();
      await audit(tx, session, { action: 'create', entity: 'room', entityId: row.id, after: row });
      return row.id;
    });
    return ok(c, await findRoom(c, id));
  });

  defineRoute(router, {
    method: 'put', path: '/updateRoom', summary: 'Update a room (code unique in its building; moving it to another building moves its project too)', tags: ['room'],
    body: patchOf(RoomFields).extend({ id: Id }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const { id, ...changes } = body;
    const before = await findRoom(c, id);
    const building = await checkBuilding(c, changes.buildingId ?? before.buildingId);
    const floor = changes.floor ?? before.floor;
    if (floor > building.floors) throw fieldError(c, 'floor', 'validation.estate.floorAbove', { floors: building.floors });
    if (changes.roomCode !== undefined || changes.buildingId !== undefined) await checkCodeFree(c, building.id, building.name, changes.roomCode ?? before.roomCode, id);
    await db.transaction(async (tx) => {
      const moved = building.id !== before.buildingId ? { projectId: building.projectId, areaId: building.areaId } : {};
      // The table's row on both sides of the log's entry (the screen's row, `before`, words the state and adds names and balances).
      const [stored] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update');
      const [after] = await tx.update(rooms).set({ ...changes, ...moved, id }).where(eq(rooms.id, id)).returning();
      await audit(tx, session, { action: 'update', entity: 'room', entityId: id, before: stored, after });
    });
    return ok(c, await findRoom(c, id));
  });

  defineRoute(router, {
    method: 'delete', path: '/deleteRoom',
    summary: 'Delete rooms (id or ids, comma-separated); refused (409, naming what is in the way) while one has a meter, a current tenant or a non-zero balance',
    tags: ['room'],
    query: z.object({ id: IdList.optional(), ids: IdList.optional() }).refine((q) => q.id || q.ids, { message: 'validation.required', path: ['id'] }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const ids = [...new Set([...(query.id ?? []), ...(query.ids ?? [])])];
    const before = (await roomQuery(db).where(and(inArray(rooms.id, ids), inScope(rooms.areaId, session)))).map(present);
    if (before.length !== ids.length) throw notFound('errors.recordNotFound');
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM rooms WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) FOR UPDATE`);
      const holdings = await holdingsOf(tx, { roomIds: ids });
      if (holdsAnything(holdings)) {
        const name = before.length === 1 ? `${before[0].buildingName ?? ''} ${before[0].roomCode}`.trim() : before.slice(0, 5).map((r) => r.roomCode).join(', ') + (before.length > 5 ? '…' : '');
        throw deleteBlocked(name, holdings);
      }
      // Empty accounts of the rooms go with them (a zero balance: their ledger stays).
      await tx.delete(accounts).where(inArray(accounts.roomId, ids));
      await tx.delete(rooms).where(inArray(rooms.id, ids));
      for (const row of before) await audit(tx, session, { action: 'delete', entity: 'room', entityId: row.id, before: row });
    });
    return ok(c, { deleted: ids.length });
  });

  defineRoute(router, {
    method: 'post', path: '/previewRoomsInBulk',
    summary: 'Preview a bulk creation: the codes floors floorFrom…floorTo × numbers numberFrom…numberTo make by the pattern ({floor}, {n}, {nn}, {nnn}), which exist already, which the pattern repeats',
    tags: ['room'], body: BulkFields,
  }, async (c, { body }) => {
    const { planned, toCreate } = await bulkPlan(c, body);
    return ok(c, {
      rooms: planned, total: planned.length, toCreate: toCreate.length,
      existing: planned.filter((r) => r.exists).length, duplicates: planned.filter((r) => r.duplicate && !r.exists).length,
    });
  });

  defineRoute(router, {
    method: 'post', path: '/addRoomsInBulk',
    summary: 'Create rooms in bulk (at most 5,000, one transaction); existing codes and repeats are skipped and reported', tags: ['room'], body: BulkFields,
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const { building, planned, toCreate } = await bulkPlan(c, body);
    const ids = toCreate.length ? await db.transaction(async (tx) => {
      const created = await insertInBatches(toCreate, (batch) => tx.insert(rooms).values(batch.map((room) => ({
        areaId: building.areaId, projectId: building.projectId, buildingId: building.id, roomCode: room.roomCode, floor: room.floor,
        size: body.size ?? null, remark: body.remark ?? null, createdAt: now(),
      }))).returning({ id: rooms.id }));
      await audit(tx, session, { action: 'createBulk', entity: 'room', entityId: `${created[0]}…${created.at(-1)}`, after: { ...body, created: created.length, ids: created } });
      return created;
    }) : [];
    if (ids.length > 100) await db.execute(sql`ANALYZE rooms`);
    const skipped = planned.filter((r) => r.exists || r.duplicate).map((r) => r.roomCode);
    return ok(c, { created: ids.length, skipped: skipped.length, skippedCodes: skipped.slice(0, 200) });
  });

  defineRoute(router, {
    method: 'post', path: '/importRooms',
    summary: 'Import rooms from CSV rows (columns projectName, buildingName, roomCode, floor, size, remark; at most 20,000): a per-row report { row, column, reason }; mode "all" writes nothing when a row is invalid, "validOnly" writes the valid rows; dryRun validates only; one transaction',
    tags: ['room'], body: importBody(ROOM_COLUMNS),
  }, async (c, { body }) => ok(c, await runImport(c, roomImport(c), body)));

  return router;
}
