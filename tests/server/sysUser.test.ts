import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, TEST_PASSWORD, type TestBackend } from '../support/testApp';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
});
afterAll(() => backend.close());

describe('sysUser', () => {
  it('lists the administrators of the caller\'s area only, never with password hashes', async () => {
    const { body } = await api.get('sysUser/queryUser', { pageNum: 1, pageSize: 10 });
    const names = (body.data.records as { userName: string }[]).map((u) => u.userName).sort();
    expect(names).toEqual(['admin', 'viewer']);
    expect(JSON.stringify(body)).not.toMatch(/scrypt|passwordHash/);
  });

  it('creates a user who can log in; refuses duplicates and short passwords naming the field', async () => {
    const roles = (await api.get('sysUser/queryOptions')).body.data.roles as { id: number; name: string }[];
    const roleId = roles[0].id;
    const short = await api.post('sysUser/saveUser', { userName: 'operator1', password: '123', roleId });
    expect(short.status).toBe(400);
    expect(short.body.msg).toMatch(/^密码：/);
    const created = await api.post('sysUser/saveUser', { userName: 'operator1', password: 'secret-1', roleId, realName: '操作员一' });
    expect(created.body.code).toBe(200);
    expect(created.body.data.passwordHash).toBeUndefined();
    const duplicate = await api.post('sysUser/saveUser', { userName: 'OPERATOR1', password: 'secret-1', roleId });
    expect(duplicate.status).toBe(409);
    await expect(loginAs(backend.app, 'operator1', 'secret-1')).resolves.toMatch(/^[0-9a-f]+$/);
  });

  it('refuses a role or area of another area', async () => {
    const other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
    const otherRole = ((await other.get('sysUser/queryOptions')).body.data.roles as { id: number }[])[0].id;
    const refused = await api.post('sysUser/saveUser', { userName: 'intruder', password: 'secret-1', roleId: otherRole });
    expect(refused.status).toBe(400);
    const ownRole = ((await api.get('sysUser/queryOptions')).body.data.roles as { id: number }[])[0].id;
    const area = await api.post('sysUser/saveUser', { userName: 'intruder', password: 'secret-1', roleId: ownRole, areaId: 2 });
    expect(area.status).toBe(403);
  });

  it('changes one\'s own password only with the old one (form-encoded), ending the sessions', async () => {
    const token = await loginAs(backend.app, 'admin');
    const self = apiClient(backend.app, token);
    const wrong = await self.form('PUT', 'sysUser/updateUserPwd', { userName: 'admin', passWord: 'not-it', passWordNew: 'new-secret' });
    expect(wrong.status).toBe(400);
    const other = await self.form('PUT', 'sysUser/updateUserPwd', { userName: 'viewer', passWord: TEST_PASSWORD, passWordNew: 'new-secret' });
    expect(other.body.msg).toBe('只能修改自己的密码');
    expect(other.status).toBe(403);
    const short = await self.form('PUT', 'sysUser/updateUserPwd', { userName: 'admin', passWord: TEST_PASSWORD, passWordNew: '12345' });
    expect(short.status).toBe(400);
    const done = await self.form('PUT', 'sysUser/updateUserPwd', { userName: 'admin', passWord: TEST_PASSWORD, passWordNew: 'new-secret' });
    expect(done.body.code).toBe(200);
    expect((await self.get('sysUser/queryUser')).status).toBe(401);
    await expect(loginAs(backend.app, 'admin', 'new-secret')).resolves.toBeTruthy();
  });

  it('updates and deletes a user, but not oneself', async () => {
    const me = apiClient(backend.app, await loginAs(backend.app, 'admin', 'new-secret'));
    const users = (await me.get('sysUser/queryUser', { userName: 'operator1' })).body.data.records as { id: number }[];
    const updated = await me.put('sysUser/updateUser', { id: users[0].id, realName: '新名字', state: 0 });
    expect(updated.body.data.realName).toBe('新名字');
    const disabledLogin = await backend.app.request('/api/v1/quan_xian/deng_lu/login', {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'operator1', password: 'secret-1' }).toString(),
    });
    expect(((await disabledLogin.json()) as { code: number }).code).toBe(403);
    expect((await me.delete('sysUser/deleteUser', { id: users[0].id })).body.code).toBe(200);
    const self = (await me.get('sysUser/queryUser', { userName: 'admin' })).body.data.records as { id: number; userName: string }[];
    const selfDelete = await me.delete('sysUser/deleteUser', { id: self.find((u) => u.userName === 'admin')!.id });
    expect(selfDelete.status).toBe(400);
  });
});
