import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Menu management (/sysresourse) on the binding resourse/* calls, and the demo page's default grant. */
let backend: TestBackend;
let admin: ReturnType<typeof apiClient>;
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const snapshot = () => rows(sql`SELECT id, user_type, parent_id, user_sort, name, res_url, icon FROM resources ORDER BY id`);
const formDelete = (api: ReturnType<typeof apiClient>, id: unknown) =>
  api.call('DELETE', 'resourse/deleteResourse', { query: { id }, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });

beforeAll(async () => {
  backend = await startTestBackend();
  admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
});
afterAll(() => backend.close());

const groupId = async (name: string) => Number((await rows(sql`SELECT id FROM resources WHERE user_type = 1 AND name = ${name}`))[0].id);
const pageId = async (url: string) => Number((await rows(sql`SELECT id FROM resources WHERE res_url = ${url}`))[0].id);

describe('menu management (resourse/*)', () => {
  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const before = await snapshot();
    const system = await groupId('系统管理');
    for (const [body, field] of [
      [{ name: '', parentId: system }, 'name'],
      [{ name: 'x'.repeat(51), parentId: system }, 'name'],
      [{ name: '坏路径', parentId: system, resUrl: 'no-such-route' }, 'resUrl'],
      [{ name: '坏排序', parentId: system, userSort: 10000 }, 'userSort'],
      [{ name: '页面下', parentId: await pageId('bumen') }, 'parentId'],
    ] as const) {
      const answer = await admin.post('resourse/saveResourse', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toMatch(namesField('resourse', field));
    }
    // A group moved under its own child would make a loop.
    const child = await pageId('bumen');
    const loop = await admin.put('resourse/updateResourse', { id: system, parentId: child });
    expect(loop.status).toBe(400);
    expect(loop.body.msg).toMatch(/^上级菜单：/);
    expect((await formDelete(admin, 'abc')).body.msg).toMatch(/^编号：/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses operators who are not platform administrators', async () => {
    const before = await snapshot();
    const other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
    const viewer = apiClient(backend.app, await loginAs(backend.app, 'viewer'));
    const system = await groupId('系统管理');
    expect((await other.post('resourse/saveResourse', { name: '越权', parentId: system })).status).toBe(403);
    expect((await viewer.post('resourse/saveResourse', { name: '越权', parentId: system })).status).toBe(403);
    expect((await other.put('resourse/updateResourse', { id: system, userSort: 1 })).status).toBe(403);
    expect((await formDelete(other, await pageId('page3'))).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('creates an entry with an empty path (a temporary entry), reorders siblings by their sort values, deletes form-encoded; all audited', async () => {
    const system = await groupId('系统管理');
    const created = await admin.post('resourse/saveResourse', { name: '临时入口', parentId: system, userType: 2, resUrl: '', icon: 'Widgets', userSort: 5 });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    const { body } = await admin.get('resourse/queryResourseByRoleIdTree', { roleId: (await rows(sql`SELECT role_id FROM sys_users WHERE user_name = 'admin'`))[0].role_id });
    const group = (body.data[0].children as Row[]).find((g) => g.id === system)!;
    expect(group.children[0]).toMatchObject({ id, name: '临时入口', resUrl: '', icon: 'Widgets' });
    // Moved to the end of its group: the sort value the console writes.
    expect((await admin.put('resourse/updateResourse', { id, userSort: 999 })).status).toBe(200);
    const after = (await admin.get('resourse/queryResourseByRoleIdTree', { roleId: body.data[0].id ? (await rows(sql`SELECT role_id FROM sys_users WHERE user_name = 'admin'`))[0].role_id : 0 })).body;
    expect((after.data[0].children as Row[]).find((g) => g.id === system)!.children.at(-1).id).toBe(id);
    expect((await formDelete(admin, id)).status).toBe(200);
    const log = await rows(sql`SELECT action FROM operation_log WHERE entity = 'resource' AND entity_id = ${String(id)} ORDER BY id`);
    expect(log.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('grants the demo page (page3) to the platform administrator\'s role only', async () => {
    const granted = await rows(sql`SELECT u.user_name FROM sys_users u JOIN role_resources g ON g.role_id = u.role_id JOIN resources r ON r.id = g.resource_id
      WHERE r.res_url = 'page3' AND u.user_name IN ('admin', 'admin2', 'viewer') ORDER BY u.user_name`);
    expect(granted.map((r) => r.user_name)).toEqual(['admin']);
    const viewer = apiClient(backend.app, await loginAs(backend.app, 'viewer'));
    const roleId = (await rows(sql`SELECT role_id FROM sys_users WHERE user_name = 'viewer'`))[0].role_id;
    const tree = (await viewer.get('resourse/queryResourseByRoleIdTree', { roleId })).body.data[0].children as Row[];
    const urls = tree.flatMap((g) => g.children.map((p: Row) => p.resUrl));
    expect(urls).not.toContain('page3');
    expect(urls).toContain('caozuojilu');
  });
});
