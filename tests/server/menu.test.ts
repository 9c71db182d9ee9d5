import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { ROUTES } from '../../common/routeCatalog';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let roleId: number;
beforeAll(async () => {
  backend = await startTestBackend();
  const login = await backend.app.request('/api/v1/quan_xian/deng_lu/login', {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: (await import('../support/constants')).TEST_PASSWORD }).toString(),
  });
  const body = (await login.json()) as { sessinId: string; roleId: number };
  api = apiClient(backend.app, body.sessinId);
  roleId = body.roleId;
});
afterAll(() => backend.close());

interface Node { id: number; name: string; resUrl: string; userSort: number; children: Node[] }

describe('menu resources', () => {
  it('gives the role tree whose data[0].children are the menu groups holding every route of SPEC.md', async () => {
    const { body } = await api.get('resourse/queryResourseByRoleIdTree', { roleId });
    expect(body.code).toBe(200);
    const groups = (body.data as Node[])[0].children;
    expect(groups.map((g) => g.name)).toEqual(['首页', '档案管理', '设备管理', '特殊功能', '基础参数', '统计分析', '系统管理']);
    const urls = groups.flatMap((g) => g.children.map((c) => c.resUrl));
    expect(urls.sort()).toEqual(ROUTES.map((r) => r.path).sort());
    // Issue 41 added the reconciliation screen (支付对账): SPEC.md's 60 routes and the platform's own.
    expect(urls).toHaveLength(61);
    for (const group of groups) {
      const sorts = group.children.map((c) => c.userSort);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    }
  });

  it('lists flat resources, and a role\'s flat grants', async () => {
    // The 61 routes (issue 41 added the reconciliation screen), the 7 groups and the root.
    const all = await api.get('resourse/queryResourse');
    expect((all.body.data as Node[]).length).toBe(69);
    const granted = await api.get('resourse/queryResourseByRoleId', { roleId });
    expect((granted.body.data as Node[]).length).toBe(69);
  });

  it('does not show the role tree of another area\'s role', async () => {
    const other = await loginAs(backend.app, 'admin2');
    const { body: mine } = await apiClient(backend.app, other).get('resourse/queryResourseByRoleIdTree', { roleId: 999 });
    expect(mine.code).toBe(404);
    const { status } = await apiClient(backend.app, other).get('resourse/queryResourseByRoleIdTree', { roleId });
    expect(status).toBe(404);
  });

  it('creates, updates and deletes a resource, with the field named on bad input and an audit trail', async () => {
    const bad = await api.post('resourse/saveResourse', { name: '', parentId: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^菜单名称：/);

    const groups = ((await api.get('resourse/queryResourseByRoleIdTree', { roleId })).body.data as Node[])[0].children;
    const created = await api.post('resourse/saveResourse', { name: '临时页面', parentId: groups[0].id, resUrl: 'page3', icon: 'Star', userSort: 99 });
    expect(created.body.code).toBe(200);
    const id = created.body.data.id as number;
    const tree = ((await api.get('resourse/queryResourseByRoleIdTree', { roleId })).body.data as Node[])[0].children;
    expect(tree[0].children.at(-1)).toMatchObject({ id, name: '临时页面', resUrl: 'page3' });

    const updated = await api.put('resourse/updateResourse', { id, name: '自定义页面', parentId: groups[0].id, resUrl: 'page3' });
    expect(updated.body.data.name).toBe('自定义页面');

    // A group with children cannot be deleted.
    const refused = await api.call('DELETE', 'resourse/deleteResourse', { query: { id: groups[0].id }, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(refused.status).toBe(409);

    const deleted = await api.call('DELETE', 'resourse/deleteResourse', { query: { id }, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(deleted.body.code).toBe(200);
    expect((await api.get('resourse/queryResourse')).body.data).toHaveLength(69); // 61 routes (issue 41 added the reconciliation screen), 7 groups, the root
  });
});
