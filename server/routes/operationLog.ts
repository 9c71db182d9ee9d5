import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, z } from '../http/router';
import { Id, Q } from '../http/input';
import { ok, page } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { containing, offsetOf, orderBy } from '../db/paging';
import { notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { grantOf } from '../http/grants';

const { operationLog, areas, commands, sysUsers, electricMeters, waterMeters, rooms, frontendLog } = schema;

/** A created-at range filter: `createdAtFrom` inclusive, `createdAtTo` exclusive (the console's date range kit). */
const CreatedRange = { createdAtFrom: Q.datetime(), createdAtTo: Q.datetime() };
const inRange = (column: typeof operationLog.createdAt | typeof commands.createdAt | typeof frontendLog.createdAt, from?: string, to?: string): (SQL | undefined)[] => [
  from ? gte(column, new Date(from)) : undefined,
  to ? lt(column, new Date(to)) : undefined,
];

/** The API base of the calls an operation record names (server/app.ts API_BASE): `POST /api/v1/electricity/room/addRoom`. */
const LOGGED_CALL = /^([A-Z]+) \/api\/v1\/electricity\/(.+)$/;

/**
 * The screens (route names of common/routeCatalog.ts) a logged call serves, as server/http/grants.ts
 * declares them: the console names the call by its screens' titles instead of its API path.
 */
export function screensOf(call: string | null): string[] {
  const match = LOGGED_CALL.exec(call ?? '');
  const grant = match ? grantOf(match[1], match[2]) : undefined;
  return Array.isArray(grant) ? [...grant] : [];
}

/**
 * Operation records (`caozuojilu`): the reader of the operation log. Read only: the log is
 * append-only, no call changes or deletes it, and the database refuses UPDATE, DELETE and
 * TRUNCATE on it (migration 0018's trigger).
 */
export function operationLogRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'The operation log of the caller\'s area tree (paged, newest first): who, when, area, call, target, before/after', tags: ['operation log'],
    query: PagingQuery.extend({
      userName: Q.text(32), entity: Q.text(40), action: Q.text(40), entityId: Q.text(40), q: Q.text(100), areaId: Q.id(), ...CreatedRange,
    }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(
      inScope(operationLog.areaId, c.get('session')),
      query.areaId ? eq(operationLog.areaId, query.areaId) : undefined,
      // The operator filter: one operator's records (chosen among the log's operators: `entities`' users), not every name containing it.
      query.userName ? sql`lower(${operationLog.userName}) = lower(${query.userName.trim()})` : undefined,
      query.entity ? eq(operationLog.entity, query.entity) : undefined,
      query.action ? eq(operationLog.action, query.action) : undefined,
      query.entityId ? eq(operationLog.entityId, query.entityId) : undefined,
      query.q ? or(ilike(operationLog.userName, containing(query.q)), ilike(operationLog.call, containing(query.q)), ilike(operationLog.entityId, containing(query.q)), ilike(operationLog.entity, containing(query.q)), ilike(operationLog.action, containing(query.q))) : undefined,
      ...inRange(operationLog.createdAt, query.createdAtFrom, query.createdAtTo),
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select({
        id: operationLog.id, createdAt: operationLog.createdAt, userId: operationLog.userId, userName: operationLog.userName,
        areaId: operationLog.areaId, areaName: areas.name, call: operationLog.call, action: operationLog.action, entity: operationLog.entity,
        entityId: operationLog.entityId, before: operationLog.before, after: operationLog.after,
      }).from(operationLog).leftJoin(areas, eq(areas.id, operationLog.areaId)).where(where)
        .orderBy(...orderBy(query, { createdAt: operationLog.createdAt, userName: operationLog.userName, entity: operationLog.entity, action: operationLog.action }, [desc(operationLog.id)]))
        .limit(query.pageSize).offset(offsetOf(query)),
      db.select({ total: count() }).from(operationLog).where(where),
    ]);
    return page(c, rows.map((row) => ({ ...row, screens: screensOf(row.call) })), total);
  });

  defineRoute(router, { method: 'get', path: '/findById', summary: 'One operation record', tags: ['operation log'], query: z.object({ id: Id }) }, async (c, { query }) => {
    const [row] = await c.get('deps').db.select().from(operationLog).where(and(eq(operationLog.id, query.id), inScope(operationLog.areaId, c.get('session'))));
    if (!row) throw notFound('errors.recordNotFound');
    return ok(c, { ...row, screens: screensOf(row.call) });
  });

  defineRoute(router, { method: 'get', path: '/entities', summary: 'The kinds of record, actions and operators in the caller\'s log (filter choices)', tags: ['operation log'] }, async (c) => {
    const { db } = c.get('deps');
    const scope = inScope(operationLog.areaId, c.get('session'));
    const [rows, users] = await Promise.all([
      db.selectDistinct({ entity: operationLog.entity, action: operationLog.action }).from(operationLog)
        .where(scope).orderBy(operationLog.entity, operationLog.action).limit(500),
      // Operators of the log (accounts since deleted too), the operator filter's choices.
      db.selectDistinct({ userName: operationLog.userName }).from(operationLog)
        .where(and(scope, sql`${operationLog.userName} IS NOT NULL`)).orderBy(operationLog.userName).limit(500),
    ]);
    return ok(c, {
      entities: [...new Set(rows.map((r) => r.entity))], actions: [...new Set(rows.map((r) => r.action))],
      users: users.map((r) => r.userName as string),
    });
  });

  return router;
}

import { COMMAND_STATES } from '../../common/states';

/**
 * Device command log (`rizhi`): every command with its device, attempts, result and who sent it
 * (an operator, or the platform: automatic reads, arrears trips, recharge closes).
 */
export function commandLogRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Device commands of the caller\'s area tree (paged, newest first) with attempts, result and operator', tags: ['command log'],
    query: PagingQuery.extend({
      deviceKind: Q.oneOf(['electric', 'water']), type: Q.text(40), state: Q.oneOf(COMMAND_STATES), operator: Q.text(32),
      platform: Q.bool(), address: Q.text(20), ...CreatedRange,
    }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const address = sql<string | null>`CASE ${commands.deviceKind} WHEN 'electric' THEN ${electricMeters.address} WHEN 'water' THEN ${waterMeters.address} END`;
    const roomId = sql`coalesce(${electricMeters.roomId}, ${waterMeters.roomId})`;
    const where = and(
      inScope(commands.areaId, c.get('session')),
      query.deviceKind ? eq(commands.deviceKind, query.deviceKind) : undefined,
      query.type ? eq(commands.type, query.type) : undefined,
      query.state ? eq(commands.state, query.state) : undefined,
      query.platform === true ? sql`${commands.operatorId} IS NULL` : query.platform === false ? sql`${commands.operatorId} IS NOT NULL` : undefined,
      query.operator ? sql`${commands.operatorId} IN (SELECT ${sysUsers.id} FROM ${sysUsers} WHERE ${ilike(sysUsers.userName, containing(query.operator))})` : undefined,
      query.address ? sql`(${commands.deviceKind} = 'electric' AND ${commands.deviceId} IN (SELECT ${electricMeters.id} FROM ${electricMeters} WHERE ${ilike(electricMeters.address, containing(query.address))}))
        OR (${commands.deviceKind} = 'water' AND ${commands.deviceId} IN (SELECT ${waterMeters.id} FROM ${waterMeters} WHERE ${ilike(waterMeters.address, containing(query.address))}))` : undefined,
      ...inRange(commands.createdAt, query.createdAtFrom, query.createdAtTo),
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select({
        id: commands.id, createdAt: commands.createdAt, deviceKind: commands.deviceKind, deviceId: commands.deviceId, address,
        roomCode: sql<string | null>`(SELECT ${rooms.roomCode} FROM ${rooms} WHERE ${rooms.id} = ${roomId})`,
        type: commands.type, payload: commands.payload, state: commands.state, attempts: commands.attempts, resultCode: commands.resultCode, result: commands.result,
        // An operator of an area outside the caller's scope is not named (a platform administrator's command in a sub-area, say).
        operatorId: commands.operatorId, operatorName: sysUsers.userName, batchId: commands.batchId, sentAt: commands.sentAt, finishedAt: commands.finishedAt,
      }).from(commands)
        .leftJoin(electricMeters, and(eq(commands.deviceKind, 'electric'), eq(electricMeters.id, commands.deviceId)))
        .leftJoin(waterMeters, and(eq(commands.deviceKind, 'water'), eq(waterMeters.id, commands.deviceId)))
        .leftJoin(sysUsers, and(eq(sysUsers.id, commands.operatorId), inScope(sysUsers.areaId, c.get('session'))))
        .where(where)
        .orderBy(...orderBy(query, { createdAt: commands.createdAt, state: commands.state, type: commands.type, attempts: commands.attempts }, [desc(commands.id)]))
        .limit(query.pageSize).offset(offsetOf(query)),
      db.select({ total: count() }).from(commands).where(where),
    ]);
    return page(c, rows, total);
  });

  return router;
}

/** Front-end log (`log`): the errors the console's shell recorded (time, user, url, message, masked token). */
export function frontLogReaderRoutes() {
  const router = createRouter();
  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'Front-end errors of the caller\'s area tree (paged, newest first); tokens masked', tags: ['front-end log'],
    query: PagingQuery.extend({ userName: Q.text(32), q: Q.text(100), ...CreatedRange }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(
      inScope(frontendLog.areaId, c.get('session')),
      query.userName ? ilike(frontendLog.userName, containing(query.userName)) : undefined,
      query.q ? or(ilike(frontendLog.message, containing(query.q)), ilike(frontendLog.url, containing(query.q))) : undefined,
      ...inRange(frontendLog.createdAt, query.createdAtFrom, query.createdAtTo),
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select({
        id: frontendLog.id, createdAt: frontendLog.createdAt, userId: frontendLog.userId, userName: frontendLog.userName, url: frontendLog.url,
        message: frontendLog.message, stack: frontendLog.stack, tokenMasked: frontendLog.tokenMasked,
      }).from(frontendLog).where(where)
        .orderBy(...orderBy(query, { createdAt: frontendLog.createdAt, userName: frontendLog.userName }, [desc(frontendLog.id)]))
        .limit(query.pageSize).offset(offsetOf(query)),
      db.select({ total: count() }).from(frontendLog).where(where),
    ]);
    return page(c, rows, total);
  });
  return router;
}
