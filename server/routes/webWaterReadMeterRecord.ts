import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute } from '../http/router';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { listPage, rowsById, type ListSpec } from '../db/listKit';
import { Q } from '../http/input';

const { readings, rooms } = schema;

/** Readings on the list kit: newest first by (area, utility, read_at, id), counted up to the cap. */
const readingList: ListSpec<{ id: number }> = {
  table: readings, id: readings.id, area: readings.areaId,
  base: sql`${readings.utility} = 'water' AND ${readings.deletedAt} IS NULL`,
  sorts: { readAt: readings.readAt },
  defaultSort: { field: 'readAt', descending: true },
  rows: rowsById('water_reading_rows', (db) => db.select({
    id: readings.id, meterId: readings.meterId, roomId: readings.roomId, roomCode: rooms.roomCode, readAt: readings.readAt,
    total: readings.total, consumption: readings.consumption, costFen: readings.costFen,
  }).from(readings).leftJoin(rooms, eq(rooms.id, readings.roomId)), readings.id),
};

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
      query.meterId ? eq(readings.meterId, query.meterId) : undefined,
      query.roomId ? eq(readings.roomId, query.roomId) : undefined,
      query.from ? gte(readings.readAt, new Date(query.from)) : undefined,
      query.to ? lt(readings.readAt, new Date(query.to)) : undefined,
    );
    return ok(c, await listPage(db, readingList, { where, paging: query, areaIds: c.get('session').areaIds }));
  });
  return router;
}
