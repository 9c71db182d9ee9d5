import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import type { Session } from '../auth/session';
import { audit } from '../audit';
import { conflict, notFound } from './results';
import { endTenantSessionsOfPhone, phoneOf } from './tenantAuth';
import { DEFAULT_NOTICE_SETTINGS } from '../../common/tenantNotices';
import { maskPhone } from '../../common/identity';
import { roomText } from '../../common/formats';

const { faults, tenantFaultReports, tenantSessions, tenantNoticeSettings, rooms, buildings, projects } = schema;

/**
 * The operator's side of the tenant's page (issue 42): a tenant's fault report (报修) as the fault
 * records (`guzhang`) show and resolve it, and a tenant's sign-ins and notice choices as the tenant
 * record (`userdangan`) shows them. The tenant side (tenantPortal*.ts) writes the reports and the
 * sessions; nothing here is reachable with a tenant's token.
 */

/** The fault kind of a tenant's report, and the device kind of its row (the room is the "device"). */
export const TENANT_REPORT_KIND = 'tenant_report';
export const REPORT_DEVICE_KIND = 'room';
export const RESOLUTION_MAX = 200;

/** A tenant's report as the operator reads it (by its fault's id, in the caller's areas). */
async function reportRow(db: Db, areaIds: number[], faultId: number, lock = false) {
  const query = db.select({
    faultId: faults.id, areaId: faults.areaId, openedAt: faults.openedAt, clearedAt: faults.clearedAt,
    reportId: tenantFaultReports.id, kind: tenantFaultReports.kind, text: tenantFaultReports.text, phone: tenantFaultReports.phone,
    resolution: tenantFaultReports.resolution, createdAt: tenantFaultReports.createdAt, roomId: tenantFaultReports.roomId,
    hasPhoto: sql<boolean>`${tenantFaultReports.photo} IS NOT NULL`,
  }).from(faults)
    .innerJoin(tenantFaultReports, eq(tenantFaultReports.faultId, faults.id))
    .where(and(eq(faults.id, faultId), eq(faults.kind, TENANT_REPORT_KIND), inArray(faults.areaId, areaIds.length ? areaIds : [-1])));
  const [row] = lock ? await query.for('update', { of: faults }) : await query;
  if (!row) throw notFound('tenantOperator.reportNotFound');
  return row;
}

/** `fault/findReport`: the report with its room and state; the phone always masked (the operator calls the tenant from the tenant record). */
export async function findTenantReport(db: Db, areaIds: number[], faultId: number) {
  const row = await reportRow(db, areaIds, faultId);
  const [room] = await db.select({ roomCode: rooms.roomCode, buildingName: buildings.name, projectName: projects.name }).from(rooms)
    .leftJoin(buildings, eq(buildings.id, rooms.buildingId)).leftJoin(projects, eq(projects.id, rooms.projectId)).where(eq(rooms.id, row.roomId));
  return {
    id: row.faultId, kind: row.kind, text: row.text, createdAt: row.createdAt,
    state: row.clearedAt ? 'resolved' as const : 'open' as const, resolution: row.resolution, resolvedAt: row.clearedAt,
    hasPhoto: Boolean(row.hasPhoto), roomId: row.roomId, room: room ? roomText(room) : '', tenantPhone: maskPhone(row.phone),
  };
}

/** `fault/findReportPhoto`: the photo's bytes and type (404 when the report has none). */
export async function tenantReportPhoto(db: Db, areaIds: number[], faultId: number) {
  await reportRow(db, areaIds, faultId);
  const [row] = await db.select({ photo: tenantFaultReports.photo, photoType: tenantFaultReports.photoType }).from(tenantFaultReports)
    .where(eq(tenantFaultReports.faultId, faultId));
  if (!row?.photo) throw notFound('tenantOperator.photoNotFound');
  return { bytes: row.photo, type: row.photoType || 'application/octet-stream' };
}

/**
 * `fault/resolveReport`: the fault cleared now and the report given its resolution, in one
 * transaction with its operation-log line. A report already resolved is refused (409).
 */
export async function resolveTenantReport(db: Db, session: Session, faultId: number, resolution: string, now: Date) {
  await db.transaction(async (tx) => {
    const before = await reportRow(tx, session.areaIds, faultId, true);
    if (before.clearedAt) throw conflict('tenantOperator.reportResolved', { resolution: before.resolution ?? '' });
    await tx.update(faults).set({ clearedAt: now }).where(eq(faults.id, faultId));
    await tx.update(tenantFaultReports).set({ resolution }).where(eq(tenantFaultReports.id, before.reportId));
    await audit(tx, session, {
      action: 'resolve', entity: 'tenantReport', entityId: faultId,
      before: { kind: before.kind, text: before.text, roomId: before.roomId, clearedAt: null, resolution: null },
      after: { clearedAt: now, resolution },
    });
  });
  return findTenantReport(db, session.areaIds, faultId);
}

/** A tenant record's phone as the tenant's page keys it (11 digits), or undefined. */
export const portalPhone = (phone: string | null | undefined) => {
  if (!phone) return undefined;
  return phoneOf(phone) ?? (phone.replace(/[^0-9]/g, '').slice(-11) || undefined);
};

/** `tenant/findPortal`: whether the phone signed in to the tenant's page, its live sessions, its notice choices (defaults without a row). */
export async function tenantPortalOf(db: Db, phone: string | null, now: Date) {
  const digits = portalPhone(phone);
  const settings = { ...DEFAULT_NOTICE_SETTINGS };
  if (!digits) return { phone, signedInAt: null, sessions: 0, settings, customized: false };
  const [[newest], [live], [chosen]] = await Promise.all([
    db.select({ createdAt: tenantSessions.createdAt }).from(tenantSessions).where(eq(tenantSessions.phone, digits)).orderBy(desc(tenantSessions.createdAt)).limit(1),
    db.select({ n: sql<number>`count(*)::int` }).from(tenantSessions).where(and(eq(tenantSessions.phone, digits), gt(tenantSessions.expiresAt, now))),
    db.select().from(tenantNoticeSettings).where(eq(tenantNoticeSettings.phone, digits)),
  ]);
  if (chosen) Object.assign(settings, { lowBalance: chosen.lowBalance, daysLeft: chosen.daysLeft, daysLeftThreshold: chosen.daysLeftThreshold, credited: chosen.credited, supply: chosen.supply });
  return { phone, signedInAt: newest ? newest.createdAt.toISOString() : null, sessions: Number(live?.n ?? 0), settings, customized: Boolean(chosen) };
}

/** `tenant/endPortalSessions`: every session of the tenant's phone ended, with its operation-log line. */
export async function endPortalSessions(db: Db, session: Session, tenant: { id: number; phone: string | null }) {
  return db.transaction(async (tx) => {
    const ended = await endTenantSessionsOfPhone(tx, tenant.phone);
    await audit(tx, session, { action: 'endSessions', entity: 'tenantPortal', entityId: tenant.id, before: { phone: tenant.phone }, after: { ended } });
    return ended;
  });
}
