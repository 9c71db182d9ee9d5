import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * The meter tree of the special functions (issue 30: project → building → room, one level per
 * call): counts and meters under the list's filters (current set, online) and the caller's area,
 * checked against the raw rows.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
}, 120_000);
afterAll(() => backend.close());

const query = async <T,>(sql: string) => ((await backend.database.db.execute(sql as never)) as unknown as { rows: T[] }).rows;
const MINE = `e.area_id IN (SELECT id FROM areas WHERE id = (SELECT area_id FROM sys_users WHERE user_name = 'admin') OR parent_id = (SELECT area_id FROM sys_users WHERE user_name = 'admin'))`;
const ONLINE = `(e.online AND e.module_id IS NOT NULL)`;
type Node = { id: number; name: string; count: number };

describe('electricMeter/findTree', () => {
  it('projects, then a project\'s buildings, then a building\'s meters by room, each count the meters of the caller\'s area', async () => {
    const projects = (await api.get('electricMeter/findTree', {})).body.data.records as Node[];
    const expected = await query<{ id: number; n: number }>(`SELECT r.project_id AS id, count(*)::int AS n FROM electric_meters e JOIN rooms r ON r.id = e.room_id WHERE ${MINE} GROUP BY r.project_id`);
    expect(projects.map((p) => [p.id, p.count]).sort((a, b) => a[0] - b[0])).toEqual(expected.map((row) => [Number(row.id), Number(row.n)]).sort((a, b) => a[0] - b[0]));
    const project = projects[0];
    const buildings = (await api.get('electricMeter/findTree', { projectId: project.id })).body.data.records as Node[];
    expect(buildings.reduce((sum, b) => sum + b.count, 0)).toBe(project.count);
    const building = buildings[0];
    const meters = (await api.get('electricMeter/findTree', { buildingId: building.id })).body.data.records as { id: number; roomCode: string; online: boolean }[];
    const raw = await query<{ id: number }>(`SELECT e.id FROM electric_meters e JOIN rooms r ON r.id = e.room_id WHERE r.building_id = ${building.id} AND ${MINE}`);
    expect(meters.map((m) => m.id).sort((a, b) => a - b)).toEqual(raw.map((row) => Number(row.id)).sort((a, b) => a - b));
    expect(meters.length).toBe(building.count);
    expect(meters.every((m) => m.roomCode)).toBe(true);
  });

  it('the list\'s filters narrow every level: online state and the current set', async () => {
    const [set] = await query<{ id: number }>(`SELECT ps.id FROM parameter_sets ps WHERE ps.kind = 'night' AND EXISTS (SELECT 1 FROM electric_meters e WHERE e.night_set_id = ps.id AND e.room_id IS NOT NULL AND ${MINE}) ORDER BY ps.id LIMIT 1`);
    const onSet = (await api.get('electricMeter/findTree', { nightSetId: set.id })).body.data.records as Node[];
    const [{ n }] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM electric_meters e WHERE e.night_set_id = ${set.id} AND e.room_id IS NOT NULL AND ${MINE}`);
    expect(onSet.reduce((sum, p) => sum + p.count, 0)).toBe(Number(n));
    const offline = (await api.get('electricMeter/findTree', { online: 'false' })).body.data.records as Node[];
    const [{ off }] = await query<{ off: number }>(`SELECT count(*)::int AS off FROM electric_meters e WHERE NOT ${ONLINE} AND e.room_id IS NOT NULL AND ${MINE}`);
    expect(offline.reduce((sum, p) => sum + p.count, 0)).toBe(Number(off));
  });

  it('another area\'s building answers no meters; bad input names the field', async () => {
    const [building] = await query<{ id: number }>(`SELECT r.building_id AS id FROM electric_meters e JOIN rooms r ON r.id = e.room_id WHERE ${MINE} ORDER BY e.id LIMIT 1`);
    const foreign = await other.get('electricMeter/findTree', { buildingId: building.id });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data.records).toEqual([]);
    const bad = await api.get('electricMeter/findTree', { buildingId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBeTruthy();
    expect((await api.get('electricMeter/findTree', { online: 'maybe' })).status).toBe(400);
  });
});
