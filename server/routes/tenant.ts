import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, fieldError, z, type Ctx } from '../http/router';
import { listOf } from '../domain/results';
import { Id, Q, patchOf } from '../http/input';
import { ok } from '../http/envelope';
import { IdList, PagingQuery } from '../http/paging';
import { idsMatching, listPage, preparedByIds, rowsById, type ListSpec } from '../db/listKit';
import { conflict, notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { audit } from '../audit';
import { ID_TYPES, PHONE, idNumberProblem, normalizeIdNumber, type IdType } from '../../common/identity';
import { roomText } from '../../common/formats';
import { endTenantSessionsOfPhone } from '../domain/tenantAuth';
import { endPortalSessions, tenantPortalOf } from '../domain/tenantOperator';
import { seesPersonalData } from '../http/personalData';
import { maskPhone } from '../../common/identity';

const { tenants, tenantBindings, rooms, buildings, projects } = schema;

/**
 * The user archive (用户档案): tenants. A tenant is deleted outright only when they never rented a
 * room; one with binding history leaves the archive by a soft delete (`deleted_at`), so that the
 * binding history keeps naming them; one with a current room cannot be deleted (unbind first).
 */
const Fields = z.object({
  name: z.string().trim().min(1).max(50),
  phone: z.string().trim().regex(PHONE, 'validation.phone').nullable().optional(),
  idType: z.enum(ID_TYPES).default('resident'),
  idNumber: z.string().trim().max(30).nullable().optional(),
  remark: z.string().max(200).nullable().optional(),
});
type Fields = z.output<typeof Fields>;

/** The id number checked against its kind (a resident id's birth date and check digit), naming the field. */
function checkIdNumber(c: Ctx, idNumber: string | null | undefined, idType: IdType) {
  if (!idNumber) return;
  const problem = idNumberProblem(idNumber, idType, c.get('deps').now());
  if (problem) throw fieldError(c, 'idNumber', problem);
}

const ListFilters = z.object({
  /** Name, phone or id number (each through its own index). */
  q: Q.text(50),
  /** With a current room (true) or without (false). */
  bound: Q.oneOf(['true', 'false']),
  /** Of a current room in this project / building / room. */
  projectId: Q.id(),
  buildingId: Q.id(),
  roomId: Q.id(),
  id: Q.id(),
  ids: IdList.optional(),
});
type ListFilter = z.output<typeof ListFilters>;

/** A room the tenant rents now. */
export interface CurrentRoom { bindingId: number; roomId: number; roomCode: string; buildingName: string | null; projectName: string | null; startDate: string }

/** Each tenant's current bindings with their rooms, oldest first (one prepared statement). */
const currentBindings = preparedByIds('tenant_current_rooms', (db, ids) => db.select({
  tenantId: tenantBindings.tenantId, bindingId: tenantBindings.id, roomId: rooms.id, roomCode: rooms.roomCode, buildingId: rooms.buildingId,
  buildingName: buildings.name, projectId: rooms.projectId, projectName: projects.name, startDate: tenantBindings.startDate,
}).from(tenantBindings)
  .innerJoin(rooms, eq(rooms.id, tenantBindings.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId))
  .where(and(sql`${tenantBindings.tenantId} ${ids}`, isNull(tenantBindings.endDate)))
  .orderBy(asc(tenantBindings.startDate), asc(tenantBindings.id)));

/** The current bindings of tenants, with their rooms (one query for a page). */
async function currentRooms(db: Db, tenantIds: number[]) {
  const rows = tenantIds.length ? await currentBindings(db, tenantIds) : [];
  const byTenant = new Map<number, typeof rows>();
  for (const row of rows) byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), row]);
  return byTenant;
}

const tenantColumns = {
  id: tenants.id, areaId: tenants.areaId, name: tenants.name, phone: tenants.phone, idType: tenants.idType, idNumber: tenants.idNumber,
  remark: tenants.remark, createdAt: tenants.createdAt,
  /** Bindings ever (current and past): a tenant with history is soft-deleted. */
  // Qualified by hand: a one-table select renders its columns without the table's name.
  bindingCount: sql<number>`(SELECT count(*)::int FROM ${tenantBindings} tb WHERE tb.tenant_id = "tenants"."id")`,
};

const tenantsById = rowsById('tenant_rows', (db) => db.select(tenantColumns).from(tenants), tenants.id);

/**
 * Tenants with their current rooms: `rooms` (all of them), and for the table and its sorts the
 * first one's `roomCode` (all codes joined), `buildingName`, `projectName` and `bindingStart`.
 */
async function tenantRows(db: Db, ids: number[]) {
  const [rows, roomsOf] = await Promise.all([
    tenantsById(db, ids),
    currentRooms(db, ids),
  ]);
  return rows.map((row) => {
    const current = roomsOf.get(row.id) ?? [];
    return {
      ...row, bindingCount: Number(row.bindingCount),
      rooms: current.map(({ tenantId: _, ...room }) => room),
      roomCode: current.map((room) => room.roomCode).join(', ') || null,
      buildingName: current[0]?.buildingName ?? null,
      projectName: current[0]?.projectName ?? null,
      bindingStart: current[0]?.startDate ?? null,
      bound: current.length > 0,
    };
  });
}

const tenantList: ListSpec<Awaited<ReturnType<typeof tenantRows>>[number]> = {
  table: tenants, id: tenants.id, area: tenants.areaId,
  sorts: { id: tenants.id, name: tenants.name, phone: tenants.phone, idNumber: tenants.idNumber, createdAt: tenants.createdAt },
  rows: tenantRows,
};

/** Tenants with a current binding matching a condition on the room (`rooms` alias r). */
const boundWhere = (roomCondition?: SQL) => sql`${tenants.id} IN (SELECT tb.tenant_id FROM ${tenantBindings} tb
  WHERE tb.end_date IS NULL${roomCondition ? sql` AND tb.room_id IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${roomCondition})` : sql``})`;

/**
 * Ids of the tenants whose name, phone or id number matches `q`, each through its own index (an OR
 * is a full scan): the tenant list's search box, and the binding list's.
 */
export const tenantsMatching = (q: string) => idsMatching(tenants, tenants.id, [tenants.name, tenants.phone, tenants.idNumber], q);

const searchCondition = (q: string) => sql`${tenants.id} IN (${tenantsMatching(q)})`;

function filterConditions(query: ListFilter): SQL | undefined {
  return and(
    isNull(tenants.deletedAt),
    query.q?.trim() ? searchCondition(query.q) : undefined,
    query.bound === 'true' ? boundWhere() : query.bound === 'false' ? sql`NOT ${boundWhere()}` : undefined,
    query.projectId ? boundWhere(eq(rooms.projectId, query.projectId)) : undefined,
    query.buildingId ? boundWhere(eq(rooms.buildingId, query.buildingId)) : undefined,
    query.roomId ? boundWhere(eq(rooms.id, query.roomId)) : undefined,
    query.id ? eq(tenants.id, query.id) : undefined,
    query.ids ? inArray(tenants.id, query.ids) : undefined,
  );
}

/** A live tenant of the caller's scope, with its rooms. */
export async function findTenant(c: Ctx, id: number) {
  const { db } = c.get('deps');
  const [found] = await db.select({ id: tenants.id }).from(tenants)
    .where(and(eq(tenants.id, id), isNull(tenants.deletedAt), inScope(tenants.areaId, c.get('session'))));
  if (!found) throw notFound('errors.tenantNotFound');
  return (await tenantRows(db, [id]))[0];
}

/** No other live tenant of the area has this id number (one person, one archive record). */
async function checkIdNumberFree(c: Ctx, areaId: number, idNumber: string | null | undefined, exceptId?: number) {
  if (!idNumber) return;
  const [taken] = await c.get('deps').db.select({ id: tenants.id, name: tenants.name }).from(tenants)
    .where(and(eq(tenants.areaId, areaId), eq(tenants.idNumber, idNumber), isNull(tenants.deletedAt), exceptId ? ne(tenants.id, exceptId) : undefined));
  if (taken) throw conflict('errors.idNumberTaken', { name: taken.name });
}

const stored = (fields: Partial<Fields>) => ({
  ...fields,
  ...(fields.idNumber && fields.idType ? { idNumber: normalizeIdNumber(fields.idNumber, fields.idType) } : {}),
  ...(fields.idNumber === '' ? { idNumber: null } : {}),
  ...(fields.phone === '' ? { phone: null } : {}),
});

export function tenantRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Tenants (user archive): paged, filtered, sorted, each with its current rooms', tags: ['tenant'],
    query: PagingQuery.extend(ListFilters.shape),
  }, async (c, { query }) => {
    const result = await listPage(c.get('deps').db, tenantList, { where: filterConditions(query), paging: query, areaIds: c.get('session').areaIds });
    return ok(c, result);
  });

  defineRoute(router, {
    method: 'post', path: '/addTenant', summary: 'Add a tenant (name required; phone: mainland mobile or landline; idNumber: resident id with checksum, or idType other)', tags: ['tenant'],
    body: Fields,
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    checkIdNumber(c, body.idNumber, body.idType);
    const values = stored(body);
    await checkIdNumberFree(c, session.areaId, values.idNumber);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(tenants).values({ ...values, name: body.name, areaId: session.areaId, createdAt: now() }).returning();
      await audit(tx, session, { action: 'create', entity: 'tenant', entityId: row.id, after: row });
      return row.id;
    });
    return ok(c, await findTenant(c, id));
  });

  defineRoute(router, {
    method: 'put', path: '/updateTenant', summary: 'Update a tenant (the fields given)', tags: ['tenant'],
    body: patchOf(Fields).extend({ id: Id }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const { id, ...changes } = body;
    const before = await findTenant(c, id);
    // The id number is checked against the kind it will have (either may change alone).
    const idType = (changes.idType ?? before.idType) as IdType;
    const idNumber = changes.idNumber !== undefined ? changes.idNumber : before.idNumber;
    checkIdNumber(c, idNumber, idType);
    const values = stored({ ...changes, idType, ...(idNumber ? { idNumber } : {}) });
    await checkIdNumberFree(c, before.areaId, values.idNumber, id);
    await db.transaction(async (tx) => {
      const [after] = await tx.update(tenants).set(values).where(eq(tenants.id, id)).returning();
      const { rooms: _, ...plain } = before;
      await audit(tx, session, { action: 'update', entity: 'tenant', entityId: id, before: plain, after });
    });
    return ok(c, await findTenant(c, id));
  });

  defineRoute(router, {
    method: 'delete', path: '/deleteTenant',
    summary: 'Delete a tenant: refused while they rent a room; one with binding history leaves the archive but stays in the history (soft delete); answers { deleted, kept }',
    tags: ['tenant'],
    query: z.object({ id: Id }),
  }, async (c, { query }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const tenant = await findTenant(c, query.id);
    if (tenant.rooms.length) throw conflict('errors.tenantHasRoom', { name: tenant.name, rooms: listOf(tenant.rooms.map((room) => roomText(room))) });
    const kept = tenant.bindingCount > 0;
    await db.transaction(async (tx) => {
      // The tenant row is locked (a bind locks it too) and checked again: a bind may have come in meanwhile.
      await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenant.id)).for('update');
      const [bound] = await tx.select({ id: tenantBindings.id }).from(tenantBindings)
        .where(and(eq(tenantBindings.tenantId, tenant.id), isNull(tenantBindings.endDate)));
      if (bound) throw conflict('errors.tenantHasRoom', { name: tenant.name, rooms: '' });
      if (kept) await tx.update(tenants).set({ deletedAt: now() }).where(eq(tenants.id, tenant.id));
      else await tx.delete(tenants).where(eq(tenants.id, tenant.id));
      // Signed in to the tenant's page, the phone is signed out (issue 42): the record that let it in is gone.
      await endTenantSessionsOfPhone(tx, tenant.phone);
      const { rooms: _, ...plain } = tenant;
      await audit(tx, session, { action: kept ? 'archive' : 'delete', entity: 'tenant', entityId: tenant.id, before: plain, after: kept ? { deletedAt: now(), history: tenant.bindingCount } : null });
    });
    return ok(c, { deleted: 1, kept });
  });

  // ---- the tenant's page (issue 42) as the tenant record shows it ----------------------------------

  defineRoute(router, {
    method: 'get', path: '/findPortal',
    summary: 'The tenant\'s page for this tenant\'s phone: last sign-in, live sessions, notice choices (the defaults when the phone made none)', tags: ['tenant'],
    query: z.object({ id: Id }),
  }, async (c, { query }) => {
    const tenant = await findTenant(c, query.id);
    const portal = await tenantPortalOf(c.get('deps').db, tenant.phone, c.get('deps').now());
    // The phone as stored, masked for a caller who may not see tenants' personal data.
    return ok(c, { ...portal, phone: portal.phone && !seesPersonalData(c) ? maskPhone(portal.phone) : portal.phone });
  });

  defineRoute(router, {
    method: 'put', path: '/endPortalSessions',
    summary: 'Sign the tenant\'s phone out of the tenant\'s page (every session of it ended); answers { ended }; audited', tags: ['tenant'],
    body: z.object({ id: Id }),
  }, async (c, { body }) => {
    const tenant = await findTenant(c, body.id);
    const ended = await endPortalSessions(c.get('deps').db, c.get('session'), tenant);
    return ok(c, { ended });
  });

  return router;
}
