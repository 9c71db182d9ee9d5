import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, z } from '../http/router';
import { Q } from '../http/input';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { listPage, rowsById, type ListSpec } from '../db/listKit';
import { waterMeterSearch } from '../http/meterSearch';
import { RechargeFields, rechargeResponse } from './account';

const { waterMeters, rooms, buildings, projects, tenants, tenantBindings, accounts } = schema;

const reachable = and(eq(waterMeters.online, true), isNotNull(waterMeters.moduleId))!;

function boundQuery(db: Db) {
  return db.select({
    id: waterMeters.id, meterId: waterMeters.id, address: waterMeters.address, roomId: waterMeters.roomId, roomCode: rooms.roomCode,
    buildingId: rooms.buildingId, buildingName: buildings.name, projectId: rooms.projectId, projectName: projects.name,
    tenantId: tenants.id, tenantName: tenants.name, tenantPhone: tenants.phone, accountOpened: waterMeters.accountOpened,
    valveState: waterMeters.valveState, online: sql<boolean>`${reachable}`, accountId: accounts.id, balanceFen: accounts.balanceFen,
    hoardLimitFen: accounts.hoardLimitFen,
  }).from(waterMeters)
    .innerJoin(rooms, eq(rooms.id, waterMeters.roomId))
    .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
    .leftJoin(projects, eq(projects.id, rooms.projectId))
    .leftJoin(tenantBindings, and(eq(tenantBindings.roomId, rooms.id), isNull(tenantBindings.endDate)))
    .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId))
    .leftJoin(accounts, and(eq(accounts.roomId, rooms.id), eq(accounts.utility, 'water')));
}

/** Rooms with a bound water meter on the list kit (driving table water_meters; sort keys kept by triggers). */
const boundList: ListSpec<Awaited<ReturnType<ReturnType<typeof boundQuery>['where']>>[number]> = {
  table: waterMeters, id: waterMeters.id, area: waterMeters.areaId, base: sql`${waterMeters.roomId} IS NOT NULL`,
  sorts: { roomCode: waterMeters.roomSort, buildingName: waterMeters.buildingSort, projectName: waterMeters.projectSort, tenantName: waterMeters.tenantSort, address: waterMeters.address },
  defaultSort: { field: 'roomCode', descending: false },
  rows: rowsById('water_recharge_meter_rows', boundQuery, waterMeters.id),
};

const roomsWhere = (condition: SQL) => sql`${waterMeters.roomId} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${condition})`;

/** webWaterRechargeOrder/… (SPEC.md section 7): the water recharge picker and the water recharge. */
export function webWaterRechargeOrderRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findBindRoomCode', summary: 'Rooms with a bound water meter (the water recharge picker), with tenant, account state and balance; paged', tags: ['water recharge'],
    query: PagingQuery.extend({ q: Q.text(50), projectId: Q.id(), buildingId: Q.id(), accountOpened: Q.oneOf(['true', 'false']) }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(
      query.q?.trim() ? waterMeterSearch(query.q) : undefined,
      query.projectId ? roomsWhere(eq(rooms.projectId, query.projectId)) : undefined,
      query.buildingId ? roomsWhere(eq(rooms.buildingId, query.buildingId)) : undefined,
      query.accountOpened ? eq(waterMeters.accountOpened, query.accountOpened === 'true') : undefined,
    );
    return ok(c, await listPage(db, boundList, { where, paging: query, areaIds: c.get('session').areaIds }));
  });

  defineRoute(router, {
    method: 'put', path: '/setWebWaterRechargeOrder',
    summary: 'A water recharge: the fields and the service of account/recharge with utility water; answers { order, account, commandIds }', tags: ['water recharge'],
    body: RechargeFields.extend({ utility: z.literal('water').optional() }),
  }, async (c, { body }) => rechargeResponse(c, { ...body, utility: 'water' }));

  return router;
}
