import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { rowsOf } from '../db/rows';
import { renderSms } from '../../common/sms';
import { DEFAULT_NOTICE_SETTINGS, DEFAULT_NOTICE_TEXTS, switchOf, type NoticeKind } from '../../common/tenantNotices';
import { forecastOf } from './creditForecast';
import { phoneOf } from './tenantAuth';
import { dayIn } from './sms';
import { billingSettings } from './billingEngine';
import { PeriodicJob } from './periodic';
import type { Utility } from './ledger';

const { tenantNoticeSettings, smsRecords, smsTemplates, rooms, buildings, tenants, tenantBindings } = schema;

/**
 * The tenant's SMS notices (issue 42): low balance (the alarm levels, DOMAIN.md rule 2), days of credit
 * left below the tenant's threshold, a recharge credited, the supply cut and restored. Each kind is
 * switched on or off by the tenant (per phone; on by default), worded by the area's SMS template the
 * operators marked as that kind's (smsmanage), else by the default wording (common/tenantNotices.ts),
 * and queued in the SMS outbox in the same transaction as the event, for the sender to send once.
 */

export type NoticeSettings = typeof DEFAULT_NOTICE_SETTINGS;

export async function noticeSettingsOf(db: Db, phone: string): Promise<NoticeSettings> {
  const [row] = await db.select().from(tenantNoticeSettings).where(eq(tenantNoticeSettings.phone, phone));
  return row
    ? { lowBalance: row.lowBalance, daysLeft: row.daysLeft, daysLeftThreshold: row.daysLeftThreshold, credited: row.credited, supply: row.supply }
    : { ...DEFAULT_NOTICE_SETTINGS };
}

export async function saveNoticeSettings(db: Db, phone: string, settings: NoticeSettings, now: Date): Promise<NoticeSettings> {
  const values = { lowBalance: settings.lowBalance, daysLeft: settings.daysLeft, daysLeftThreshold: settings.daysLeftThreshold, credited: settings.credited, supply: settings.supply };
  await db.insert(tenantNoticeSettings).values({ phone, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: tenantNoticeSettings.phone, set: { ...values, updatedAt: now } });
  return noticeSettingsOf(db, phone);
}

/** The room's current tenant with a phone (the notices' recipient), and the room's words. */
export async function recipientOf(db: Db, roomId: number) {
  const [who] = await db.select({ areaId: rooms.areaId, roomCode: rooms.roomCode, building: buildings.name, tenantId: tenants.id, tenantName: tenants.name, phone: tenants.phone })
    .from(rooms).leftJoin(buildings, eq(buildings.id, rooms.buildingId))
    .innerJoin(tenantBindings, and(eq(tenantBindings.roomId, rooms.id), isNull(tenantBindings.endDate)))
    .innerJoin(tenants, and(eq(tenants.id, tenantBindings.tenantId), isNull(tenants.deletedAt)))
    .where(eq(rooms.id, roomId)).orderBy(desc(tenantBindings.id)).limit(1);
  if (!who?.phone?.trim()) return undefined;
  return { ...who, phone: who.phone.trim(), room: `${who.building ?? ''}${who.roomCode}` };
}

/** Whether the phone wants this kind of notice. */
export async function wants(db: Db, phone: string, kind: NoticeKind): Promise<boolean> {
  const digits = phoneOf(phone);
  const settings = digits ? await noticeSettingsOf(db, digits) : DEFAULT_NOTICE_SETTINGS;
  return settings[switchOf(kind)] as boolean;
}

/** The wording of a kind in an area: its marked template (the newest), else the default. */
export async function noticeTextOf(db: Db, areaId: number, kind: NoticeKind): Promise<{ content: string; templateId: number | null }> {
  const [template] = await db.select({ id: smsTemplates.id, content: smsTemplates.content }).from(smsTemplates)
    .where(and(eq(smsTemplates.areaId, areaId), eq(smsTemplates.noticeKind, kind))).orderBy(desc(smsTemplates.id)).limit(1);
  return template ? { content: template.content, templateId: template.id } : { content: DEFAULT_NOTICE_TEXTS[kind], templateId: null };
}

export interface Notice {
  roomId: number; utility: Utility; kind: NoticeKind; balanceFen: number;
  creditFen?: number; levelFen?: number; days?: number; until?: string;
  /** The wording when the area has no template of the kind (the arrears notices keep their own). */
  fallback?: string;
}

/** The outbox's reason of a notice: the alarm levels keep theirs (alarm1, alarm2), the others their kind. */
export const reasonOf = (kind: NoticeKind) => (kind === 'lowBalance1' ? 'alarm1' : kind === 'lowBalance2' ? 'alarm2' : kind);

/**
 * Queues one notice for the room's current tenant, if there is one with a phone and they want it.
 * Returns the outbox row's id (undefined: none queued).
 */
export async function queueTenantNotice(db: Db, notice: Notice, now: Date): Promise<number | undefined> {
  const who = await recipientOf(db, notice.roomId);
  if (!who || !(await wants(db, who.phone, notice.kind))) return undefined;
  const text = await noticeTextOf(db, who.areaId, notice.kind);
  const content = renderSms(text.templateId === null && notice.fallback ? notice.fallback : text.content, {
    tenant: who.tenantName, room: who.room, balanceFen: notice.balanceFen, utility: notice.utility, date: dayIn(now, billingSettings.timeZone),
    creditFen: notice.creditFen, levelFen: notice.levelFen, days: notice.days, until: notice.until,
  });
  const [row] = await db.insert(smsRecords).values({
    areaId: who.areaId, roomId: notice.roomId, tenantId: who.tenantId, phone: who.phone, templateId: text.templateId, content,
    state: 'queued', auto: 1, reason: reasonOf(notice.kind), createdAt: now,
  }).returning({ id: smsRecords.id });
  return row.id;
}

/** The balance of a room's account now (for a notice that follows a device's state). */
export async function balanceOf(db: Db, roomId: number, utility: Utility): Promise<number> {
  const [row] = rowsOf<{ balance_fen: string | number }>(await db.execute(sql`SELECT balance_fen FROM accounts WHERE room_id = ${roomId} AND utility = ${utility}`));
  return Number(row?.balance_fen ?? 0);
}

/** A supply change of a room's meter, told to its tenant (cut: the platform's trip or valve close; restored: allowed again or opened). */
export async function queueSupplyNotice(db: Db, roomId: number | null, utility: Utility, cut: boolean, now: Date) {
  if (!roomId) return undefined;
  return queueTenantNotice(db, { roomId, utility, kind: cut ? 'supplyCut' : 'supplyRestored', balanceFen: await balanceOf(db, roomId, utility) }, now);
}


/** An account whose credit covers this many times (threshold + 1) of its dearest recent day is above the threshold whatever tiers do: not forecast. */
const SURE_FACTOR = 4;

/** The local hour from which the day's days-left notices go out (morning, not at night). */
export const DAYS_LEFT_HOUR = 9;

/**
 * The days-left notices: for every room with a current tenant who wants them, each utility whose
 * forecast (server/domain/creditForecast.ts) is at or below the tenant's threshold gets one notice, and
 * none again until the forecast has risen above it (a recharge) and fallen again: the notice leaves a
 * mark (`tenant_notice_marks`, written before the notice, so two processes send one), and a forecast
 * above the threshold clears it. Returns the notices queued.
 */
export async function sendDaysLeftNotices(db: Db, now: Date): Promise<number> {
  const today = dayIn(now, billingSettings.timeZone);
  // Each account with its credit and its dearest day of the last 30: an account whose credit lasts
  // more than SURE_FACTOR × (threshold + 1) of its dearest days is not forecast at all (most of them).
  const rows = rowsOf<{ room_id: number; phone: string; utility: Utility; credit_fen: string | number; dearest_fen: string | number | null }>(await db.execute(sql`
    SELECT DISTINCT ON (b.room_id, a.utility) b.room_id, t.phone, a.utility, a.balance_fen + a.overdraft_fen AS credit_fen,
      (SELECT max(s) FROM (SELECT sum(d.cost_fen) AS s FROM daily_usage d WHERE d.utility = a.utility AND d.area_id = r.area_id AND d.room_id = b.room_id
        AND d.day >= ${today}::date - 30 AND d.day < ${today}::date GROUP BY d.day) x) AS dearest_fen
    FROM tenant_bindings b JOIN rooms r ON r.id = b.room_id
    JOIN tenants t ON t.id = b.tenant_id AND t.deleted_at IS NULL AND coalesce(trim(t.phone), '') <> ''
    JOIN accounts a ON a.room_id = b.room_id
    WHERE b.end_date IS NULL ORDER BY b.room_id, a.utility, b.id DESC`));
  let queued = 0;
  for (const row of rows) {
    const roomId = Number(row.room_id);
    const digits = phoneOf(row.phone);
    const settings = digits ? await noticeSettingsOf(db, digits) : DEFAULT_NOTICE_SETTINGS;
    const surelyAbove = Number(row.credit_fen) > SURE_FACTOR * (settings.daysLeftThreshold + 1) * Number(row.dearest_fen ?? 0);
    const forecast = settings.daysLeft && !surelyAbove ? await forecastOf(db, roomId, row.utility, now) : null;
    const below = !!forecast && forecast.daysLeft !== null && forecast.daysLeft <= settings.daysLeftThreshold;
    if (!below) {
      await db.execute(sql`DELETE FROM tenant_notice_marks WHERE room_id = ${roomId} AND utility = ${row.utility} AND kind = 'daysLeft'`);
      continue;
    }
    const marked = rowsOf(await db.execute(sql`INSERT INTO tenant_notice_marks (room_id, utility, kind, marked_at) VALUES (${roomId}, ${row.utility}, 'daysLeft', ${now})
      ON CONFLICT DO NOTHING RETURNING room_id`));
    if (!marked.length) continue;
    const id = await queueTenantNotice(db, {
      roomId, utility: row.utility, kind: 'daysLeft', balanceFen: await balanceOf(db, roomId, row.utility), days: forecast!.daysLeft!, until: forecast!.runOutDate ?? undefined,
    }, now);
    if (id !== undefined) queued += 1;
  }
  return queued;
}

/** The days-left notices once a day, from DAYS_LEFT_HOUR in the platform's zone (an hourly look). */
export class DaysLeftJob extends PeriodicJob<number> {
  private lastDay: string | undefined;

  constructor(private db: Db, private now: () => Date, private options: { everyMs?: number; firstAfterMs?: number; log?: (message: string, error?: unknown) => void; onQueued?: () => void } = {}) {
    super('days-left notices', options.log);
  }

  private delay?: NodeJS.Timeout;

  /** The first look 10 minutes after start (not in the way of a starting server), then hourly. */
  start() {
    this.delay = setTimeout(() => void this.startEvery(this.options.everyMs ?? 3_600_000), this.options.firstAfterMs ?? 10 * 60_000);
    this.delay.unref();
  }

  override async stop() {
    clearTimeout(this.delay);
    await super.stop();
  }

  /** One look now (tests). */
  tick() {
    return this.runNow();
  }

  protected async runOnce() {
    const now = this.now();
    const day = dayIn(now, billingSettings.timeZone);
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: billingSettings.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
    if (hour < DAYS_LEFT_HOUR || this.lastDay === day) return 0;
    const queued = await sendDaysLeftNotices(this.db, now);
    this.lastDay = day;
    if (queued) this.options.onQueued?.();
    return queued;
  }
}
