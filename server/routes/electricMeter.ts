import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { clearFaultsOfDeleted } from '../domain/deviceEvents';
import { createRouter, defineRoute, fieldError, z, type Ctx } from '../http/router';
import { nameOf } from '../domain/results';
import { Bool, Id, IdArray, Int, NullableId, Num, Q, Text, patchOf } from '../http/input';
import { ok } from '../http/envelope';
import { IdList, PagingQuery } from '../http/paging';
import { natural } from '../db/paging';
import { idsMatching, listPage, rowsById, type ListSpec } from '../db/listKit';
import { meterSearch } from '../http/meterSearch';
import { shownOnline } from '../http/meterOnline';
import { badRequest, conflict, notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { importBody, insertInBatches, runImport, type ImportSpec } from '../http/importKit';
import { audit } from '../audit';
import { sqlState } from '../db/errors';
import { roomTextOf } from '../db/roomNames';
import { roomText } from '../../common/formats';
import { enqueueCommands, type NewCommand } from '../domain/commands';
import { planLog, planSupplyAction, previewOf } from '../domain/supply';
import { ArrearsOverride, checkArrearsOverride, checkConfirmedCount } from '../http/massConfirm';
import { ensureAccount } from '../domain/ledger';
import { defaultPriceTableOf } from '../domain/billingEngine';
import { TRIP_CAUSES } from '../../common/states';
import { ELECTRIC_ADDRESS } from '../../common/meterAddress';

const { electricMeters, rooms, buildings, projects, tenants, tenantBindings, accounts, readings, modules, parameterSets, priceTables } = schema;

/**
 * Electric meter management (电表管理, `dianbiaoguanli`): the archive of electric meters, their
 * module and channel, room, parameter sets and last reading; bulk commands over the list's filters.
 *
 * Rules (decided here, documented in the OpenAPI summaries):
 * - address: exactly 12 digits (DL/T 645 address), unique over all electric meters;
 * - module: required, of the caller's area, protocol `dlt645` (an electric meter cannot hang off a
 *   CJ/T 188 module);
 * - channel: optional, 1–1024, unique per module (migration 0012's index backs the check);
 * - room: optional, of the caller's area, without another electric meter (migration 0007's unique
 *   index); the room's electric account is opened when it has none (ledger.ensureAccount);
 * - the meter's area is its room's, else its module's;
 * - parameter sets: each of its own kind (power, control, load, night, timed, gift) and of the
 *   meter's area; price table of the meter's area.
 */

/** The six kinds of parameter sets a meter carries, and the column of each. */
export const SET_KINDS = ['power', 'control', 'load', 'night', 'timed', 'gift'] as const;
type SetKind = (typeof SET_KINDS)[number];
const setField = (kind: SetKind) => `${kind}SetId` as const;
const setColumn = (kind: SetKind) => electricMeters[setField(kind)];

export const CHANNEL_MAX = 1024;

const Fields = z.object({
  address: z.string().trim().regex(ELECTRIC_ADDRESS, 'validation.electricAddress'),
  moduleId: Id,
  channel: Int(1, CHANNEL_MAX).nullable().openapi({ type: ['integer', 'null'], minimum: 1, maximum: CHANNEL_MAX }).optional(),
  roomId: NullableId.optional(),
  model: Text(40, 0).nullable().optional(),
  phase: z.union([z.literal(1), z.literal(3)], { error: 'validation.phase' }).default(1).openapi({ type: 'integer', enum: [1, 3] }),
  ctRatio: Int(1, 10_000).default(1),
  priceTableId: NullableId.optional(),
  powerSetId: NullableId.optional(),
  controlSetId: NullableId.optional(),
  loadSetId: NullableId.optional(),
  nightSetId: NullableId.optional(),
  timedSetId: NullableId.optional(),
  giftSetId: NullableId.optional(),
  remark: Text(200, 0).nullable().optional(),
});
type Fields = z.output<typeof Fields>;

/** The list's filters: the same for the list, its export and the bulk commands that follow it. */
const ListFilters = z.object({
  /** Address, room code, project or building name, or tenant name (several words: each narrows). */
  q: Q.text(50),
  projectId: Q.id(),
  buildingId: Q.id(),
  roomId: Q.id(),
  moduleId: Q.id(),
  online: Q.oneOf(['true', 'false']),
  relayState: Q.oneOf(['on', 'off', 'close_pending']),
  keepSupply: Q.oneOf(['true', 'false']),
  withoutRoom: Q.oneOf(['true', 'false']),
  /** The meter's current parameter set of a kind (the assign screens' filter). */
  powerSetId: Q.id(), controlSetId: Q.id(), loadSetId: Q.id(), nightSetId: Q.id(), timedSetId: Q.id(), giftSetId: Q.id(),
  id: Q.id(),
  ids: IdList.optional(),
});
type ListFilter = z.output<typeof ListFilters>;

const reachable = shownOnline(electricMeters);
const currentTenant = and(eq(tenantBindings.roomId, rooms.id), isNull(tenantBindings.endDate));
/** A parameter set's name (a scalar subquery on the primary key: six joins of one table otherwise). */
const setName = (kind: SetKind) => sql<string | null>`(SELECT ps.name FROM parameter_sets ps WHERE ps.id = ${setColumn(kind)})`;

const columns = {
  id: electricMeters.id, areaId: electricMeters.areaId, address: electricMeters.address, model: electricMeters.model, phase: electricMeters.phase,
  ctRatio: electricMeters.ctRatio, channel: electricMeters.channel,
  moduleId: electricMeters.moduleId, moduleAddress: modules.address, moduleName: modules.name,
  roomId: electricMeters.roomId, roomCode: rooms.roomCode, buildingId: rooms.buildingId, buildingName: buildings.name,
  projectId: rooms.projectId, projectName: projects.name, tenantName: tenants.name, tenantPhone: tenants.phone,
  relayState: electricMeters.relayState, keepSupply: electricMeters.keepSupply, online: reachable,
  lastTotal: electricMeters.lastTotal, lastSharp: electricMeters.lastSharp, lastPeak: electricMeters.lastPeak, lastFlat: electricMeters.lastFlat,
  lastValley: electricMeters.lastValley, lastVoltage: electricMeters.lastVoltage, lastCurrent: electricMeters.lastCurrent,
  lastPowerKw: electricMeters.lastPowerKw, lastReadAt: electricMeters.lastReadAt,
  priceTableId: electricMeters.priceTableId, priceTableName: priceTables.name,
  powerSetId: electricMeters.powerSetId, powerSetName: setName('power'),
  controlSetId: electricMeters.controlSetId, controlSetName: setName('control'),
  loadSetId: electricMeters.loadSetId, loadSetName: setName('load'),
  nightSetId: electricMeters.nightSetId, nightSetName: setName('night'),
  timedSetId: electricMeters.timedSetId, timedSetName: setName('timed'),
  giftSetId: electricMeters.giftSetId, giftSetName: setName('gift'),
  remark: electricMeters.remark, createdAt: electricMeters.createdAt,
};

function meterQuery(db: Db) {
  return db.select(columns).from(electricMeters)
    .leftJoin(modules, eq(modules.id, electricMeters.moduleId))
    .leftJoin(rooms, eq(rooms.id, electricMeters.roomId))
    .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
    .leftJoin(projects, eq(projects.id, rooms.projectId))
    .leftJoin(tenantBindings, currentTenant)
    .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId))
    .leftJoin(priceTables, eq(priceTables.id, electricMeters.priceTableId));
}
export type ElectricMeterRow = Awaited<ReturnType<ReturnType<typeof meterQuery>['where']>>[number];

/**
 * The meters of some rooms, the rooms taken first: `OFFSET 0` keeps the planner from turning the
 * subquery into a join it probes for every meter in id order (at 100,000 meters, the last building
 * of the area took 600 ms that way; 2 ms rooms first, through the one-meter-per-room index).
 */
const inRooms = (condition: SQL) => sql`${electricMeters.roomId} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${condition} OFFSET 0)`;

/** The search box: address, room code, project or building name, or tenant name (server/http/meterSearch.ts). */
const searchCondition = (q: string) =>
  meterSearch({ table: electricMeters, id: electricMeters.id, roomId: electricMeters.roomId, address: electricMeters.address }, q, [tenants.name]);

/** The list's filters as conditions on electric_meters alone (the area scope is the caller's). */
function filterConditions(query: ListFilter): SQL | undefined {
  return and(
    query.q?.trim() ? searchCondition(query.q) : undefined,
    query.projectId ? inRooms(eq(rooms.projectId, query.projectId)) : undefined,
    query.buildingId ? inRooms(eq(rooms.buildingId, query.buildingId)) : undefined,
    query.roomId ? eq(electricMeters.roomId, query.roomId) : undefined,
    query.moduleId ? eq(electricMeters.moduleId, query.moduleId) : undefined,
    query.online ? (query.online === 'true' ? reachable : sql`NOT ${reachable}`) : undefined,
    query.relayState ? eq(electricMeters.relayState, query.relayState) : undefined,
    query.keepSupply ? eq(electricMeters.keepSupply, query.keepSupply === 'true') : undefined,
    query.withoutRoom === 'true' ? isNull(electricMeters.roomId) : query.withoutRoom === 'false' ? sql`${electricMeters.roomId} IS NOT NULL` : undefined,
    query.id ? eq(electricMeters.id, query.id) : undefined,
    query.ids ? inArray(electricMeters.id, query.ids) : undefined,
    ...SET_KINDS.map((kind) => (query[setField(kind)] ? eq(setColumn(kind), query[setField(kind)]!) : undefined)),
  );
}

/** Electric meters on the list kit: every sort columns of electric_meters with their index (migrations 0004, 0012, 0028). */
const meterList: ListSpec<ElectricMeterRow> = {
  table: electricMeters, id: electricMeters.id, area: electricMeters.areaId,
  sorts: {
    id: electricMeters.id, address: electricMeters.address,
    // A room or a building: project, then building, then room (natural order each), so that one
    // building's 101 is not beside another's (index of migration 0028).
    roomCode: [electricMeters.projectSort, electricMeters.buildingSort, electricMeters.roomSort],
    buildingName: [electricMeters.projectSort, electricMeters.buildingSort, electricMeters.roomSort],
    projectName: electricMeters.projectSort, tenantName: electricMeters.tenantSort, relayState: electricMeters.relayState,
    channel: electricMeters.channel, lastTotal: electricMeters.lastTotal, lastReadAt: electricMeters.lastReadAt, createdAt: electricMeters.createdAt,
  },
  rows: rowsById('electric_meter_rows', meterQuery, electricMeters.id),
};

async function findOne(c: Ctx, id: number) {
  const [row] = await meterQuery(c.get('deps').db).where(and(eq(electricMeters.id, id), inScope(electricMeters.areaId, c.get('session'))));
  if (!row) throw notFound('errors.recordNotFound');
  return row;
}

// ---- checks -------------------------------------------------------------------------------------

/** The values a meter would have after a write (the stored ones, overlaid with the change). */
type Target = Pick<Fields, 'address' | 'moduleId'> & Partial<Omit<Fields, 'address' | 'moduleId'>>;

/**
 * Checks a meter's references against the database; answers the meter's area. `exceptId` is the
 * meter being edited. Each refusal names its field.
 */
async function checkMeter(c: Ctx, db: Db, target: Target, changed: Set<string>, exceptId?: number): Promise<{ areaId: number; roomAreaId?: number }> {
  const session = c.get('session');
  if (changed.has('address')) {
    const [taken] = await db.select({ id: electricMeters.id }).from(electricMeters)
      .where(and(eq(electricMeters.address, target.address), exceptId ? ne(electricMeters.id, exceptId) : undefined));
    if (taken) throw fieldError(c, 'address', 'errors.addressTaken', { address: target.address });
  }
  const [module] = await db.select({ id: modules.id, areaId: modules.areaId, protocol: modules.protocol, address: modules.address }).from(modules)
    .where(and(eq(modules.id, target.moduleId), inScope(modules.areaId, session)));
  if (!module) throw fieldError(c, 'moduleId', 'errors.moduleNotFound');
  if (module.protocol !== 'dlt645') throw fieldError(c, 'moduleId', 'errors.meters.moduleNotElectric', { address: module.address, protocol: module.protocol });
  if (target.channel != null && (changed.has('channel') || changed.has('moduleId'))) {
    const [other] = await db.select({ address: electricMeters.address }).from(electricMeters)
      .where(and(eq(electricMeters.moduleId, module.id), eq(electricMeters.channel, target.channel), exceptId ? ne(electricMeters.id, exceptId) : undefined));
    if (other) throw fieldError(c, 'channel', 'errors.meters.channelTaken', { channel: target.channel, module: module.address, address: other.address });
  }
  let areaId = module.areaId;
  if (target.roomId != null) {
    const [room] = await db.select({ id: rooms.id, areaId: rooms.areaId, roomCode: rooms.roomCode }).from(rooms)
      .where(and(eq(rooms.id, target.roomId), inScope(rooms.areaId, session)));
    if (!room) throw fieldError(c, 'roomId', 'errors.roomNotFound');
    if (changed.has('roomId')) {
      const [other] = await db.select({ address: electricMeters.address }).from(electricMeters)
        .where(and(eq(electricMeters.roomId, room.id), exceptId ? ne(electricMeters.id, exceptId) : undefined));
      // The room binding screen's message (one meter per utility per room).
      if (other) throw fieldError(c, 'roomId', 'errors.roomHasMeter', { room: await roomTextOf(db, room.id), address: other.address });
    }
    areaId = room.areaId;
  }
  for (const kind of SET_KINDS) {
    const id = target[setField(kind)];
    if (id == null) continue;
    const [set] = await db.select({ kind: parameterSets.kind, areaId: parameterSets.areaId }).from(parameterSets).where(eq(parameterSets.id, id));
    if (!set || set.kind !== kind || set.areaId !== areaId) throw fieldError(c, setField(kind), 'errors.meters.setNotAssignable', { id, kind: nameOf('setKind', kind) });
  }
  if (target.priceTableId != null) {
    const [table] = await db.select({ areaId: priceTables.areaId }).from(priceTables).where(eq(priceTables.id, target.priceTableId));
    if (!table || table.areaId !== areaId) throw fieldError(c, 'priceTableId', 'errors.meters.priceTableNotFound', { id: target.priceTableId });
  }
  return { areaId };
}

/** The database's own rules (one meter per room, unique address, one channel per module) caught a change that raced past the checks. */
async function raceChecked<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (sqlState(error) === '23505') throw conflict('errors.meters.changedMeanwhile');
    throw error;
  }
}

/** What is attached to electric meters: the room's electric account and balance, tenant and readings. */
async function deleteImpact(c: Ctx, ids: number[]) {
  const { db } = c.get('deps');
  const rows = await db.select({
    id: electricMeters.id, address: electricMeters.address, roomCode: rooms.roomCode, tenantName: tenants.name,
    accountOpened: sql<boolean>`(${accounts.id} IS NOT NULL)`, balanceFen: accounts.balanceFen,
    readings: sql<number>`(SELECT count(*)::int FROM ${readings} r WHERE r.utility = 'electric' AND r.meter_id = ${electricMeters.id} AND r.deleted_at IS NULL)`,
  }).from(electricMeters)
    .leftJoin(rooms, eq(rooms.id, electricMeters.roomId))
    .leftJoin(tenantBindings, currentTenant)
    .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId))
    .leftJoin(accounts, and(eq(accounts.roomId, electricMeters.roomId), eq(accounts.utility, 'electric')))
    .where(and(inArray(electricMeters.id, ids), inScope(electricMeters.areaId, c.get('session'))))
    .orderBy(electricMeters.id);
  return rows.map((row) => ({ ...row, readings: Number(row.readings), balanceFen: row.balanceFen ?? 0 }));
}
const hasAttachments = (impact: Awaited<ReturnType<typeof deleteImpact>>[number]) =>
  impact.accountOpened || impact.balanceFen !== 0 || !!impact.tenantName || impact.readings > 0;

// ---- bulk commands ------------------------------------------------------------------------------

/**
 * Commands over the list's filters (`filter`, as the list sends them), or `scope: 'all'` for the
 * whole area (never by omission); `dryRun` answers the count and what is left out (the one rule of
 * server/domain/supply.ts), `expectedCount` (the count the operator confirmed) refuses to act when
 * the scope has changed meanwhile, and is required for a supply command above the mass threshold
 * (server/http/massConfirm.ts).
 */
/** The most kWh a preset writes to one meter (the register's XXXXX.XX). */
const PRESET_ENERGY_MAX = 99_999.99;

/** The commands a filter may fan out to (those that need no payload beyond a trip's cause). */
const BULK_TYPES = ['read', 'trip', 'close_allowed', 'direct_close', 'keep_supply_on', 'keep_supply_off', 'time_sync', 'set_parameter', 'preset_energy'] as const;
const BulkCommand = z.object({
  filter: ListFilters.refine((filter) => Object.values(filter).some((value) => value !== undefined && value !== ''), 'validation.filterEmpty').optional(),
  scope: z.literal('all').optional(),
  dryRun: Bool.optional(),
  expectedCount: Int(0).optional(),
  type: z.enum(BULK_TYPES),
  /** A trip's power-cut cause (the command's payload `{ cause }`). */
  cause: z.enum(TRIP_CAUSES).optional(),
  /** set_parameter: the kind and the set (of that kind, in the caller's area) to assign. */
  setKind: z.enum(SET_KINDS).optional(),
  setId: Id.optional(),
  /** preset_energy: the kWh written to each meter (0.01 … 99999.99, two decimals at most; yuzhidianliang). */
  energy: Num(0.01, PRESET_ENERGY_MAX).refine((value) => Math.round(value * 100) === value * 100, 'validation.presetEnergy').optional(),
  /** time_sync: one broadcast frame per module of the meters (DL/T 645 08 to 99…99, no reply) instead of one command per meter. */
  broadcast: Bool.optional(),
  ...ArrearsOverride,
}).refine((body) => !body.broadcast || body.type === 'time_sync', { message: 'validation.broadcastTimeSyncOnly', path: ['broadcast'] })
  .refine((body) => body.type !== 'set_parameter' || body.setKind, { message: 'validation.required', path: ['setKind'] })
  .refine((body) => body.type !== 'set_parameter' || body.setId, { message: 'validation.required', path: ['setId'] })
  .refine((body) => body.type !== 'preset_energy' || body.energy !== undefined, { message: 'validation.required', path: ['energy'] })
  .refine((body) => body.type === 'preset_energy' || body.energy === undefined, { message: 'validation.presetEnergyOnly', path: ['energy'] });

/** The most meters one building of the meter tree answers (as many as a scope of ids takes). */
const TREE_METERS_MAX = 5000;

/** How many changes a set_parameter dry run lists (the rest are counted). */
const ASSIGN_PREVIEW_MAX = 200;

// ---- import -------------------------------------------------------------------------------------

const IMPORT_COLUMNS = ['address', 'moduleAddress', 'channel', 'projectName', 'buildingName', 'roomCode', 'model', 'phase', 'ctRatio', 'remark'] as const;
const ImportRow = z.object({
  address: z.string().regex(ELECTRIC_ADDRESS, 'validation.electricAddress'),
  moduleAddress: z.string().max(40),
  channel: Int(1, CHANNEL_MAX).optional(),
  projectName: z.string().max(100).optional(),
  buildingName: z.string().max(50).optional(),
  roomCode: z.string().max(20).optional(),
  model: z.string().max(40).optional(),
  phase: z.enum(['1', '3'], { error: 'validation.phase' }).optional(),
  ctRatio: Int(1, 10_000).optional(),
  remark: z.string().max(200).optional(),
}).superRefine((row, ctx) => {
  if (row.roomCode && !row.buildingName) ctx.addIssue({ code: 'custom', path: ['buildingName'], message: 'validation.estate.buildingForRoom' });
  if (row.buildingName && !row.roomCode) ctx.addIssue({ code: 'custom', path: ['roomCode'], message: 'validation.estate.roomForBuilding' });
});
type ImportRow = z.output<typeof ImportRow>;
type MeterWrite = typeof electricMeters.$inferInsert;
const keyOf = (...parts: (string | number)[]) => parts.join('\u0000');

function meterImport(c: Ctx): ImportSpec<ImportRow, MeterWrite> {
  const session = c.get('session');
  const { now } = c.get('deps');
  return {
    schema: ImportRow,
    tables: [electricMeters],
    async resolve(tx, rows, report) {
      const values = <K extends keyof ImportRow>(key: K) => [...new Set(rows.map((r) => r.value[key]).filter((v): v is NonNullable<ImportRow[K]> => v !== undefined && v !== null))];
      const addresses = values('address');
      const taken = new Set(addresses.length ? (await tx.select({ address: electricMeters.address }).from(electricMeters).where(inArray(electricMeters.address, addresses))).map((m) => m.address) : []);
      const moduleAddresses = values('moduleAddress');
      const moduleRows = moduleAddresses.length ? await tx.select({ id: modules.id, areaId: modules.areaId, address: modules.address, protocol: modules.protocol })
        .from(modules).where(and(inScope(modules.areaId, session), inArray(modules.address, moduleAddresses))) : [];
      const moduleIds = moduleRows.map((m) => m.id);
      const channelsTaken = new Set(moduleIds.length ? (await tx.select({ moduleId: electricMeters.moduleId, channel: electricMeters.channel }).from(electricMeters)
        .where(and(inArray(electricMeters.moduleId, moduleIds), sql`${electricMeters.channel} IS NOT NULL`))).map((m) => keyOf(m.moduleId!, m.channel!)) : []);
      const buildingNames = values('buildingName');
      const buildingRows = buildingNames.length ? await tx.select({ id: buildings.id, name: buildings.name, projectName: projects.name })
        .from(buildings).leftJoin(projects, eq(projects.id, buildings.projectId))
        .where(and(inScope(buildings.areaId, session), inArray(buildings.name, buildingNames))) : [];
      const codes = values('roomCode');
      const roomRows = buildingRows.length && codes.length ? await tx.select({
        id: rooms.id, buildingId: rooms.buildingId, roomCode: rooms.roomCode, areaId: rooms.areaId,
        // Qualified by hand: a select from one table renders its columns unqualified (m.id would be taken).
        meter: sql<string | null>`(SELECT m.address FROM electric_meters m WHERE m.room_id = "rooms"."id" LIMIT 1)`,
      }).from(rooms).where(and(inArray(rooms.buildingId, buildingRows.map((b) => b.id)), inArray(rooms.roomCode, codes))) : [];
      const roomsByKey = new Map(roomRows.map((r) => [keyOf(r.buildingId, r.roomCode), r]));
      const addressesInFile = new Map<string, number>();
      const channelsInFile = new Map<string, number>();
      const roomsInFile = new Map<number, number>();
      const accepted = new Map<number, MeterWrite>();
      for (const { row, value } of rows) {
        let ok = true;
        if (taken.has(value.address)) { report(row, 'address', 'errors.addressTaken', { address: value.address }); ok = false; }
        else if (addressesInFile.has(value.address)) { report(row, 'address', 'errors.estate.importDuplicate', { code: value.address, row: addressesInFile.get(value.address)! }); ok = false; }
        else addressesInFile.set(value.address, row);
        const module = moduleRows.find((m) => m.address === value.moduleAddress);
        if (!module) { report(row, 'moduleAddress', 'errors.meters.importModuleUnknown', { address: value.moduleAddress }); ok = false; }
        else if (module.protocol !== 'dlt645') { report(row, 'moduleAddress', 'errors.meters.moduleNotElectric', { address: module.address, protocol: module.protocol }); ok = false; }
        else if (value.channel !== undefined) {
          const key = keyOf(module.id, value.channel);
          if (channelsTaken.has(key)) { report(row, 'channel', 'errors.meters.importChannelTaken', { channel: value.channel, module: module.address }); ok = false; }
          else if (channelsInFile.has(key)) { report(row, 'channel', 'errors.estate.importDuplicate', { code: `${module.address}/${value.channel}`, row: channelsInFile.get(key)! }); ok = false; }
          else channelsInFile.set(key, row);
        }
        let roomId: number | null = null;
        let areaId = module?.areaId ?? session.areaId;
        if (value.buildingName && value.roomCode) {
          const candidates = buildingRows.filter((b) => b.name === value.buildingName && (!value.projectName || b.projectName === value.projectName));
          if (!candidates.length) { report(row, 'buildingName', 'errors.estate.importBuildingUnknown', { name: value.buildingName, project: value.projectName ?? '' }); ok = false; }
          else if (candidates.length > 1) { report(row, 'projectName', 'errors.estate.importBuildingAmbiguous', { name: value.buildingName }); ok = false; }
          else {
            const room = roomsByKey.get(keyOf(candidates[0].id, value.roomCode));
            if (!room) { report(row, 'roomCode', 'errors.estate.importRoomUnknown', { code: value.roomCode, building: value.buildingName }); ok = false; }
            else if (room.meter) { report(row, 'roomCode', 'errors.roomHasMeter', { room: roomText({ projectName: candidates[0].projectName, buildingName: value.buildingName, roomCode: value.roomCode }), address: room.meter }); ok = false; }
            else if (roomsInFile.has(room.id)) { report(row, 'roomCode', 'errors.estate.importDuplicate', { code: value.roomCode, row: roomsInFile.get(room.id)! }); ok = false; }
            else { roomsInFile.set(room.id, row); roomId = room.id; areaId = room.areaId; }
          }
        }
        if (ok && module) {
          accepted.set(row, {
            areaId, address: value.address, moduleId: module.id, channel: value.channel ?? null, roomId, model: value.model ?? null,
            phase: value.phase ? Number(value.phase) : 1, ctRatio: value.ctRatio ?? 1, remark: value.remark ?? null,
          });
        }
      }
      return accepted;
    },
    async write(tx, values) {
      const at = now();
      const ids = await insertInBatches(values, (batch) => tx.insert(electricMeters).values(batch.map((v) => ({ ...v, createdAt: at }))).returning({ id: electricMeters.id }));
      // Each room's electric account, opened where it has none (as a single add does).
      for (const value of values) if (value.roomId) await ensureAccount(tx, value.areaId, value.roomId, 'electric');
      return ids;
    },
    audit: (tx, summary) => audit(tx, session, { action: 'import', entity: 'electricMeter', entityId: `${summary.ids[0]}…${summary.ids.at(-1)}`, after: summary }),
  };
}

// ---- routes -------------------------------------------------------------------------------------

const DeleteBody = z.object({
  id: Id.optional(),
  ids: IdArray(5000).optional(),
  /** The typed confirmation: the address (one meter) or the count (several), when a meter carries money or history. */
  confirm: z.string().max(20).optional(),
}).refine((body) => body.id !== undefined || body.ids !== undefined, { message: 'validation.required', path: ['id'] });

export function electricMeterRoutes() {
  const router = createRouter();
  const tags = ['electric meter'];

  defineRoute(router, {
    method: 'get', path: '/findByCondition', tags,
    summary: 'Electric meters (paged, filtered, sorted; binding): each with its last reading (lastTotal, lastSharp/Peak/Flat/Valley kWh, lastVoltage V, lastCurrent A, lastPowerKw, lastReadAt), relayState (on | off | close_pending), online, keepSupply, module, channel, room, building, project, tenant, parameter sets (ids and names) and price table. Filters: q (address, room code, project or building name, tenant name; several words each narrow), projectId, buildingId, roomId, moduleId, online, relayState, keepSupply, withoutRoom',
    query: PagingQuery.extend(ListFilters.shape),
  }, async (c, { query }) => ok(c, await listPage(c.get('deps').db, meterList, { where: filterConditions(query), paging: query, areaIds: c.get('session').areaIds })));

  defineRoute(router, {
    method: 'get', path: '/findById', summary: 'One electric meter, as findByCondition answers it', tags,
    query: z.object({ id: Id }),
  }, async (c, { query }) => ok(c, await findOne(c, query.id)));

  /*
   * The meter tree of the special functions (issue 30: choose meters by project → building → room):
   * one level per call, every count and row under the list's filters (current set, online, …) and
   * the caller's area. Meters without a room belong to no project and are not in the tree.
   */
  defineRoute(router, {
    method: 'get', path: '/findTree', tags,
    summary: 'The meter tree, one level per call, under the list\'s filters: without projectId and buildingId the projects ({ id, name, count }); with projectId its buildings ({ id, name, count }); with buildingId its meters ({ id, address, roomId, roomCode, online }, by room, at most 5000). count: the meters matching the filters',
    query: ListFilters,
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(inScope(electricMeters.areaId, c.get('session')), sql`${electricMeters.roomId} IS NOT NULL`, filterConditions(query));
    if (query.buildingId) {
      const meters = await db.select({ id: electricMeters.id, address: electricMeters.address, roomId: electricMeters.roomId, roomCode: rooms.roomCode, online: reachable })
        .from(electricMeters).innerJoin(rooms, eq(rooms.id, electricMeters.roomId))
        .where(where).orderBy(electricMeters.roomSort, electricMeters.id).limit(TREE_METERS_MAX);
      return ok(c, { records: meters, total: meters.length });
    }
    const count = sql<number>`count(*)::int`;
    if (query.projectId) {
      const rows = await db.select({ id: buildings.id, name: buildings.name, count })
        .from(electricMeters).innerJoin(rooms, eq(rooms.id, electricMeters.roomId)).innerJoin(buildings, eq(buildings.id, rooms.buildingId))
        .where(where).groupBy(buildings.id, buildings.name).orderBy(sql`min(${electricMeters.buildingSort})`, buildings.id);
      return ok(c, { records: rows, total: rows.length });
    }
    const rows = await db.select({ id: projects.id, name: projects.name, count })
      .from(electricMeters).innerJoin(rooms, eq(rooms.id, electricMeters.roomId)).innerJoin(projects, eq(projects.id, rooms.projectId))
      .where(where).groupBy(projects.id, projects.name).orderBy(sql`min(${electricMeters.projectSort})`, projects.id);
    return ok(c, { records: rows, total: rows.length });
  });

  defineRoute(router, {
    method: 'post', path: '/addElectricMeter', tags,
    summary: 'Add an electric meter (binding): address (12 digits, unique), moduleId (a dlt645 module of your area), channel (1–1024, unique per module), roomId (a room of your area without an electric meter; its electric account is opened), model, phase (1 | 3), ctRatio, priceTableId, powerSetId, controlSetId, loadSetId, nightSetId, timedSetId, giftSetId (parameter sets of that kind in the meter\'s area), remark',
    body: Fields,
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const id = await raceChecked(() => db.transaction(async (tx) => {
      const { areaId } = await checkMeter(c, tx, body, new Set(Object.keys(body)));
      // A meter in a room must have a price: the area's default table when none is chosen (issue 29).
      const priceTableId = body.priceTableId ?? (body.roomId ? await defaultPriceTableOf(tx, areaId) : null);
      const [row] = await tx.insert(electricMeters).values({ ...body, priceTableId, areaId, createdAt: now() }).returning();
      if (row.roomId) await ensureAccount(tx, areaId, row.roomId, 'electric');
      await audit(tx, session, { action: 'create', entity: 'electricMeter', entityId: row.id, after: row });
      return row.id;
    }));
    return ok(c, await findOne(c, id));
  });

  defineRoute(router, {
    method: 'post', path: '/updateElectricMeter', summary: 'Change an electric meter (partial: only the fields sent; the same rules as addElectricMeter)', tags,
    body: patchOf(Fields).extend({ id: Id }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const { id, ...changes } = body;
    await raceChecked(() => db.transaction(async (tx) => {
      const [before] = await tx.select().from(electricMeters).where(and(eq(electricMeters.id, id), inScope(electricMeters.areaId, session))).for('update');
      if (!before) throw notFound('errors.recordNotFound');
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<Fields>;
      const target = { ...before, ...defined } as Target;
      const { areaId } = await checkMeter(c, tx, target, new Set(Object.keys(defined)), id);
      const [after] = await tx.update(electricMeters).set({ ...defined, areaId }).where(eq(electricMeters.id, id)).returning();
      if (after.roomId && after.roomId !== before.roomId) await ensureAccount(tx, areaId, after.roomId, 'electric');
      // Moved to another room or replaced (a new address): its next reading starts a new baseline, no charge for the jump (issue 29).
      if (after.roomId !== before.roomId || after.address !== before.address) await tx.update(electricMeters).set({ rebase: true }).where(eq(electricMeters.id, id));
      await audit(tx, session, { action: 'update', entity: 'electricMeter', entityId: id, before, after });
    }));
    return ok(c, await findOne(c, id));
  });

  defineRoute(router, {
    method: 'post', path: '/deleteElectricMeter', tags,
    summary: 'Delete electric meters (id, or ids); meters whose room has an electric account, a tenant, or readings need `confirm` (the address, or the count for several). Readings stay with their room, the account with the room',
    body: DeleteBody,
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const ids = [...new Set([...(body.id ? [body.id] : []), ...(body.ids ?? [])])];
    const rows = await db.select().from(electricMeters).where(and(inArray(electricMeters.id, ids), inScope(electricMeters.areaId, session))).orderBy(asc(electricMeters.id));
    if (rows.length !== ids.length) throw notFound('errors.recordNotFound');
    const attached = (await deleteImpact(c, ids)).filter(hasAttachments);
    const expected = ids.length === 1 ? rows[0].address : String(ids.length);
    if (attached.length && body.confirm !== expected) throw conflict('errors.deleteNeedsConfirm', { count: attached.length, expected });
    await db.transaction(async (tx) => {
      await tx.delete(electricMeters).where(inArray(electricMeters.id, ids));
      await clearFaultsOfDeleted(tx as unknown as Db, 'electric', rows, c.get('deps').now());
      for (const before of rows) await audit(tx, session, { action: 'delete', entity: 'electricMeter', entityId: before.id, before: { ...before, attached: attached.find((a) => a.id === before.id) ?? null } });
    });
    return ok(c, { deleted: rows.length });
  });

  defineRoute(router, {
    method: 'get', path: '/findDeleteImpact', summary: 'What deleting these electric meters would leave behind (room account, balance, tenant, readings)', tags,
    query: z.object({ ids: IdList }),
  }, async (c, { query }) => ok(c, await deleteImpact(c, query.ids)));

  defineRoute(router, {
    method: 'post', path: '/importElectricMeters', tags,
    summary: 'Import electric meters from CSV rows (columns address, moduleAddress, channel, projectName, buildingName, roomCode, model, phase, ctRatio, remark; the same rules as addElectricMeter); per-row report; mode "all" / "validOnly"; dryRun; one transaction',
    body: importBody(IMPORT_COLUMNS),
  }, async (c, { body }) => ok(c, await runImport(c, meterImport(c), body)));

  defineRoute(router, {
    method: 'get', path: '/findModules', summary: 'DL/T 645 modules of your area (the meter form\'s module picker), with their meter count', tags,
    query: z.object({ q: Q.text(50), id: Q.id() }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const records = await db.select({
      id: modules.id, address: modules.address, name: modules.name, kind: modules.kind, online: modules.online, projectName: projects.name,
      meters: sql<number>`(SELECT count(*)::int FROM electric_meters m WHERE m.module_id = ${modules.id})`,
    }).from(modules).leftJoin(projects, eq(projects.id, modules.projectId))
      .where(and(
        inScope(modules.areaId, c.get('session')), eq(modules.protocol, 'dlt645'),
        query.q?.trim() ? sql`${modules.id} IN (${idsMatching(modules, modules.id, [modules.address, modules.name], query.q)})` : undefined,
        query.id ? eq(modules.id, query.id) : undefined,
      ))
      .orderBy(natural(modules.address)).limit(50);
    return ok(c, records.map((m) => ({ ...m, meters: Number(m.meters) })));
  });

  defineRoute(router, {
    method: 'get', path: '/findFormOptions', summary: 'Parameter sets (with their values) and price tables of your area (kind, register prices, tiers), for the meter form\'s pickers', tags,
    query: z.object({}),
  }, async (c) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const [sets, prices] = await Promise.all([
      db.select({ id: parameterSets.id, areaId: parameterSets.areaId, kind: parameterSets.kind, name: parameterSets.name, values: parameterSets.values })
        .from(parameterSets).where(and(inScope(parameterSets.areaId, session), inArray(parameterSets.kind, [...SET_KINDS]))).orderBy(parameterSets.kind, parameterSets.id),
      db.select({
        id: priceTables.id, areaId: priceTables.areaId, name: priceTables.name, kind: priceTables.kind,
        sharpFen: priceTables.sharpFen, peakFen: priceTables.peakFen, flatFen: priceTables.flatFen, valleyFen: priceTables.valleyFen,
        // A tiered table's prices are its tiers (its register prices only follow the first tier).
        tiers: priceTables.tiers,
      }).from(priceTables).where(inScope(priceTables.areaId, session)).orderBy(priceTables.id),
    ]);
    return ok(c, { parameterSets: sets, priceTables: prices });
  });

  defineRoute(router, {
    method: 'post', path: '/commandAll', tags,
    summary: 'Queue one command per electric meter matching the list\'s filters (`filter`) or the whole area (`scope: "all"`, never by omission): type (read, trip, close_allowed, direct_close, keep_supply_on, keep_supply_off, time_sync, set_parameter, preset_energy) and a trip\'s `cause`, a set_parameter\'s `setKind` + `setId` (meters already on the set are left out; its dry run also answers `unchanged` and the first 200 `changes`, each meter with its current set), a preset_energy\'s `energy` (kWh, 0.01–99999.99; its dry run also answers `offline`); a time_sync with `broadcast: true` is one command per module of the meters (one frame reaches its bus; its dry run also answers `frames`), plus one per meter without a module. Meters already in the action\'s target state (a trip of a meter that is off, keep-supply on of a kept meter…) and kept meters of a trip are left out; a restore (direct_close, close_allowed) leaves out the meters whose account is in arrears (balance at or below minus the overdraft) unless `includeArrears` with an `overrideReason` (operation log). `dryRun` answers the count, `leftOut` ({ alreadyInState, keepSupply, inArrears }) and `inArrears`; a supply command (trip, closes, keep-supply) on more meters than MASS_CONFIRM_ABOVE needs `expectedCount` equal to that count (else 400); below it a different `expectedCount` refuses (409: the scope changed meanwhile). Answers `{ ids, count, leftOut, inArrears }`',
    body: BulkCommand,
  }, async (c, { body }) => {
    const { db, now, commandsQueued } = c.get('deps');
    const session = c.get('session');
    const filter = Object.fromEntries(Object.entries(body.filter ?? {}).filter(([, value]) => value !== undefined && value !== '')) as ListFilter;
    if (!Object.keys(filter).length && body.scope !== 'all') throw badRequest('errors.scopeRequired');
    const includeArrears = checkArrearsOverride(c, body.type, body);
    const assign = body.type === 'set_parameter' ? { setKind: body.setKind!, setId: body.setId! } : undefined;
    if (assign) {
      const [set] = await db.select({ id: parameterSets.id }).from(parameterSets)
        .where(and(eq(parameterSets.id, assign.setId), eq(parameterSets.kind, assign.setKind), inScope(parameterSets.areaId, session)));
      if (!set) throw fieldError(c, 'setId', 'errors.parameterSetNotFound', { setKind: nameOf('setKind', assign.setKind) });
    }
    const scoped = and(inScope(electricMeters.areaId, session), filterConditions(filter));
    // An assignment leaves out the meters already on the set (counted: `unchanged`).
    const current = assign ? setColumn(assign.setKind) : undefined;
    const changing = current ? sql`${current} IS DISTINCT FROM ${assign!.setId}` : undefined;
    // The one rule of what a mass action includes (server/domain/supply.ts).
    const plan = await planSupplyAction(db, 'electric', body.type, and(scoped, changing), { includeArrears });
    const meters = plan.devices;
    const unchanged = assign
      ? Number((await db.select({ unchanged: sql<number>`count(*)::int` }).from(electricMeters).where(and(scoped, sql`${current} IS NOT DISTINCT FROM ${assign.setId}`)))[0].unchanged)
      : 0;
    const preview = { ...previewOf(plan), leftOut: { ...plan.leftOut, alreadyInState: plan.leftOut.alreadyInState + unchanged } };
    // A broadcast time sync: one frame per module of the meters (it reaches every meter on that
    // bus), one command per meter without a module (it fails no_path: the progress says why).
    const broadcast = body.type === 'time_sync' && body.broadcast === true;
    const items = (payload: Record<string, unknown>): NewCommand[] => {
      if (!broadcast) return meters.map((m) => ({ areaId: m.areaId, deviceKind: 'electric' as const, deviceId: m.id, type: body.type, payload }));
      const byModule = new Map<number, number>();
      const loose: NewCommand[] = [];
      for (const m of meters) {
        if (m.moduleId === null) loose.push({ areaId: m.areaId, deviceKind: 'electric', deviceId: m.id, type: body.type, payload });
        else if (!byModule.has(m.moduleId)) byModule.set(m.moduleId, m.areaId);
      }
      return [...[...byModule].map(([moduleId, areaId]) => ({ areaId, deviceKind: 'module' as const, deviceId: moduleId, type: body.type, payload })), ...loose];
    };
    if (body.dryRun) {
      if (broadcast) return ok(c, { ...preview, ids: [], frames: items({ broadcast: true }).length });
      if (body.type === 'preset_energy') {
        // A preset's dry run also counts the offline meters (queued, retried until their deadline).
        const [{ offline }] = await db.select({ offline: sql<number>`count(*) FILTER (WHERE NOT ${reachable})::int` }).from(electricMeters).where(scoped);
        return ok(c, { ...preview, ids: [], offline: Number(offline) });
      }
      if (!assign) return ok(c, { ...preview, ids: [] });
      const changes = await db.select({
        id: electricMeters.id, address: electricMeters.address, roomCode: rooms.roomCode, buildingName: buildings.name, online: reachable,
        fromSetId: current!, fromSetName: setName(assign.setKind),
      }).from(electricMeters).leftJoin(rooms, eq(rooms.id, electricMeters.roomId)).leftJoin(buildings, eq(buildings.id, rooms.buildingId))
        .where(and(scoped, changing)).orderBy(electricMeters.roomSort, electricMeters.id).limit(ASSIGN_PREVIEW_MAX);
      return ok(c, { ...preview, ids: [], unchanged, changes });
    }
    checkConfirmedCount(c, body.type, meters.length, body.expectedCount);
    const payload = assign ?? (body.type === 'preset_energy' ? { energy: body.energy! } : body.type === 'trip' && body.cause ? { cause: body.cause } : broadcast ? { broadcast: true } : {});
    const ids = await db.transaction(async (tx) => {
      const created = await enqueueCommands(tx, session.userId, items(payload), now());
      await audit(tx, session, {
        action: 'commandAll', entity: 'electricMeter',
        after: { type: body.type, payload, count: created.length, scope: body.scope === 'all' ? { scope: 'all' } : filter, ...planLog(plan, body.overrideReason) },
      });
      return created;
    });
    commandsQueued();
    return ok(c, { ...preview, ids, count: ids.length });
  });

  return router;
}
