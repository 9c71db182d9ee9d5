import { and, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import type { Session } from '../auth/session';
import { audit } from '../audit';
import { conflict, listOf, notFound, refused } from './results';
import { renderSms, SMS_RECIPIENTS_MAX } from '../../common/sms';

const { rooms, buildings, projects, tenants, tenantBindings, accounts, smsRecords, smsTemplates } = schema;

/**
 * Manual SMS (issue 31, smsmanage) and the resend of a failed notice (duanxinfasong). Nothing here
 * calls the provider: a message is a row in the outbox (`sms_records`, state `queued`) and the
 * sender (smsSender.ts) sends it exactly once, with its retries and backoff.
 */

/**
 * Who a manual message goes to: rooms chosen by id, or every room of a project or building (or the
 * whole area, said explicitly), optionally only those in arrears on the chosen utility. Each room's
 * current tenant with a phone is one recipient; rooms without one are counted as skipped.
 */
export interface SmsAudience {
  utility: 'electric' | 'water';
  roomIds?: number[];
  projectId?: number;
  buildingId?: number;
  /** Every room of the caller's area (never implied by an empty choice). */
  all?: boolean;
  arrearsOnly?: boolean;
}

export interface SmsRecipient {
  roomId: number; areaId: number; roomCode: string; buildingName: string | null; projectName: string | null;
  tenantId: number; tenantName: string; tenantPhone: string; balanceFen: number;
}

export interface Audience { rooms: number; skipped: number; recipients: SmsRecipient[] }

/** The audience's rooms in the caller's areas; chosen rooms outside them are refused (naming them). */
export async function audienceOf(db: Db, areaIds: number[], audience: SmsAudience): Promise<Audience> {
  if (!audience.roomIds?.length && !audience.projectId && !audience.buildingId && !audience.all) throw refused('errors.sms.noAudience');
  if (audience.roomIds?.length) {
    const inside = await db.select({ id: rooms.id }).from(rooms).where(and(inArray(rooms.id, audience.roomIds), inArray(rooms.areaId, areaIds)));
    const known = new Set(inside.map((row) => row.id));
    const outside = audience.roomIds.filter((id) => !known.has(id));
    if (outside.length) throw refused('errors.sms.roomsOutOfScope', { ids: listOf(outside, 20) });
  }
  const where: SQL | undefined = and(
    inArray(rooms.areaId, areaIds),
    audience.roomIds?.length ? inArray(rooms.id, audience.roomIds) : undefined,
    audience.projectId ? eq(rooms.projectId, audience.projectId) : undefined,
    audience.buildingId ? eq(rooms.buildingId, audience.buildingId) : undefined,
    audience.arrearsOnly ? lt(accounts.balanceFen, 0) : undefined,
  );
  const rows = await db.select({
    roomId: rooms.id, areaId: rooms.areaId, roomCode: rooms.roomCode, buildingName: buildings.name, projectName: projects.name,
    tenantId: tenants.id, tenantName: tenants.name, tenantPhone: tenants.phone, balanceFen: accounts.balanceFen,
  }).from(rooms)
    .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
    .leftJoin(projects, eq(projects.id, rooms.projectId))
    .leftJoin(tenantBindings, and(eq(tenantBindings.roomId, rooms.id), isNull(tenantBindings.endDate)))
    .leftJoin(tenants, eq(tenants.id, tenantBindings.tenantId))
    .leftJoin(accounts, and(eq(accounts.roomId, rooms.id), eq(accounts.utility, audience.utility)))
    .where(where)
    .orderBy(projects.name, buildings.name, rooms.roomCode, rooms.id);
  const seen = new Set<number>();
  const recipients: SmsRecipient[] = [];
  let skipped = 0;
  for (const row of rows) {
    if (seen.has(row.roomId)) continue;
    seen.add(row.roomId);
    if (row.tenantId === null || !row.tenantName || !row.tenantPhone?.trim()) { skipped += 1; continue; }
    recipients.push({ ...row, tenantId: row.tenantId, tenantName: row.tenantName, tenantPhone: row.tenantPhone.trim(), balanceFen: Number(row.balanceFen ?? 0) });
  }
  return { rooms: seen.size, skipped, recipients };
}

/** Today as YYYY-MM-DD in a time zone. */
export const dayIn = (now: Date, timeZone: string) => new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** One recipient's message. */
export const messageFor = (content: string, recipient: SmsRecipient, utility: 'electric' | 'water', date: string) =>
  renderSms(content, { tenant: recipient.tenantName, room: `${recipient.buildingName ?? ''}${recipient.roomCode}`, balanceFen: recipient.balanceFen, utility, date });

/** A template of the caller's areas (or not found). */
export async function templateOf(db: Db, areaIds: number[], id: number) {
  const [template] = await db.select().from(smsTemplates).where(and(eq(smsTemplates.id, id), inArray(smsTemplates.areaId, areaIds)));
  if (!template) throw notFound('errors.sms.templateNotFound');
  return template;
}

export interface ManualSend extends SmsAudience {
  content: string;
  templateId?: number;
  /** The count the operator confirmed: the send is refused when the audience no longer has it. */
  expectedCount: number;
}

/**
 * Queues one message per recipient in the outbox (manual, reason `manual`, the operator and the
 * template kept), in one transaction with its operation-log entry. Refused with nothing queued when
 * there is no recipient, too many, or the count is not the one confirmed.
 */
export async function queueManualSms(db: Db, session: Session, input: ManualSend, now: Date, timeZone: string) {
  return db.transaction(async (tx) => {
    if (input.templateId) await templateOf(tx, session.areaIds, input.templateId);
    const audience = await audienceOf(tx, session.areaIds, input);
    const count = audience.recipients.length;
    if (count === 0) throw refused('errors.sms.noRecipients');
    if (count > SMS_RECIPIENTS_MAX) throw refused('errors.sms.tooMany', { count, max: SMS_RECIPIENTS_MAX });
    if (count !== input.expectedCount) throw conflict('errors.sms.scopeChanged', { count, expected: input.expectedCount });
    const date = dayIn(now, timeZone);
    const rows = audience.recipients.map((recipient) => ({
      // Each message in its room's area (a parent area's operator may write to a sub-area's rooms).
      areaId: recipient.areaId, roomId: recipient.roomId, tenantId: recipient.tenantId, phone: recipient.tenantPhone, templateId: input.templateId ?? null,
      content: messageFor(input.content, recipient, input.utility, date), state: 'queued', auto: 0, reason: 'manual',
      operatorId: session.userId, createdAt: now,
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      ids.push(...(await tx.insert(smsRecords).values(rows.slice(i, i + 500)).returning({ id: smsRecords.id })).map((row) => row.id));
    }
    await audit(tx, session, {
      action: 'send', entity: 'sms', entityId: ids.length > 1 ? `${ids[0]}…${ids.at(-1)}` : ids[0],
      after: { count, skipped: audience.skipped, templateId: input.templateId ?? null, utility: input.utility, content: input.content,
        roomIds: input.roomIds ?? null, projectId: input.projectId ?? null, buildingId: input.buildingId ?? null, all: input.all ?? false, arrearsOnly: input.arrearsOnly ?? false },
    });
    return { queued: count, skipped: audience.skipped, ids };
  });
}

/**
 * Resends a failed notice: back to the outbox (`queued`, its attempts from zero, due now) for the
 * sender to send once more; audited. Another area's notice is not found; a notice that is not
 * `failed` (queued, sending, sent — or already resent) is refused and unchanged.
 */
export async function resendSms(db: Db, session: Session, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: smsRecords.id, state: smsRecords.state, attempts: smsRecords.attempts }).from(smsRecords)
      .where(and(eq(smsRecords.id, id), inArray(smsRecords.areaId, session.areaIds))).for('update');
    if (!row) throw notFound('errors.recordNotFound');
    if (row.state !== 'failed') throw refused('errors.sms.notFailed');
    await tx.update(smsRecords).set({ state: 'queued', attempts: 0, nextAttemptAt: null })
      .where(and(eq(smsRecords.id, id), eq(smsRecords.state, 'failed')));
    await audit(tx, session, { action: 'resend', entity: 'sms', entityId: id, before: { state: 'failed', attempts: row.attempts }, after: { state: 'queued', at: now.toISOString() } });
    return { id, state: 'queued' };
  });
}
