import { and, inArray, isNull, sql } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { Text } from '../http/input';
import { ok } from '../http/envelope';
import { conflict } from '../http/errors';
import { inScope } from '../http/scope';
import { audit } from '../audit';
import { importBody, insertInBatches, runImport, type ImportSpec } from '../http/importKit';
import { ID_TYPES, PHONE, idNumberProblem, normalizeIdNumber, type IdType } from '../../common/identity';
import { platformTimeZone } from '../config';

const { tenants, tenantBindings, rooms, buildings, projects } = schema;

/** The platform's calendar day (bindings start on the day of the import). */
export const PLATFORM_TIME_ZONE = platformTimeZone();
const dayOf = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: PLATFORM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

const TENANT_COLUMNS = ['name', 'phone', 'idType', 'idNumber', 'remark', 'projectName', 'buildingName', 'roomCode'] as const;
const TenantImportRow = z.object({
  name: Text(50),
  phone: z.string().regex(PHONE, 'validation.phone').optional(),
  /** resident (the default: an 18-character resident id, checksum included), passport, or other (permits). */
  idType: z.enum(ID_TYPES).default('resident'),
  idNumber: z.string().max(30).optional(),
  remark: z.string().max(200).optional(),
  /** Optional binding: the room by building name (and project name where two projects share a building name) and code. */
  projectName: z.string().max(100).optional(),
  buildingName: z.string().max(50).optional(),
  roomCode: z.string().max(20).optional(),
}).superRefine((row, ctx) => {
  // The same identity rules as the tenant form (common/identity.ts).
  const idProblem = row.idNumber ? idNumberProblem(row.idNumber, row.idType) : undefined;
  if (idProblem) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: idProblem });
  if (row.roomCode && !row.buildingName) ctx.addIssue({ code: 'custom', path: ['buildingName'], message: 'validation.estate.buildingForRoom' });
  if (row.buildingName && !row.roomCode) ctx.addIssue({ code: 'custom', path: ['roomCode'], message: 'validation.estate.roomForBuilding' });
});
type TenantImportRow = z.output<typeof TenantImportRow>;
interface TenantWrite { areaId: number; name: string; phone: string | null; idType: IdType; idNumber: string | null; remark: string | null; roomId: number | null }

const keyOf = (...parts: (string | number)[]) => parts.join('\u0000');

function tenantImport(c: Ctx): ImportSpec<TenantImportRow, TenantWrite> {
  const session = c.get('session');
  const { now } = c.get('deps');
  return {
    schema: TenantImportRow,
    tables: [tenants, tenantBindings],
    async resolve(tx, rows, report) {
      // Identity numbers already on file (one query), buildings by name, their rooms by code (one each).
      for (const r of rows) if (r.value.idNumber) r.value.idNumber = normalizeIdNumber(r.value.idNumber, r.value.idType);
      const idNumbers = [...new Set(rows.map((r) => r.value.idNumber).filter((v): v is string => !!v))];
      // Only the archive's live tenants count (a removed tenant's number may come back).
      const knownIds = new Set(idNumbers.length ? (await tx.select({ idNumber: tenants.idNumber }).from(tenants)
        .where(and(inScope(tenants.areaId, session), isNull(tenants.deletedAt), inArray(tenants.idNumber, idNumbers)))).map((t) => t.idNumber) : []);
      const buildingNames = [...new Set(rows.map((r) => r.value.buildingName).filter((v): v is string => !!v))];
      const buildingRows = buildingNames.length ? await tx.select({ id: buildings.id, name: buildings.name, projectName: projects.name })
        .from(buildings).leftJoin(projects, sql`${projects.id} = ${buildings.projectId}`)
        .where(and(inScope(buildings.areaId, session), inArray(buildings.name, buildingNames))) : [];
      const codes = [...new Set(rows.map((r) => r.value.roomCode).filter((v): v is string => !!v))];
      const roomRows = buildingRows.length && codes.length ? await tx.select({
        id: rooms.id, buildingId: rooms.buildingId, roomCode: rooms.roomCode, areaId: rooms.areaId,
        occupied: sql<boolean>`(rooms.state = 1 OR EXISTS (SELECT 1 FROM tenant_bindings tb WHERE tb.room_id = rooms.id AND tb.end_date IS NULL))`,
      }).from(rooms).where(and(inArray(rooms.buildingId, buildingRows.map((b) => b.id)), inArray(rooms.roomCode, codes))) : [];
      const roomsByKey = new Map(roomRows.map((r) => [keyOf(r.buildingId, r.roomCode), r]));
      const idsInFile = new Map<string, number>();
      const roomsInFile = new Map<number, number>();
      const accepted = new Map<number, TenantWrite>();
      for (const { row, value } of rows) {
        let ok = true;
        if (value.idNumber) {
          if (knownIds.has(value.idNumber)) { report(row, 'idNumber', 'errors.estate.importTenantExists', { idNumber: value.idNumber }); ok = false; }
          else if (idsInFile.has(value.idNumber)) { report(row, 'idNumber', 'errors.estate.importDuplicate', { code: value.idNumber, row: idsInFile.get(value.idNumber)! }); ok = false; }
          else idsInFile.set(value.idNumber, row);
        }
        let roomId: number | null = null;
        let areaId = session.areaId;
        if (value.buildingName && value.roomCode) {
          const candidates = buildingRows.filter((b) => b.name === value.buildingName && (!value.projectName || b.projectName === value.projectName));
          if (!candidates.length) { report(row, 'buildingName', 'errors.estate.importBuildingUnknown', { name: value.buildingName, project: value.projectName ?? '' }); ok = false; }
          else if (candidates.length > 1) { report(row, 'projectName', 'errors.estate.importBuildingAmbiguous', { name: value.buildingName }); ok = false; }
          else {
            const room = roomsByKey.get(keyOf(candidates[0].id, value.roomCode));
            if (!room) { report(row, 'roomCode', 'errors.estate.importRoomUnknown', { code: value.roomCode, building: value.buildingName }); ok = false; }
            else if (room.occupied) { report(row, 'roomCode', 'errors.estate.importRoomOccupied', { code: value.roomCode }); ok = false; }
            else if (roomsInFile.has(room.id)) { report(row, 'roomCode', 'errors.estate.importDuplicate', { code: value.roomCode, row: roomsInFile.get(room.id)! }); ok = false; }
            else { roomsInFile.set(room.id, row); roomId = room.id; areaId = room.areaId; }
          }
        }
        if (ok) accepted.set(row, { areaId, name: value.name, phone: value.phone ?? null, idType: value.idType, idNumber: value.idNumber ?? null, remark: value.remark ?? null, roomId });
      }
      return accepted;
    },
    async write(tx, values) {
      const at = now();
      const ids = await insertInBatches(values, (batch) => tx.insert(tenants)
        .values(batch.map(({ roomId: _room, ...tenant }) => ({ ...tenant, createdAt: at }))).returning({ id: tenants.id }));
      // Bindings for the rows that name a room; their rooms become occupied.
      const bindings = values.flatMap((value, index) => (value.roomId ? [{ areaId: value.areaId, tenantId: ids[index], roomId: value.roomId, startDate: dayOf(at), createdAt: at }] : []));
      await insertInBatches(bindings, (batch) => tx.insert(tenantBindings).values(batch).returning({ id: tenantBindings.id }));
      const roomIds = bindings.map((b) => b.roomId);
      for (let i = 0; i < roomIds.length; i += 1000) await tx.update(rooms).set({ state: 1 }).where(inArray(rooms.id, roomIds.slice(i, i + 1000)));
      // A room taken by another binding meanwhile: refuse the whole import (one current tenant per room).
      if (roomIds.length) {
        const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(tenantBindings)
          .where(and(inArray(tenantBindings.roomId, roomIds), isNull(tenantBindings.endDate)));
        if (Number(n) !== roomIds.length) throw conflict('errors.integrity');
      }
      return ids;
    },
    audit: (tx, summary) => audit(tx, session, { action: 'import', entity: 'tenant', entityId: `${summary.ids[0]}…${summary.ids.at(-1)}`, after: summary }),
  };
}

/**
 * The tenant import (用户档案 → import), mounted beside the rest of `tenant/*`:
 * `api.route('/tenant', tenantImportRoutes())`.
 */
export function tenantImportRoutes() {
  const router = createRouter();
  defineRoute(router, {
    method: 'post', path: '/importTenants',
    summary: 'Import tenants from CSV rows (columns name, phone, idType (resident | passport | other), idNumber, remark; optionally buildingName + roomCode (+ projectName) to bind the tenant to a vacant room); per-row report; mode "all" / "validOnly"; dryRun; one transaction',
    tags: ['tenant'], body: importBody(TENANT_COLUMNS),
  }, async (c, { body }) => ok(c, await runImport(c, tenantImport(c), body)));
  return router;
}
