import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROUTES } from '../../common/routeCatalog';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * Issue 46: a role's menu tree (`resourse/queryResourseByRoleIdTree`, and the flat
 * `queryResourseByRoleId`) is its holder's to read; another role's only for a role granted role
 * management (the role screen, `bumen`, shows and edits any role's grants). Out of grant: 403
 * `errors.screenNotGranted`, as every call of a screen a role lacks (server/http/grants.ts); a role
 * outside the caller's areas stays 404.
 */
let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const resourceIdsOf = async (paths: string[]) => (await rows(sql`SELECT id FROM resources WHERE res_url IN ${paths}`)).map((r) => Number(r.id));
const roleOf = async (userName: string) => Number((await rows(sql`SELECT role_id FROM sys_users WHERE user_name = ${userName}`))[0].role_id);

let admin: ReturnType<typeof apiClient>;
let statistics: ReturnType<typeof apiClient>;
let roleManager: ReturnType<typeof apiClient>;
const roles = { statistics: 0, roleManager: 0, admin: 0, viewer: 0, otherArea: 0 };

async function user(name: string, paths: string[]) {
  const role = await admin.post('role/addRole', { name, readOnly: true, resourceIds: await resourceIdsOf(paths) });
  expect(role.status).toBe(200);
  const created = await admin.post('sysUser/saveUser', { userName: name, password: 'menu-tree-pass-1', roleId: role.body.data.id });
  expect(created.status).toBe(200);
  return { roleId: role.body.data.id as number, api: apiClient(backend.app, await loginAs(backend.app, name, 'menu-tree-pass-1')) };
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  const stats = await user('menu-tree-stats', ROUTES.filter((route) => route.group === 'statistics').map((route) => route.path));
  statistics = stats.api;
  roles.statistics = stats.roleId;
  const manager = await user('menu-tree-roles', ['bumen']);
  roleManager = manager.api;
  roles.roleManager = manager.roleId;
  roles.admin = await roleOf('admin');
  roles.viewer = await roleOf('viewer');
  roles.otherArea = await roleOf('admin2');
});
afterAll(() => backend.close());

const tree = (api: ReturnType<typeof apiClient>, roleId: number) => api.get('resourse/queryResourseByRoleIdTree', { roleId });
const flat = (api: ReturnType<typeof apiClient>, roleId: number) => api.get('resourse/queryResourseByRoleId', { roleId });

describe('a role\'s menu tree', () => {
  it('a statistics-only operator reads their own role\'s tree, and only the statistics screens are in it', async () => {
    const own = await tree(statistics, roles.statistics);
    expect(own.status).toBe(200);
    const urls = (own.body.data[0].children as Row[]).flatMap((group) => group.children.map((page: Row) => page.resUrl));
    expect(urls.sort()).toEqual(ROUTES.filter((route) => route.group === 'statistics').map((route) => route.path).sort());
    expect((await flat(statistics, roles.statistics)).status).toBe(200);
  });

  it('a statistics-only operator gets 403 for another role of their area (the administrator\'s, the viewer\'s), tree or flat', async () => {
    for (const roleId of [roles.admin, roles.viewer, roles.roleManager]) {
      for (const answer of [await tree(statistics, roleId), await flat(statistics, roleId)]) {
        expect(answer.status, String(roleId)).toBe(403);
        expect(answer.body).toEqual({ code: 403, msg: '拒绝访问：您的角色没有此功能的权限' });
      }
    }
    // Another area's role: not granted either (403 before anything is looked up).
    expect((await tree(statistics, roles.otherArea)).status).toBe(403);
  });

  it('a role granted role management reads any role of its areas; another area\'s role stays 404', async () => {
    for (const roleId of [roles.admin, roles.viewer, roles.statistics]) {
      const answer = await tree(roleManager, roleId);
      expect(answer.status, String(roleId)).toBe(200);
      expect(answer.body.data[0].children.length).toBeGreaterThan(0);
    }
    expect((await tree(roleManager, roles.otherArea)).status).toBe(404);
  });

  it('the administrator reads any role of the area', async () => {
    for (const roleId of [roles.admin, roles.viewer, roles.statistics, roles.roleManager]) {
      expect((await tree(admin, roleId)).status, String(roleId)).toBe(200);
      expect((await flat(admin, roleId)).status, String(roleId)).toBe(200);
    }
    expect((await tree(admin, roles.otherArea)).status).toBe(404);
  });
});
