import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { apiClient, loginAs, startTestBackend, TEST_PASSWORD, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';
import { describeError } from '../../server/db/errors';

let backend: TestBackend;
let admin: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
});
afterAll(() => backend.close());

/** A login from a given client address (as @hono/node-server hands it to the app). */
const loginFrom = async (address: string, username: string, password: string) => {
  const response = await backend.app.request('/api/v1/quan_xian/deng_lu/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  }, { incoming: { socket: { remoteAddress: address } } });
  return (await response.json()) as { code: number; msg: string; sessinId?: string };
};

const count = async (query: string) => Number(((await backend.database.db.execute(sql.raw(query))) as unknown as { rows: { n: number | string }[] }).rows[0].n);

describe('strict input (issue 8, item 4)', () => {
  it('refuses empty strings, booleans and arrays where numbers are due, before anything is written', async () => {
    const closedBefore = await count("SELECT count(*) AS n FROM water_meters WHERE valve_state = 'closed'");
    const commandsBefore = await count('SELECT count(*) AS n FROM commands');
    const all = await admin.put('webWaterArchive/updateWaterStatusAll', { valveState: 'closed', projectId: '' });
    expect(all.status).toBe(400);
    expect(all.body.msg).toMatch(/^项目：/);
    const free = await admin.put('webWaterArchive/updateFreeAll', { freeAllowance: '' });
    expect(free.status).toBe(400);
    expect(free.body.msg).toMatch(/^免费水量（m³）：/);
    for (const id of [true, [5], '', null, 1.5, 2 ** 31, -1, '1e3', ' 7']) {
      const one = await admin.put('webWaterArchive/updateWaterStatus', { id, valveState: 'closed' });
      expect(one.status, JSON.stringify(id)).toBe(400);
      expect(one.body.msg).toMatch(/^编号：/);
    }
    const price = await admin.post('webWaterArchive/addWebWaterArchive', { address: '55550000000001', priceFen: '' });
    expect(price.status).toBe(400);
    expect(price.body.msg).toMatch(/^单价（元\/m³）：/);
    expect(await count("SELECT count(*) AS n FROM water_meters WHERE valve_state = 'closed'")).toBe(closedBefore);
    expect(await count('SELECT count(*) AS n FROM commands')).toBe(commandsBefore);
  });

  it('reads numeric strings of query strings, treats an empty filter as absent, and names a bad page number', async () => {
    expect((await admin.get('webWaterArchive/findByCondition', { pageNum: '2', pageSize: '5', projectId: '' })).body.data.records).toHaveLength(5);
    const bad = await admin.get('webWaterArchive/findByCondition', { pageNum: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^页码：/);
    expect(bad.body.msg).not.toContain('必填');
    const en = await admin.call('GET', 'webWaterArchive/findByCondition', { query: { pageNum: 'abc' }, headers: { Cookie: 'lang=en' } });
    expect(en.body.msg).toBe('Page: must be a number');
  });

  it('leaves out fields a partial update does not name (no defaults)', async () => {
    const [meter] = (await admin.get('webWaterArchive/findByCondition', { pageSize: 1 })).body.data.records;
    await admin.put('webWaterArchive/updateWebWaterArchive', { id: meter.id, priceFen: 777 });
    const updated = await admin.put('webWaterArchive/updateWebWaterArchive', { id: meter.id, remark: 'kept price' });
    expect(updated.body.data).toMatchObject({ priceFen: 777, meterType: meter.meterType, remark: 'kept price' });
  });

  it('refuses a module of another area', async () => {
    const [other] = ((await backend.database.db.execute(sql`SELECT m.id FROM modules m JOIN areas a ON a.id = m.area_id WHERE a.name = '华南片区' LIMIT 1`)) as unknown as { rows: { id: number }[] }).rows;
    expect(other).toBeDefined();
    const [meter] = (await admin.get('webWaterArchive/findByCondition', { pageSize: 1 })).body.data.records;
    const moved = await admin.put('webWaterArchive/updateWebWaterArchive', { id: meter.id, moduleId: other.id });
    expect(moved.status).toBe(400);
    const added = await admin.post('webWaterArchive/addWebWaterArchive', { address: '55550000000002', moduleId: other.id, priceFen: 350 });
    expect(added.status).toBe(400);
  });
});

describe('400 instead of 500 (issue 8, item 5)', () => {
  it('answers 400 naming the field for NUL bytes, bad JSON, content types, ids beyond int4 and odd sort fields', async () => {
    const nulLogin = await backend.app.request('/api/v1/quan_xian/deng_lu/login', {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'username=ad%00min&password=x',
    });
    expect(nulLogin.status).toBe(400);
    expect(((await nulLogin.json()) as { msg: string }).msg).toMatch(/^账号：/);
    const nulBody = await admin.post('frontLog/addFrontLog', { message: 'a\u0000b' });
    expect([nulBody.status, nulBody.body.msg]).toEqual([400, expect.stringMatching(namesField('frontLog', 'message'))]);
    const nulQuery = await admin.get('webWaterArchive/findByCondition', { q: 'x\u0000' });
    expect([nulQuery.status, nulQuery.body.msg]).toEqual([400, expect.stringMatching(namesField('webWaterArchive', 'q'))]);

    const malformed = await admin.call('POST', 'frontLog/addFrontLog', { headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const raw = await backend.app.request('/api/v1/electricity/frontLog/addFrontLog', {
      method: 'POST', headers: { 'X-Token': (await loginAs(backend.app, 'admin')), 'Content-Type': 'application/json' }, body: '{"message":',
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { msg: string }).msg).toMatch(/^请求内容：/);
    const noType = await admin.call('PUT', 'webWaterArchive/updateFreeAll', { headers: {} });
    expect([noType.status, noType.body.msg]).toEqual([400, expect.stringMatching(namesField('webWaterArchive', 'Content-Type'))]);
    const textType = await admin.call('PUT', 'webWaterArchive/updateFreeAll', { headers: { 'Content-Type': 'text/plain' } });
    expect(textType.status).toBe(400);

    for (const query of [{ id: '2147483648' }, { id: '99999999999999999999' }]) {
      const big = await admin.call('DELETE', 'sysUser/deleteUser', { query });
      expect([big.status, big.body.msg]).toEqual([400, expect.stringMatching(namesField('sysUser', 'id'))]);
    }
    const ids = await admin.get('command/findByIds', { ids: '1,2147483648' });
    expect(ids.status).toBe(400);
    expect(ids.body.msg).toMatch(namesField('command', 'ids.1'));
    for (const sortField of ['__proto__', 'constructor', 'a;drop table x']) {
      const sorted = await admin.get('webWaterArchive/findByCondition', { sortField });
      expect(sorted.status, sortField).toBe(sortField === 'constructor' ? 200 : 400);
    }
  });

  it('answers 400 for a websocket token with a NUL', async () => {
    const origin = (await backend.listen()).replace(/^http/, 'ws');
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${origin}/api/v1/electricity/websocket/websocket-server?token=%00`);
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(status).toBe(400);
  });

  it('answers 409, not 500, when concurrent requests meet a unique rule of the database', async () => {
    const api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
    const options = (await api.get('sysUser/queryOptions')).body.data as { roles: { id: number }[] };
    const results = await Promise.all(Array.from({ length: 6 }, () => api.post('sysUser/saveUser', { userName: 'twin', roleId: options.roles[0].id, password: TEST_PASSWORD })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('logs a failed query without its parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "sys_users_user_name"'), { code: '23505', detail: 'Key (user_name)=(secret-name) already exists.' });
    const line = describeError(new DrizzleQueryError('select * from sys_users where user_name = $1', ['secret-name'], cause));
    expect(line).toContain('select * from sys_users where user_name = $1');
    expect(line).toContain('23505');
    expect(line).not.toContain('secret-name');
  });
});

describe('menu rights (issue 8, item 2)', () => {
  it('lets only the platform administrator edit the shared menu, with console routes only', async () => {
    const area = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
    expect((await area.post('resourse/saveResourse', { name: 'x', resUrl: 'page3' })).status).toBe(403);
    expect((await area.put('resourse/updateResourse', { id: 2, name: 'x' })).status).toBe(403);
    expect((await area.call('DELETE', 'resourse/deleteResourse', { query: { id: 2 } })).status).toBe(403);
    for (const resUrl of ['https://evil.example/', 'javascript:alert(1)', '//evil', 'nope']) {
      const bad = await admin.post('resourse/saveResourse', { name: 'x', resUrl });
      expect([bad.status, bad.body.msg], resUrl).toEqual([400, expect.stringMatching(namesField('resourse', 'resUrl'))]);
    }
    const placeholder = await admin.post('resourse/saveResourse', { name: '占位', resUrl: '' });
    expect(placeholder.status).toBe(200);
    await admin.call('DELETE', 'resourse/deleteResourse', { query: { id: placeholder.body.data.id } });
  });
});

describe('sessions follow the user (issue 8, items 3 and 11)', () => {
  it('applies a demotion, a move to another area and a disabling to tokens issued before', async () => {
    const options = (await admin.get('sysUser/queryOptions')).body.data as { roles: { id: number; name: string }[]; areas: { id: number; name: string; parentId: number | null }[] };
    const adminRole = options.roles.find((r) => r.name === '系统管理员')!;
    const viewerRole = options.roles.find((r) => r.name === '只读操作员')!;
    const created = await admin.post('sysUser/saveUser', { userName: 'mover', roleId: adminRole.id, password: TEST_PASSWORD });
    const id = created.body.data.id as number;
    const token = await loginAs(backend.app, 'mover');
    const mover = apiClient(backend.app, token);
    expect((await mover.post('frontLog/addFrontLog', { message: 'still admin' })).status).toBe(200);
    expect((await mover.put('webWaterArchive/updateFreeAll', { freeAllowance: 1, scope: 'all' })).status).toBe(200);

    await admin.put('sysUser/updateUser', { id, roleId: viewerRole.id });
    expect((await mover.put('webWaterArchive/updateFreeAll', { freeAllowance: 1, scope: 'all' })).status).toBe(403);

    const before = (await mover.get('webWaterArchive/findByCondition')).body.data.total as number;
    const sub = options.areas.find((a) => a.parentId !== null)!;
    await admin.put('sysUser/updateUser', { id, areaId: sub.id, roleId: adminRole.id });
    const after = (await mover.get('webWaterArchive/findByCondition')).body.data.total as number;
    expect(after).toBeLessThan(before);

    await admin.put('sysUser/updateUser', { id, state: 0 });
    expect((await mover.get('webWaterArchive/findByCondition')).status).toBe(401);
  });

  it('ends a session after 30 idle minutes, and 7 days after login however active', async () => {
    const token = await loginAs(backend.app, 'admin');
    const api = apiClient(backend.app, token);
    backend.clock.now = new Date(backend.clock.now.getTime() + 29 * 60_000);
    expect((await api.get('sysUser/queryOptions')).status).toBe(200);
    backend.clock.now = new Date(backend.clock.now.getTime() + 31 * 60_000);
    expect((await api.get('sysUser/queryOptions')).status).toBe(401);

    const capped = await loginAs(backend.app, 'admin');
    const now = backend.clock.now.getTime();
    await backend.database.db.execute(sql`UPDATE sessions SET created_at = ${new Date(now - 7 * 86_400_000 + 60_000).toISOString()} WHERE token = ${capped}`);
    backend.clock.now = new Date(now + 2 * 60_000);
    expect((await apiClient(backend.app, capped).get('sysUser/queryOptions')).status).toBe(200);
    backend.clock.now = new Date(now + 3 * 60_000);
    expect((await apiClient(backend.app, capped).get('sysUser/queryOptions')).status).toBe(401);
  });

  it('moves an open websocket to the new area scope at once when the user is moved', async () => {
    const origin = (await backend.listen()).replace(/^http/, 'ws');
    // A fresh session: the test before moved the clock past the idle limit of the first one.
    const admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
    const options = (await admin.get('sysUser/queryOptions')).body.data as { roles: { id: number; name: string }[]; areas: { id: number; parentId: number | null }[] };
    const created = await admin.post('sysUser/saveUser', { userName: 'listener', roleId: options.roles.find((r) => r.name === '系统管理员')!.id, password: TEST_PASSWORD });
    const token = await loginAs(backend.app, 'listener');
    const socket = new WebSocket(`${origin}/api/v1/electricity/websocket/websocket-server?token=${token}`);
    const messages: { type: string; areaId?: number }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve) => socket.once('message', resolve));
    const top = options.areas.find((a) => a.parentId === null)!;
    const sub = options.areas.find((a) => a.parentId === top.id)!;
    await admin.put('sysUser/updateUser', { id: created.body.data.id, areaId: sub.id });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const { publish } = await import('../../server/realtime/events');
    await publish(backend.database.db, { type: 'readFailures', areaId: top.id });
    await publish(backend.database.db, { type: 'readFailures', areaId: sub.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(messages.filter((m) => m.type === 'readFailures').map((m) => m.areaId)).toEqual([sub.id]);
    socket.close();
  });

  it('closes the websocket of a session at once on logout', async () => {
    const origin = (await backend.listen()).replace(/^http/, 'ws');
    const token = await loginAs(backend.app, 'viewer');
    const socket = new WebSocket(`${origin}/api/v1/electricity/websocket/websocket-server?token=${token}`);
    await new Promise((resolve) => socket.on('message', resolve));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const started = Date.now();
    await apiClient(backend.app, token).post('v1/quan_xian/deng_lu/logout');
    expect(await closed).toBe(4401);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('sign-in throttling (issue 8, item 6)', () => {
  it('locks a user name per client address only, counts concurrent guesses exactly, and limits an address', async () => {
    for (let i = 0; i < 5; i++) expect((await loginFrom('10.0.0.1', 'admin', `wrong-${i}`)).code).toBe(401);
    expect((await loginFrom('10.0.0.1', 'admin', TEST_PASSWORD)).code).toBe(429);
    // The real admin, elsewhere, is not locked out.
    expect((await loginFrom('10.0.0.2', 'admin', TEST_PASSWORD)).code).toBe(200);

    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => loginFrom('10.0.0.3', 'admin2', `guess-${i}`)));
    expect(guesses.filter((g) => g.code === 401)).toHaveLength(5);
    expect(guesses.filter((g) => g.code === 429)).toHaveLength(35);

    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await loginFrom('10.0.0.4', `someone${i}`, 'x')).code);
    expect(codes.slice(0, 30).every((code) => code === 401)).toBe(true);
    expect(codes[30]).toBe(429);

    // Once the windows have passed, the next new address drops the old counters.
    backend.clock.now = new Date(backend.clock.now.getTime() + 16 * 60_000);
    expect(await count("SELECT count(*) AS n FROM login_throttle WHERE key LIKE '%10.0.0.%'")).toBeGreaterThan(0);
    await loginFrom('10.0.0.5', 'nobody', 'x');
    expect(await count("SELECT count(*) AS n FROM login_throttle WHERE key LIKE '%10.0.0.%' AND key NOT LIKE '%10.0.0.5'")).toBe(0);
    expect((await loginFrom('10.0.0.1', 'admin', TEST_PASSWORD)).code).toBe(200);
  });

  it('takes the client address from X-Forwarded-For behind a trusted proxy (TRUST_PROXY) only', async () => {
    const { createApp } = await import('../../server/app');
    const proxied = createApp({ db: backend.database.db, config: { simulator: false, trustProxy: true }, now: () => backend.clock.now, commandsQueued: () => undefined, log: () => undefined });
    const attempt = async (app: typeof proxied, forwardedFor: string, password: string) => {
      const response = await app.request('/api/v1/quan_xian/deng_lu/login', {
        method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': forwardedFor },
        body: new URLSearchParams({ username: 'admin2', password }).toString(),
      }, { incoming: { socket: { remoteAddress: '10.9.9.9' } } });
      return ((await response.json()) as { code: number }).code;
    };
    for (let i = 0; i < 5; i++) expect(await attempt(proxied, `6.6.6.6, 192.0.2.${i}`, 'wrong')).toBe(401);
    expect(await attempt(proxied, '6.6.6.6, 192.0.2.9', TEST_PASSWORD)).toBe(200);
    for (let i = 0; i < 5; i++) expect(await attempt(proxied, `198.51.100.7`, 'wrong')).toBe(401);
    expect(await attempt(proxied, '198.51.100.7', TEST_PASSWORD)).toBe(429);
    // Without TRUST_PROXY the header is ignored: the peer address counts.
    for (let i = 0; i < 5; i++) expect(await attempt(backend.app, `203.0.113.${i}`, 'wrong')).toBe(401);
    expect(await attempt(backend.app, '203.0.113.99', TEST_PASSWORD)).toBe(429);
  });

  it('limits old-password guesses when changing one\'s password', async () => {
    const token = await loginAs(backend.app, 'viewer');
    const api = apiClient(backend.app, token);
    for (let i = 0; i < 5; i++) {
      expect((await api.form('PUT', 'sysUser/updateUserPwd', { userName: 'viewer', passWord: `wrong-${i}`, passWordNew: 'new-pass-1' })).status).toBe(400);
    }
    const locked = await api.form('PUT', 'sysUser/updateUserPwd', { userName: 'viewer', passWord: TEST_PASSWORD, passWordNew: 'new-pass-1' });
    expect(locked.status).toBe(429);
  });
});

describe('security headers (issue 8, item 7)', () => {
  it('sends a CSP without inline script, no framing, nosniff, a referrer policy, and no-store on the API', async () => {
    for (const path of ['/api/reference', '/api/v1/electricity/sysUser/queryOptions']) {
      const response = await backend.app.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBeTruthy();
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(await (await backend.app.request('/api/reference')).text()).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });
});

describe('no route falls back into coercion (issue 8, item 4)', () => {
  it('reads numbers, ids and flags only through server/http/input.ts', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    walk('server');
    const offenders = files
      .filter((file) => !file.endsWith(join('http', 'input.ts')))
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').map((line, i) => ({ file, line: i + 1, text: line })))
      // z.coerce anywhere; z.number() / z.boolean() as input schemas (the response envelope aside).
      .filter(({ text }) => /z\.coerce\b/.test(text) || (/z\.(number|boolean)\(/.test(text) && !/code: z\.number\(\)\.openapi/.test(text)));
    expect(offenders).toEqual([]);
  });
});
