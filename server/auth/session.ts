import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db';
import { schema } from '../db';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, SESSION_LIFETIME_MS } from '../config';
import { verifyPassword } from './password';

const { sessions, sysUsers, loginAttempts, areas, roles } = schema;

export interface Session {
  token: string;
  userId: number;
  userName: string;
  roleId: number;
  /** The operator's own area. */
  areaId: number;
  /** The operator's area and all its sub-areas: the scope of every query. */
  areaIds: number[];
  readOnly: boolean;
}

export type LoginResult =
  | { ok: true; token: string; userId: number; areaId: number; roleId: number; userName: string }
  | { ok: false; reason: 'credentials' | 'locked' | 'disabled'; retryAfterMs?: number };

export async function login(db: Db, userName: string, password: string, now: Date): Promise<LoginResult> {
  const [attempt] = await db.select().from(loginAttempts).where(eq(loginAttempts.userName, userName));
  if (attempt?.lockedUntil && attempt.lockedUntil > now) {
    return { ok: false, reason: 'locked', retryAfterMs: attempt.lockedUntil.getTime() - now.getTime() };
  }
  const [user] = await db.select().from(sysUsers).where(eq(sysUsers.userName, userName));
  const good = user ? await verifyPassword(password, user.passwordHash) : false;
  if (!user || !good) {
    const failures = (attempt?.lockedUntil ? 0 : attempt?.failures ?? 0) + 1;
    const lockedUntil = failures >= LOGIN_MAX_FAILURES ? new Date(now.getTime() + LOGIN_LOCK_MS) : null;
    await db
      .insert(loginAttempts)
      .values({ userName, failures, lastFailureAt: now, lockedUntil })
      .onConflictDoUpdate({ target: loginAttempts.userName, set: { failures, lastFailureAt: now, lockedUntil } });
    return { ok: false, reason: 'credentials' };
  }
  if (user.state !== 1) return { ok: false, reason: 'disabled' };
  await db.delete(loginAttempts).where(eq(loginAttempts.userName, userName));
  const token = randomBytes(24).toString('hex');
  await db.insert(sessions).values({
    token, userId: user.id, areaId: user.areaId, roleId: user.roleId,
    createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return { ok: true, token, userId: user.id, areaId: user.areaId, roleId: user.roleId, userName: user.userName };
}

/** The area and all its descendants. */
export async function areaScope(db: Db, areaId: number): Promise<number[]> {
  const all = await db.select({ id: areas.id, parentId: areas.parentId }).from(areas);
  const scope = [areaId];
  for (let i = 0; i < scope.length; i++) {
    for (const a of all) if (a.parentId === scope[i] && !scope.includes(a.id)) scope.push(a.id);
  }
  return scope;
}

/** Resolves a token to its session (sliding one-day lifetime); undefined when unknown or expired. */
export async function resolveSession(db: Db, token: string, now: Date): Promise<Session | undefined> {
  const [row] = await db
    .select({
      token: sessions.token, userId: sessions.userId, areaId: sessions.areaId, roleId: sessions.roleId,
      lastSeenAt: sessions.lastSeenAt, userName: sysUsers.userName, state: sysUsers.state, readOnly: roles.readOnly,
    })
    .from(sessions)
    .innerJoin(sysUsers, eq(sysUsers.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, sessions.roleId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, now)));
  if (!row || row.state !== 1) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) })
      .where(eq(sessions.token, token));
  }
  return {
    token: row.token, userId: row.userId, userName: row.userName, roleId: row.roleId, areaId: row.areaId,
    areaIds: await areaScope(db, row.areaId), readOnly: row.readOnly ?? false,
  };
}

export async function endSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.token, token));
}

export async function endUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Whether a session still holds (known, unexpired, user enabled), without extending it. */
export async function sessionAlive(db: Db, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ state: sysUsers.state })
    .from(sessions)
    .innerJoin(sysUsers, eq(sysUsers.id, sessions.userId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, now)));
  return row?.state === 1;
}
