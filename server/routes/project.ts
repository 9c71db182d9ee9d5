import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { Id, Int, Q, Text, patchOf } from '../http/input';
import { ok } from '../http/envelope';
import { IdList, PagingQuery } from '../http/paging';
import { natural } from '../db/paging';
import { listPage, matches, rowsById, type ListSpec } from '../db/listKit';
import { rowsOf } from '../db/rows';
import { badRequest, conflict, notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { audit } from '../audit';
import { deleteBlocked, holdingsOf, holdsAnything } from '../domain/estate';
import { PHONE } from '../../common/identity';

const { projects, buildings, rooms } = schema;

/** Optional text of a form: absent, null (cleared) or trimmed text up to `max`. */
const OptionalText = (max: number) => z.string().trim().max(max).nullable().optional();

// ---------------------------------------------------------------------------------------------
// Projects (项目管理)

const ProjectFields = z.object({
  name: Text(100),
  address: OptionalText(200),
  contact: OptionalText(50),
  phone: z.string().trim().regex(PHONE, 'validation.phone').nullable().optional(),
  remark: OptionalText(200),
});
const ProjectFilters = PagingQuery.extend({ q: Q.text(50), id: Q.id(), ids: IdList.optional() });

const projectColumns = {
  id: projects.id, areaId: projects.areaId, name: projects.name, address: projects.address, contact: projects.contact,
  phone: projects.phone, remark: projects.remark, createdAt: projects.createdAt,
  buildings: sql<number>`(SELECT count(*)::int FROM buildings b WHERE b.project_id = projects.id)`,
  rooms: sql<number>`(SELECT count(*)::int FROM rooms r WHERE r.project_id = projects.id)`,
};
const projectQuery = (db: Db) => db.select(projectColumns).from(projects);

/** Projects on the list kit: natural name order by the index of migration 0006. */
const projectList: ListSpec<Awaited<ReturnType<ReturnType<typeof projectQuery>['where']>>[number]> = {
  table: projects, id: projects.id, area: projects.areaId,
  sorts: { id: projects.id, name: natural(projects.name) },
  rows: rowsById('project_rows', projectQuery, projects.id),
};

async function findProject(c: Ctx, id: number) {
  const [row] = await projectQuery(c.get('deps').db).where(and(eq(projects.id, id), inScope(projects.areaId, c.get('session'))));
  if (!row) throw notFound('errors.recordNotFound');
  return row;
}

async function checkProjectName(c: Ctx, areaId: number, name: string, exceptId?: number) {
  const [taken] = await c.get('deps').db.select({ id: projects.id }).from(projects)
    .where(and(eq(projects.areaId, areaId), eq(projects.name, name), exceptId ? ne(projects.id, exceptId) : undefined));
  if (taken) throw conflict('errors.estate.projectNameTaken', { name });
}

/**
 * Per project of the caller's scope: buildings, rooms, occupancy, meters (online), balance total,
 * accounts in arrears: one statement of aggregates. Balances come from the rooms' copies of their
 * accounts (migration 0006), one pass over rooms instead of a join of every account.
 */
async function overview(c: Ctx) {
  const areaIds = c.get('session').areaIds;
  if (!areaIds.length) return [];
  const scope = sql`ANY(${`{${areaIds.join(',')}}`}::int[])`;
  const result = await c.get('deps').db.execute(sql`
    SELECT p.id, p.name, p.address, p.contact, p.phone,
           coalesce(b.n, 0)::int AS buildings, coalesce(r.n, 0)::int AS rooms, coalesce(r.occupied, 0)::int AS "occupiedRooms",
           coalesce(m.electric, 0)::int AS "electricMeters", coalesce(m.water, 0)::int AS "waterMeters", coalesce(m.online, 0)::int AS "metersOnline",
           coalesce(r.total, 0)::bigint AS "balanceFen", coalesce(r.arrears, 0)::int AS "accountsInArrears"
      FROM projects p
      LEFT JOIN (SELECT project_id, count(*) AS n FROM buildings WHERE area_id = ${scope} GROUP BY project_id) b ON b.project_id = p.id
      LEFT JOIN (SELECT project_id, count(*) AS n, count(*) FILTER (WHERE state = 1) AS occupied,
                        sum(electric_balance_fen + water_balance_fen) AS total,
                        count(*) FILTER (WHERE electric_balance_fen < 0) + count(*) FILTER (WHERE water_balance_fen < 0) AS arrears
                   FROM rooms WHERE area_id = ${scope} GROUP BY project_id) r ON r.project_id = p.id
      LEFT JOIN (SELECT rm.project_id, count(*) FILTER (WHERE m.kind = 'electric') AS electric, count(*) FILTER (WHERE m.kind = 'water') AS water,
                        count(*) FILTER (WHERE m.online AND m.module_id IS NOT NULL) AS online
                   FROM (SELECT 'electric' AS kind, room_id, online, module_id FROM electric_meters WHERE area_id = ${scope} AND room_id IS NOT NULL
                         UNION ALL SELECT 'water', room_id, online, module_id FROM water_meters WHERE area_id = ${scope} AND room_id IS NOT NULL) m
                   JOIN rooms rm ON rm.id = m.room_id GROUP BY rm.project_id) m ON m.project_id = p.id
     WHERE p.area_id = ${scope}
     ORDER BY natural_sort_key(p.name), p.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => {
    const roomsCount = Number(row.rooms);
    const occupied = Number(row.occupiedRooms);
    return {
      ...row, balanceFen: Number(row.balanceFen),
      occupancy: roomsCount ? Math.round((occupied / roomsCount) * 1000) / 10 : 0,
    };
  });
}

/** Projects (项目管理): list (pickers too), overview, create, update, delete. */
export function projectRoutes() {
  const router = createRouter();
  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Projects of the caller\'s scope (paged; `q` searches the name; used by the pickers)', tags: ['project'],
    query: ProjectFilters,
  }, async (c, { query }) => {
    const where = and(
      query.q?.trim() ? matches(projects.name, query.q) : undefined,
      query.id ? eq(projects.id, query.id) : undefined,
      query.ids ? inArray(projects.id, query.ids) : undefined,
    );
    return ok(c, await listPage(c.get('deps').db, projectList, { where, paging: query, areaIds: c.get('session').areaIds }));
  });

  defineRoute(router, {
    method: 'get', path: '/findOverview',
    summary: 'Project overview: per project of the caller\'s scope, buildings, rooms, occupied rooms and occupancy (%), electric and water meters and meters online, balance total (fen) and accounts in arrears',
    tags: ['project'],
  }, async (c) => ok(c, await overview(c)));

  defineRoute(router, { method: 'post', path: '/addProject', summary: 'Add a project (name unique in the area)', tags: ['project'], body: ProjectFields }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    await checkProjectName(c, session.areaId, body.name);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(projects).values({ ...body, areaId: session.areaId, createdAt: now() }).returning();
      await audit(tx, session, { action: 'create', entity: 'project', entityId: row.id, after: row });
      return row.id;
    });
    return ok(c, await findProject(c, id));
  });

  defineRoute(router, {
    method: 'put', path: '/updateProject', summary: 'Update a project', tags: ['project'], body: patchOf(ProjectFields).extend({ id: Id }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const { id, ...changes } = body;
    const before = await findProject(c, id);
    if (changes.name) await checkProjectName(c, before.areaId, changes.name, id);
    await db.transaction(async (tx) => {
      const [after] = await tx.update(projects).set({ ...changes, id }).where(eq(projects.id, id)).returning();
      await audit(tx, session, { action: 'update', entity: 'project', entityId: id, before, after });
    });
    return ok(c, await findProject(c, id));
  });

  defineRoute(router, {
    method: 'delete', path: '/deleteProject',
    summary: 'Delete a project; refused (409, naming what is in the way) while it holds buildings, rooms, meters, a tenant, a non-zero balance or modules', tags: ['project'],
    query: z.object({ id: Id }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const before = await findProject(c, query.id);
    await db.transaction(async (tx) => {
      // Under a lock of the project row, so that nothing is added to it meanwhile.
      await tx.execute(sql`SELECT id FROM projects WHERE id = ${query.id} FOR UPDATE`);
      const holdings = await holdingsOf(tx, { projectId: query.id });
      if (holdsAnything(holdings)) throw deleteBlocked(before.name, holdings);
      await tx.delete(projects).where(eq(projects.id, query.id));
      await audit(tx, session, { action: 'delete', entity: 'project', entityId: query.id, before });
    });
    return ok(c, { deleted: 1 });
  });
  return router;
}

// ---------------------------------------------------------------------------------------------
// Buildings (建筑管理)

/** Most floors of a building. */
export const FLOORS_MAX = 200;

const BuildingFields = z.object({
  projectId: Id,
  name: Text(50),
  floors: Int(1, FLOORS_MAX),
  remark: OptionalText(200),
});
const BuildingFilters = PagingQuery.extend({ q: Q.text(50), projectId: Q.id(), id: Q.id(), ids: IdList.optional() });

const buildingColumns = {
  id: buildings.id, areaId: buildings.areaId, name: buildings.name, projectId: buildings.projectId, projectName: projects.name,
  floors: buildings.floors, remark: buildings.remark, createdAt: buildings.createdAt,
  rooms: sql<number>`(SELECT count(*)::int FROM rooms r WHERE r.building_id = buildings.id)`,
  occupiedRooms: sql<number>`(SELECT count(*)::int FROM rooms r WHERE r.building_id = buildings.id AND r.state = 1)`,
};
const buildingQuery = (db: Db) => db.select(buildingColumns).from(buildings).leftJoin(projects, eq(projects.id, buildings.projectId));

const buildingList: ListSpec<Awaited<ReturnType<ReturnType<typeof buildingQuery>['where']>>[number]> = {
  table: buildings, id: buildings.id, area: buildings.areaId,
  // By project (then name): a sort of the area's buildings (hundreds at most), not an index walk.
  sorts: {
    id: buildings.id, name: natural(buildings.name), floors: buildings.floors,
    projectName: sql`(SELECT natural_sort_key(p.name) FROM projects p WHERE p.id = buildings.project_id) || ' ' || natural_sort_key(buildings.name)`,
  },
  rows: rowsById('building_rows', buildingQuery, buildings.id),
};

/** A building as a picker without a project names it: "阳光公寓 · 1号楼" (the project by a subquery: the list's where is on buildings alone). */
const buildingWithProject = sql`((SELECT p.name FROM projects p WHERE p.id = ${buildings.projectId}) || ' · ' || ${buildings.name})`;

async function findBuilding(c: Ctx, id: number) {
  const [row] = await buildingQuery(c.get('deps').db).where(and(eq(buildings.id, id), inScope(buildings.areaId, c.get('session'))));
  if (!row) throw notFound('errors.recordNotFound');
  return row;
}

/** A project of the caller's scope (a 400 naming projectId otherwise). */
async function checkProject(c: Ctx, projectId: number) {
  const [project] = await c.get('deps').db.select({ id: projects.id, areaId: projects.areaId }).from(projects)
    .where(and(eq(projects.id, projectId), inScope(projects.areaId, c.get('session'))));
  if (!project) throw badRequest('errors.estate.projectNotFound');
  return project;
}

async function checkBuildingName(c: Ctx, projectId: number, name: string, exceptId?: number) {
  const [taken] = await c.get('deps').db.select({ id: buildings.id }).from(buildings)
    .where(and(eq(buildings.projectId, projectId), eq(buildings.name, name), exceptId ? ne(buildings.id, exceptId) : undefined));
  if (taken) throw conflict('errors.estate.buildingNameTaken', { name });
}

export function buildingRoutes() {
  const router = createRouter();
  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Buildings of the caller\'s scope (paged; filter by project; `q` searches the name, or "project · name" as a picker shows it)', tags: ['building'],
    query: BuildingFilters,
  }, async (c, { query }) => {
    const where = and(
      // The name, or its project's: a picker without a project names each building with its project
      // ("阳光公寓 · 1号楼"), and what it shows is what typing finds.
      query.q?.trim() ? or(matches(buildings.name, query.q), matches(buildingWithProject, query.q)) : undefined,
      query.projectId ? eq(buildings.projectId, query.projectId) : undefined,
      query.id ? eq(buildings.id, query.id) : undefined,
      query.ids ? inArray(buildings.id, query.ids) : undefined,
    );
    // Without a chosen sort: by project, then name (what a picker and the list expect).
    const paging = query.sortField ? query : { ...query, sortField: 'name' };
    return ok(c, await listPage(c.get('deps').db, buildingList, { where, paging, areaIds: c.get('session').areaIds }));
  });

  defineRoute(router, { method: 'post', path: '/addBuilding', summary: 'Add a building to a project (name unique in its project; floors 1…200)', tags: ['building'], body: BuildingFields }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const project = await checkProject(c, body.projectId);
    await checkBuildingName(c, body.projectId, body.name);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(buildings).values({ ...body, areaId: project.areaId, createdAt: now() }).returning();
      await audit(tx, session, { action: 'create', entity: 'building', entityId: row.id, after: row });
      return row.id;
    });
    return ok(c, await findBuilding(c, id));
  });

  defineRoute(router, {
    method: 'put', path: '/updateBuilding', summary: 'Update a building (a building with rooms keeps its project; floors not below its highest room)', tags: ['building'],
    body: patchOf(BuildingFields).extend({ id: Id }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const { id, ...changes } = body;
    const before = await findBuilding(c, id);
    const projectId = changes.projectId ?? before.projectId;
    let areaId: number | undefined;
    if (changes.projectId && changes.projectId !== before.projectId) {
      areaId = (await checkProject(c, changes.projectId)).areaId;
      if (before.rooms > 0) throw conflict('errors.estate.buildingHasRoomsMove', { count: before.rooms });
    }
    if (changes.name || changes.projectId) await checkBuildingName(c, projectId, changes.name ?? before.name, id);
    if (changes.floors !== undefined) {
      const [{ top }] = await db.select({ top: sql<number | null>`max(${rooms.floor})` }).from(rooms).where(eq(rooms.buildingId, id));
      if (top !== null && Number(top) > changes.floors) throw conflict('errors.estate.floorsBelowRooms', { floor: Number(top) });
    }
    await db.transaction(async (tx) => {
      const [after] = await tx.update(buildings).set({ ...changes, ...(areaId ? { areaId } : {}), id }).where(eq(buildings.id, id)).returning();
      await audit(tx, session, { action: 'update', entity: 'building', entityId: id, before, after });
    });
    return ok(c, await findBuilding(c, id));
  });

  defineRoute(router, {
    method: 'delete', path: '/deleteBuilding',
    summary: 'Delete a building; refused (409, naming what is in the way) while it holds rooms, meters, a tenant or a non-zero balance', tags: ['building'],
    query: z.object({ id: Id }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const before = await findBuilding(c, query.id);
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM buildings WHERE id = ${query.id} FOR UPDATE`);
      const holdings = await holdingsOf(tx, { buildingId: query.id });
      if (holdsAnything(holdings)) throw deleteBlocked(before.name, holdings);
      await tx.delete(buildings).where(eq(buildings.id, query.id));
      await audit(tx, session, { action: 'delete', entity: 'building', entityId: query.id, before });
    });
    return ok(c, { deleted: 1 });
  });
  return router;
}
