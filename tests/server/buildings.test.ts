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
interface Building { id: number; name: string; projectId: number; projectName: string; floors: number; rooms: number }
const list = async (client: ReturnType<typeof apiClient>, query: Record<string, unknown> = {}) => {
  const { status, body } = await client.get('building/findByCondition', { pageNum: 1, pageSize: 100, ...query });
  expect(status).toBe(200);
  return body.data as { records: Building[]; total: number };
};
const firstProject = async () => ((await api.get('project/findByCondition', { pageSize: 1 })).body.data.records as { id: number }[])[0].id;

describe('building/findByCondition', () => {
  it('filters by project, sorts names naturally and scopes by area', async () => {
    const projectId = await firstProject();
    const { records } = await list(api, { projectId });
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((b) => b.projectId === projectId && b.projectName)).toBe(true);
    const numbers = records.map((b) => Number(b.name.match(/\d+/)?.[0] ?? 0));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect((await list(other, { projectId })).total).toBe(0);
    // By project, then name: each project's buildings together.
    const byProject = (await list(api, { sortField: 'projectName' })).records.map((b) => b.projectId);
    expect(byProject.filter((id, i) => i === 0 || id !== byProject[i - 1])).toHaveLength(new Set(byProject).size);
  });
});

describe('building CRUD', () => {
  it('adds, renames and deletes an empty building', async () => {
    const projectId = await firstProject();
    const added = await api.post('building/addBuilding', { projectId, name: '99号楼', floors: 6 });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ name: '99号楼', floors: 6, rooms: 0, projectId });
    const id = added.body.data.id;
    expect((await api.put('building/updateBuilding', { id, name: '98号楼', floors: 7 })).body.data).toMatchObject({ name: '98号楼', floors: 7 });
    expect((await api.delete('building/deleteBuilding', { id })).status).toBe(200);
    expect(await rows(sql`SELECT id FROM buildings WHERE id = ${id}`)).toHaveLength(0);
  });

  it('refuses floors outside 1…200, a duplicate name in the project and a project of another area', async () => {
    const projectId = await firstProject();
    const before = await rows(sql`SELECT count(*)::int AS n FROM buildings`);
    for (const floors of [0, 201, 1.5, '3a']) {
      const r = await api.post('building/addBuilding', { projectId, name: '新楼', floors });
      expect([r.status, r.body.msg]).toEqual([400, expect.stringMatching(/^楼层数：/)]);
    }
    const [existing] = (await list(api, { projectId })).records;
    const taken = await api.post('building/addBuilding', { projectId, name: existing.name, floors: 3 });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain(existing.name);
    const foreign = await other.post('building/addBuilding', { projectId, name: '越界楼', floors: 3 });
    expect(foreign.status).toBe(400);
    expect(await rows(sql`SELECT count(*)::int AS n FROM buildings`)).toEqual(before);
  });

  it('refuses to delete a building with rooms, saying what is in the way, and floors below its rooms', async () => {
    const projectId = await firstProject();
    const busy = (await list(api, { projectId })).records.find((b) => b.rooms > 0)!;
    const refused = await api.delete('building/deleteBuilding', { id: busy.id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(new RegExp(`“${busy.name}”仍有${busy.rooms}个房间`));
    const lower = await api.put('building/updateBuilding', { id: busy.id, floors: 1 });
    expect(lower.status).toBe(409);
    expect((await other.delete('building/deleteBuilding', { id: busy.id })).status).toBe(404);
    expect((await other.put('building/updateBuilding', { id: busy.id, name: 'x' })).status).toBe(404);
    expect(await rows(sql`SELECT id FROM buildings WHERE id = ${busy.id}`)).toHaveLength(1);
  });
});
