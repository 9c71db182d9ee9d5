import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTAINS_MIN_LENGTH } from '../../server/db/listKit';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';

/**
 * webWaterArchive/findUserUnBind (rooms without a water meter, for the water archive form's room
 * picker) on the list kit, against a reference written separately: the rooms of the areas that no
 * water meter points at (the meters, not the flag kept on the rooms), their tenants through the
 * joins, in project, building, code order.
 */
let backend: TestBackend;
let admin: ReturnType<typeof apiClient>;
let admin2: ReturnType<typeof apiClient>;
/** A building of area 1 given 60 rooms without a meter ("U101"…"U320"), and its project. */
let building: { id: number; project_id: number };
beforeAll(async () => {
  backend = await startTestBackend();
  admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  admin2 = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
  [building] = await query<{ id: number; project_id: number }>('SELECT id, project_id FROM buildings WHERE area_id = 1 AND floors >= 3 ORDER BY id LIMIT 1');
  const created = await admin.post('room/addRoomsInBulk', { buildingId: building.id, floorFrom: 1, floorTo: 3, numberFrom: 1, numberTo: 20, pattern: 'U{floor}{nn}' });
  expect(created.body.data).toMatchObject({ created: 60 });
});
afterAll(() => backend.close());

const query = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;

/** The areas each operator sees (admin: area 1 and its child area 3). */
const ADMIN_AREAS = [1, 3];
const ADMIN2_AREAS = [2];

interface UnboundRoom {
  roomId: number; roomCode: string; buildingId: number; buildingName: string | null; projectId: number; projectName: string | null;
  tenantId: number | null; tenantName: string | null; tenantPhone: string | null;
}
/** The record's fields, in the order the route has always answered them (the console reads them). */
const FIELDS = ['roomId', 'roomCode', 'buildingId', 'buildingName', 'projectId', 'projectName', 'tenantId', 'tenantName', 'tenantPhone'];

async function reference(areaIds: number[], where = ''): Promise<UnboundRoom[]> {
  const rows = await query<{ id: number; room_code: string; building_id: number; building: string; project_id: number; project: string; tenant_id: number | null; name: string | null; phone: string | null }>(`
    SELECT r.id, r.room_code, r.building_id, b.name AS building, r.project_id, p.name AS project, t.id AS tenant_id, t.name, t.phone
      FROM rooms r JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = r.project_id
      LEFT JOIN tenant_bindings tb ON tb.room_id = r.id AND tb.end_date IS NULL LEFT JOIN tenants t ON t.id = tb.tenant_id
     WHERE r.area_id IN (${areaIds.join(',')}) AND NOT EXISTS (SELECT 1 FROM water_meters w WHERE w.room_id = r.id) ${where}
     ORDER BY natural_sort_key(p.name), natural_sort_key(b.name), natural_sort_key(r.room_code), r.id`);
  return rows.map((row) => ({
    roomId: Number(row.id), roomCode: row.room_code, buildingId: Number(row.building_id), buildingName: row.building, projectId: Number(row.project_id), projectName: row.project,
    tenantId: row.tenant_id === null ? null : Number(row.tenant_id), tenantName: row.name, tenantPhone: row.phone,
  }));
}

const unbound = async (client: ReturnType<typeof apiClient>, params: Record<string, unknown> = {}) => {
  const response = await client.get('webWaterArchive/findUserUnBind', { pageSize: 100, ...params });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { records: UnboundRoom[]; total: number; totalCapped?: true };
};

/** Every page of a query, concatenated (and each page's total checked against the whole). */
async function allPages(client: ReturnType<typeof apiClient>, params: Record<string, unknown>, pageSize: number) {
  const records: UnboundRoom[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await unbound(client, { ...params, pageSize, pageNum });
    records.push(...page.records);
    if (page.records.length < pageSize) return { records, total: page.total };
  }
}

describe('findUserUnBind lists the rooms without a water meter', () => {
  it('exactly those, with their current tenant, in project, building, code order, page by page', async () => {
    const want = await reference(ADMIN_AREAS);
    expect(want.length).toBeGreaterThan(60);
    expect(want.some((room) => room.tenantName)).toBe(true);
    for (const pageSize of [7, 25, 100]) {
      const got = await allPages(admin, {}, pageSize);
      expect(got.total).toBe(want.length);
      expect(got.records).toEqual(want);
    }
    const first = await unbound(admin, { pageSize: 10 });
    expect(Object.keys(first.records[0])).toEqual(FIELDS);
    expect(first.totalCapped).toBeUndefined();
    // Past the last page: no rows, the same total. A sort the picker does not offer keeps the order.
    expect(await unbound(admin, { pageSize: 100, pageNum: 50 })).toEqual({ records: [], total: want.length });
    expect((await unbound(admin, { sortField: 'roomCode', sortOrder: 'desc' })).records).toEqual(want.slice(0, 100));
    // No room with a water meter, ever.
    const metered = new Set((await query<{ room_id: number }>('SELECT room_id FROM water_meters WHERE room_id IS NOT NULL')).map((row) => Number(row.room_id)));
    expect(want.filter((room) => metered.has(room.roomId))).toEqual([]);
  });

  it('keeps the seeded estate\'s flag equal to its meters', async () => {
    const [{ n, wrong }] = await query<{ n: number; wrong: number }>(`SELECT count(*)::int AS n,
      count(*) FILTER (WHERE has_water_meter <> EXISTS (SELECT 1 FROM water_meters w WHERE w.room_id = rooms.id))::int AS wrong FROM rooms`);
    expect(Number(n)).toBeGreaterThan(1000);
    expect(Number(wrong)).toBe(0);
  });

  it('drops a room when a meter is attached, and shows it again when the meter is moved away, detached or deleted', async () => {
    const codes = async () => (await unbound(admin, { buildingId: building.id, q: 'U1' })).records.map((room) => room.roomCode);
    const roomId = async (code: string) => Number((await query<{ id: number }>(`SELECT id FROM rooms WHERE building_id = ${building.id} AND room_code = '${code}'`))[0].id);
    const [a, b] = [await roomId('U101'), await roomId('U102')];
    expect(await codes()).toEqual(expect.arrayContaining(['U101', 'U102']));
    const added = await admin.post('webWaterArchive/addWebWaterArchive', { address: '31000000000001', roomId: a, priceFen: 350 });
    expect(added.status).toBe(200);
    const meterId = added.body.data.id as number;
    expect(await codes()).not.toContain('U101');
    // Moved to another room: the first is free again, the second taken.
    expect((await admin.put('webWaterArchive/updateWebWaterArchive', { id: meterId, roomId: b })).status).toBe(200);
    expect(await codes()).toContain('U101');
    expect(await codes()).not.toContain('U102');
    // Detached.
    expect((await admin.put('webWaterArchive/updateWebWaterArchive', { id: meterId, roomId: null })).status).toBe(200);
    expect(await codes()).toEqual(expect.arrayContaining(['U101', 'U102']));
    // Attached again, then deleted.
    expect((await admin.put('webWaterArchive/updateWebWaterArchive', { id: meterId, roomId: a })).status).toBe(200);
    expect(await codes()).not.toContain('U101');
    expect((await admin.delete('webWaterArchive/deleteWebWaterArchive', { id: meterId, confirm: '31000000000001' })).status).toBe(200);
    expect(await codes()).toContain('U101');
    // The same through SQL: a statement attaching several meters at once.
    await query(`INSERT INTO water_meters (area_id, room_id, address, created_at) VALUES (1, ${a}, '31000000000002', now()), (1, ${b}, '31000000000003', now())`);
    expect((await codes()).filter((code) => code === 'U101' || code === 'U102')).toEqual([]);
    await query(`DELETE FROM water_meters WHERE address IN ('31000000000002', '31000000000003')`);
    expect(await codes()).toEqual(expect.arrayContaining(['U101', 'U102']));
    expect(await unbound(admin)).toMatchObject({ total: (await reference(ADMIN_AREAS)).length });
  });

  it('filters by project and building', async () => {
    for (const [params, where] of [
      [{ buildingId: building.id }, `AND r.building_id = ${building.id}`],
      [{ projectId: building.project_id }, `AND r.project_id = ${building.project_id}`],
      [{ projectId: building.project_id, buildingId: building.id }, `AND r.building_id = ${building.id}`],
    ] as const) {
      const want = await reference(ADMIN_AREAS, where);
      expect(want.length, where).toBeGreaterThanOrEqual(60);
      const got = await allPages(admin, params, 25);
      expect(got.total, where).toBe(want.length);
      expect(got.records, where).toEqual(want);
    }
    // A building of another project of the same area: nothing of both.
    const [elsewhere] = await query<{ project_id: number }>(`SELECT project_id FROM buildings WHERE area_id = 1 AND project_id <> ${building.project_id} LIMIT 1`);
    expect(await unbound(admin, { buildingId: building.id, projectId: elsewhere.project_id })).toEqual({ records: [], total: 0 });
  });

  it('searches room code, tenant name and phone: a prefix for one or two characters, anywhere for three or more', async () => {
    const all = await reference(ADMIN_AREAS);
    /** Written separately: short inputs match the start of a field, longer ones anywhere (any case). */
    const expected = (q: string) => all.filter((room) => [room.roomCode, room.tenantName, room.tenantPhone].some((field) => {
      if (!field) return false;
      const [text, value] = [field.toLowerCase(), q.trim().toLowerCase()];
      return value.length >= CONTAINS_MIN_LENGTH ? text.includes(value) : text.startsWith(value);
    }));
    const samples = new Set<string>(['U1', 'u3', '10', '101', '01', 'U10', '%', '_1', 'zz9', ' U2 ']);
    for (const room of all.filter((r) => r.tenantName).slice(0, 8)) {
      samples.add(room.tenantName!.slice(0, 1)).add(room.tenantName!.slice(0, 2)).add(room.roomCode.slice(-3));
      if (room.tenantPhone) samples.add(room.tenantPhone.slice(0, 2)).add(room.tenantPhone.slice(-4));
    }
    for (const q of samples) {
      const want = expected(q);
      const got = await allPages(admin, { q }, 100);
      expect(got.total, q).toBe(want.length);
      expect(got.records, q).toEqual(want);
    }
    // The rules on the building's codes "U101"…: "10" is not their start, "101" is inside one.
    expect((await unbound(admin, { q: '10', buildingId: building.id })).total).toBe(0);
    expect((await unbound(admin, { q: 'U1', buildingId: building.id })).total).toBe(20);
    expect((await unbound(admin, { q: '101', buildingId: building.id })).records.map((room) => room.roomCode)).toEqual(['U101']);
    expect((await unbound(admin, { q: 'u20', buildingId: building.id })).records.map((room) => room.roomCode)).toEqual(['U201', 'U202', 'U203', 'U204', 'U205', 'U206', 'U207', 'U208', 'U209']);
    expect((await unbound(admin, { q: '20', buildingId: building.id })).total).toBe(0);
    expect((await unbound(admin, { q: '120', buildingId: building.id })).records.map((room) => room.roomCode)).toEqual(['U120']);
  });

  it('shows an operator of another area none of the first area\'s rooms, whatever the filters', async () => {
    const mine = new Set((await reference(ADMIN_AREAS)).map((room) => room.roomId));
    const theirs = await reference(ADMIN2_AREAS);
    expect(theirs.length).toBeGreaterThan(0);
    const got = await allPages(admin2, { areaId: 1 }, 50);
    expect(got.total).toBe(theirs.length);
    expect(got.records).toEqual(theirs);
    expect(got.records.filter((room) => mine.has(room.roomId))).toEqual([]);
    expect(await unbound(admin2, { buildingId: building.id })).toEqual({ records: [], total: 0 });
    expect(await unbound(admin2, { projectId: building.project_id })).toEqual({ records: [], total: 0 });
    expect((await unbound(admin2, { q: 'U101' })).records.filter((room) => mine.has(room.roomId))).toEqual([]);
  });

  it('counts exactly up to the cap, then says "capped"', async () => {
    const total = (await reference(ADMIN_AREAS)).length;
    const previous = process.env.LIST_COUNT_CAP;
    try {
      process.env.LIST_COUNT_CAP = String(total);
      expect(await unbound(admin, { pageSize: 5 })).toMatchObject({ total });
      process.env.LIST_COUNT_CAP = '50';
      const capped = await unbound(admin, { pageSize: 20, pageNum: 3 });
      expect(capped).toMatchObject({ total: 50, totalCapped: true });
      // The page itself is not cut by the cap.
      expect(capped.records.map((room) => room.roomId)).toEqual((await reference(ADMIN_AREAS)).slice(40, 60).map((room) => room.roomId));
    } finally {
      if (previous === undefined) delete process.env.LIST_COUNT_CAP;
      else process.env.LIST_COUNT_CAP = previous;
    }
  });

  it('refuses bad input with a 400 naming the parameter', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pageSize: 1000 }, 'pageSize'], [{ pageSize: 0 }, 'pageSize'], [{ pageNum: 0 }, 'pageNum'], [{ pageNum: 'x' }, 'pageNum'],
      [{ buildingId: 'abc' }, 'buildingId'], [{ buildingId: -1 }, 'buildingId'], [{ projectId: '1.5' }, 'projectId'], [{ projectId: 2 ** 31 }, 'projectId'],
      [{ q: 'x'.repeat(51) }, 'q'], [{ sortField: '__proto__' }, 'sortField'], [{ sortOrder: 'sideways' }, 'sortOrder'],
    ];
    for (const [params, field] of cases) {
      const response = await admin.get('webWaterArchive/findUserUnBind', params);
      expect([response.status, response.body.msg], JSON.stringify(params)).toEqual([400, expect.stringMatching(namesField('webWaterArchive', field))]);
    }
  });
});
