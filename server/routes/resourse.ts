import { asc, eq } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, fieldError, z, type Ctx } from '../http/router';
import { Id, Int, Q, patchOf } from '../http/input';
import { ok, okSerialized } from '../http/envelope';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { audit } from '../audit';
import { allows } from '../http/grants';
import { ROUTES } from '../../common/routeCatalog';

const { resources, roleResources } = schema;

export interface MenuNode {
  id: number; userType: number; parentId: number; userSort: number; name: string; resUrl: string; icon: string;
  children: MenuNode[];
}

/** A menu entry opens a route of the console (SPEC.md's route table), or is an empty placeholder. */
const ROUTE_PATHS = new Set(ROUTES.map((route) => route.path));
const ResUrl = z.string().trim().max(200).refine((url) => url === '' || ROUTE_PATHS.has(url), 'validation.resUrl')
  .openapi({ type: 'string', enum: ['', ...ROUTE_PATHS] });

const ResourceBody = z.object({
  name: z.string().trim().min(1).max(50),
  parentId: Int(0).default(0),
  userType: Int(0, 2).default(2),
  userSort: Int(0, 9999).default(0),
  resUrl: ResUrl.default(''),
  icon: z.string().trim().max(64).default(''),
});
const RoleQuery = z.object({ roleId: Id });

/** Builds the tree of SPEC.md section 3 (children ordered by userSort). */
export function buildTree(rows: Omit<MenuNode, 'children'>[]): MenuNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as MenuNode[] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.userSort - b.userSort || a.id - b.id);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

/** A role the caller may look at: one of its own area scope (roles' areas come from the process's cache). */
async function requireRoleInScope(c: Ctx, roleId: number) {
  const areaId = await c.get('deps').caches.roleAreaId(roleId);
  if (areaId === undefined || !c.get('session').areaIds.includes(areaId)) throw notFound('errors.roleNotFound');
}

/** The role screen: it shows and edits any role's grants, so its holders may read any role's menu. */
const ROLE_MANAGEMENT = ['bumen'] as const;

/**
 * A role whose menu the caller may read: their own, or, for a role granted role management, any
 * role of their areas. Another role without that grant is a 403 (`errors.screenNotGranted`, the
 * answer to every call of a screen a role lacks: server/http/grants.ts), before anything is looked
 * up; a role outside the caller's areas is a 404.
 */
async function requireRoleReadable(c: Ctx, roleId: number) {
  const session = c.get('session');
  if (roleId !== session.roleId) {
    const grants = await c.get('deps').caches.roleGrants(session.roleId);
    if (!allows(ROLE_MANAGEMENT, grants.names)) throw forbidden('errors.screenNotGranted');
  }
  await requireRoleInScope(c, roleId);
}

/**
 * The menu tree is shared by every area: editing it is a platform right (a role flagged
 * platformAdmin), which area administrators do not have.
 */
function requirePlatformAdmin(c: Ctx) {
  if (!c.get('session').platformAdmin) throw forbidden('errors.platformOnly');
}

/**
 * A menu entry's parent: an existing root or group (a page holds no entries), and never the entry
 * itself or one below it (the tree would become a loop).
 */
async function requireParent(c: Ctx, db: Db, parentId: number, self?: number) {
  const [parent] = await db.select({ id: resources.id, userType: resources.userType }).from(resources).where(eq(resources.id, parentId));
  if (!parent) throw badRequest('errors.parentNotFound');
  if (parent.userType === 2) throw fieldError(c, 'parentId', 'validation.parentIsPage');
  if (self === undefined) return;
  const rows = await db.select({ id: resources.id, parentId: resources.parentId }).from(resources);
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  for (let at: number | undefined = parentId, steps = 0; at && steps <= rows.length; at = parentOf.get(at), steps++) {
    if (at === self) throw fieldError(c, 'parentId', 'validation.parentIsBelow');
  }
}

/**
 * After a committed change of the menu or its grants: this process's menu trees are dropped at
 * once (other processes hear the trigger's notification).
 */
const menuChanged = (c: Ctx) => c.get('deps').caches.tableChanged('resources');

export async function grantedResources(db: Db, roleId: number) {
  return db
    .select({ id: resources.id, userType: resources.userType, parentId: resources.parentId, userSort: resources.userSort, name: resources.name, resUrl: resources.resUrl, icon: resources.icon })
    .from(resources)
    .innerJoin(roleResources, eq(roleResources.resourceId, resources.id))
    .where(eq(roleResources.roleId, roleId))
    .orderBy(asc(resources.userSort), asc(resources.id));
}

export function resourseRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/queryResourse', summary: 'All menu resources (flat)', tags: ['menu'],
    query: z.object({ name: Q.text(50), parentId: Q.int(0) }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const rows = await db.select().from(resources).orderBy(asc(resources.userSort), asc(resources.id));
    return ok(c, rows.filter((r) => (!query.name || r.name.includes(query.name)) && (query.parentId === undefined || r.parentId === query.parentId)));
  });

  defineRoute(router, { method: 'get', path: '/queryResourseByRoleId', summary: "A role's granted menu resources (flat): the caller's own role, any of their areas' with role management", tags: ['menu'], query: RoleQuery }, async (c, { query }) => {
    await requireRoleReadable(c, query.roleId);
    return ok(c, await grantedResources(c.get('deps').db, query.roleId));
  });

  // SPEC.md: data[0].children gives the menu.
  defineRoute(router, { method: 'get', path: '/queryResourseByRoleIdTree', summary: "A role's menu tree; data[0].children is the menu: the caller's own role, any of their areas' with role management", tags: ['menu'], query: RoleQuery }, async (c, { query }) => {
    await requireRoleReadable(c, query.roleId);
    // Kept per role in memory, as JSON text, until the menu or its grants change (server/cache/).
    const { db, caches } = c.get('deps');
    return okSerialized(c, await caches.menuTrees.get(query.roleId, async () => JSON.stringify(buildTree(await grantedResources(db, query.roleId)))));
  });

  defineRoute(router, { method: 'post', path: '/saveResourse', summary: 'Create a menu resource (granted to the creator\'s role)', tags: ['menu'], body: ResourceBody }, async (c, { body }) => {
    requirePlatformAdmin(c);
    const { db } = c.get('deps');
    const session = c.get('session');
    const created = await db.transaction(async (tx) => {
      if (body.parentId) await requireParent(c, tx as unknown as Db, body.parentId);
      const [row] = await tx.insert(resources).values(body).returning();
      await tx.insert(roleResources).values({ roleId: session.roleId, resourceId: row.id });
      if (body.parentId) await tx.insert(roleResources).values({ roleId: session.roleId, resourceId: body.parentId }).onConflictDoNothing();
      await audit(tx, session, { action: 'create', entity: 'resource', entityId: row.id, after: row });
      return row;
    });
    menuChanged(c);
    return ok(c, created);
  });

  defineRoute(router, { method: 'put', path: '/updateResourse', summary: 'Update a menu resource', tags: ['menu'], body: patchOf(ResourceBody).extend({ id: Id }) }, async (c, { body }) => {
    requirePlatformAdmin(c);
    const { db } = c.get('deps');
    const { id, ...changes } = body;
    if (changes.parentId === id) throw badRequest('errors.parentIsSelf');
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(resources).where(eq(resources.id, id));
      if (!before) throw notFound('errors.recordNotFound');
      if (changes.parentId) await requireParent(c, tx as unknown as Db, changes.parentId, id);
      const [after] = await tx.update(resources).set({ ...changes, id }).where(eq(resources.id, id)).returning();
      await audit(tx, c.get('session'), { action: 'update', entity: 'resource', entityId: id, before, after });
      return after;
    });
    menuChanged(c);
    return ok(c, updated);
  });

  // SPEC.md: params, form-urlencoded header.
  defineRoute(router, { method: 'delete', path: '/deleteResourse', summary: 'Delete a menu resource without children', tags: ['menu'], query: z.object({ id: Id }) }, async (c, { query }) => {
    requirePlatformAdmin(c);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(resources).where(eq(resources.id, query.id));
      if (!before) throw notFound('errors.recordNotFound');
      if (before.userType === 0) throw forbidden('errors.rootResource');
      const children = await tx.select({ id: resources.id }).from(resources).where(eq(resources.parentId, query.id)).limit(1);
      if (children.length) throw conflict('errors.hasChildren');
      await tx.delete(roleResources).where(eq(roleResources.resourceId, query.id));
      await tx.delete(resources).where(eq(resources.id, query.id));
      await audit(tx, c.get('session'), { action: 'delete', entity: 'resource', entityId: query.id, before });
    });
    menuChanged(c);
    return ok(c);
  });

  return router;
}
