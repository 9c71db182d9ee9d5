import { and, asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, fieldError, z, type Ctx } from '../http/router';
import { listOf } from '../domain/results';
import { Bool, Id, Q } from '../http/input';
import { ok, page } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { containing, offsetOf, orderBy } from '../db/paging';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { audit } from '../audit';
import { activePlatformAdmins, grantedPaths, keepsAdminAccess, roleHolders, unknownResources, withAncestors } from '../domain/roles';

const { roles, roleResources, resources, areas, sysUsers } = schema;

const ResourceIds = z.array(Id).max(1000);
const RoleFields = z.object({
  name: z.string().trim().min(1).max(32),
  readOnly: Bool.default(false),
  resourceIds: ResourceIds.default([]),
  areaId: Id.optional(),
  remark: z.string().trim().max(200).optional().nullable(),
});


/** A role of the caller's area tree, or 404. */
async function roleInScope(c: Ctx, id: number) {
  const { db } = c.get('deps');
  const [role] = await db.select().from(roles).where(and(eq(roles.id, id), inScope(roles.areaId, c.get('session'))));
  if (!role) throw notFound('errors.roleNotFound');
  return role;
}

/**
 * The menu resources a role may be granted by this caller: existing ones, and (unless the caller is
 * a platform administrator) only those the caller's own role holds: nobody grants more than they
 * have. Answers the ids with their ancestors (a page's group and the root), sorted.
 */
async function grantable(c: Ctx, ids: number[]) {
  const { db } = c.get('deps');
  const session = c.get('session');
  const unique = [...new Set(ids)];
  const unknown = await unknownResources(db, unique);
  if (unknown.length) throw fieldError(c, 'resourceIds', 'validation.resourceUnknown', { ids: listOf(unknown, 20) });
  const all = await withAncestors(db, unique);
  if (!session.platformAdmin) {
    const own = new Set((await db.select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, session.roleId))).map((r) => r.id));
    const beyond = all.filter((id) => !own.has(id));
    if (beyond.length) throw fieldError(c, 'resourceIds', 'validation.resourceNotYours', { ids: listOf(beyond, 20) });
  }
  return all;
}

async function resourceIdsOf(c: Ctx, roleIds: number[]) {
  const byRole = new Map<number, number[]>(roleIds.map((id) => [id, []]));
  if (!roleIds.length) return byRole;
  const rows = await c.get('deps').db.select().from(roleResources).where(inArray(roleResources.roleId, roleIds)).orderBy(asc(roleResources.resourceId));
  for (const row of rows) byRole.get(row.roleId)?.push(row.resourceId);
  return byRole;
}

/** The menu and grants changed: this process's copies are dropped at once (others hear the triggers). */
const grantsChanged = (c: Ctx) => {
  c.get('deps').caches.tableChanged('roles');
  c.get('deps').caches.tableChanged('role_resources');
};

/**
 * Roles (permission management, `bumen`): a name, read-only or read-write, and the menu resources
 * granted. Binding calls (tools outside the project use them): `GET role/findByCondition`,
 * `POST role/addRole`, `PUT role/updateRole`, `DELETE role/deleteRole`.
 */
export function roleRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Roles of the caller\'s area tree (paged): { id, name, readOnly, resourceIds, … }', tags: ['role'],
    query: PagingQuery.extend({ name: Q.text(32), areaId: Q.id() }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const where = and(
      inScope(roles.areaId, session),
      query.name ? ilike(roles.name, containing(query.name)) : undefined,
      query.areaId ? eq(roles.areaId, query.areaId) : undefined,
    );
    const userCount = sql<number>`(SELECT count(*)::int FROM ${sysUsers} WHERE ${sysUsers.roleId} = ${roles.id})`;
    const [rows, [{ total }]] = await Promise.all([
      db.select({
        id: roles.id, name: roles.name, readOnly: roles.readOnly, platformAdmin: roles.platformAdmin, areaId: roles.areaId, areaName: areas.name,
        remark: roles.remark, createdAt: roles.createdAt, userCount,
      }).from(roles).leftJoin(areas, eq(areas.id, roles.areaId)).where(where)
        .orderBy(...orderBy(query, { name: roles.name, createdAt: roles.createdAt, readOnly: roles.readOnly }, [roles.id]))
        .limit(query.pageSize).offset(offsetOf(query)),
      db.select({ total: count() }).from(roles).where(where),
    ]);
    const grants = await resourceIdsOf(c, rows.map((row) => row.id));
    // The screens among the grants (groups and the root come with them).
    const pages = new Set((await db.select({ id: resources.id }).from(resources).where(eq(resources.userType, 2))).map((r) => r.id));
    return page(c, rows.map((row) => {
      const resourceIds = grants.get(row.id) ?? [];
      return { ...row, userCount: Number(row.userCount), resourceIds, pageCount: resourceIds.filter((id) => pages.has(id)).length };
    }), total);
  });

  defineRoute(router, { method: 'get', path: '/findById', summary: 'One role with its granted resources', tags: ['role'], query: z.object({ id: Id }) }, async (c, { query }) => {
    const role = await roleInScope(c, query.id);
    const grants = await resourceIdsOf(c, [role.id]);
    const [area] = await c.get('deps').db.select({ name: areas.name }).from(areas).where(eq(areas.id, role.areaId));
    return ok(c, { ...role, areaName: area?.name ?? null, userCount: await roleHolders(c.get('deps').db, role.id), resourceIds: grants.get(role.id) ?? [] });
  });

  defineRoute(router, {
    method: 'post', path: '/addRole', summary: 'Create a role: { name, readOnly, resourceIds } → data.id', tags: ['role'], body: RoleFields,
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const areaId = body.areaId ?? session.areaId;
    if (!session.areaIds.includes(areaId)) throw forbidden('errors.areaOutOfScope');
    const resourceIds = await grantable(c, body.resourceIds);
    const created = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.areaId, areaId), sql`lower(${roles.name}) = lower(${body.name})`));
      if (taken) throw conflict('errors.roleNameTaken', { name: body.name });
      const [row] = await tx.insert(roles).values({ areaId, name: body.name, readOnly: body.readOnly, remark: body.remark ?? null }).returning();
      if (resourceIds.length) await tx.insert(roleResources).values(resourceIds.map((resourceId) => ({ roleId: row.id, resourceId })));
      const after = { ...row, resourceIds };
      await audit(tx, session, { action: 'create', entity: 'role', entityId: row.id, after });
      return after;
    });
    grantsChanged(c);
    return ok(c, created);
  });

  defineRoute(router, {
    method: 'put', path: '/updateRole', summary: 'Change a role: id and the fields to change (name, readOnly, resourceIds, remark)', tags: ['role'],
    body: z.object({
      id: Id, name: RoleFields.shape.name.optional(), readOnly: Bool.optional(), resourceIds: ResourceIds.optional(),
      remark: z.string().trim().max(200).optional().nullable(),
    }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const before = await roleInScope(c, body.id);
    // A platform role changes only by a platform administrator's hand.
    if (before.platformAdmin && !session.platformAdmin) throw forbidden('errors.platformRoleOnly');
    const resourceIds = body.resourceIds === undefined ? undefined : await grantable(c, body.resourceIds);
    const readOnly = body.readOnly ?? before.readOnly;
    if (before.id === session.roleId) {
      // Nobody takes their own access away through their role.
      const paths = resourceIds === undefined ? await grantedPaths(db, before.id)
        : (await db.select({ resUrl: resources.resUrl }).from(resources).where(inArray(resources.id, resourceIds.length ? resourceIds : [0]))).map((r) => r.resUrl);
      if (!keepsAdminAccess(readOnly, paths)) throw badRequest('errors.cannotDemoteSelf');
    }
    const updated = await db.transaction(async (tx) => {
      if (before.platformAdmin && readOnly && !before.readOnly) {
        const admins = await activePlatformAdmins(tx, true);
        const holders = new Set((await tx.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.roleId, before.id))).map((u) => u.id));
        if (admins.length && admins.every((id) => holders.has(id))) throw conflict('errors.lastPlatformAdmin');
      }
      if (body.name !== undefined) {
        const [taken] = await tx.select({ id: roles.id }).from(roles)
          .where(and(eq(roles.areaId, before.areaId), ne(roles.id, before.id), sql`lower(${roles.name}) = lower(${body.name})`));
        if (taken) throw conflict('errors.roleNameTaken', { name: body.name });
      }
      const beforeIds = (await tx.select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, before.id)).orderBy(asc(roleResources.resourceId))).map((r) => r.id);
      const changes = { ...(body.name !== undefined ? { name: body.name } : {}), ...(body.readOnly !== undefined ? { readOnly: body.readOnly } : {}), ...(body.remark !== undefined ? { remark: body.remark } : {}) };
      const [row] = Object.keys(changes).length ? await tx.update(roles).set(changes).where(eq(roles.id, before.id)).returning() : [before];
      if (resourceIds !== undefined) {
        await tx.delete(roleResources).where(eq(roleResources.roleId, before.id));
        if (resourceIds.length) await tx.insert(roleResources).values(resourceIds.map((resourceId) => ({ roleId: before.id, resourceId })));
      }
      const after = { ...row, resourceIds: resourceIds ?? beforeIds };
      await audit(tx, session, { action: 'update', entity: 'role', entityId: before.id, before: { ...before, resourceIds: beforeIds }, after });
      return after;
    });
    grantsChanged(c);
    return ok(c, updated);
  });

  defineRoute(router, {
    method: 'delete', path: '/deleteRole', summary: 'Delete a role no user holds (409 while users hold it)', tags: ['role'], query: z.object({ id: Id }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const before = await roleInScope(c, query.id);
    if (before.platformAdmin && !session.platformAdmin) throw forbidden('errors.platformRoleOnly');
    await db.transaction(async (tx) => {
      const holders = await roleHolders(tx, before.id);
      if (holders) throw conflict('errors.roleInUse', { count: holders });
      const grants = (await tx.select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, before.id))).map((r) => r.id);
      await tx.delete(roleResources).where(eq(roleResources.roleId, before.id));
      await tx.delete(roles).where(eq(roles.id, before.id));
      await audit(tx, session, { action: 'delete', entity: 'role', entityId: before.id, before: { ...before, resourceIds: grants } });
    });
    grantsChanged(c);
    return ok(c);
  });

  return router;
}
