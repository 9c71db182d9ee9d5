import { and, count, eq, ilike, inArray } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute } from '../http/router';
import { Q } from '../http/input';
import { page } from '../http/envelope';
import { IdList, PagingQuery, containing, natural, offsetOf, orderBy } from '../http/paging';
import { inScope } from '../http/scope';

const { projects, buildings } = schema;

/** Read side of projects and buildings (lists and reference lookups); their CRUD comes with the archive screens. */
export function projectRoutes() {
  const router = createRouter();
  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Projects of the caller\'s scope', tags: ['project'],
    query: PagingQuery.extend({ q: Q.text(50), id: Q.id(), ids: IdList.optional() }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(
      inScope(projects.areaId, c.get('session')),
      query.q ? ilike(projects.name, containing(query.q)) : undefined,
      query.id ? eq(projects.id, query.id) : undefined,
      query.ids ? inArray(projects.id, query.ids) : undefined,
    );
    const [records, [{ total }]] = await Promise.all([
      db.select().from(projects).where(where).orderBy(...orderBy(query, { name: natural(projects.name), createdAt: projects.createdAt }, [projects.id])).limit(query.pageSize).offset(offsetOf(query)),
      db.select({ total: count() }).from(projects).where(where),
    ]);
    return page(c, records, total);
  });
  return router;
}

export function buildingRoutes() {
  const router = createRouter();
  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Buildings of the caller\'s scope', tags: ['building'],
    query: PagingQuery.extend({ q: Q.text(50), projectId: Q.id(), id: Q.id(), ids: IdList.optional() }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(
      inScope(buildings.areaId, c.get('session')),
      query.q ? ilike(buildings.name, containing(query.q)) : undefined,
      query.projectId ? eq(buildings.projectId, query.projectId) : undefined,
      query.id ? eq(buildings.id, query.id) : undefined,
      query.ids ? inArray(buildings.id, query.ids) : undefined,
    );
    const [records, [{ total }]] = await Promise.all([
      db.select({ id: buildings.id, name: buildings.name, projectId: buildings.projectId, projectName: projects.name, floors: buildings.floors, remark: buildings.remark })
        .from(buildings).leftJoin(projects, eq(projects.id, buildings.projectId)).where(where)
        .orderBy(...orderBy(query, { name: natural(buildings.name) }, [buildings.projectId, natural(buildings.name), buildings.id])).limit(query.pageSize).offset(offsetOf(query)),
      db.select({ total: count() }).from(buildings).where(where),
    ]);
    return page(c, records, total);
  });
  return router;
}
