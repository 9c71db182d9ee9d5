import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { schema } from '../db';
import { notFound, tooMany, unauthorized } from './results';

const { tenantLoginCodes, tenantSessions, smsRecords, operationLog } = schema;

/**
 * The tenant's sign-in (issue 42; the calls are binding): a 6-digit code sent by SMS to the phone
 * number of their tenant record, exchanged for a token (`X-Tenant-Token`). A tenant is a phone
 * number: signed in, they see the rooms a tenant record with that number is bound to now.
 *
 * - Asking for a code answers the same whether or not the phone is a tenant's (no enumeration): a
 *   code row is written either way (so the limits count the same), the SMS only for a known phone.
 *   Limits, counted in the database (any number of processes): 1 code a minute and 5 an hour per
 *   phone, 20 an hour per client address; the per-phone limits are taken under a lock of the phone.
 * - A code is kept as a hash, works once, for 5 minutes; 5 wrong codes end it. Only the newest code
 *   of a phone counts.
 * - The token is 32 random bytes, kept as its SHA-256; a session lasts 30 days from its last use. It is
 *   no operator session: the operators' API knows nothing of it.
 * - The sign-in is written to the operation log of each area the tenant has a room in (no operator:
 *   the masked phone stands for them).
 */

export const TENANT_CODE_TTL_MS = 5 * 60_000;
export const TENANT_CODE_MAX_TRIES = 5;
export const TENANT_CODE_LIMITS = { perPhoneMinute: 1, perPhoneHour: 5, perAddressHour: 20 };
export const TENANT_SESSION_MS = 30 * 24 * 3_600_000;
/** How often a session's last use is written (not on every call). */
const TOUCH_EVERY_MS = 10 * 60_000;

/** A mainland mobile number as 11 digits (spaces, dashes and +86 allowed), or undefined. */
export function phoneOf(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, '').replace(/^\+?86(?=1\d{10}$)/, '');
  return /^1[3-9]\d{9}$/.test(digits) ? digits : undefined;
}

/** 138****5678. */
export const maskedPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

/** The SQL of a tenant record's phone as 11 digits (the index tenants_phone_digits, migration 0044). */
export const phoneDigitsSql = (column: string) => sql.raw(`right(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), 11)`);

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
const codeHash = (phone: string, code: string) => hashOf(`tenant-code:${phone}:${code}`);
export const tokenHash = (token: string) => hashOf(`tenant-session:${token}`);

/** The current tenancies of a phone: its tenant records' bindings not ended, tenants not deleted. */
export async function tenanciesOfPhone(db: Db, phone: string) {
  return rowsOf<{ binding_id: number; room_id: number; area_id: number; tenant_id: number; tenant_name: string; start_date: string; created_at: string | Date }>(await db.execute(sql`
    SELECT b.id AS binding_id, b.room_id, r.area_id, t.id AS tenant_id, t.name AS tenant_name, b.start_date::text AS start_date, b.created_at
    FROM tenants t
    JOIN tenant_bindings b ON b.tenant_id = t.id AND b.end_date IS NULL
    JOIN rooms r ON r.id = b.room_id
    WHERE t.deleted_at IS NULL AND ${phoneDigitsSql('t.phone')} = ${phone}
    ORDER BY b.start_date, b.id`)).map((row) => ({
    bindingId: Number(row.binding_id), roomId: Number(row.room_id), areaId: Number(row.area_id), tenantId: Number(row.tenant_id),
    tenantName: row.tenant_name, startDate: row.start_date, createdAt: new Date(row.created_at),
  }));
}

export type Tenancy = Awaited<ReturnType<typeof tenanciesOfPhone>>[number];

/** The phone's current tenancy of a room; a room it is not bound to now is not found (404), as a room that does not exist. */
export async function tenancyOfRoom(db: Db, phone: string, roomId: number): Promise<Tenancy> {
  const tenancy = (await tenanciesOfPhone(db, phone)).find((row) => row.roomId === roomId);
  if (!tenancy) throw notFound('errors.recordNotFound');
  return tenancy;
}

export interface CodeRequest { phone: string; address: string; now: Date; smsText: (code: string) => string }

/**
 * A code for a phone: refused (429) over a limit, else written (hashed) and, for a tenant's phone,
 * queued in the SMS outbox. Returns whether an SMS was queued (for the caller to wake the sender; the
 * answer to the client must not depend on it).
 */
export async function requestTenantCode(db: Db, request: CodeRequest): Promise<boolean> {
  const { phone, address, now } = request;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tenant-code:${phone}`}))`);
    const [counts] = rowsOf<{ minute: number | string; hour: number | string; address_hour: number | string }>(await tx.execute(sql`
      SELECT
        (SELECT count(*) FROM tenant_login_codes WHERE phone = ${phone} AND created_at > ${new Date(now.getTime() - 60_000)}) AS minute,
        (SELECT count(*) FROM tenant_login_codes WHERE phone = ${phone} AND created_at > ${new Date(now.getTime() - 3_600_000)}) AS hour,
        (SELECT count(*) FROM tenant_login_codes WHERE address = ${address} AND created_at > ${new Date(now.getTime() - 3_600_000)}) AS address_hour`));
    if (Number(counts.minute) >= TENANT_CODE_LIMITS.perPhoneMinute) throw tooMany('errors.tenant.codeTooSoon');
    if (Number(counts.hour) >= TENANT_CODE_LIMITS.perPhoneHour || Number(counts.address_hour) >= TENANT_CODE_LIMITS.perAddressHour) {
      throw tooMany('errors.tenant.codeTooMany');
    }
    // The phone's codes of yesterday and before count for no limit any more: not kept.
    await tx.execute(sql`DELETE FROM tenant_login_codes WHERE phone = ${phone} AND created_at < ${new Date(now.getTime() - 86_400_000)}`);
    const tenancies = await tenanciesOfPhone(tx, phone);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.insert(tenantLoginCodes).values({
      phone, codeHash: codeHash(phone, code), address, known: tenancies.length > 0, createdAt: now, expiresAt: new Date(now.getTime() + TENANT_CODE_TTL_MS),
    });
    if (!tenancies.length) return false;
    const first = tenancies[0];
    await tx.insert(smsRecords).values({
      areaId: first.areaId, roomId: first.roomId, tenantId: first.tenantId, phone, content: request.smsText(code), state: 'queued', auto: 1, reason: 'loginCode', createdAt: now,
    });
    return true;
  });
}

export interface SignedIn { token: string; expiresAt: Date }

/**
 * Exchanges a phone's newest code for a session. Refused (401) without a live code, with a wrong one
 * (counted: the fifth ends the code) or a used or expired one; the message never says whether the
 * phone is a tenant's.
 */
export async function signInTenant(db: Db, input: { phone: string; code: string; address: string; now: Date }): Promise<SignedIn> {
  const { phone, now } = input;
  const outcome = await db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: number | string; code_hash: string; attempts: number; used_at: unknown; expires_at: string | Date }>(await tx.execute(sql`
      SELECT id, code_hash, attempts, used_at, expires_at FROM tenant_login_codes WHERE phone = ${phone}
      ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`));
    if (!row || row.used_at !== null || new Date(row.expires_at) <= now || row.attempts >= TENANT_CODE_MAX_TRIES) return { refused: 'errors.tenant.codeExpired' } as const;
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(codeHash(phone, input.code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const attempts = Number(row.attempts) + 1;
      await tx.execute(sql`UPDATE tenant_login_codes SET attempts = ${attempts} WHERE id = ${row.id}`);
      return { refused: attempts >= TENANT_CODE_MAX_TRIES ? 'errors.tenant.codeEnded' : 'errors.tenant.codeWrong', left: TENANT_CODE_MAX_TRIES - attempts } as const;
    }
    await tx.execute(sql`UPDATE tenant_login_codes SET used_at = ${now} WHERE id = ${row.id}`);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + TENANT_SESSION_MS);
    await tx.execute(sql`DELETE FROM tenant_sessions WHERE phone = ${phone} AND expires_at <= ${now}`);
    await tx.insert(tenantSessions).values({ tokenHash: tokenHash(token), phone, address: input.address, createdAt: now, lastSeenAt: now, expiresAt });
    await logTenant(tx, phone, 'tenantLogin', { address: input.address }, now);
    return { token, expiresAt } as const;
  });
  // The refusal after the transaction: a wrong try stays counted.
  if ('refused' in outcome) throw unauthorized(outcome.refused!, 'left' in outcome && outcome.left !== undefined ? { left: outcome.left } : {});
  return outcome;
}

/** The phone of a live session token (touching its last use now and then), or undefined. */
export async function phoneOfToken(db: Db, token: string, now: Date): Promise<string | undefined> {
  if (!token || token.length > 100) return undefined;
  const hash = tokenHash(token);
  const [row] = await db.select().from(tenantSessions).where(sql`${tenantSessions.tokenHash} = ${hash} AND ${tenantSessions.expiresAt} > ${now}`);
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(tenantSessions).set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + TENANT_SESSION_MS) }).where(sql`${tenantSessions.tokenHash} = ${hash}`);
  }
  return row.phone;
}

/** Ends one session (sign-out). */
export async function signOutTenant(db: Db, token: string, now: Date) {
  const ended = await db.delete(tenantSessions).where(sql`${tenantSessions.tokenHash} = ${tokenHash(token)}`).returning({ phone: tenantSessions.phone });
  if (ended[0]) await logTenant(db, ended[0].phone, 'tenantLogout', null, now);
}

/** Ends every session of a phone (an unbinding, an operator's "end sign-ins"). Returns how many. */
export async function endTenantSessionsOfPhone(db: Db, phone: string | null | undefined): Promise<number> {
  const digits = phone ? phoneOf(phone) ?? phone.replace(/[^0-9]/g, '').slice(-11) : '';
  if (!digits) return 0;
  return (await db.delete(tenantSessions).where(sql`${tenantSessions.phone} = ${digits}`).returning({ phone: tenantSessions.phone })).length;
}

/**
 * One line in the operation log of each area the phone's tenant has a room in: no operator, the
 * masked phone as the name; `entityId` the tenant record.
 */
export async function logTenant(db: Db, phone: string, action: string, after: unknown, now: Date, roomIds?: number[]) {
  const tenancies = (await tenanciesOfPhone(db, phone)).filter((row) => !roomIds || roomIds.includes(row.roomId));
  const seen = new Set<number>();
  for (const tenancy of tenancies) {
    if (seen.has(tenancy.areaId)) continue;
    seen.add(tenancy.areaId);
    await db.insert(operationLog).values({
      areaId: tenancy.areaId, userId: null, userName: `租户 ${maskedPhone(phone)}`, action, entity: 'tenant', entityId: String(tenancy.tenantId),
      call: null, before: null, after: (after ?? null) as never, createdAt: now,
    });
  }
}
