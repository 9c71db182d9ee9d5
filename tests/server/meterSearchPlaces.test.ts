import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * Issue 46, "The new screens as an operator finds them": the special screens' search (assign,
 * calibration, preset energy: electricMeter/findByCondition's `q`) did not match project names
 * ("阳光公寓" → no meter), although each row shows its project and building; and a building picker
 * without a project names each building with its project, so typing the project finds its buildings.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
});
afterAll(() => backend.close());

interface Meter { id: number; address: string; roomCode: string | null; buildingName: string | null; projectName: string | null }
const query = async <T,>(sql: string) => ((await backend.database.db.execute(sql as never)) as unknown as { rows: T[] }).rows;
const AREA = 'm.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)';

async function list(client: ReturnType<typeof apiClient>, path: string, params: Record<string, unknown>) {
  const { status, body } = await client.get(path, { pageNum: 1, pageSize: 100, ...params });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as { records: Meter[]; total: number };
}
const meters = (params: Record<string, unknown>, client = api) => list(client, 'electricMeter/findByCondition', params);

/** A project of area 1 with meters, and how many meters its rooms have. */
async function projectWithMeters() {
  const [project] = await query<{ id: number; name: string; n: string }>(`SELECT p.id, p.name, count(m.id) AS n FROM projects p
    JOIN rooms r ON r.project_id = p.id JOIN electric_meters m ON m.room_id = r.id WHERE ${AREA} GROUP BY p.id, p.name ORDER BY p.id LIMIT 1`);
  return { ...project, n: Number(project.n) };
}

describe('the special screens\' meter search (electricMeter/findByCondition q)', () => {
  it('finds a project\'s meters by the project\'s name, every one of them and no other', async () => {
    const project = await projectWithMeters();
    expect(project.name).toBeTruthy();
    const found = await meters({ q: project.name });
    expect(found.total).toBe(project.n);
    expect(found.records.length).toBeGreaterThan(0);
    expect(found.records.every((m) => m.projectName === project.name)).toBe(true);
    // A part of the name, as an operator types it ("阳光" for 阳光公寓).
    const part = [...project.name].slice(0, 2).join('');
    expect((await meters({ q: part })).records.some((m) => m.projectName === project.name)).toBe(true);
    // Another area's operator finds none of them.
    expect((await meters({ q: project.name }, other)).records.filter((m) => m.projectName === project.name && found.records.some((f) => f.id === m.id))).toEqual([]);
  });

  it('finds a building\'s meters by its name, and narrows by each word ("阳光公寓 1号楼 101")', async () => {
    const [room] = await query<{ project: string; building: string; room_code: string; address: string }>(`SELECT p.name AS project, b.name AS building, r.room_code, m.address
      FROM electric_meters m JOIN rooms r ON r.id = m.room_id JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = r.project_id
      WHERE ${AREA} ORDER BY m.id LIMIT 1`);
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM electric_meters m JOIN rooms r ON r.id = m.room_id JOIN buildings b ON b.id = r.building_id
      WHERE ${AREA} AND b.name = '${room.building}'`);
    const byBuilding = await meters({ q: room.building });
    expect(byBuilding.total).toBeGreaterThanOrEqual(Number(n));
    expect(byBuilding.records.every((m) => m.buildingName?.includes(room.building) || m.projectName?.includes(room.building))).toBe(true);

    const narrowed = await meters({ q: `${room.project} ${room.building} ${room.room_code}` });
    expect(narrowed.records.map((m) => m.address)).toContain(room.address);
    // Each word matches one of the meter's: project, building, room code (or its address: "101" may be in one).
    expect(narrowed.records.every((m) => m.projectName === room.project && m.buildingName?.includes(room.building)
      && (m.roomCode?.includes(room.room_code) || m.address.includes(room.room_code)))).toBe(true);
    // Nothing for a project name with a word that matches none of its meters.
    expect((await meters({ q: `${room.project} 没有这个词` })).total).toBe(0);
  });

  it('still finds a meter by its address, room code and tenant', async () => {
    const [meter] = await query<{ id: number; address: string; room_code: string; building_id: number; tenant: string }>(`SELECT m.id, m.address, r.room_code, r.building_id, t.name AS tenant
      FROM electric_meters m JOIN rooms r ON r.id = m.room_id JOIN tenant_bindings tb ON tb.room_id = r.id AND tb.end_date IS NULL JOIN tenants t ON t.id = tb.tenant_id
      WHERE ${AREA} ORDER BY m.id LIMIT 1`);
    for (const q of [meter.address, meter.tenant]) expect((await meters({ q })).records.map((m) => m.id)).toContain(meter.id);
    expect((await meters({ q: meter.room_code, buildingId: meter.building_id })).records.map((m) => m.id)).toContain(meter.id);
  });

  it('water meters: the same search (webWaterArchive/findByCondition q)', async () => {
    const [project] = await query<{ name: string; n: string }>(`SELECT p.name, count(m.id) AS n FROM projects p JOIN rooms r ON r.project_id = p.id
      JOIN water_meters m ON m.room_id = r.id WHERE ${AREA} GROUP BY p.id, p.name ORDER BY p.id LIMIT 1`);
    const found = await list(api, 'webWaterArchive/findByCondition', { q: project.name });
    expect(found.total).toBe(Number(project.n));
    expect(found.records.every((m) => m.projectName === project.name)).toBe(true);
  });
});

describe('the building picker without a project (building/findByCondition q)', () => {
  it('finds a project\'s buildings by the project\'s name, and one building by "project · building"', async () => {
    const [building] = await query<{ id: number; name: string; project: string }>(`SELECT b.id, b.name, p.name AS project FROM buildings b JOIN projects p ON p.id = b.project_id
      WHERE b.area_id = 1 ORDER BY b.id LIMIT 1`);
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM buildings b JOIN projects p ON p.id = b.project_id WHERE b.area_id = 1 AND p.name = '${building.project}'`);
    const byProject = (await api.get('building/findByCondition', { pageSize: 100, q: building.project })).body.data as { records: { id: number; projectName: string }[]; total: number };
    expect(byProject.total).toBe(Number(n));
    expect(byProject.records.every((b) => b.projectName === building.project)).toBe(true);
    const shown = (await api.get('building/findByCondition', { pageSize: 100, q: `${building.project} · ${building.name}` })).body.data as { records: { id: number }[] };
    expect(shown.records.map((b) => b.id)).toEqual([building.id]);
  });
});
