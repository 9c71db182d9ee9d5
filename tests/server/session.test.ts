import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, TEST_PASSWORD, type TestBackend } from '../support/testApp';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const postLogin = async (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  Promise.resolve(backend.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  })).then(async (r: Response) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

describe('login (SPEC.md section 7)', () => {
  it('answers code 200 with sessinId, areaId, userId and roleId for good credentials', async () => {
    const { status, body } = await postLogin('/api/v1/quan_xian/deng_lu/login', { username: 'admin', password: TEST_PASSWORD });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.sessinId).toMatch(/^[0-9a-f]{48}$/);
    expect(body).toMatchObject({ areaId: expect.any(Number), userId: expect.any(Number), roleId: expect.any(Number) });
  });

  it('is also reachable under the /v1/electricity prefix', async () => {
    const { body } = await postLogin('/api/v1/electricity/v1/quan_xian/deng_lu/login', { username: 'admin', password: TEST_PASSWORD });
    expect(body.code).toBe(200);
  });

  it('answers code 401 with the Chinese message for bad credentials, and for an unknown user', async () => {
    const bad = await postLogin('/api/v1/quan_xian/deng_lu/login', { username: 'admin2', password: 'wrong-password' });
    expect(bad.body).toMatchObject({ code: 401, msg: '账号或密码错误，请核实' });
    expect(bad.body.sessinId).toBeUndefined();
    const unknown = await postLogin('/api/v1/quan_xian/deng_lu/login', { username: 'nobody', password: 'x' });
    expect(unknown.body.code).toBe(401);
  });

  it('speaks the language of the lang cookie', async () => {
    const { body } = await postLogin('/api/v1/quan_xian/deng_lu/login', { username: 'nobody2', password: 'x' }, { Cookie: 'lang=en' });
    expect(body.msg).toBe('Wrong account or password, please check');
  });

  it('throttles a user name after 5 failures, even with the right password then', async () => {
    for (let i = 0; i < 5; i++) {
      const { body } = await postLogin('/api/v1/quan_xian/deng_lu/login', { username: 'viewer', password: `wrong-${i}` });
      expect(body.code).toBe(401);
    }
    const locked = await postLogin('/api/v1/quan_xian/deng_lu/login', { username: 'viewer', password: TEST_PASSWORD });
    expect(locked.body.code).toBe(429);
    expect(String(locked.body.msg)).toContain('15');
    // After the lock time the right password works again.
    backend.clock.now = new Date(backend.clock.now.getTime() + 16 * 60_000);
    const later = await postLogin('/api/v1/quan_xian/deng_lu/login', { username: 'viewer', password: TEST_PASSWORD });
    expect(later.body.code).toBe(200);
  });
});

describe('token rules', () => {
  it('rejects a call without X-Token, with an unknown token, and with an expired one (HTTP 401)', async () => {
    expect((await apiClient(backend.app).get('resourse/queryResourse')).status).toBe(401);
    expect((await apiClient(backend.app, 'f'.repeat(48)).get('resourse/queryResourse')).status).toBe(401);
    const token = await loginAs(backend.app, 'admin');
    const api = apiClient(backend.app, token);
    expect((await api.get('resourse/queryResourse')).status).toBe(200);
    backend.clock.now = new Date(backend.clock.now.getTime() + 25 * 3600_000);
    const expired = await api.get('resourse/queryResourse');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(401);
  });

  it('ends the session on logout, a read-only operator\'s too', async () => {
    for (const user of ['admin', 'viewer']) {
      const token = await loginAs(backend.app, user);
      const api = apiClient(backend.app, token);
      expect((await api.post('v1/quan_xian/deng_lu/logout')).status).toBe(200);
      expect((await api.get('resourse/queryResourse')).status).toBe(401);
    }
  });

  it('answers 404 with the url for an unknown route, without needing to reveal anything', async () => {
    const token = await loginAs(backend.app, 'admin');
    const { status, body } = await apiClient(backend.app, token).get('nothing/here');
    expect(status).toBe(404);
    expect(body.code).toBe(404);
    expect(body.msg).toContain('/api/v1/electricity/nothing/here');
  });

  it('refuses writes to a read-only operator (403) but lets it read', async () => {
    const token = await loginAs(backend.app, 'viewer');
    const api = apiClient(backend.app, token);
    expect((await api.get('webWaterArchive/findByCondition')).status).toBe(200);
    const write = await api.post('webWaterArchive/addWebWaterArchive', { address: '12345678901234', priceFen: 350 });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the API from the zod schemas and serves a reference page', async () => {
    const doc = (await (await backend.app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/v1/electricity/webWaterArchive/findByCondition', '/api/v1/electricity/resourse/queryResourseByRoleIdTree',
      '/api/v1/electricity/sysUser/updateUserPwd', '/api/v1/electricity/v1/quan_xian/deng_lu/login',
    ]));
    const page = await backend.app.request('/api/reference');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('updateWaterStatusAll');
  });
});
