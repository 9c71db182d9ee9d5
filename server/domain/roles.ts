import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';

const { sysUsers, roles, resources, roleResources } = schema;

/**
 * The screens an administrator needs to keep administering: the administrators and the
 * permissions. A change that would leave its author without them (or read-only) is refused.
 */
export const ADMIN_ROUTES = ['/sysuser', 'bumen'] as const;

/** True when a role, with these granted menu paths, still lets its holder administer. */
export const keepsAdminAccess = (readOnly: boolean, grantedPaths: Iterable<string>) => {
  const paths = new Set(grantedPaths);
  return !readOnly && ADMIN_ROUTES.every((path) => paths.has(path));
};

/** The menu paths granted to a role. */
export async function grantedPaths(db: Db, roleId: number): Promise<string[]> {
  const rows = await db.select({ resUrl: resources.resUrl }).from(roleResources)
    .innerJoin(resources, eq(resources.id, roleResources.resourceId)).where(eq(roleResources.roleId, roleId));
  return rows.map((row) => row.resUrl);
}

/** Whether a role (as it is stored) keeps its holder an administrator. */
export async function roleKeepsAdminAccess(db: Db, role: { id: number; readOnly: boolean }) {
  return keepsAdminAccess(role.readOnly, await grantedPaths(db, role.id));
}

/**
 * The enabled users of a read-write platform role (they may edit the shared menu and hold every
 * area's last say). `lock`: their rows are locked until the transaction ends, so that two changes
 * at once cannot each remove "another" and leave none.
 */
export async function activePlatformAdmins(db: Db, lock = false): Promise<number[]> {
  const query = db.select({ id: sysUsers.id }).from(sysUsers).innerJoin(roles, eq(roles.id, sysUsers.roleId))
    .where(and(eq(sysUsers.state, 1), eq(roles.platformAdmin, true), eq(roles.readOnly, false)))
    .orderBy(sysUsers.id);
  const rows = lock ? await query.for('update', { of: sysUsers }) : await query;
  return rows.map((row) => row.id);
}

/** Every ancestor of the given menu resources, themselves included (a granted page needs its group and root). */
export async function withAncestors(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const all = await db.select({ id: resources.id, parentId: resources.parentId }).from(resources);
  const parentOf = new Map(all.map((row) => [row.id, row.parentId]));
  const out = new Set<number>();
  for (const id of ids) {
    let current: number | undefined = id;
    while (current && parentOf.has(current) && !out.has(current)) {
      out.add(current);
      current = parentOf.get(current);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** The users holding a role. */
export async function roleHolders(db: Db, roleId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sysUsers).where(eq(sysUsers.roleId, roleId));
  return Number(row.n);
}

/** Which of these ids are no menu resource. */
export async function unknownResources(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = new Set((await db.select({ id: resources.id }).from(resources).where(inArray(resources.id, ids))).map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}
