import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, fieldError, z } from '../http/router';
import { IdArray, LimitFen, Q } from '../http/input';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { listPage, rowsById, type ListSpec } from '../db/listKit';
import { notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { langOf, serverMessage } from '../http/i18n';
import { audit } from '../audit';
import { roomTextOf } from '../db/roomNames';
import { PlaceFilters, placeConditions } from './statsKit';
import { ACCOUNT_LIMIT_KEYS, accountLimitsProblem, type AccountLimitValues } from '../../common/accountLimits';

const { accounts, rooms, buildings, projects, tenants, tenantBindings } = schema;

/**
 * User parameter settings (用户参数设置, `basicUserParameters`, issue 30): each room account's
 * alarm levels 1 and 2, overdraft and hoarding limit, listed with its balance and changed on the
 * account itself, checked against it (common/accountLimits.ts: level 2 below level 1, the overdraft
 * not negative, the hoarding limit not below the balance), audited per account.
 */
const ParameterQuery = PagingQuery.extend({ ...PlaceFilters, utility: Q.oneOf(['electric', 'water']) });
type ParameterFilter = z.output<typeof ParameterQuery>;

const currentTenant = and(eq(tenantBindings.roomId, accounts.roomId), isNull(tenantBindings.endDate));

const accountQuery = (db: Db) => db.select({
  id: accounts.id, roomId: accounts.roomId, roomCode: rooms.roomCode, buildingName: buildings.name, projectName: projects.name, tenantName: tenants.name,
  utility: accounts.utility, balanceFen: accounts.balanceFen, alarm1Fen: accounts.alarm1Fen, alarm2Fen: accounts.alarm2Fen,
  overdraftFen: accounts.overdraftFen, hoardLimitFen: accounts.hoardLimitFen,
}).from(accounts)
  .leftJoin(rooms, eq(rooms.id, accounts.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId))
  .leftJoin(tenantBindings, currentTenant)
  .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId));
type AccountRow = Awaited<ReturnType<ReturnType<typeof accountQuery>['where']>>[number];

const accountList: ListSpec<AccountRow> = {
  table: accounts, id: accounts.id, area: accounts.areaId,
  sorts: { id: accounts.id, balanceFen: accounts.balanceFen, alarm1Fen: accounts.alarm1Fen, alarm2Fen: accounts.alarm2Fen, overdraftFen: accounts.overdraftFen, hoardLimitFen: accounts.hoardLimitFen },
  rows: rowsById('user_parameter_rows', accountQuery, accounts.id),
};

const conditions = (query: ParameterFilter) => and(
  ...placeConditions(accounts.roomId, query),
  query.utility ? eq(accounts.utility, query.utility) : undefined,
);

/** A limit as sent: integer fen (server/http/input.ts). */
const Limit = LimitFen.optional();

const UpdateBody = z.object({
  /** The accounts (rows of findByCondition) to set. */
  ids: IdArray(500),
  alarm1Fen: Limit, alarm2Fen: Limit, overdraftFen: Limit, hoardLimitFen: Limit,
}).refine((body) => ACCOUNT_LIMIT_KEYS.some((key) => body[key] !== undefined), { message: 'validation.userParameters.nothing', path: ['alarm1Fen'] });

export function userParameterRoutes() {
  const router = createRouter();
  const tags = ['user parameters'];

  defineRoute(router, {
    method: 'get', path: '/findByCondition', tags,
    summary: 'Room accounts with their limits (balanceFen, alarm1Fen, alarm2Fen, overdraftFen, hoardLimitFen; integer fen), room, building, project, current tenant; filters projectId, buildingId, roomId, roomCode, utility',
    query: ParameterQuery,
  }, async (c, { query }) => ok(c, await listPage(c.get('deps').db, accountList, { where: conditions(query), paging: query, areaIds: c.get('session').areaIds })));

  defineRoute(router, {
    method: 'post', path: '/updateUserParameters', tags,
    summary: 'Set the limits of room accounts (ids: accounts of your area; the fields sent, the others kept): alarm level 2 below level 1, overdraft not negative, hoarding limit above level 1 and not below the account\'s balance. All or nothing; each account audited. Answers the accounts as findByCondition does',
    body: UpdateBody,
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const ids = [...new Set(body.ids)];
    const changes = Object.fromEntries(ACCOUNT_LIMIT_KEYS.filter((key) => body[key] !== undefined).map((key) => [key, body[key]!])) as Partial<AccountLimitValues>;
    await db.transaction(async (tx) => {
      // Rooms first, then their accounts (the order every balance change takes: no deadlock with a recharge).
      const owned = await tx.select({ roomId: accounts.roomId }).from(accounts).where(and(inArray(accounts.id, ids), inScope(accounts.areaId, session)));
      if (owned.length !== ids.length) throw notFound('errors.recordNotFound');
      await tx.execute(sql`SELECT 1 FROM rooms WHERE id IN (${sql.join(owned.map((row) => sql`${row.roomId}`), sql`, `)}) ORDER BY id FOR UPDATE`);
      const before = await tx.select({
        id: accounts.id, roomId: accounts.roomId, utility: accounts.utility, balanceFen: accounts.balanceFen, roomCode: rooms.roomCode, buildingName: buildings.name,
        alarm1Fen: accounts.alarm1Fen, alarm2Fen: accounts.alarm2Fen, overdraftFen: accounts.overdraftFen, hoardLimitFen: accounts.hoardLimitFen,
      }).from(accounts).leftJoin(rooms, eq(rooms.id, accounts.roomId)).leftJoin(buildings, eq(buildings.id, rooms.buildingId))
        .where(inArray(accounts.id, ids)).orderBy(accounts.id).for('update', { of: accounts });
      for (const account of before) {
        const after: AccountLimitValues = { alarm1Fen: account.alarm1Fen, alarm2Fen: account.alarm2Fen, overdraftFen: account.overdraftFen, hoardLimitFen: account.hoardLimitFen, ...changes };
        const problem = accountLimitsProblem(after, account.balanceFen);
        if (problem) {
          // The room with its project and building ("1号楼 101" exists in several projects).
          const room = await roomTextOf(tx, account.roomId);
          throw fieldError(c, problem.field, 'validation.userParameters.ofRoom', { room, reason: serverMessage(langOf(c), problem.key, problem.params) });
        }
      }
      for (const account of before) {
        const { roomCode: _code, buildingName: _building, ...was } = account;
        await tx.update(accounts).set(changes).where(eq(accounts.id, account.id));
        await audit(tx, session, { action: 'updateUserParameters', entity: 'account', entityId: account.id, before: was, after: { ...was, ...changes } });
      }
    });
    const rows = await accountList.rows(db, ids);
    return ok(c, rows);
  });

  return router;
}
