import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, z } from '../http/router';
import { Bool, Id, IdArray, Int, Q } from '../http/input';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { rowsById, type ListSpec } from '../db/listKit';
import { csvTime } from '../http/csvStream';
import { audit } from '../audit';
import { conflict, notFound } from '../domain/results';
import { audienceOf, dayIn, messageFor, queueManualSms, resendSms, templateOf } from '../domain/sms';
import { PlaceFilters, placeConditions, rangeCheck, rangeConditions, rangeFilters } from './statsKit';
import { exportRoute, listWithTotals } from './statsRecords';
import { SMS_CONTENT_MAX, SMS_RECIPIENTS_MAX, SMS_TEMPLATE_NAME_MAX, unknownPlaceholders } from '../../common/sms';
import { platformTimeZone } from '../config';
import { NOTICE_KINDS, type NoticeKind } from '../../common/tenantNotices';

const { smsRecords, smsTemplates, rooms, buildings, projects, tenants, sysUsers } = schema;
const TIME_ZONE = platformTimeZone();

/**
 * The SMS screens (issue 31): `duanxinfasong` lists the automatic notices (kind=auto) with their
 * delivery states and resends a failed one; `smsmanage` keeps the templates, sends a message to
 * chosen rooms' tenants (previewed, the count confirmed) and lists those sends (kind=manual).
 * Every message goes through the outbox (sms_records → smsSender.ts), never to the provider here.
 * Phones are answered as `tenantPhone`, so a read-only caller gets them masked (personalData.ts).
 */

export const SMS_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export const SMS_REASONS = ['alarm1', 'alarm2', 'arrears', 'manual'] as const;

// ---- the records (both screens) ---------------------------------------------------------------

const RecordQuery = PagingQuery.extend({
  ...PlaceFilters, kind: Q.oneOf(['auto', 'manual']), state: Q.oneOf(SMS_STATES), reason: Q.oneOf(SMS_REASONS),
  templateId: Q.id(), ...rangeFilters('created'),
}).superRefine(rangeCheck('created'));
type RecordFilter = z.output<typeof RecordQuery>;

const recordQuery = (db: Db) => db.select({
  id: smsRecords.id, auto: smsRecords.auto, reason: smsRecords.reason, state: smsRecords.state, attempts: smsRecords.attempts,
  roomId: smsRecords.roomId, roomCode: rooms.roomCode, buildingName: buildings.name, projectName: projects.name,
  tenantName: tenants.name, tenantPhone: smsRecords.phone, content: smsRecords.content,
  templateId: smsRecords.templateId, templateName: smsTemplates.name,
  operatorName: sql<string | null>`coalesce(${sysUsers.realName}, ${sysUsers.userName})`,
  createdAt: smsRecords.createdAt, sentAt: smsRecords.sentAt, nextAttemptAt: smsRecords.nextAttemptAt,
}).from(smsRecords)
  .leftJoin(rooms, eq(rooms.id, smsRecords.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId))
  .leftJoin(tenants, eq(tenants.id, smsRecords.tenantId))
  .leftJoin(smsTemplates, eq(smsTemplates.id, smsRecords.templateId))
  .leftJoin(sysUsers, eq(sysUsers.id, smsRecords.operatorId));
type SmsRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['where']>>[number];

const recordList: ListSpec<SmsRow> = {
  table: smsRecords, id: smsRecords.id, area: smsRecords.areaId,
  sorts: { id: smsRecords.id, createdAt: smsRecords.createdAt, sentAt: smsRecords.sentAt, state: smsRecords.state, reason: smsRecords.reason, attempts: smsRecords.attempts },
  defaultSort: { field: 'createdAt', descending: true },
  rows: rowsById('sms_record_rows', recordQuery, smsRecords.id),
};

const recordConditions = (query: RecordFilter) => and(
  ...placeConditions(smsRecords.roomId, query),
  query.kind ? eq(smsRecords.auto, query.kind === 'auto' ? 1 : 0) : undefined,
  query.state ? eq(smsRecords.state, query.state) : undefined,
  query.reason ? eq(smsRecords.reason, query.reason) : undefined,
  query.templateId ? eq(smsRecords.templateId, query.templateId) : undefined,
  rangeConditions(smsRecords.createdAt, query, 'created'),
);

// ---- sending (smsmanage) -------------------------------------------------------------------------

const Content = z.string().trim()
  .min(1, 'validation.sms.contentRequired')
  .max(SMS_CONTENT_MAX)
  .refine((text) => unknownPlaceholders(text).length === 0, 'validation.sms.placeholder');

/** Who a message goes to (a choice of rooms, a project or building, or the whole area said explicitly). */
const Audience = {
  utility: z.enum(['electric', 'water']).default('electric'),
  roomIds: IdArray(SMS_RECIPIENTS_MAX).optional(),
  projectId: Id.optional(),
  buildingId: Id.optional(),
  all: Bool.optional(),
  arrearsOnly: Bool.optional(),
};
const PreviewBody = z.object({ ...Audience, content: Content, templateId: Id.optional() });
const SendBody = PreviewBody.extend({ expectedCount: Int(1, SMS_RECIPIENTS_MAX) });

/** Recipients shown in a preview (the count is of all of them). */
const PREVIEW_ROWS = 20;

// ---- templates -----------------------------------------------------------------------------------

const TemplateBody = z.object({
  name: z.string().trim().min(1, 'validation.required').max(SMS_TEMPLATE_NAME_MAX), content: Content,
  /** The kind of tenant notice it words (issue 42; common/tenantNotices.ts), or null: a template for manual messages. */
  noticeKind: z.enum(NOTICE_KINDS).nullable().optional(),
});

/**
 * One template of an area per kind of tenant notice (it is the wording the notice takes): a second
 * one is refused naming the template that has the kind. Taken under a lock of the area and kind, so
 * two concurrent saves cannot both win.
 */
async function checkNoticeKindFree(db: Db, areaId: number, kind: NoticeKind | null | undefined, exceptId?: number) {
  if (!kind) return;
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sms-notice-kind:${areaId}:${kind}`}))`);
  const [taken] = await db.select({ id: smsTemplates.id, name: smsTemplates.name }).from(smsTemplates)
    .where(and(eq(smsTemplates.areaId, areaId), eq(smsTemplates.noticeKind, kind), exceptId ? sql`${smsTemplates.id} <> ${exceptId}` : undefined));
  if (taken) throw conflict('tenantOperator.noticeKindTaken', { name: taken.name, kind: { key: `tenantOperator.noticeKinds.${kind}` } });
}

export function smsRoutes() {
  const router = createRouter();
  listWithTotals(router, {
    summary: 'SMS records (automatic notices or manual sends) with their delivery state, paged, with totals', query: RecordQuery, conditions: recordConditions, list: recordList, table: smsRecords,
    totals: () => sql`count(*) AS count, count(*) FILTER (WHERE ${smsRecords.state} = 'sent') AS sent,
      count(*) FILTER (WHERE ${smsRecords.state} = 'failed') AS failed, count(*) FILTER (WHERE ${smsRecords.state} IN ('queued', 'sending')) AS pending`,
  });
  exportRoute<typeof RecordQuery, SmsRow>(router, {
    summary: 'SMS records as CSV (the filtered set, streamed)', query: RecordQuery, name: 'sms-records', where: recordConditions, select: recordQuery,
    table: { areaId: smsRecords.areaId, id: smsRecords.id },
    fields: (query) => {
      const F = `resources.${query.kind === 'manual' ? 'smsmanage' : 'duanxinfasong'}.fields`;
      return [
        { label: `${F}.createdAt`, value: (row) => csvTime(row.createdAt), kind: 'time' },
        { label: `${F}.reason`, value: (row, t) => (row.reason ? t(`sms.reason.${row.reason}`) : '') },
        { label: `${F}.state`, value: (row, t) => t(`sms.state.${row.state}`) },
        { label: `${F}.sentAt`, value: (row) => csvTime(row.sentAt), kind: 'time' },
        { label: `${F}.attempts`, value: (row) => row.attempts, kind: 'number' },
        { label: `${F}.projectName`, value: (row) => row.projectName },
        { label: `${F}.buildingName`, value: (row) => row.buildingName },
        { label: `${F}.roomCode`, value: (row) => row.roomCode, kind: 'code' },
        { label: `${F}.tenantName`, value: (row) => row.tenantName },
        { label: `${F}.tenantPhone`, value: (row) => row.tenantPhone, kind: 'code' },
        { label: `${F}.templateName`, value: (row) => row.templateName },
        { label: `${F}.operatorName`, value: (row) => row.operatorName },
        { label: `${F}.content`, value: (row) => row.content },
      ];
    },
  });

  defineRoute(router, {
    method: 'post', path: '/previewRecipients',
    summary: 'Who a manual SMS would go to: the count of recipients (rooms\' current tenants with a phone), rooms skipped, and the first messages as they will read; nothing is queued', tags: ['sms'],
    body: PreviewBody,
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    if (body.templateId) await templateOf(db, c.get('session').areaIds, body.templateId);
    const audience = await audienceOf(db, c.get('session').areaIds, body);
    const date = dayIn(now(), TIME_ZONE);
    return ok(c, {
      count: audience.recipients.length, rooms: audience.rooms, skipped: audience.skipped, max: SMS_RECIPIENTS_MAX,
      recipients: audience.recipients.slice(0, PREVIEW_ROWS).map((recipient) => ({
        roomId: recipient.roomId, roomCode: recipient.roomCode, buildingName: recipient.buildingName, projectName: recipient.projectName,
        tenantName: recipient.tenantName, tenantPhone: recipient.tenantPhone, content: messageFor(body.content, recipient, body.utility, date),
      })),
    });
  });

  defineRoute(router, {
    method: 'post', path: '/send',
    summary: 'Send a manual SMS: one message per recipient queued in the outbox (sent once by the SMS sender, retried with backoff); refused with nothing queued when there is no recipient or the count is not the one confirmed (expectedCount); audited', tags: ['sms'],
    body: SendBody,
  }, async (c, { body }) => ok(c, await queueManualSms(c.get('deps').db, c.get('session'), body, c.get('deps').now(), TIME_ZONE)));

  defineRoute(router, {
    method: 'post', path: '/resend',
    summary: 'Resend a failed SMS: back to the outbox (queued, attempts from zero) for the sender; refused unless it failed; audited', tags: ['sms'],
    body: z.object({ id: Id }),
  }, async (c, { body }) => ok(c, await resendSms(c.get('deps').db, c.get('session'), body.id, c.get('deps').now())));

  return router;
}

export function smsTemplateRoutes() {
  const router = createRouter();
  const area = (areaIds: number[]): SQL => inArray(smsTemplates.areaId, areaIds);

  defineRoute(router, {
    method: 'get', path: '/list', summary: 'The SMS templates of the caller\'s areas, with how many messages each was used for', tags: ['sms'],
  }, async (c) => {
    const { db } = c.get('deps');
    const rows = await db.select({
      id: smsTemplates.id, areaId: smsTemplates.areaId, name: smsTemplates.name, content: smsTemplates.content, noticeKind: smsTemplates.noticeKind, createdAt: smsTemplates.createdAt,
      used: sql<number>`(SELECT count(*)::int FROM sms_records r WHERE r.template_id = "sms_templates"."id")`,
    }).from(smsTemplates).where(area(c.get('session').areaIds)).orderBy(smsTemplates.id);
    return ok(c, rows.map((row) => ({ ...row, used: Number(row.used) })));
  });

  defineRoute(router, {
    method: 'post', path: '/save',
    summary: 'Add an SMS template (name, content with placeholders; noticeKind: the kind of tenant notice it words, one template per area and kind, else 409); audited', tags: ['sms'], body: TemplateBody,
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const created = await db.transaction(async (tx) => {
      await checkNoticeKindFree(tx, session.areaId, body.noticeKind);
      const [row] = await tx.insert(smsTemplates).values({ areaId: session.areaId, name: body.name, content: body.content, noticeKind: body.noticeKind ?? null }).returning();
      await audit(tx, session, { action: 'create', entity: 'sms_template', entityId: row.id, after: row });
      return row;
    });
    return ok(c, created);
  });

  defineRoute(router, {
    method: 'put', path: '/update',
    summary: 'Change an SMS template (messages already made from it keep their text; noticeKind: absent keeps it, null makes it a manual template, a kind another template of the area has → 409); audited', tags: ['sms'],
    body: TemplateBody.extend({ id: Id }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const updated = await db.transaction(async (tx) => {
      const before = await templateOf(tx, session.areaIds, body.id);
      if (body.noticeKind !== undefined) await checkNoticeKindFree(tx, before.areaId, body.noticeKind, body.id);
      const [row] = await tx.update(smsTemplates).set({ name: body.name, content: body.content, ...(body.noticeKind !== undefined ? { noticeKind: body.noticeKind } : {}) })
        .where(eq(smsTemplates.id, body.id)).returning();
      await audit(tx, session, { action: 'update', entity: 'sms_template', entityId: row.id, before, after: row });
      return row;
    });
    return ok(c, updated);
  });

  defineRoute(router, {
    method: 'delete', path: '/delete', summary: 'Delete an SMS template (messages made from it keep their text); audited', tags: ['sms'],
    query: z.object({ id: Id }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    await db.transaction(async (tx) => {
      const before = await templateOf(tx, session.areaIds, query.id);
      const removed = await tx.delete(smsTemplates).where(and(eq(smsTemplates.id, query.id), area(session.areaIds))).returning({ id: smsTemplates.id });
      if (!removed.length) throw notFound('errors.sms.templateNotFound');
      await audit(tx, session, { action: 'delete', entity: 'sms_template', entityId: query.id, before });
    });
    return ok(c, { id: query.id });
  });

  return router;
}
