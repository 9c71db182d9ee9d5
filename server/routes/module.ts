import { and, count, eq, ilike, inArray, or } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute } from '../http/router';
import { page } from '../http/envelope';
import { IdList, PagingQuery, containing, natural, offsetOf, orderBy } from '../http/paging';
import { inScope } from '../http/scope';
import { Q } from '../http/input';

const { modules, projects } = schema;

/** Read side of communication modules (the meters' path to the platform): lists and pickers. Their CRUD comes with module management. */
export function moduleRoutes() {
  const router = createRouter();
  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Communication modules of the caller\'s scope', tags: ['module'],
    query: PagingQuery.extend({
      q: Q.text(50), projectId: Q.id(), id: Q.id(), ids: IdList.optional(),
    }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(
      inScope(modules.areaId, c.get('session')),
      query.q ? or(ilike(modules.address, containing(query.q)), ilike(modules.remark, containing(query.q))) : undefined,
      query.projectId ? eq(modules.projectId, query.projectId) : undefined,
      query.id ? eq(modules.id, query.id) : undefined,
      query.ids ? inArray(modules.id, query.ids) : undefined,
    );
    const [records, [{ total }]] = await Promise.all([
      db.select({
        id: modules.id, address: modules.address, kind: modules.kind, protocol: modules.protocol, online: modules.online,
        projectId: modules.projectId, projectName: projects.name, lastHeartbeatAt: modules.lastHeartbeatAt, remark: modules.remark,
      }).from(modules).leftJoin(projects, eq(projects.id, modules.projectId)).where(where)
        .orderBy(...orderBy(query, { address: modules.address, projectName: natural(projects.name) }, [modules.id])).limit(query.pageSize).offset(offsetOf(query)),
      db.select({ total: count() }).from(modules).where(where),
    ]);
    return page(c, records, total);
  });
  return router;
}
