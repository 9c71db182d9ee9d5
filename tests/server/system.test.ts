import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';

/** System management (issue 33): administrators, roles and their grants, the operation log, the command and front-end logs. */
let backend: TestBackend;
let admin: ReturnType<typeof apiClient>;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
/** Row count and row versions of the system tables: equal before and after = nothing changed. */
const digest = async () => {
  const out: Record<string, string> = {};
  for (const table of ['sys_users', 'roles', 'role_resources', 'sessions', 'operation_log']) {
    const [row] = await rows(sql`SELECT count(*)::text || ':' || coalesce(sum((xmin::text)::bigint), 0)::text AS d FROM ${sql.identifier(table)}`);
    out[table] = row.d;
  }
  return out;
};
const resourceIdsOf = async (paths: string[]) => (await rows(sql`SELECT id FROM resources WHERE res_url IN ${paths}`)).map((r) => Number(r.id));
const allPages = async () => (await rows(sql`SELECT id, res_url FROM resources WHERE user_type = 2 ORDER BY id`)).map((r) => ({ id: Number(r.id), resUrl: String(r.res_url) }));
let ids: { area1: number; area2: number; sub: number; adminRole: number; viewerRole: number; admin2Role: number; adminId: number };

beforeAll(async () => {
  backend = await startTestBackend();
  admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  const [a] = await rows(sql`SELECT u.id, u.area_id, u.role_id FROM sys_users u WHERE user_name = 'admin'`);
  const [a2] = await rows(sql`SELECT area_id, role_id FROM sys_users WHERE user_name = 'admin2'`);
  const [v] = await rows(sql`SELECT role_id FROM sys_users WHERE user_name = 'viewer'`);
  const [sub] = await rows(sql`SELECT id FROM areas WHERE parent_id = ${a.area_id}`);
  ids = { area1: a.area_id, area2: a2.area_id, sub: sub.id, adminRole: a.role_id, viewerRole: v.role_id, admin2Role: a2.role_id, adminId: a.id };
});
afterAll(() => backend.close());

describe('administrators (sysUser)', () => {
  it('refuses SPEC.md\'s short password with its message word for word, common passwords and the account name, changing nothing', async () => {
    const before = await digest();
    const short = await admin.post('sysUser/saveUser', { userName: 'pwcheck', password: '12345', roleId: ids.viewerRole });
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('密码：密码长度必须大于 6 位！');
    for (const common of ['1234567', '123456', 'password', 'Admin123', 'qwerty123']) {
      const refused = await admin.post('sysUser/saveUser', { userName: 'pwcheck', password: common, roleId: ids.viewerRole });
      expect(refused.status, common).toBe(400);
      expect(refused.body.msg).toBe('密码：属于最常见的密码，请换一个');
    }
    const named = await admin.post('sysUser/saveUser', { userName: 'pwcheck', password: 'PWCheck', roleId: ids.viewerRole });
    expect(named.body.msg).toBe('密码：不能与账号相同');
    const noRole = await admin.post('sysUser/saveUser', { userName: 'pwcheck', password: 'good-pass-1' });
    expect(noRole.status).toBe(400);
    expect(noRole.body.msg).toMatch(/^角色：/);
    const badName = await admin.post('sysUser/saveUser', { userName: 'a b', password: 'good-pass-1', roleId: ids.viewerRole });
    expect(badName.body.msg).toMatch(/^账号：/);
    expect(await digest()).toEqual(before);
  });

  it('refuses the current password as the new one, on a reset and on one\'s own change', async () => {
    const created = await admin.post('sysUser/saveUser', { userName: 'samepw', password: 'first-pass-1', roleId: ids.viewerRole });
    expect(created.status).toBe(200);
    expect(JSON.stringify(created.body)).not.toMatch(/scrypt|passwordHash/);
    const id = created.body.data.id as number;
    const before = await digest();
    const same = await admin.put('sysUser/updateUser', { id, password: 'first-pass-1' });
    expect(same.status).toBe(400);
    expect(same.body.msg).toBe('密码：不能与当前密码相同');
    const common = await admin.put('sysUser/updateUser', { id, password: '1234567' });
    expect(common.body.msg).toBe('密码：属于最常见的密码，请换一个');
    expect(await digest()).toEqual(before);

    const self = apiClient(backend.app, await loginAs(backend.app, 'samepw', 'first-pass-1'));
    const unchanged = await self.form('PUT', 'sysUser/updateUserPwd', { userName: 'samepw', passWord: 'first-pass-1', passWordNew: 'first-pass-1' });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.msg).toBe('新密码：不能与当前密码相同');
    const weak = await self.form('PUT', 'sysUser/updateUserPwd', { userName: 'samepw', passWord: 'first-pass-1', passWordNew: '1234567' });
    expect(weak.body.msg).toBe('新密码：属于最常见的密码，请换一个');
    const short = await self.form('PUT', 'sysUser/updateUserPwd', { userName: 'samepw', passWord: 'first-pass-1', passWordNew: '12345' });
    expect(short.body.msg).toBe('新密码：密码长度必须大于 6 位！');
    await expect(loginAs(backend.app, 'samepw', 'first-pass-1')).resolves.toBeTruthy();

    const reset = await admin.put('sysUser/updateUser', { id, password: 'second-pass-2' });
    expect(reset.status).toBe(200);
    expect(reset.body.data.passwordHash).toBeUndefined();
    expect((await self.get('sysUser/currentUser')).status).toBe(401);
    await expect(loginAs(backend.app, 'samepw', 'second-pass-2')).resolves.toBeTruthy();
    const log = await rows(sql`SELECT before, after, call FROM operation_log WHERE entity = 'sysUser' AND entity_id = ${String(id)} ORDER BY id`);
    expect(log.map((r) => r.call)).toEqual(['POST /api/v1/electricity/sysUser/saveUser', 'PUT /api/v1/electricity/sysUser/updateUser']);
    expect(JSON.stringify(log)).not.toMatch(/scrypt|passwordHash/);
  });

  it('assigns roles and areas only within the caller\'s area tree', async () => {
    const before = await digest();
    const otherRole = await admin.post('sysUser/saveUser', { userName: 'scoped', password: 'good-pass-1', roleId: ids.admin2Role });
    expect(otherRole.status).toBe(400);
    const otherArea = await admin.post('sysUser/saveUser', { userName: 'scoped', password: 'good-pass-1', roleId: ids.viewerRole, areaId: ids.area2 });
    expect(otherArea.status).toBe(403);
    // A role of the sub-area serves the sub-area, not the area above it.
    const subRole = await admin.post('role/addRole', { name: '分区操作员', readOnly: true, resourceIds: [], areaId: ids.sub });
    expect(subRole.status).toBe(200);
    const mid = await digest();
    const upward = await admin.post('sysUser/saveUser', { userName: 'scoped', password: 'good-pass-1', roleId: subRole.body.data.id, areaId: ids.area1 });
    expect(upward.status).toBe(400);
    expect(upward.body.msg).toBe('角色：属于其他区域，请选择用户所在区域或其上级区域的角色');
    expect(await digest()).toEqual(mid);
    expect(before.sys_users).toEqual(mid.sys_users);
    const inSub = await admin.post('sysUser/saveUser', { userName: 'scoped', password: 'good-pass-1', roleId: subRole.body.data.id, areaId: ids.sub });
    expect(inSub.status).toBe(200);
    // Another area's administrator sees none of it.
    const admin2 = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
    expect((await admin2.put('sysUser/updateUser', { id: inSub.body.data.id, realName: 'x' })).status).toBe(404);
    expect((await admin2.delete('sysUser/deleteUser', { id: inSub.body.data.id })).status).toBe(404);
    const seen = (await admin2.get('sysUser/queryUser', { pageSize: 100 })).body.data.records as { userName: string }[];
    expect(seen.map((u) => u.userName)).toEqual(['admin2']);
  });

  it('never lets anyone disable, delete, move or demote themselves', async () => {
    const before = await digest();
    expect((await admin.put('sysUser/updateUser', { id: ids.adminId, state: 0 })).status).toBe(400);
    expect((await admin.delete('sysUser/deleteUser', { id: ids.adminId })).status).toBe(400);
    const moved = await admin.put('sysUser/updateUser', { id: ids.adminId, areaId: ids.sub });
    expect(moved.status).toBe(400);
    expect(moved.body.msg).toBe('不能把自己的账号移到其他区域');
    const demoted = await admin.put('sysUser/updateUser', { id: ids.adminId, roleId: ids.viewerRole });
    expect(demoted.status).toBe(400);
    expect(demoted.body.msg).toBe('不能取消自己的管理权限（读写、管理员和权限管理）');
    // Through the role: made read-only, or without the administration screens.
    expect((await admin.put('role/updateRole', { id: ids.adminRole, readOnly: true })).body.msg).toBe('不能取消自己的管理权限（读写、管理员和权限管理）');
    const withoutBumen = (await allPages()).filter((p) => p.resUrl !== 'bumen').map((p) => p.id);
    expect((await admin.put('role/updateRole', { id: ids.adminRole, resourceIds: withoutBumen })).status).toBe(400);
    expect(await digest()).toEqual(before);
    // Renaming one's own role, or another administrator role, is fine.
    expect((await admin.put('sysUser/updateUser', { id: ids.adminId, realName: '管理员' })).status).toBe(200);
  });

  it('keeps the last platform administrator', async () => {
    // An area administrator (read-write, every screen, not a platform role) in admin's area.
    const everything = (await allPages()).map((p) => p.id);
    const areaRole = await admin.post('role/addRole', { name: '区域管理员', readOnly: false, resourceIds: everything });
    expect(areaRole.status).toBe(200);
    expect(typeof areaRole.body.data.id).toBe('number');
    const created = await admin.post('sysUser/saveUser', { userName: 'areaadm', password: 'area-pass-1', roleId: areaRole.body.data.id });
    const areaAdmin = apiClient(backend.app, await loginAs(backend.app, 'areaadm', 'area-pass-1'));
    const before = await digest();
    // An area administrator may not touch a platform administrator's account, raise anyone to the
    // platform role, or change that role.
    const disable = await areaAdmin.put('sysUser/updateUser', { id: ids.adminId, state: 0 });
    expect(disable.status).toBe(403);
    expect(disable.body.msg).toBe('只有平台管理员可以授予或修改平台角色');
    expect((await areaAdmin.delete('sysUser/deleteUser', { id: ids.adminId })).status).toBe(403);
    expect((await areaAdmin.put('sysUser/updateUser', { id: created.body.data.id, roleId: ids.adminRole })).status).toBe(403);
    expect((await areaAdmin.put('role/updateRole', { id: ids.adminRole, name: 'x' })).status).toBe(403);
    expect(await digest()).toEqual(before);

    // Two platform administrators disabling each other at the same moment: one of them stays.
    const second = await admin.post('sysUser/saveUser', { userName: 'platform2', password: 'platform-pass-2', roleId: ids.adminRole });
    expect(second.status).toBe(200);
    const p2 = apiClient(backend.app, await loginAs(backend.app, 'platform2', 'platform-pass-2'));
    const results = await Promise.all([
      admin.put('sysUser/updateUser', { id: second.body.data.id, state: 0 }),
      p2.put('sysUser/updateUser', { id: ids.adminId, state: 0 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.msg).toBe('这是最后一个启用的平台管理员，平台必须保留一个');
    const [{ n }] = await rows(sql`SELECT count(*)::int AS n FROM sys_users u JOIN roles r ON r.id = u.role_id WHERE u.state = 1 AND r.platform_admin AND NOT r.read_only`);
    expect(n).toBe(1);
    // Whoever remains brings the other back, then removes the helpers.
    const survivor = results[0].status === 200 ? admin : p2;
    await survivor.put('sysUser/updateUser', { id: results[0].status === 200 ? second.body.data.id : ids.adminId, state: 1 });
    expect((await survivor.delete('sysUser/deleteUser', { id: created.body.data.id })).status).toBe(200);
    const p1 = apiClient(backend.app, await loginAs(backend.app, 'admin'));
    expect((await p1.delete('sysUser/deleteUser', { id: second.body.data.id })).status).toBe(200);
    admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  });

  it('ends a disabled user\'s sessions and websockets at once', async () => {
    const created = await admin.post('sysUser/saveUser', { userName: 'socketuser', password: 'socket-pass-1', roleId: ids.viewerRole });
    const token = await loginAs(backend.app, 'socketuser', 'socket-pass-1');
    const origin = (await backend.listen()).replace(/^http/, 'ws');
    const socket = new WebSocket(`${origin}/api/v1/electricity/websocket/websocket-server?token=${token}`);
    await new Promise((resolve) => socket.once('message', resolve));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    expect((await admin.put('sysUser/updateUser', { id: created.body.data.id, state: 0 })).status).toBe(200);
    expect(await closed).toBe(4401);
    expect((await apiClient(backend.app, token).get('sysUser/currentUser')).status).toBe(401);
    expect(await rows(sql`SELECT token FROM sessions WHERE user_id = ${created.body.data.id}`)).toEqual([]);
  });
});

describe('roles (role/*, binding calls)', () => {
  it('lists roles paged as { id, name, readOnly, resourceIds }, in scope only', async () => {
    const { body } = await admin.get('role/findByCondition', { pageNum: 1, pageSize: 100 });
    const viewer = (body.data.records as Row[]).find((r) => r.id === ids.viewerRole)!;
    expect(viewer).toMatchObject({ id: ids.viewerRole, name: '只读操作员', readOnly: true });
    const granted = (await rows(sql`SELECT resource_id FROM role_resources WHERE role_id = ${ids.viewerRole} ORDER BY resource_id`)).map((r) => Number(r.resource_id));
    expect(viewer.resourceIds).toEqual(granted);
    expect((body.data.records as Row[]).some((r) => r.id === ids.admin2Role)).toBe(false);
    expect(body.data.total).toBe((body.data.records as Row[]).length);
    const paged = await admin.get('role/findByCondition', { pageNum: 1, pageSize: 1 });
    expect(paged.body.data.records).toHaveLength(1);
    expect((await admin.get('role/findByCondition', { pageSize: 'x' })).body.msg).toMatch(/^每页条数：/);
  });

  it('adds, changes and deletes a role; bad input names the field and changes nothing', async () => {
    const [meters] = await resourceIdsOf(['dianbiaoguanli']);
    const before = await digest();
    for (const [body, field] of [
      [{ readOnly: false, resourceIds: [] }, 'name'],
      [{ name: '', resourceIds: [] }, 'name'],
      [{ name: 'r', readOnly: 'yes' }, 'readOnly'],
      [{ name: 'r', resourceIds: [999999] }, 'resourceIds'],
      [{ name: 'r', resourceIds: 'all' }, 'resourceIds'],
      [{ name: 'r', areaId: ids.area2 }, ''],
    ] as const) {
      const refused = await admin.post('role/addRole', body);
      expect(refused.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      if (field) expect(refused.body.msg).toMatch(namesField('role', field));
    }
    expect(await digest()).toEqual(before);

    const added = await admin.post('role/addRole', { name: '抄表员', readOnly: false, resourceIds: [meters] });
    expect(added.status).toBe(200);
    const id = added.body.data.id as number;
    // The page's group and the root are granted with it, so that the menu tree holds together.
    const granted = (await rows(sql`SELECT r.user_type FROM role_resources g JOIN resources r ON r.id = g.resource_id WHERE g.role_id = ${id} ORDER BY r.user_type`)).map((r) => r.user_type);
    expect(granted).toEqual([0, 1, 2]);
    expect((await admin.post('role/addRole', { name: '抄表员', resourceIds: [] })).status).toBe(409);

    const renamed = await admin.put('role/updateRole', { id, name: '抄表员甲' });
    expect(renamed.body.data).toMatchObject({ id, name: '抄表员甲', readOnly: false });
    expect(renamed.body.data.resourceIds).toHaveLength(3);
    expect((await admin.put('role/updateRole', { name: 'no id' })).body.msg).toMatch(/^编号：/);
    expect((await admin.put('role/updateRole', { id: ids.admin2Role, name: 'x' })).status).toBe(404);

    const holder = await admin.post('sysUser/saveUser', { userName: 'holder', password: 'holder-pass-1', roleId: id });
    const inUse = await admin.delete('role/deleteRole', { id });
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toBe('有 1 个用户使用此角色，请先为他们更换角色');
    await admin.delete('sysUser/deleteUser', { id: holder.body.data.id });
    expect((await admin.delete('role/deleteRole', { id })).status).toBe(200);
    expect(await rows(sql`SELECT 1 FROM role_resources WHERE role_id = ${id}`)).toEqual([]);
    const log = await rows(sql`SELECT action, call FROM operation_log WHERE entity = 'role' AND entity_id = ${String(id)} ORDER BY id`);
    expect(log.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(log[2].call).toBe('DELETE /api/v1/electricity/role/deleteRole');
  });

  it('grants nothing beyond the granter\'s own role', async () => {
    const [meters, sysuser, bumen] = await resourceIdsOf(['dianbiaoguanli', '/sysuser', 'bumen']);
    const limited = await admin.post('role/addRole', { name: '受限管理员', readOnly: false, resourceIds: [sysuser, bumen] });
    await admin.post('sysUser/saveUser', { userName: 'limited', password: 'limited-pass-1', roleId: limited.body.data.id });
    const api = apiClient(backend.app, await loginAs(backend.app, 'limited', 'limited-pass-1'));
    const before = await digest();
    const beyond = await api.post('role/addRole', { name: '越权', resourceIds: [meters] });
    expect(beyond.status).toBe(400);
    expect(beyond.body.msg).toMatch(/^菜单资源：只能授予您自己角色拥有的菜单资源/);
    expect(await digest()).toEqual(before);
    expect((await api.post('role/addRole', { name: '子集', resourceIds: [sysuser] })).status).toBe(200);
  });

  it('a grant change reaches the role\'s open sessions at their next request', async () => {
    const [meters, water] = await resourceIdsOf(['dianbiaoguanli', 'waterarchive']);
    // Permission management too: its calls are the writes tried below (the API serves a role only its screens' calls).
    const [roles] = await resourceIdsOf(['bumen']);
    const role = await admin.post('role/addRole', { name: '水电操作员', readOnly: false, resourceIds: [meters, roles] });
    const roleId = role.body.data.id as number;
    await admin.post('sysUser/saveUser', { userName: 'grantee', password: 'grantee-pass-1', roleId });
    const api = apiClient(backend.app, await loginAs(backend.app, 'grantee', 'grantee-pass-1'));
    const menu = async () => {
      const tree = (await api.get('resourse/queryResourseByRoleIdTree', { roleId })).body.data as Row[];
      const paths: string[] = [];
      const walk = (nodes: Row[]) => nodes.forEach((n) => { if (n.resUrl) paths.push(n.resUrl); walk(n.children); });
      walk(tree);
      return paths;
    };
    expect((await menu()).sort()).toEqual(['bumen', 'dianbiaoguanli']);
    expect((await api.post('frontLog/addFrontLog', { message: 'writes allowed' })).status).toBe(200);
    expect((await api.post('role/addRole', { name: `grantee-${roleId}-a`, resourceIds: [] })).status).toBe(200);
    await admin.put('role/updateRole', { id: roleId, resourceIds: [meters, water, roles], readOnly: true });
    expect((await menu()).sort()).toEqual(['bumen', 'dianbiaoguanli', 'waterarchive']);
    const refused = await api.post('role/addRole', { name: `grantee-${roleId}-b`, resourceIds: [] });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('只读账号不能修改数据');
  });
});

describe('operation log (caozuojilu)', () => {
  it('lists the area\'s records newest first with who, area, call, target and before/after; filters', async () => {
    const { body } = await admin.get('operationLog/findByCondition', { pageSize: 5 });
    const expected = await rows(sql`SELECT id FROM operation_log WHERE area_id IN (SELECT id FROM areas WHERE id = ${ids.area1} OR parent_id = ${ids.area1}) ORDER BY id DESC LIMIT 5`);
    expect((body.data.records as Row[]).map((r) => Number(r.id))).toEqual(expected.map((r) => Number(r.id)));
    const [total] = await rows(sql`SELECT count(*)::int AS n FROM operation_log WHERE area_id IN (SELECT id FROM areas WHERE id = ${ids.area1} OR parent_id = ${ids.area1})`);
    expect(body.data.total).toBe(total.n);
    const roles = await admin.get('operationLog/findByCondition', { entity: 'role', action: 'delete', pageSize: 100 });
    expect((roles.body.data.records as Row[]).every((r) => r.entity === 'role' && r.action === 'delete' && r.call === 'DELETE /api/v1/electricity/role/deleteRole')).toBe(true);
    expect(roles.body.data.records[0]).toMatchObject({ userName: 'admin', areaName: '华东片区' });
    expect(roles.body.data.records[0].before).toMatchObject({ name: '抄表员甲' });
    const byCall = await admin.get('operationLog/findByCondition', { q: 'updateRole', pageSize: 100 });
    expect(byCall.body.data.total).toBeGreaterThan(0);
    expect((byCall.body.data.records as Row[]).every((r) => String(r.call).includes('updateRole'))).toBe(true);
    const future = await admin.get('operationLog/findByCondition', { createdAtFrom: '2099-01-01T00:00:00+08:00' });
    expect(future.body.data.total).toBe(0);
    expect((await admin.get('operationLog/findByCondition', { createdAtFrom: 'yesterday' })).body.msg).toMatch(/^开始日期：/);
    const admin2 = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
    const theirs = (await admin2.get('operationLog/findByCondition', { pageSize: 100 })).body.data.records as Row[];
    expect(theirs.every((r) => r.areaId === ids.area2)).toBe(true);
    const ours = roles.body.data.records[0].id;
    expect((await admin2.get('operationLog/findById', { id: ours })).status).toBe(404);
  });

  it('is append-only: no call changes it, and the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      for (const path of ['operationLog/findByCondition', 'operationLog/deleteOperationLog', 'operationLog/updateOperationLog']) {
        expect((await admin.call(method, path, { body: method === 'DELETE' ? undefined : {} })).status).toBe(404);
      }
    }
    const [{ n }] = await rows(sql`SELECT count(*)::int AS n FROM operation_log`);
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await backend.database.db.execute(statement);
        return 'done';
      } catch (error) {
        const { message, cause } = error as { message: string; cause?: { message?: string } };
        return `${message} ${cause?.message ?? ''}`;
      }
    };
    expect(await refusal(sql`UPDATE operation_log SET action = 'forged' WHERE id = (SELECT max(id) FROM operation_log)`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`DELETE FROM operation_log`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`TRUNCATE operation_log`)).toMatch(/append-only: TRUNCATE refused/);
    expect((await rows(sql`SELECT count(*)::int AS n FROM operation_log`))[0].n).toBe(n);
    expect(await rows(sql`SELECT 1 FROM operation_log WHERE action = 'forged'`)).toEqual([]);
    // Appending still works.
    await admin.put('sysUser/updateUser', { id: ids.adminId, realName: '管理员' });
    expect((await rows(sql`SELECT count(*)::int AS n FROM operation_log`))[0].n).toBe(n + 1);
  });
});

describe('command log (rizhi) and front-end log (log)', () => {
  it('lists commands with device, attempts, result and operator or platform; filters and scope', async () => {
    const { body } = await admin.get('commandLog/findByCondition', { pageSize: 100 });
    const expected = await rows(sql`SELECT c.id, c.operator_id FROM commands c WHERE c.area_id IN (SELECT id FROM areas WHERE id = ${ids.area1} OR parent_id = ${ids.area1}) ORDER BY c.id DESC LIMIT 100`);
    expect((body.data.records as Row[]).map((r) => Number(r.id))).toEqual(expected.map((r) => Number(r.id)));
    const row = (body.data.records as Row[]).find((r) => r.address);
    if (row) expect(row.address).toMatch(/^\d{12,14}$/);
    const platform = await admin.get('commandLog/findByCondition', { platform: 'true', pageSize: 100 });
    expect((platform.body.data.records as Row[]).every((r) => r.operatorId === null && r.operatorName === null)).toBe(true);
    const [{ n: platformCount }] = await rows(sql`SELECT count(*)::int AS n FROM commands WHERE operator_id IS NULL AND area_id IN (SELECT id FROM areas WHERE id = ${ids.area1} OR parent_id = ${ids.area1})`);
    expect(platform.body.data.total).toBe(platformCount);
    const failed = await admin.get('commandLog/findByCondition', { state: 'failed', pageSize: 100 });
    expect((failed.body.data.records as Row[]).every((r) => r.state === 'failed')).toBe(true);
    expect((await admin.get('commandLog/findByCondition', { state: 'broken' })).body.msg).toMatch(/^结果：/);
    expect((await admin.get('commandLog/findByCondition', { deviceKind: 'gas' })).status).toBe(400);
    const admin2 = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
    const theirs = await admin2.get('commandLog/findByCondition', { pageSize: 100 });
    const ourIds = new Set(expected.map((r) => Number(r.id)));
    expect((theirs.body.data.records as Row[]).some((r) => ourIds.has(Number(r.id)))).toBe(false);
  });

  it('lists front-end errors with a masked token, searchable, in scope', async () => {
    const token = await loginAs(backend.app, 'viewer');
    const viewer = apiClient(backend.app, token);
    expect((await viewer.post('frontLog/addFrontLog', { message: 'TypeError: x is undefined', url: '/waterarchive' })).status).toBe(200);
    const { body } = await admin.get('frontLog/findByCondition', { q: 'x is undefined' });
    expect(body.data.total).toBe(1);
    const [entry] = body.data.records as Row[];
    expect(entry).toMatchObject({ userName: 'viewer', url: '/waterarchive', message: 'TypeError: x is undefined' });
    expect(entry.tokenMasked).toBe(`${token.slice(0, 4)}****${token.slice(-4)}`);
    expect(JSON.stringify(body)).not.toContain(token);
    expect((await admin.get('frontLog/findByCondition', { userName: 'viewer', createdAtTo: '2000-01-01T00:00:00Z' })).body.data.total).toBe(0);
    const admin2 = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
    expect((await admin2.get('frontLog/findByCondition', { q: 'x is undefined' })).body.data.total).toBe(0);
  });
});
