import { isIPv4, isIPv6 } from 'node:net';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { clearFaultsOfDeleted } from '../domain/deviceEvents';
import type { ModuleSettings } from '../db/schema/devices';
import { createRouter, defineRoute, fieldError, z, type Ctx } from '../http/router';
import { nameOf } from '../domain/results';
import { ok } from '../http/envelope';
import { IdList, PagingQuery } from '../http/paging';
import { inScope } from '../http/scope';
import { Id, Int, NullableId, Q, Text, patchOf } from '../http/input';
import { idsMatching, listPage, rowsById, type ListSpec } from '../db/listKit';
import { conflict, notFound } from '../http/errors';
import { audit } from '../audit';
import { MODULE_ADDRESS } from '../../common/meterAddress';

const { modules, projects, electricMeters, waterMeters, rooms, commands } = schema;

/**
 * Module management (DOMAIN.md "Module"; issue 11). Rules, enforced here:
 * - `kind`: `simulator` (the simulated estate), `tcp-gateway` (the platform connects to host:port)
 *   or `dtu` (a 4G DTU that dials in to DEVICE_PORT and registers with its address).
 * - `address`: 1–32 letters or digits, stored in capitals, unique on the whole platform (so also in
 *   the area) whatever the case typed: for a `dtu` it is the id the DTU sends as its registration
 *   packet on the shared DEVICE_PORT, which must name one module (match it in capitals); meter
 *   addresses are likewise unique platform-wide.
 * - `host` and `port`: a `tcp-gateway` needs both (host: a hostname, an IPv4 or an IPv6 address,
 *   without scheme, port or path; port 1–65535). A `simulator` or a `dtu` has none: a host or port
 *   sent for them is refused (400 naming the field); changing a module's kind away from
 *   `tcp-gateway` clears them.
 * - `protocol`: `dlt645` carries electric meters, `cjt188` water meters; it cannot change while
 *   meters of the other kind hang off the module.
 * - `settings`: see ModuleSettings (valveCode, diOrder, password and operatorCode as 8 hex digits,
 *   frameTimeoutMs 200–30000).
 * - `online` and `lastHeartbeatAt` are the device path's (heartbeats, DTU registration, command
 *   results): never taken from the operator. A new `simulator` module starts online (the simulator
 *   answers for it), a `tcp-gateway` or `dtu` offline until its path reports.
 * - Deleting is refused while meters hang off the module (naming how many of each kind) or while
 *   commands are still queued or sent through it.
 */
export const MODULE_KINDS = ['simulator', 'tcp-gateway', 'dtu'] as const;
export const MODULE_PROTOCOLS = ['dlt645', 'cjt188'] as const;
/** Which meters each protocol carries. */
export const PROTOCOL_METERS = { dlt645: 'electric', cjt188: 'water' } as const;

const HEX8 = /^[0-9A-Fa-f]{8}$/;
const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/** A hostname (RFC 1123 labels), an IPv4 or an IPv6 address; no scheme, port, path or brackets. */
export function isHost(value: string): boolean {
  if (isIPv4(value) || isIPv6(value)) return true;
  if (value.length > 253) return false;
  const labels = value.replace(/\.$/, '').split('.');
  // An all-numeric dotted name is a malformed IPv4 address, not a hostname.
  if (labels.every((label) => /^\d+$/.test(label))) return false;
  return labels.every((label) => HOST_LABEL.test(label));
}

/** The default of each protocol setting (what the drivers use when a setting is not given). */
export const SETTING_DEFAULTS: Required<ModuleSettings> = { valveCode: '04', diOrder: '901F', password: '02000000', operatorCode: '00000000', frameTimeoutMs: 3000 };

const Settings = z.object({
  valveCode: z.enum(['04', '2A']).optional(),
  diOrder: z.enum(['901F', '1F90']).optional(),
  password: z.string().regex(HEX8, 'validation.hex8').optional(),
  operatorCode: z.string().regex(HEX8, 'validation.hex8').optional(),
  frameTimeoutMs: Int(200, 30_000).optional(),
});

/** Settings: at least one of them, or null for all the defaults (an empty object says nothing). */
const SettingsInput = Settings
  .refine((settings) => Object.values(settings).some((value) => value !== undefined), 'validation.settingsEmpty')
  .nullable();

const Fields = z.object({
  // Stored in capitals: one device whatever case the operator types (a DTU's registration id is matched the same way).
  address: z.string().trim().regex(MODULE_ADDRESS, 'validation.moduleAddress').transform((value) => value.toUpperCase()),
  name: Text(60).nullable().optional(),
  kind: z.enum(MODULE_KINDS),
  protocol: z.enum(MODULE_PROTOCOLS),
  host: z.string().trim().max(253).refine(isHost, 'validation.host').nullable().optional(),
  port: Int(1, 65_535).nullable().openapi({ type: ['integer', 'null'], minimum: 1, maximum: 65_535 }).optional(),
  projectId: NullableId.optional(),
  settings: SettingsInput.optional(),
  remark: z.string().max(200).nullable().optional(),
});
type FieldValues = z.output<typeof Fields>;

const ListFilters = z.object({
  q: Q.text(50),
  kind: Q.oneOf(MODULE_KINDS),
  protocol: Q.oneOf(MODULE_PROTOCOLS),
  online: Q.oneOf(['true', 'false']),
  projectId: Q.id(),
  id: Q.id(),
  ids: IdList.optional(),
});
type ListFilter = z.output<typeof ListFilters>;

/** Meters hanging off a module: counted through the module_id indexes (an index range per row of the page). */
const electricCount = sql<number>`(SELECT count(*)::int FROM ${electricMeters} WHERE ${electricMeters.moduleId} = ${modules.id})`;
const waterCount = sql<number>`(SELECT count(*)::int FROM ${waterMeters} WHERE ${waterMeters.moduleId} = ${modules.id})`;

const columns = {
  id: modules.id, address: modules.address, name: modules.name, kind: modules.kind, protocol: modules.protocol,
  host: modules.host, port: modules.port, settings: modules.settings, online: modules.online, lastHeartbeatAt: modules.lastHeartbeatAt,
  projectId: modules.projectId, projectName: projects.name, remark: modules.remark, createdAt: modules.createdAt,
  electricCount, waterCount,
};

const moduleQuery = (db: Db) => db.select(columns).from(modules).leftJoin(projects, eq(projects.id, modules.projectId));
type ModuleRow = Awaited<ReturnType<ReturnType<typeof moduleQuery>['where']>>[number];

const moduleList: ListSpec<ModuleRow> = {
  table: modules, id: modules.id, area: modules.areaId,
  sorts: {
    id: modules.id, address: modules.address, name: modules.name, kind: modules.kind, protocol: modules.protocol,
    lastHeartbeatAt: modules.lastHeartbeatAt, projectId: modules.projectId,
  },
  rows: rowsById('module_rows', moduleQuery, modules.id),
};

/** The search box: address or name (each served by its own trigram or prefix index). */
const searchCondition = (q: string) => sql`${modules.id} IN (${idsMatching(modules, modules.id, [modules.address, modules.name], q)})`;

function filterConditions(query: ListFilter): SQL | undefined {
  return and(
    query.q?.trim() ? searchCondition(query.q) : undefined,
    query.kind ? eq(modules.kind, query.kind) : undefined,
    query.protocol ? eq(modules.protocol, query.protocol) : undefined,
    query.online ? eq(modules.online, query.online === 'true') : undefined,
    query.projectId ? eq(modules.projectId, query.projectId) : undefined,
    query.id ? eq(modules.id, query.id) : undefined,
    query.ids ? inArray(modules.id, query.ids) : undefined,
  );
}

/** How many meters of each kind "its meters" lists (the counts say how many there are in all). */
export const MODULE_METERS_CAP = 200;

async function findOne(c: Ctx, id: number) {
  const [row] = await moduleQuery(c.get('deps').db).where(and(eq(modules.id, id), inScope(modules.areaId, c.get('session'))));
  if (!row) throw notFound('errors.recordNotFound');
  return row;
}

/** The meters hanging off a module (both kinds, capped), with room and state. */
async function metersOf(db: Db, moduleId: number) {
  const [electric, water] = await Promise.all([
    db.select({
      id: electricMeters.id, address: electricMeters.address, channel: electricMeters.channel, roomId: electricMeters.roomId, roomCode: rooms.roomCode,
      online: electricMeters.online, state: electricMeters.relayState, lastReadAt: electricMeters.lastReadAt,
    }).from(electricMeters).leftJoin(rooms, eq(rooms.id, electricMeters.roomId)).where(eq(electricMeters.moduleId, moduleId))
      .orderBy(asc(electricMeters.channel), asc(electricMeters.address)).limit(MODULE_METERS_CAP),
    db.select({
      id: waterMeters.id, address: waterMeters.address, roomId: waterMeters.roomId, roomCode: rooms.roomCode,
      online: waterMeters.online, state: waterMeters.valveState, batteryLow: waterMeters.batteryLow, lastReadAt: waterMeters.lastReadAt,
    }).from(waterMeters).leftJoin(rooms, eq(rooms.id, waterMeters.roomId)).where(eq(waterMeters.moduleId, moduleId))
      .orderBy(asc(waterMeters.address)).limit(MODULE_METERS_CAP),
  ]);
  return [
    ...electric.map((meter) => ({ kind: 'electric' as const, ...meter, batteryLow: false })),
    ...water.map((meter) => ({ kind: 'water' as const, channel: null, ...meter })),
  ];
}

/** Counts of what depends on a module: meters of each kind, and commands still pending through it. */
async function dependents(db: Db, moduleId: number) {
  const [[{ electric }], [{ water }], [{ pending }]] = await Promise.all([
    db.select({ electric: count() }).from(electricMeters).where(eq(electricMeters.moduleId, moduleId)),
    db.select({ water: count() }).from(waterMeters).where(eq(waterMeters.moduleId, moduleId)),
    db.select({ pending: count() }).from(commands).where(and(eq(commands.moduleId, moduleId), inArray(commands.state, ['queued', 'sent']))),
  ]);
  return { electric: Number(electric), water: Number(water), pending: Number(pending) };
}

type ModuleState = Pick<FieldValues, 'kind' | 'protocol'> & { host?: string | null; port?: number | null };

/**
 * The rules between fields of the module as it will be (after a patch): a tcp-gateway has host
 * and port, the other kinds have neither. Returns the host and port to store.
 */
function checkKind(c: Ctx, next: ModuleState, sent: { host?: unknown; port?: unknown }) {
  if (next.kind === 'tcp-gateway') {
    if (!next.host) throw fieldError(c, 'host', 'validation.hostRequired');
    if (!next.port) throw fieldError(c, 'port', 'validation.portRequired');
    return { host: next.host, port: next.port };
  }
  if (sent.host !== undefined && sent.host !== null) throw fieldError(c, 'host', 'validation.noHost', { kind: nameOf('moduleKind', next.kind) });
  if (sent.port !== undefined && sent.port !== null) throw fieldError(c, 'port', 'validation.noHost', { kind: nameOf('moduleKind', next.kind) });
  return { host: null, port: null };
}

/** Module addresses are unique platform-wide (a DTU registering on the shared port must name one module). */
async function checkAddressFree(c: Ctx, address: string, exceptId?: number) {
  const [taken] = await c.get('deps').db.select({ id: modules.id }).from(modules)
    .where(and(eq(modules.address, address), exceptId ? ne(modules.id, exceptId) : undefined));
  if (taken) throw conflict('errors.moduleAddressTaken', { address });
}

/** A project of the caller's scope: the module goes to its area. */
async function checkProject(c: Ctx, projectId: number) {
  const [project] = await c.get('deps').db.select({ id: projects.id, areaId: projects.areaId }).from(projects)
    .where(and(eq(projects.id, projectId), inScope(projects.areaId, c.get('session'))));
  if (!project) throw fieldError(c, 'projectId', 'validation.projectNotFound');
  return project;
}

/** Settings as stored: only the given keys (absent ones take the drivers' defaults). */
const cleanSettings = (settings: ModuleSettings | null | undefined): ModuleSettings =>
  Object.fromEntries(Object.entries(settings ?? {}).filter(([, value]) => value !== undefined)) as ModuleSettings;

/** Communication modules (the meters' path to the platform): list and picker, record with its meters, create, update, delete. */
export function moduleRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition',
    summary: 'Communication modules of the caller\'s scope (paged, filtered, sorted), with their meter counts', tags: ['module'],
    query: PagingQuery.extend(ListFilters.shape),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    return ok(c, await listPage(db, moduleList, { where: filterConditions(query), paging: query, areaIds: c.get('session').areaIds }));
  });

  defineRoute(router, {
    method: 'get', path: '/findById',
    summary: `A module with its meters (electric and water: address, room, online, relay or valve state; the first ${MODULE_METERS_CAP} of each kind, the counts give all)`, tags: ['module'],
    query: z.object({ id: Id }),
  }, async (c, { query }) => {
    const module = await findOne(c, query.id);
    return ok(c, { ...module, meters: await metersOf(c.get('deps').db, module.id) });
  });

  defineRoute(router, {
    method: 'post', path: '/addModule',
    summary: 'Add a module (binding: { address, name, kind, protocol, host?, port?, remark? }); a tcp-gateway needs host and port, the other kinds take none', tags: ['module'],
    body: Fields,
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const { host, port } = checkKind(c, body, body);
    const project = body.projectId ? await checkProject(c, body.projectId) : undefined;
    const areaId = project?.areaId ?? session.areaId;
    await checkAddressFree(c, body.address);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(modules).values({
        areaId, projectId: body.projectId ?? null, address: body.address, name: body.name ?? null, kind: body.kind, protocol: body.protocol,
        host, port, settings: cleanSettings(body.settings), remark: body.remark ?? null,
        // The simulator answers for a simulated bus at once; a real path is offline until it reports.
        online: body.kind === 'simulator', lastHeartbeatAt: null, createdAt: now(),
      }).returning();
      await audit(tx, session, { action: 'create', entity: 'module', entityId: row.id, after: row });
      return row.id;
    });
    return ok(c, await findOne(c, id));
  });

  defineRoute(router, {
    method: 'post', path: '/updateModule',
    summary: 'Update a module (partial: the fields sent change); online state and heartbeat are the device path\'s, not editable', tags: ['module'],
    body: patchOf(Fields).extend({ id: Id }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const { id, ...changes } = body;
    const before = await findOne(c, id);
    const next = {
      kind: changes.kind ?? before.kind as FieldValues['kind'], protocol: changes.protocol ?? before.protocol as FieldValues['protocol'],
      host: changes.host !== undefined ? changes.host : before.host, port: changes.port !== undefined ? changes.port : before.port,
    };
    const { host, port } = checkKind(c, next, changes);
    const project = changes.projectId ? await checkProject(c, changes.projectId) : undefined;
    if (changes.address !== undefined) await checkAddressFree(c, changes.address, id);
    if (next.protocol !== before.protocol) {
      // The meters of the old protocol would be on a bus that cannot speak to them.
      const { electric, water } = await dependents(db, id);
      const stranded = next.protocol === 'cjt188' ? electric : water;
      if (stranded) throw conflict(next.protocol === 'cjt188' ? 'errors.moduleCarriesElectric' : 'errors.moduleCarriesWater', { count: stranded, address: before.address });
    }
    await db.transaction(async (tx) => {
      const [after] = await tx.update(modules).set({
        ...(changes.address !== undefined && { address: changes.address }),
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.kind !== undefined && { kind: changes.kind }),
        ...(changes.protocol !== undefined && { protocol: changes.protocol }),
        ...(changes.remark !== undefined && { remark: changes.remark }),
        ...(changes.projectId !== undefined && { projectId: changes.projectId }),
        ...(changes.settings !== undefined && { settings: cleanSettings(changes.settings) }),
        ...(project && { areaId: project.areaId }),
        host, port,
      }).where(eq(modules.id, id)).returning();
      await audit(tx, session, { action: 'update', entity: 'module', entityId: id, before, after });
    });
    return ok(c, await findOne(c, id));
  });

  defineRoute(router, {
    method: 'post', path: '/deleteModule',
    summary: 'Delete a module; refused while meters hang off it (naming how many electric and water meters) or commands are pending through it', tags: ['module'],
    body: z.object({ id: Id }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const before = await findOne(c, body.id);
    await db.transaction(async (tx) => {
      // Counted inside the transaction, the module row locked: no meter is attached meanwhile unseen.
      const [locked] = await tx.select({ id: modules.id, areaId: modules.areaId }).from(modules).where(eq(modules.id, body.id)).for('update');
      const { electric, water, pending } = await dependents(tx as unknown as Db, body.id);
      if (electric || water) throw conflict('errors.moduleHasMeters', { address: before.address, electric, water });
      if (pending) throw conflict('errors.moduleHasCommands', { address: before.address, count: pending });
      await tx.delete(modules).where(eq(modules.id, body.id));
      await clearFaultsOfDeleted(tx as unknown as Db, 'module', locked ? [locked] : [], c.get('deps').now());
      await audit(tx, session, { action: 'delete', entity: 'module', entityId: body.id, before });
    });
    return ok(c, { id: body.id });
  });

  return router;
}
