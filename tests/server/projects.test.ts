import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
});
afterAll(() => backend.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: T[] }).rows;
interface Project { id: number; name: string; address: string | null; phone: string | null; buildings: number; rooms: number }
const list = async (client: ReturnType<typeof apiClient>, query: Record<string, unknown> = {}) => {
  const { status, body } = await client.get('project/findByCondition', { pageNum: 1, pageSize: 100, ...query });
  expect(status).toBe(200);
  return body.data as { records: Project[]; total: number };
};

describe('project/findByCondition', () => {
  it('lists the caller\'s projects in natural name order, searchable, with their counts', async () => {
    const { records, total } = await list(api, { sortField: 'name' });
    expect(total).toBeGreaterThan(0);
    expect(records.every((p) => typeof p.buildings === 'number' && typeof p.rooms === 'number')).toBe(true);
    expect(records.some((p) => p.rooms > 0)).toBe(true);
    const one = records[0];
    expect((await list(api, { q: one.name.slice(0, 3) })).records.map((p) => p.id)).toContain(one.id);
    expect((await list(api, { id: one.id })).records).toHaveLength(1);
    const theirs = await list(other);
    expect(theirs.records.some((p) => records.some((mine) => mine.id === p.id))).toBe(false);
  });
});

describe('project CRUD', () => {
  it('adds, updates and deletes a project, with the operation log', async () => {
    const added = await api.post('project/addProject', { name: '测试项目甲', address: '杭州市', contact: '王工', phone: '0571-88886666', remark: 'r' });
    expect(added.status).toBe(200);
    const id = added.body.data.id as number;
    expect(added.body.data).toMatchObject({ name: '测试项目甲', phone: '0571-88886666', buildings: 0, rooms: 0 });
    const updated = await api.put('project/updateProject', { id, address: '宁波市', phone: null });
    expect(updated.body.data).toMatchObject({ name: '测试项目甲', address: '宁波市', phone: null });
    const removed = await api.delete('project/deleteProject', { id });
    expect(removed.status).toBe(200);
    expect(await rows(sql`SELECT id FROM projects WHERE id = ${id}`)).toHaveLength(0);
    const log = await rows<{ action: string }>(sql`SELECT action FROM operation_log WHERE entity = 'project' AND entity_id = ${String(id)} ORDER BY id`);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a bad phone, a missing or duplicate name, naming the field; changes nothing', async () => {
    const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM projects`);
    // One phone rule for tenants and projects: "12345" is no phone here either.
    for (const bad of ['call me', '12345', '+86 12345']) {
      const phone = await api.post('project/addProject', { name: '测试项目乙', phone: bad });
      expect([phone.status, phone.body.msg]).toEqual([400, expect.stringMatching(/^联系电话：/)]);
    }
    const noName = await api.post('project/addProject', { address: 'x' });
    expect([noName.status, noName.body.msg]).toEqual([400, expect.stringMatching(/^项目名称：/)]);
    const [existing] = (await list(api)).records;
    const taken = await api.post('project/addProject', { name: existing.name });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain(existing.name);
    expect(await rows(sql`SELECT count(*)::int AS n FROM projects`)).toEqual(before);
  });

  it('refuses to delete a project that still holds buildings, rooms, meters, tenants or balances, saying what', async () => {
    const [busy] = (await list(api, { sortField: 'name' })).records.filter((p) => p.rooms > 0);
    const refused = await api.delete('project/deleteProject', { id: busy.id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(busy.name);
    expect(refused.body.msg).toMatch(/栋建筑/);
    expect(refused.body.msg).toMatch(/个房间/);
    expect(refused.body.msg).toMatch(/块表/);
    expect(await rows(sql`SELECT id FROM projects WHERE id = ${busy.id}`)).toHaveLength(1);
    const english = await api.call('DELETE', 'project/deleteProject', { query: { id: busy.id }, headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toMatch(/still holds \d+ building\(s\), \d+ room\(s\), \d+ meter\(s\)/);
  });

  it('keeps another area\'s projects out of reach', async () => {
    const [mine] = (await list(api)).records;
    expect((await other.put('project/updateProject', { id: mine.id, name: 'x' })).status).toBe(404);
    expect((await other.delete('project/deleteProject', { id: mine.id })).status).toBe(404);
    expect((await list(api, { id: mine.id })).records[0].name).toBe(mine.name);
  });
});

describe('project/findOverview', () => {
  it('gives per project the live figures, from aggregates', async () => {
    const { status, body } = await api.get('project/findOverview');
    expect(status).toBe(200);
    const cards = body.data as { id: number; rooms: number; occupiedRooms: number; occupancy: number; electricMeters: number; waterMeters: number; metersOnline: number; balanceFen: number; accountsInArrears: number; buildings: number }[];
    expect(cards.length).toBeGreaterThan(0);
    const [first] = cards;
    const [truth] = await rows<{ rooms: number; occupied: number; balance: string; arrears: number }>(sql`SELECT
      (SELECT count(*)::int FROM rooms WHERE project_id = ${first.id}) AS rooms,
      (SELECT count(*)::int FROM rooms WHERE project_id = ${first.id} AND state = 1) AS occupied,
      (SELECT coalesce(sum(a.balance_fen), 0)::text FROM accounts a JOIN rooms r ON r.id = a.room_id WHERE r.project_id = ${first.id}) AS balance,
      (SELECT count(*)::int FROM accounts a JOIN rooms r ON r.id = a.room_id WHERE r.project_id = ${first.id} AND a.balance_fen < 0) AS arrears`);
    expect(first).toMatchObject({ rooms: truth.rooms, occupiedRooms: truth.occupied, balanceFen: Number(truth.balance), accountsInArrears: truth.arrears });
    expect(first.occupancy).toBeCloseTo((truth.occupied / truth.rooms) * 100, 0);
    expect(first.metersOnline).toBeLessThanOrEqual(first.electricMeters + first.waterMeters);
    const theirs = (await other.get('project/findOverview')).body.data as { id: number }[];
    expect(theirs.some((p) => cards.some((c) => c.id === p.id))).toBe(false);
  });
});
