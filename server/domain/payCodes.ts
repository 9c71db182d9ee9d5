import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import type { Session } from '../auth/session';
import { audit } from '../audit';
import { notFound } from './results';

const { payCodes, rooms } = schema;

/** A pay code: 24 random bytes (192 bits) in base64url, 32 characters. */
export const newPayCode = () => randomBytes(24).toString('base64url');
export const PAY_CODE = /^[A-Za-z0-9_-]{32}$/;

/** The link a room's sticker carries: the tenant's pay page. */
export const payLinkOf = (publicUrl: string, code: string) => `${publicUrl}/pay/${code}`;

/** The room's pay code, made at first use (a room in the caller's areas, else 404). */
export async function payCodeOfRoom(db: Db, session: Session, roomId: number): Promise<{ roomId: number; payCode: string }> {
  const [room] = await db.select({ id: rooms.id, areaId: rooms.areaId, code: payCodes.code }).from(rooms)
    .leftJoin(payCodes, eq(payCodes.roomId, rooms.id))
    .where(and(eq(rooms.id, roomId), sql`${rooms.areaId} IN (${sql.join(session.areaIds.map((id) => sql`${id}`), sql`, `)})`));
  if (!room) throw notFound('errors.roomNotFound');
  if (room.code) return { roomId, payCode: room.code };
  await db.insert(payCodes).values({ roomId, areaId: room.areaId, code: newPayCode() }).onConflictDoNothing();
  const [made] = await db.select({ code: payCodes.code }).from(payCodes).where(eq(payCodes.roomId, roomId));
  return { roomId, payCode: made.code };
}

/** The pay codes of many rooms at once (a building's sticker sheet), made where missing. */
export async function payCodesOfRooms(db: Db, roomRows: { id: number; areaId: number }[]): Promise<Map<number, string>> {
  if (!roomRows.length) return new Map();
  await db.insert(payCodes).values(roomRows.map((room) => ({ roomId: room.id, areaId: room.areaId, code: newPayCode() }))).onConflictDoNothing();
  const rows = await db.select({ roomId: payCodes.roomId, code: payCodes.code }).from(payCodes)
    .where(sql`${payCodes.roomId} IN (${sql.join(roomRows.map((room) => sql`${room.id}`), sql`, `)})`);
  return new Map(rows.map((row) => [row.roomId, row.code]));
}

/** A new code for the room: the old one stops working at once (its sticker must be replaced). */
export async function renewPayCode(db: Db, session: Session, roomId: number, now: Date): Promise<{ roomId: number; payCode: string }> {
  const before = await payCodeOfRoom(db, session, roomId);
  const code = newPayCode();
  await db.transaction(async (tx) => {
    await tx.update(payCodes).set({ code, renewedAt: now }).where(eq(payCodes.roomId, roomId));
    await audit(tx, session, { action: 'renew', entity: 'payLink', entityId: String(roomId), before: { payCode: `${before.payCode.slice(0, 4)}…` }, after: { payCode: `${code.slice(0, 4)}…` } });
  });
  return { roomId, payCode: code };
}

/** The room a pay code names now (undefined: unknown or renewed since). */
export async function roomOfPayCode(db: Db, code: string): Promise<{ roomId: number; areaId: number } | undefined> {
  if (!PAY_CODE.test(code)) return undefined;
  const [row] = await db.select({ roomId: payCodes.roomId, areaId: payCodes.areaId }).from(payCodes).where(eq(payCodes.code, code));
  return row;
}
