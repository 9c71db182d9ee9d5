import { and, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, fieldError, z, type Ctx } from '../http/router';
import { Id, Int, Q, patchOf } from '../http/input';
import { ok, page } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { containing, offsetOf, orderBy } from '../db/paging';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { hashPassword, verifyPassword } from '../auth/password';
import { checkOwnPassword, endUserSessions } from '../auth/session';
import { publish } from '../realtime/events';
import { audit } from '../audit';
import { PASSWORD_MIN } from '../../common/passwords';
import { isCommonPassword } from '../../common/commonPasswords';
import { activePlatformAdmins, roleKeepsAdminAccess } from '../domain/roles';
import { massConfirmAbove } from '../config';

const { sysUsers, roles, areas } = schema;

/**
 * A new password: SPEC.md's six characters (its message word for word: 密码长度必须大于 6 位！), and
 * none of the most common passwords (common/commonPasswords.ts). Being the account's current
 * password or its name is checked where the account is known.
 */
const Password = z.string().min(PASSWORD_MIN, 'validation.passwordLength').max(64)
  .refine((value) => !isCommonPassword(value), 'validation.passwordCommon');

/** A new password must differ from the account's name and from its current password. */
async function checkNewPassword(c: Ctx, field: string, password: string, userName: string, currentHash?: string) {
  if (password.trim().toLowerCase() === userName.trim().toLowerCase()) throw fieldError(c, field, 'validation.passwordIsName');
  if (currentHash && (await verifyPassword(password, currentHash))) throw fieldError(c, field, 'validation.passwordUnchanged');
}
const UserFields = z.object({
  userName: z.string().trim().min(2).max(32).regex(/^[A-Za-z0-9_.@-]+$/, 'validation.userName'),
  realName: z.string().trim().max(32).optional().nullable(),
  phone: z.string().trim().regex(/^[0-9+\- ]{0,20}$/, 'validation.phone').optional().nullable(),
  roleId: Id,
  areaId: Id.optional(),
  state: Int(0, 1).default(1),
  remark: z.string().max(200).optional().nullable(),
});

/** A user row as the API shows it: never the password hash. */
const publicColumns = {
  id: sysUsers.id, userName: sysUsers.userName, realName: sysUsers.realName, phone: sysUsers.phone,
  roleId: sysUsers.roleId, roleName: roles.name, roleReadOnly: roles.readOnly, platformAdmin: roles.platformAdmin, areaId: sysUsers.areaId, areaName: areas.name,
  state: sysUsers.state, remark: sysUsers.remark, createdAt: sysUsers.createdAt,
};

/**
 * A role and an area the caller may give: both in the caller's area tree, the role one of the
 * user's area or of an area above it (a role serves its area and the areas below), and a platform
 * role only from a platform administrator (nobody raises an account above their own rights).
 */
async function checkRoleAndArea(c: Ctx, roleId: number, areaId: number) {
  const session = c.get('session');
  if (!session.areaIds.includes(areaId)) throw forbidden('errors.areaOutOfScope');
  const { db, caches } = c.get('deps');
  const [role] = await db.select().from(roles).where(and(eq(roles.id, roleId), inScope(roles.areaId, session)));
  if (!role) throw badRequest('errors.roleNotFound');
  if (!(await caches.areaScope(role.areaId)).includes(areaId)) throw fieldError(c, 'roleId', 'validation.roleNotForArea');
  if (role.platformAdmin && !session.platformAdmin) throw forbidden('errors.platformRoleOnly');
  return role;
}

async function userInScope(c: Ctx, id: number) {
  const { db } = c.get('deps');
  const [user] = await db.select().from(sysUsers).where(and(eq(sysUsers.id, id), inScope(sysUsers.areaId, c.get('session'))));
  if (!user) throw notFound('errors.recordNotFound');
  return user;
}

const withoutHash = <T extends { passwordHash?: string }>({ passwordHash: _, ...rest }: T) => rest;

export function sysUserRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/currentUser', tags: ['system user'],
    summary: 'The signed-in operator: name, role, area and whether the role is read-only; `settings`: the server settings the console follows (`massConfirmAbove`: MASS_CONFIRM_ABOVE, above which a supply command over many devices is confirmed by its count)',
  }, async (c) => {
    const { userId, userName, roleId, areaId, readOnly } = c.get('session');
    return ok(c, { userId, userName, roleId, areaId, readOnly, settings: { massConfirmAbove: massConfirmAbove() } });
  });

  defineRoute(router, {
    method: 'get', path: '/queryUser', summary: 'Administrators of the caller\'s area scope (paged)', tags: ['system user'],
    query: PagingQuery.extend({ id: Q.id(), userName: Q.text(32), roleId: Q.id(), areaId: Q.id(), state: Q.int(0, 1) }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(
      inScope(sysUsers.areaId, c.get('session')),
      query.id ? eq(sysUsers.id, query.id) : undefined,
      query.userName ? ilike(sysUsers.userName, containing(query.userName)) : undefined,
      query.areaId ? eq(sysUsers.areaId, query.areaId) : undefined,
      query.roleId ? eq(sysUsers.roleId, query.roleId) : undefined,
      query.state !== undefined ? eq(sysUsers.state, query.state) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select(publicColumns).from(sysUsers).leftJoin(roles, eq(roles.id, sysUsers.roleId)).leftJoin(areas, eq(areas.id, sysUsers.areaId))
        .where(where).orderBy(...orderBy(query, { userName: sysUsers.userName, createdAt: sysUsers.createdAt, state: sysUsers.state }, [sysUsers.id]))
        .limit(query.pageSize).offset(offsetOf(query)),
      db.select({ total: count() }).from(sysUsers).where(where),
    ]);
    return page(c, rows, total);
  });

  defineRoute(router, { method: 'post', path: '/saveUser', summary: 'Create an administrator', tags: ['system user'], body: UserFields.extend({ password: Password }) }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const areaId = body.areaId ?? session.areaId;
    await checkRoleAndArea(c, body.roleId, areaId);
    const { password, ...fields } = body;
    await checkNewPassword(c, 'password', password, fields.userName);
    const passwordHash = await hashPassword(password);
    const created = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: sysUsers.id }).from(sysUsers).where(sql`lower(${sysUsers.userName}) = lower(${fields.userName})`);
      if (taken) throw conflict('errors.userNameTaken', { userName: fields.userName });
      const [row] = await tx.insert(sysUsers).values({ ...fields, areaId, passwordHash }).returning();
      await audit(tx, session, { action: 'create', entity: 'sysUser', entityId: row.id, after: withoutHash(row) });
      return withoutHash(row);
    });
    return ok(c, created);
  });

  defineRoute(router, {
    method: 'put', path: '/updateUser', summary: 'Update an administrator (optionally reset the password)', tags: ['system user'],
    body: patchOf(UserFields).extend({ id: Id, password: Password.optional() }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const before = await userInScope(c, body.id);
    const { id, password, ...changes } = body;
    const self = id === session.userId;
    // Nobody takes their own access away: not disabled, not moved, not given a role without it.
    if (self && changes.state === 0) throw badRequest('errors.cannotDisableSelf');
    if (self && changes.areaId !== undefined && changes.areaId !== before.areaId) throw badRequest('errors.cannotMoveSelf');
    const role = await checkRoleAndArea(c, changes.roleId ?? before.roleId, changes.areaId ?? before.areaId);
    if (self && role.id !== before.roleId && !(await roleKeepsAdminAccess(db, role))) throw badRequest('errors.cannotDemoteSelf');
    if (password) await checkNewPassword(c, 'password', password, changes.userName ?? before.userName, before.passwordHash);
    const passwordHash = password ? await hashPassword(password) : undefined;
    const updated = await db.transaction(async (tx) => {
      // The last platform administrator stays one (locked: two such changes at once cannot both pass).
      const admins = await activePlatformAdmins(tx, true);
      const staysAdmin = (changes.state ?? before.state) === 1 && role.platformAdmin && !role.readOnly;
      if (admins.includes(id) && !staysAdmin && admins.length === 1) throw conflict('errors.lastPlatformAdmin');
      if (changes.userName && changes.userName.toLowerCase() !== before.userName.toLowerCase()) {
        const [taken] = await tx.select({ id: sysUsers.id }).from(sysUsers).where(sql`lower(${sysUsers.userName}) = lower(${changes.userName})`);
        if (taken) throw conflict('errors.userNameTaken', { userName: changes.userName });
      }
      const [after] = await tx.update(sysUsers).set({ ...changes, id, ...(passwordHash ? { passwordHash } : {}) }).where(eq(sysUsers.id, id)).returning();
      if (passwordHash || changes.state === 0) await endUserSessions(tx, id);
      // Role, area and state are read per request; open websockets are checked at once.
      await publish(tx, { type: 'sessions', userId: id });
      await audit(tx, session, { action: password ? 'update+resetPassword' : 'update', entity: 'sysUser', entityId: id, before: withoutHash(before), after: withoutHash(after) });
      return withoutHash(after);
    });
    return ok(c, updated);
  });

  defineRoute(router, { method: 'delete', path: '/deleteUser', summary: 'Delete an administrator', tags: ['system user'], query: z.object({ id: Id }) }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    if (query.id === session.userId) throw badRequest('errors.cannotDeleteSelf');
    const before = await userInScope(c, query.id);
    // A platform administrator's account is a platform administrator's to remove.
    const [role] = await db.select({ platformAdmin: roles.platformAdmin }).from(roles).where(eq(roles.id, before.roleId));
    if (role?.platformAdmin && !session.platformAdmin) throw forbidden('errors.platformRoleOnly');
    await db.transaction(async (tx) => {
      const admins = await activePlatformAdmins(tx, true);
      if (admins.length === 1 && admins[0] === query.id) throw conflict('errors.lastPlatformAdmin');
      await endUserSessions(tx, query.id);
      await tx.delete(sysUsers).where(eq(sysUsers.id, query.id));
      await publish(tx, { type: 'sessions', userId: query.id });
      await audit(tx, session, { action: 'delete', entity: 'sysUser', entityId: query.id, before: withoutHash(before) });
    });
    return ok(c);
  });

  // SPEC.md: form-encoded userName, passWord, passWordNew. The old password is verified.
  defineRoute(router, {
    method: 'put', path: '/updateUserPwd', summary: 'Change one\'s own password (old one verified; all sessions end)', tags: ['system user'], form: true,
    body: z.object({ userName: z.string().max(32), passWord: z.string().min(1).max(64), passWordNew: Password }),
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    if (body.userName !== session.userName) throw forbidden('errors.notOwnAccount');
    // Old-password guesses are limited (5 per 15 minutes).
    const check = await checkOwnPassword(db, session.userId, body.passWord, now());
    if (check.result === 'locked') throw new ApiError(429, 'errors.tooManyAttempts', { minutes: Math.max(1, Math.ceil(check.retryAfterMs / 60_000)) });
    if (check.result === 'wrong') throw badRequest('errors.oldPasswordWrong');
    if (body.passWordNew === body.passWord) throw fieldError(c, 'passWordNew', 'validation.passwordUnchanged');
    await checkNewPassword(c, 'passWordNew', body.passWordNew, session.userName);
    const passwordHash = await hashPassword(body.passWordNew);
    await db.transaction(async (tx) => {
      await tx.update(sysUsers).set({ passwordHash }).where(eq(sysUsers.id, session.userId));
      await endUserSessions(tx, session.userId);
      await publish(tx, { type: 'sessions', userId: session.userId });
      await audit(tx, session, { action: 'changePassword', entity: 'sysUser', entityId: session.userId });
    });
    return ok(c);
  });

  // Used by the administrators' form: roles and areas the caller may assign.
  defineRoute(router, { method: 'get', path: '/queryOptions', summary: 'Roles and areas of the caller\'s scope', tags: ['system user'] }, async (c) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const [roleRows, areaRows] = await Promise.all([
      db.select({ id: roles.id, name: roles.name, areaId: roles.areaId, readOnly: roles.readOnly, platformAdmin: roles.platformAdmin }).from(roles).where(inScope(roles.areaId, session)),
      db.select().from(areas).where(inArray(areas.id, session.areaIds)),
    ]);
    return ok(c, { roles: roleRows, areas: areaRows });
  });

  return router;
}
