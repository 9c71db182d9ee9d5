import { and, desc, eq } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { logTenant, type Tenancy } from './tenantAuth';

const { faults, tenantFaultReports } = schema;

/**
 * A tenant's fault report (报修, issue 42): it lands in the operator's fault records (`guzhang`) as a
 * fault of the room (kind `tenant_report`, device kind `room`), open until an operator resolves it with
 * a word for the tenant; the tenant's text and photo are kept beside it (`tenant_fault_reports`). The
 * tenant sees the reports of their own tenancy only.
 */

export const REPORT_KINDS = ['no_power', 'no_water', 'meter', 'billing', 'other'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_TEXT_MAX = 500;
export const REPORT_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const REPORT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The first bytes each image type starts with: a photo must be what it says. */
const MAGIC: Record<(typeof REPORT_PHOTO_TYPES)[number], (b: Uint8Array) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/webp': (b) => String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
};
export const photoIs = (type: (typeof REPORT_PHOTO_TYPES)[number], bytes: Uint8Array) => bytes.length >= 12 && MAGIC[type](bytes);

export interface ReportInput { kind: ReportKind; text: string; photo?: { type: (typeof REPORT_PHOTO_TYPES)[number]; bytes: Uint8Array } }

export async function createTenantReport(db: Db, tenancy: Tenancy, phone: string, input: ReportInput, now: Date) {
  return db.transaction(async (tx) => {
    const [fault] = await tx.insert(faults).values({
      areaId: tenancy.areaId, deviceKind: 'room', deviceId: tenancy.roomId, roomId: tenancy.roomId, kind: 'tenant_report', detail: `[${input.kind}] ${input.text}`, openedAt: now,
    }).returning({ id: faults.id });
    await tx.insert(tenantFaultReports).values({
      faultId: fault.id, areaId: tenancy.areaId, roomId: tenancy.roomId, bindingId: tenancy.bindingId, phone, kind: input.kind, text: input.text,
      photo: input.photo?.bytes ?? null, photoType: input.photo?.type ?? null, createdAt: now,
    });
    await logTenant(tx, phone, 'tenantFault', { faultId: fault.id, roomId: tenancy.roomId, kind: input.kind }, now, [tenancy.roomId]);
    return { id: fault.id };
  });
}

/** The tenancy's reports, newest first, with their state. */
export async function tenantReports(db: Db, tenancy: Tenancy) {
  const rows = await db.select({
    id: faults.id, kind: tenantFaultReports.kind, text: tenantFaultReports.text, createdAt: tenantFaultReports.createdAt, clearedAt: faults.clearedAt,
    resolution: tenantFaultReports.resolution, photoType: tenantFaultReports.photoType,
  }).from(tenantFaultReports).innerJoin(faults, eq(faults.id, tenantFaultReports.faultId))
    .where(and(eq(tenantFaultReports.roomId, tenancy.roomId), eq(tenantFaultReports.bindingId, tenancy.bindingId)))
    .orderBy(desc(tenantFaultReports.createdAt), desc(faults.id));
  return rows.map((row) => ({
    id: row.id, kind: row.kind, text: row.text, createdAt: row.createdAt, state: row.clearedAt ? 'resolved' : 'open',
    resolvedAt: row.clearedAt, resolution: row.resolution, hasPhoto: row.photoType !== null,
  }));
}

/** A report's photo, if it is the tenancy's and has one. */
export async function tenantReportPhoto(db: Db, tenancy: Tenancy, faultId: number) {
  const [row] = await db.select({ photo: tenantFaultReports.photo, type: tenantFaultReports.photoType }).from(tenantFaultReports)
    .where(and(eq(tenantFaultReports.faultId, faultId), eq(tenantFaultReports.roomId, tenancy.roomId), eq(tenantFaultReports.bindingId, tenancy.bindingId)));
  return row?.photo && row.type ? { bytes: row.photo, type: row.type } : undefined;
}
