import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_BASE } from '../../server/app';
import { MENU_VERSION_HEADER, PUBLIC, ROUTE_GRANTS, SESSION, allows, grantKey } from '../../server/http/grants';
import { ROUTE_INFO } from '../../common/routeCatalog';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * The API enforces the grants (issue 33): every route of the app declares the screens it serves
 * (server/http/grants.ts), and a role granted none of them gets 403, not only a hidden menu item.
 */
let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const resourceIdsOf = async (paths: string[]) => (await rows(sql`SELECT id FROM resources WHERE res_url IN ${paths}`)).map((r) => Number(r.id));

/** Every API route of the app (method and path under the API base), as Hono has them registered. */
const apiRoutes = () => [...new Set(backend.app.routes
  .filter((route) => route.method !== 'ALL' && route.path.startsWith(`${API_BASE}/`))
  .map((route) => grantKey(route.method, route.path.slice(API_BASE.length))))];

const NOT_GRANTED = {
  'zh-chs': '拒绝访问：您的角色没有此功能的权限',
  'zh-cht': '拒絕存取：您的角色沒有此功能的權限',
  en: 'Access denied: your role is not granted this screen',
  ja: 'アクセスが拒否されました：このロールにはこの画面の権限がありません',
};

/** Calls a route with no input at all: a granted call gets past the grant check (then 200 or 400 on its input), never changing anything. */
async function call(key: string, token: string, lang = 'zh-chs') {
  const [method, path] = key.split(' ');
  const response = await backend.app.request(`${API_BASE}/${path}`, { method, headers: { 'X-Token': token, Cookie: `lang=${lang}` } });
  // Only a refusal's body is read (an export streams on otherwise).
  const body = response.status === 403 ? ((await response.json().catch(() => null)) as { code?: number; msg?: string } | null) : (await response.body?.cancel(), null);
  return { status: response.status, msg: body?.msg, version: response.headers.get(MENU_VERSION_HEADER) };
}
const refused = (answer: { status: number; msg?: string }) => answer.status === 403 && answer.msg === NOT_GRANTED['zh-chs'];

const LOGOUT = 'POST v1/quan_xian/deng_lu/logout';
let adminToken: string;
let roleId: number;
let limitedToken: string;

beforeAll(async () => {
  backend = await startTestBackend();
  adminToken = await loginAs(backend.app, 'admin');
  const admin = apiClient(backend.app, adminToken);
  // A read-write role granted one screen: project management.
  const role = await admin.post('role/addRole', { name: 'grants-project-only', readOnly: false, resourceIds: await resourceIdsOf(['project']) });
  expect(role.status).toBe(200);
  roleId = role.body.data.id;
  const user = await admin.post('sysUser/saveUser', { userName: 'grants-limited', password: 'limited-pass-1', roleId });
  expect(user.status).toBe(200);
  limitedToken = await loginAs(backend.app, 'grants-limited', 'limited-pass-1');
});
afterAll(() => backend.close());

describe('the declaration table', () => {
  it('declares the screens of every API route of the app (add a line to server/http/grants.ts for a new route)', () => {
    const undeclared = apiRoutes().filter((key) => !(key in ROUTE_GRANTS));
    expect(undeclared, `API routes without a grant declaration in server/http/grants.ts ROUTE_GRANTS: ${undeclared.join(', ')}`).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(100);
  });

  it('names only routes of the app and screens of the route catalog', () => {
    const routes = new Set(apiRoutes());
    const stale = Object.keys(ROUTE_GRANTS).filter((key) => !routes.has(key));
    expect(stale, `declared in server/http/grants.ts but not a route of the app: ${stale.join(', ')}`).toEqual([]);
    const screens = new Set(ROUTE_INFO.map((route) => route.name));
    const unknown = Object.entries(ROUTE_GRANTS).flatMap(([key, grant]) =>
      (grant === SESSION || grant === PUBLIC ? [] : grant.filter((name) => !screens.has(name)).map((name) => `${key}: ${name}`)));
    expect(unknown).toEqual([]);
    const empty = Object.entries(ROUTE_GRANTS).filter(([, grant]) => Array.isArray(grant) && !grant.length).map(([key]) => key);
    expect(empty).toEqual([]);
  });
});

describe('a role without a screen gets 403 from its calls', () => {
  it('refuses every call of a screen the role is not granted, and lets through the calls of its screen and the shared ones', async () => {
    const wrong: string[] = [];
    for (const key of apiRoutes()) {
      const grant = ROUTE_GRANTS[key];
      // Undeclared routes are reported above (and would run: they are served to any session).
      if (grant === undefined || grant === PUBLIC || key === 'GET websocket/websocket-server' || key === LOGOUT) continue;
      const granted = grant === SESSION || grant.includes('project');
      const answer = await call(key, limitedToken);
      if (granted === refused(answer)) wrong.push(`${key} → ${answer.status} ${answer.msg}`);
      if (!granted && answer.status !== 403) wrong.push(`${key} → ${answer.status}`);
    }
    expect(wrong).toEqual([]);
    // Its own screen's calls answer.
    const own = apiClient(backend.app, limitedToken);
    expect((await own.get('project/findByCondition')).status).toBe(200);
    expect((await own.get('project/findOverview')).status).toBe(200);
    expect((await own.get('sysUser/currentUser')).status).toBe(200);
    expect((await own.get('resourse/queryResourseByRoleIdTree', { roleId })).status).toBe(200);
  });

  it('answers the refusal in SPEC.md\'s envelope, in the caller\'s language', async () => {
    for (const [lang, text] of Object.entries(NOT_GRANTED)) {
      const response = await backend.app.request(`${API_BASE}/room/addRoom`, { method: 'POST', headers: { 'X-Token': limitedToken, Cookie: `lang=${lang}`, 'Content-Type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: 403, msg: text });
    }
  });

  it('refuses nothing to the demo administrators and the read-only operator, whose roles hold every screen', async () => {
    // The same rule as the middleware's, on each demo role's grants (calling every route as an
    // administrator would run it: a backup, a send).
    const roles = await rows(sql`SELECT u.user_name, u.role_id FROM sys_users u WHERE u.user_name IN ('admin', 'admin2', 'viewer')`);
    expect(roles).toHaveLength(3);
    for (const { user_name: user, role_id: id } of roles) {
      const { names } = await backend.caches.roleGrants(Number(id));
      const refusedCalls = apiRoutes().filter((key) => !allows(ROUTE_GRANTS[key], names));
      expect(refusedCalls, user).toEqual([]);
    }
    // And through the middleware, for the calls every console screen starts with.
    for (const key of ['GET project/findByCondition', 'GET room/findByCondition', 'GET electricMeter/findByCondition', 'GET webWaterArchive/findByCondition', 'GET role/findByCondition', 'GET sysUser/queryUser']) {
      expect((await call(key, adminToken)).status, key).toBe(200);
    }
  });
});

describe('grant changes reach open sessions', () => {
  it('takes effect at the next request of an open session, with a new menu version', async () => {
    const admin = apiClient(backend.app, adminToken);
    const before = await call('POST building/addBuilding', limitedToken);
    expect(refused(before)).toBe(true);
    expect(before.version).toMatch(/^\w+w$/);

    const granted = await admin.put('role/updateRole', { id: roleId, resourceIds: await resourceIdsOf(['project', 'jianzhuguanli']) });
    expect(granted.status).toBe(200);
    const after = await call('POST building/addBuilding', limitedToken);
    expect(after.status).toBe(400);
    expect(after.version).not.toBe(before.version);
    // The same version on every call while the grants stay.
    expect((await call('GET project/findByCondition', limitedToken)).version).toBe(after.version);

    const revoked = await admin.put('role/updateRole', { id: roleId, resourceIds: await resourceIdsOf(['project']) });
    expect(revoked.status).toBe(200);
    const again = await call('POST building/addBuilding', limitedToken);
    expect(refused(again)).toBe(true);
    expect(again.version).toBe(before.version);

    // Read-only or not is part of the version too.
    expect((await admin.put('role/updateRole', { id: roleId, readOnly: true })).status).toBe(200);
    expect((await call('GET project/findByCondition', limitedToken)).version).toBe(`${before.version!.slice(0, -1)}r`);
    expect((await admin.put('role/updateRole', { id: roleId, readOnly: false })).status).toBe(200);
  });
});
