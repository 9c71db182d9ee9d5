import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { schema } from '../db';
import { preparedStatement } from '../db/namedStatements';
import {
  LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, LOGIN_MAX_PER_ADDRESS, PASSWORD_CHECK_MAX, SESSION_IDLE_MS, SESSION_MAX_MS, SESSION_TOUCH_MS,
} from '../config';
import type { RequestCaches } from '../cache/requestCaches';
import { hashPassword, verifyPassword } from './password';

const { sessions, sysUsers, loginThrottle, roles } = schema;

/**
 * The caller of a request. Role, area, read-only and enabled state come from the user's row at
 * every request (not from a copy taken at login), so a demoted, moved or disabled user's old
 * token loses its rights at once.
 */
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
  /** A platform role: may edit the menu tree every area shares. */
  platformAdmin: boolean;
  /** The call being served (`PUT /api/v1/electricity/…`), which the operation log records. */
  call?: string;
}

export type LoginResult =
  | { ok: true; token: string; userId: number; areaId: number; roleId: number; userName: string }
  | { ok: false; reason: 'credentials' | 'locked' | 'disabled'; retryAfterMs?: number };

/** Outcome of counting one attempt: allowed, or refused until a moment. */
type Reservation = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Counts one attempt on a throttle counter before the password is checked, in one atomic upsert
 * (concurrent attempts are counted exactly, and at most `max` of them get a check per window).
 * The attempt that reaches `max` starts a lock of LOGIN_LOCK_MS; a window without a lock ends
 * LOGIN_LOCK_MS after its first attempt.
 */
export async function reserveAttempt(db: Db, key: string, max: number, now: Date): Promise<Reservation> {
  const nowIso = now.toISOString();
  const windowFloor = new Date(now.getTime() - LOGIN_LOCK_MS).toISOString();
  const fresh = sql`((${loginThrottle.lockedUntil} IS NULL AND ${loginThrottle.windowStart} <= ${windowFloor}) OR ${loginThrottle.lockedUntil} <= ${nowIso})`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, attempts: 1, windowStart: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`CASE WHEN ${fresh} THEN 1 ELSE ${loginThrottle.attempts} + 1 END`,
        windowStart: sql`CASE WHEN ${fresh} THEN ${nowIso}::timestamptz ELSE ${loginThrottle.windowStart} END`,
        lockedUntil: sql`CASE WHEN ${fresh} THEN NULL ELSE ${loginThrottle.lockedUntil} END`,
      },
    })
    .returning({ attempts: loginThrottle.attempts, lockedUntil: loginThrottle.lockedUntil });
  if (row.attempts === 1 && key.startsWith('addr:')) {
    // A new address window: counters whose window and lock have passed are dropped (the table
    // holds at most the last 15 minutes of attempts).
    await db.delete(loginThrottle).where(sql`${fresh} AND ${loginThrottle.key} <> ${key}`);
  }
  if (row.attempts === max) {
    await db.update(loginThrottle).set({ lockedUntil: new Date(now.getTime() + LOGIN_LOCK_MS) }).where(eq(loginThrottle.key, key));
  }
  if (row.attempts > max) {
    const until = row.lockedUntil ?? new Date(now.getTime() + LOGIN_LOCK_MS);
    return { allowed: false, retryAfterMs: Math.max(1000, until.getTime() - now.getTime()) };
  }
  return { allowed: true };
}

/** A successful check clears a counter. */
export async function clearAttempts(db: Db, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** A successful attempt does not count against its address. */
async function refundAttempt(db: Db, key: string) {
  await db.update(loginThrottle).set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` }).where(eq(loginThrottle.key, key));
}

// Unknown user names are checked against this hash, so that they take as long as known ones.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** The client address of a call that came without a socket (app.request in tests and benchmarks). */
export const UNKNOWN_ADDRESS = 'unknown';

const userKey = (userName: string, address: string) => `user:${userName.toLowerCase()}|${address}`;
const addressKey = (address: string) => `addr:${address}`;

/**
 * Signs a user in. Throttled per (user name, client address) — 5 attempts, then 15 minutes —
 * and per client address (all user names), so that nobody can lock the real admin out from
 * elsewhere and no address can guess without limit. Unknown names cost the same as known ones.
 */
export async function login(db: Db, userName: string, password: string, now: Date, address = UNKNOWN_ADDRESS): Promise<LoginResult> {
  // In-process calls (tests, benchmarks) have no peer address: no per-address limit for them.
  const limitAddress = address !== UNKNOWN_ADDRESS;
  if (limitAddress) {
    const byAddress = await reserveAttempt(db, addressKey(address), LOGIN_MAX_PER_ADDRESS, now);
    if (!byAddress.allowed) return { ok: false, reason: 'locked', retryAfterMs: byAddress.retryAfterMs };
  }
  const byUser = await reserveAttempt(db, userKey(userName, address), LOGIN_MAX_FAILURES, now);
  if (!byUser.allowed) return { ok: false, reason: 'locked', retryAfterMs: byUser.retryAfterMs };
  const [user] = await db.select().from(sysUsers).where(eq(sysUsers.userName, userName));
  const good = await verifyPassword(password, user ? user.passwordHash : await dummy());
  if (!user || !good) return { ok: false, reason: 'credentials' };
  await clearAttempts(db, userKey(userName, address));
  if (limitAddress) await refundAttempt(db, addressKey(address));
  if (user.state !== 1) return { ok: false, reason: 'disabled' };
  const token = randomBytes(24).toString('hex');
  await db.insert(sessions).values({
    token, userId: user.id, areaId: user.areaId, roleId: user.roleId,
    createdAt: now, lastSeenAt: now, expiresAt: expiryOf(now, now),
  });
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return { ok: true, token, userId: user.id, areaId: user.areaId, roleId: user.roleId, userName: user.userName };
}

/**
 * Checks a user's current password (changing one's password), at most PASSWORD_CHECK_MAX
 * wrong guesses per 15 minutes. Resolves to 'ok', 'wrong' or 'locked'.
 */
export async function checkOwnPassword(db: Db, userId: number, password: string, now: Date): Promise<{ result: 'ok' | 'wrong' } | { result: 'locked'; retryAfterMs: number }> {
  const key = `pwd:${userId}`;
  const reservation = await reserveAttempt(db, key, PASSWORD_CHECK_MAX, now);
  if (!reservation.allowed) return { result: 'locked', retryAfterMs: reservation.retryAfterMs };
  const [user] = await db.select({ passwordHash: sysUsers.passwordHash }).from(sysUsers).where(eq(sysUsers.id, userId));
  if (!user || !(await verifyPassword(password, user.passwordHash))) return { result: 'wrong' };
  await clearAttempts(db, key);
  return { result: 'ok' };
}

/** A session's end: SESSION_IDLE_MS after its last request, capped SESSION_MAX_MS after login. */
const expiryOf = (createdAt: Date, lastSeen: Date) =>
  new Date(Math.min(lastSeen.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_MAX_MS));

/** Tokens whose idle expiry this process is sliding forward right now (one UPDATE, not one per concurrent request). */
const touching = new Set<string>();

/**
 * Resolves a token to its session; undefined when unknown, expired (idle or past the cap) or the
 * user is disabled. Role, area and rights are read from the user's row now, in the one query of
 * a request (the session joined with its user and role, by primary key); the area scope comes
 * from the process's area tree (`caches`). No write on most requests: the idle expiry slides
 * forward at most once per SESSION_TOUCH_MS per session.
 */
/**
 * The session joined with its user and role, by token (primary key). Built once per database and
 * prepared (named, so PostgreSQL plans it once per connection): a request does not rebuild its SQL.
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
function prepareSessionQuery(db: Db) {
  const query = db
    .select({
      token: sessions.token, userId: sessions.userId, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt,
      userName: sysUsers.userName, state: sysUsers.state, roleId: sysUsers.roleId, areaId: sysUsers.areaId,
      readOnly: roles.readOnly, platformAdmin: roles.platformAdmin,
    })
    .from(sessions)
    .innerJoin(sysUsers, eq(sysUsers.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, sysUsers.roleId))
    .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql.placeholder('now'))));
  return preparedStatement(query, 'session_by_token');
}

export async function resolveSession(db: Db, caches: RequestCaches, token: string, now: Date): Promise<Session | undefined> {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = prepareSessionQuery(db)));
  const [row] = await query.execute({ token, now: now.toISOString() });
  if (!row || row.state !== 1) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_TOUCH_MS && !touching.has(token)) {
    touching.add(token);
    try {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt: expiryOf(row.createdAt, now) }).where(eq(sessions.token, token));
    } finally {
      touching.delete(token);
    }
  }
  return {
    token: row.token, userId: row.userId, userName: row.userName, roleId: row.roleId, areaId: row.areaId,
    areaIds: await caches.areaScope(row.areaId),
    // A role that no longer exists grants nothing but reading.
    readOnly: row.readOnly ?? true, platformAdmin: row.platformAdmin ?? false,
  };
}

export async function endSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.token, token));
}

export async function endUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * A session as it stands now, without extending it (the websocket's heartbeat): undefined when it
 * has ended; otherwise its current scope.
 */
export async function currentSession(db: Db, caches: RequestCaches, token: string, now: Date): Promise<Pick<Session, 'areaIds'> | undefined> {
  const [row] = await db
    .select({ state: sysUsers.state, areaId: sysUsers.areaId })
    .from(sessions)
    .innerJoin(sysUsers, eq(sysUsers.id, sessions.userId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, now)));
  if (row?.state !== 1) return undefined;
  return { areaIds: await caches.areaScope(row.areaId) };
}
