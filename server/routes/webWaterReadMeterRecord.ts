import { and, count, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute } from '../http/router';
import { page } from '../http/envelope';
import { PagingQuery, offsetOf } from '../http/paging';
import { inScope } from '../http/scope';
import { Q } from '../http/input';

const { readings, rooms } = schema;

/** Water meter readings (抄表记录), newest first; the reading-record screens extend this call. */
export function webWaterReadMeterRecordRoutes() {
  const router = createRouter();
  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Readings of water meters (newest first)', tags: ['water readings'],
    query: PagingQuery.extend({
      meterId: Q.id(),
      roomId: Q.id(),
      from: Q.datetime(),
      to: Q.datetime(),
    }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(
      eq(readings.utility, 'water'), isNull(readings.deletedAt), inScope(readings.areaId, c.get('session')),
      query.meterId ? eq(readings.meterId, query.meterId) : undefined,
      query.roomId ? eq(readings.roomId, query.roomId) : undefined,
      query.from ? gte(readings.readAt, new Date(query.from)) : undefined,
      query.to ? lt(readings.readAt, new Date(query.to)) : undefined,
    );
    const [records, [{ total }]] = await Promise.all([
      db.select({
        id: readings.id, meterId: readings.meterId, roomId: readings.roomId, roomCode: rooms.roomCode, readAt: readings.readAt,
        total: readings.total, consumption: readings.consumption, costFen: readings.costFen,
      }).from(readings).leftJoin(rooms, eq(rooms.id, readings.roomId)).where(where)
        .orderBy(desc(readings.readAt), desc(readings.id)).limit(query.pageSize).offset(offsetOf(query)),
      db.select({ total: count() }).from(readings).where(where),
    ]);
    return page(c, records, total);
  });
  return router;
}
