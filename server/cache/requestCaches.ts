import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { schema, type Database, type Db } from '../db';
import { CACHE_TTL_MS } from '../config';
import { KeyedCache } from './keyedCache';

const { areas, roles, roleResources, resources } = schema;

/** A role's grants: the route names its menu resources open, and a version of them (changes with any grant). */
export interface RoleGrants {
  names: ReadonlySet<string>;
  version: string;
}

/** The channel on which migration 0005's triggers announce a changed table (payload: its name). */
export const TABLE_CHANGES_CHANNEL = 'table_changed';

/** Tables kept in memory here, as the triggers name them. */
const CACHED_TABLES = ['areas', 'roles', 'resources', 'role_resources'] as const;
export type CachedTable = (typeof CACHED_TABLES)[number];

/** The area tree: each area's children, and the scopes computed from it so far. */
interface AreaTree {
  children: Map<number, number[]>;
  scopes: Map<number, number[]>;
}

/**
 * What every request would otherwise read from small, rarely changed tables: the area tree (an
 * operator's scope is their area and its sub-areas), each role's area, and each role's menu tree.
 * One instance per process and database.
 *
 * Kept fresh three ways:
 * - a change made through this process calls `tableChanged` right after its commit (the next
 *   request of the same client sees it, whatever the notification's latency);
 * - statement-level triggers (migration 0005) `pg_notify` the table's name on commit, and
 *   `startCaches` listens (`Database.listen`, PGlite and PostgreSQL alike), so a change made by
 *   another process on the same PostgreSQL, or by hand in psql, drops the copies of every process;
 * - every value is reloaded at the latest `ttlMs` (CACHE_TTL_MS, 30 s) after it was loaded: a
 *   notification lost while a LISTEN connection was down is not served stale for longer than that.
 *
 * Users' own rows (role, area, read-only and enabled state) are never cached: they come with the
 * session at every request, so a moved, demoted or disabled user loses the old rights at once.
 */
export class RequestCaches {
  private areaTree: KeyedCache<'tree', AreaTree>;
  private roleAreas: KeyedCache<'roles', Map<number, number>>;
  /** Per role: the role's menu tree as JSON text (`buildTree` of its granted resources). */
  readonly menuTrees: KeyedCache<number, string>;
  /** Per role: the route names granted (the API's grant check, server/http/grants.ts). */
  private grants: KeyedCache<number, RoleGrants>;

  constructor(private db: Db, ttlMs = CACHE_TTL_MS) {
    this.areaTree = new KeyedCache(ttlMs);
    this.roleAreas = new KeyedCache(ttlMs);
    this.menuTrees = new KeyedCache(ttlMs);
    this.grants = new KeyedCache(ttlMs);
  }

  /**
   * The route names a role's granted menu resources open (resUrl without its leading slash) and
   * a short version of the grant set (role, resource ids and paths): it changes with any grant.
   */
  roleGrants(roleId: number): Promise<RoleGrants> {
    return this.grants.get(roleId, async () => {
      const rows = await this.db.select({ id: resources.id, resUrl: resources.resUrl }).from(roleResources)
        .innerJoin(resources, eq(resources.id, roleResources.resourceId)).where(eq(roleResources.roleId, roleId)).orderBy(asc(resources.id));
      const names = new Set(rows.filter((row) => row.resUrl).map((row) => row.resUrl.replace(/^\//, '')));
      const version = createHash('sha1').update(`${roleId}|${rows.map((row) => `${row.id}:${row.resUrl}`).join(',')}`).digest('hex').slice(0, 12);
      return { names, version };
    });
  }

  /**
   * The area and all its descendants (an area unknown to the tree: itself alone). The array is
   * shared by every caller of the same tree, hence frozen.
   */
  async areaScope(areaId: number): Promise<number[]> {
    const tree = await this.areaTree.get('tree', () => this.loadAreaTree());
    let scope = tree.scopes.get(areaId);
    if (!scope) {
      const found = [areaId];
      for (let i = 0; i < found.length; i++) {
        for (const child of tree.children.get(found[i]) ?? []) if (!found.includes(child)) found.push(child);
      }
      scope = Object.freeze(found) as number[];
      tree.scopes.set(areaId, scope);
    }
    return scope;
  }

  /** The area a role belongs to; undefined for a role that does not exist. */
  async roleAreaId(roleId: number): Promise<number | undefined> {
    const byRole = await this.roleAreas.get('roles', async () => {
      const rows = await this.db.select({ id: roles.id, areaId: roles.areaId }).from(roles);
      return new Map(rows.map((row) => [row.id, row.areaId]));
    });
    return byRole.get(roleId);
  }

  /**
   * A table changed (here, or in another process: the trigger's notification). Anything else
   * than a known table name drops everything.
   */
  tableChanged(table: CachedTable | (string & {}) | undefined) {
    const all = !(CACHED_TABLES as readonly string[]).includes(table ?? '');
    if (all || table === 'areas') this.areaTree.invalidate();
    if (all || table === 'roles') this.roleAreas.invalidate();
    if (all || table === 'resources' || table === 'role_resources') {
      this.menuTrees.invalidate();
      this.grants.invalidate();
    }
  }

  private async loadAreaTree(): Promise<AreaTree> {
    const rows = await this.db.select({ id: areas.id, parentId: areas.parentId }).from(areas).orderBy(asc(areas.id));
    const children = new Map<number, number[]>();
    for (const { id, parentId } of rows) {
      if (parentId === null) continue;
      const list = children.get(parentId);
      if (list) list.push(id);
      else children.set(parentId, [id]);
    }
    return { children, scopes: new Map() };
  }
}

/**
 * The caches of a process, listening to the triggers' notifications on `database`; `stop` stops
 * listening. Without it (`new RequestCaches(db)`), only this process's own changes and the TTL
 * refresh them: enough for tests and tools that run alone on their database.
 */
export async function startCaches(database: Pick<Database, 'db' | 'listen'>) {
  const caches = new RequestCaches(database.db);
  const stop = await database.listen(TABLE_CHANGES_CHANNEL, (table) => caches.tableChanged(table));
  return { caches, stop };
}
