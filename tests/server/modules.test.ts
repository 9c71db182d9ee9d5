import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';
import { isHost } from '../../server/routes/module';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
});
afterAll(() => backend.close());

interface Module {
  id: number; address: string; name: string | null; kind: string; protocol: string; host: string | null; port: number | null;
  online: boolean; lastHeartbeatAt: string | null; projectId: number | null; projectName: string | null; electricCount: number; waterCount: number;
  settings: Record<string, unknown>;
}
interface ModuleMeter { kind: 'electric' | 'water'; id: number; address: string; roomCode: string | null; online: boolean; state: string }

const list = async (client: ReturnType<typeof apiClient>, query: Record<string, unknown> = {}) => {
  const { status, body } = await client.get('module/findByCondition', { pageNum: 1, pageSize: 100, ...query });
  expect(status).toBe(200);
  return body.data as { records: Module[]; total: number };
};
const rowCount = async (table: string) => {
  const result = await backend.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return Number(((result as unknown as { rows: { n: number }[] }).rows ?? (result as unknown as { n: number }[]))[0].n);
};
let serial = 0;
const freshAddress = () => `9${String(Date.now() % 1e9).padStart(9, '0')}${String(serial++).padStart(2, '0')}`;

describe('module/findByCondition', () => {
  it('lists the caller\'s modules with kind, protocol, online, heartbeat, project and meter counts', async () => {
    const all = await list(api);
    expect(all.total).toBeGreaterThan(5);
    const withMeters = all.records.filter((m) => m.electricCount + m.waterCount > 0);
    expect(withMeters.length).toBeGreaterThan(0);
    for (const m of withMeters) {
      // A module carries the meters of its protocol only (the demo estate's).
      if (m.protocol === 'dlt645') expect(m.waterCount).toBe(0);
      if (m.protocol === 'cjt188') expect(m.electricCount).toBe(0);
    }
    const one = withMeters[0];
    const [{ n }] = (await backend.database.db.execute(sql`SELECT count(*)::int AS n FROM electric_meters WHERE module_id = ${one.id}`) as unknown as { rows: { n: number }[] }).rows;
    expect(one.electricCount).toBe(Number(n));
    expect(all.records.some((m) => m.projectName)).toBe(true);
    expect(all.records.some((m) => !m.online)).toBe(true);
  });

  it('filters by q (address or name), kind, protocol, online and project, and sorts', async () => {
    const all = (await list(api)).records;
    const water = await list(api, { protocol: 'cjt188' });
    expect(water.records.length).toBeGreaterThan(0);
    expect(water.records.every((m) => m.protocol === 'cjt188')).toBe(true);
    const offline = await list(api, { online: 'false' });
    expect(offline.records.every((m) => !m.online)).toBe(true);
    expect(offline.total).toBe(all.filter((m) => !m.online).length);
    const sample = all[2];
    expect((await list(api, { q: sample.address.slice(3, 10) })).records.map((m) => m.id)).toContain(sample.id);
    expect((await list(api, { q: sample.address.slice(0, 2) })).records.every((m) => m.address.startsWith(sample.address.slice(0, 2)) || (m.name ?? '').toLowerCase().startsWith(sample.address.slice(0, 2)))).toBe(true);
    if (sample.name) expect((await list(api, { q: sample.name.slice(0, 6) })).records.map((m) => m.id)).toContain(sample.id);
    if (sample.projectId) expect((await list(api, { projectId: sample.projectId })).records.every((m) => m.projectId === sample.projectId)).toBe(true);
    expect((await list(api, { kind: 'simulator' })).total).toBe(all.filter((m) => m.kind === 'simulator').length);
    const sorted = (await list(api, { sortField: 'address', sortOrder: 'desc' })).records.map((m) => m.address);
    expect(sorted).toEqual([...sorted].sort().reverse());
  });

  it('keeps the water archive\'s picker working (ids, id, q, sorted by address)', async () => {
    const first = (await list(api, { pageSize: 3, sortField: 'address', sortOrder: 'ASC' })).records;
    expect(first).toHaveLength(3);
    const byIds = await list(api, { ids: first.map((m) => m.id).join(',') });
    expect(byIds.records.map((m) => m.id).sort()).toEqual(first.map((m) => m.id).sort());
    expect((await list(api, { id: first[0].id })).records).toHaveLength(1);
  });

  it('refuses bad filters naming the field, and shows nothing of another area', async () => {
    const bad = await api.get('module/findByCondition', { kind: 'radio' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^类型：/);
    const mine = await list(api);
    const theirs = await list(other, { areaId: 1 });
    const mineIds = new Set(mine.records.map((m) => m.id));
    expect(theirs.records.some((m) => mineIds.has(m.id))).toBe(false);
    expect((await other.get('module/findById', { id: mine.records[0].id })).status).toBe(404);
  });
});

describe('module/findById', () => {
  it('answers the module with its meters: kind, address, room, online, relay or valve state', async () => {
    const water = (await list(api, { protocol: 'cjt188' })).records.find((m) => m.waterCount > 0)!;
    const { status, body } = await api.get('module/findById', { id: water.id });
    expect(status).toBe(200);
    const meters = body.data.meters as ModuleMeter[];
    expect(meters).toHaveLength(Math.min(200, water.waterCount));
    expect(meters.every((m) => m.kind === 'water' && ['open', 'closed', 'abnormal'].includes(m.state) && /^\d{14}$/.test(m.address))).toBe(true);
    expect(meters.some((m) => m.roomCode)).toBe(true);
    const electric = (await list(api, { protocol: 'dlt645' })).records.find((m) => m.electricCount > 0)!;
    const eMeters = (await api.get('module/findById', { id: electric.id })).body.data.meters as ModuleMeter[];
    expect(eMeters.every((m) => m.kind === 'electric' && ['on', 'off', 'close_pending'].includes(m.state))).toBe(true);
  });
});

describe('module/addModule, updateModule', () => {
  it('adds a module of each kind (binding shape), listed with zero meters; audited', async () => {
    const before = await rowCount('operation_log');
    const gateway = await api.post('module/addModule', { address: freshAddress(), name: '网关 A', kind: 'tcp-gateway', protocol: 'dlt645', host: 'gw-1.example.net', port: 8899, remark: 'test' });
    expect(gateway.status).toBe(200);
    expect(gateway.body.data).toMatchObject({ kind: 'tcp-gateway', host: 'gw-1.example.net', port: 8899, online: false, electricCount: 0, waterCount: 0 });
    const dtu = await api.post('module/addModule', { address: 'DTU0001abc', name: 'DTU', kind: 'dtu', protocol: 'cjt188' });
    expect(dtu.status).toBe(200);
    expect(dtu.body.data).toMatchObject({ address: 'DTU0001ABC', host: null, port: null, online: false });
    // One device whatever the case typed.
    expect((await api.post('module/addModule', { address: 'dtu0001ABC', name: 'DTU', kind: 'dtu', protocol: 'cjt188' })).status).toBe(409);
    const sim = await api.post('module/addModule', { address: freshAddress(), name: 'Sim', kind: 'simulator', protocol: 'cjt188', settings: { valveCode: '2A', diOrder: '1F90', frameTimeoutMs: 500 } });
    expect(sim.body.data).toMatchObject({ online: true, settings: { valveCode: '2A', diOrder: '1F90', frameTimeoutMs: 500 } });
    expect((await list(api, { id: gateway.body.data.id })).records[0].address).toBe(gateway.body.data.address);
    expect(await rowCount('operation_log')).toBe(before + 3);
    expect(await rowCount('modules')).toBeGreaterThan(0);
  });

  it('refuses bad input with a 400 naming the field, nothing written', async () => {
    const modulesBefore = await rowCount('modules');
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'tcp-gateway', protocol: 'dlt645', port: 80 }, 'host'],
      [{ kind: 'tcp-gateway', protocol: 'dlt645', host: 'gw.example.net' }, 'port'],
      [{ kind: 'tcp-gateway', protocol: 'dlt645', host: 'http://gw.example.net', port: 80 }, 'host'],
      [{ kind: 'tcp-gateway', protocol: 'dlt645', host: 'gw.example.net/x', port: 80 }, 'host'],
      [{ kind: 'tcp-gateway', protocol: 'dlt645', host: '300.1.1.1', port: 80 }, 'host'],
      [{ kind: 'tcp-gateway', protocol: 'dlt645', host: 'gw.example.net', port: 70000 }, 'port'],
      [{ kind: 'tcp-gateway', protocol: 'dlt645', host: 'gw.example.net', port: 0 }, 'port'],
      [{ kind: 'simulator', protocol: 'dlt645', host: 'gw.example.net' }, 'host'],
      [{ kind: 'dtu', protocol: 'dlt645', port: 9000 }, 'port'],
      [{ kind: 'radio', protocol: 'dlt645' }, 'kind'],
      [{ kind: 'dtu', protocol: 'modbus' }, 'protocol'],
      [{ kind: 'dtu', protocol: 'dlt645', address: 'has space' }, 'address'],
      [{ kind: 'dtu', protocol: 'dlt645', address: 'x'.repeat(33) }, 'address'],
      [{ kind: 'dtu', protocol: 'dlt645', settings: { password: '1234' } }, 'settings.password'],
      [{ kind: 'dtu', protocol: 'dlt645', settings: { operatorCode: 'GGGGGGGG' } }, 'settings.operatorCode'],
      [{ kind: 'dtu', protocol: 'dlt645', settings: { frameTimeoutMs: 50 } }, 'settings.frameTimeoutMs'],
      [{ kind: 'dtu', protocol: 'cjt188', settings: { valveCode: '99' } }, 'settings.valveCode'],
      [{ kind: 'dtu', protocol: 'cjt188', settings: { diOrder: 'FFFF' } }, 'settings.diOrder'],
      [{ kind: 'dtu', protocol: 'cjt188', projectId: 999999 }, 'projectId'],
    ];
    for (const [fields, field] of cases) {
      const response = await api.post('module/addModule', { address: freshAddress(), name: 'bad', ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.msg, JSON.stringify(fields)).toMatch(namesField('module', field));
    }
    expect(await rowCount('modules')).toBe(modulesBefore);
  });

  it('refuses an address already in use, naming it, in the area and in another (a DTU registers on one shared port)', async () => {
    const existing = (await list(api)).records[0];
    const taken = await api.post('module/addModule', { address: existing.address, name: 'dup', kind: 'dtu', protocol: 'dlt645' });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain(existing.address);
    const elsewhere = await other.post('module/addModule', { address: existing.address, name: 'dup', kind: 'dtu', protocol: 'dlt645' });
    expect(elsewhere.status).toBe(409);
    const mine = (await list(api)).records[1];
    const renamed = await api.post('module/updateModule', { id: mine.id, address: existing.address.toLowerCase() });
    expect(renamed.status).toBe(409);
  });

  it('takes settings as at least one value, or null for all the defaults', async () => {
    const { body } = await api.post('module/addModule', { address: freshAddress(), name: 'S', kind: 'simulator', protocol: 'dlt645', settings: { password: '0200ABCD' } });
    expect(body.data.settings).toEqual({ password: '0200ABCD' });
    const empty = await api.post('module/updateModule', { id: body.data.id, settings: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toMatch(/^通讯设置：/);
    const reset = await api.post('module/updateModule', { id: body.data.id, settings: null });
    expect(reset.body.data.settings).toEqual({});
  });

  it('updates partially; online is not taken from the operator; kind change clears host and port', async () => {
    const { body } = await api.post('module/addModule', { address: freshAddress(), name: 'GW', kind: 'tcp-gateway', protocol: 'dlt645', host: '192.168.10.7', port: 502 });
    const id = body.data.id as number;
    const renamed = await api.post('module/updateModule', { id, name: 'GW renamed', online: true, lastHeartbeatAt: '2026-01-01T00:00:00Z' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'GW renamed', host: '192.168.10.7', port: 502, online: false, lastHeartbeatAt: null });
    const v6 = await api.post('module/updateModule', { id, host: 'fe80::1' });
    expect(v6.body.data.host).toBe('fe80::1');
    const noHost = await api.post('module/updateModule', { id, host: null });
    expect(noHost.status).toBe(400);
    expect(noHost.body.msg).toMatch(/^主机：/);
    const dtu = await api.post('module/updateModule', { id, kind: 'dtu' });
    expect(dtu.body.data).toMatchObject({ kind: 'dtu', host: null, port: null });
    const back = await api.post('module/updateModule', { id, kind: 'tcp-gateway' });
    expect(back.status).toBe(400);
    expect(back.body.msg).toMatch(/^主机：/);
    expect((await other.post('module/updateModule', { id, name: 'x' })).status).toBe(404);
  });

  it('refuses a protocol change while meters of the other kind hang off the module', async () => {
    const water = (await list(api, { protocol: 'cjt188' })).records.find((m) => m.waterCount > 0)!;
    const change = await api.post('module/updateModule', { id: water.id, protocol: 'dlt645' });
    expect(change.status).toBe(409);
    expect(change.body.msg).toContain(String(water.waterCount));
    expect((await list(api, { id: water.id })).records[0].protocol).toBe('cjt188');
  });
});

describe('module/deleteModule', () => {
  it('refuses while meters hang off it, naming how many of each kind; nothing deleted', async () => {
    const busy = (await list(api)).records.find((m) => m.electricCount > 0)!;
    const response = await api.post('module/deleteModule', { id: busy.id });
    expect(response.status).toBe(409);
    expect(response.body.msg).toContain(String(busy.electricCount));
    expect(response.body.msg).toContain(busy.address);
    expect((await list(api, { id: busy.id })).total).toBe(1);
  });

  it('refuses while commands are pending through it, then deletes an empty module (audited)', async () => {
    const { body } = await api.post('module/addModule', { address: freshAddress(), name: 'empty', kind: 'simulator', protocol: 'dlt645' });
    const id = body.data.id as number;
    await backend.database.db.execute(sql`INSERT INTO commands (area_id, device_kind, device_id, module_id, type, deadline)
      VALUES (1, 'module', ${id}, ${id}, 'read', now() + interval '1 hour')`);
    const pending = await api.post('module/deleteModule', { id });
    expect(pending.status).toBe(409);
    await backend.database.db.execute(sql`UPDATE commands SET state = 'failed' WHERE module_id = ${id}`);
    expect((await other.post('module/deleteModule', { id })).status).toBe(404);
    const deleted = await api.post('module/deleteModule', { id });
    expect(deleted.status).toBe(200);
    expect((await list(api, { id })).total).toBe(0);
  });

  it('the database itself keeps meters from pointing at a deleted module', async () => {
    const busy = (await list(api)).records.find((m) => m.waterCount > 0)!;
    await expect(backend.database.db.execute(sql`DELETE FROM modules WHERE id = ${busy.id}`)).rejects.toThrow();
  });
});

describe('host rule', () => {
  it('accepts hostnames and IP addresses, never a scheme, a path, a port or blanks', () => {
    for (const good of ['gw.example.net', 'localhost', '10.0.0.1', '::1', '2001:db8::7', 'a-b.c']) expect(isHost(good), good).toBe(true);
    for (const bad of ['http://x', 'x/y', 'x:80', '1.2.3', '256.1.1.1', '-a.b', 'a b', '', '[::1]']) expect(isHost(bad), bad).toBe(false);
    fc.assert(fc.property(fc.string(), (value) => {
      if (isHost(value)) expect(value).toMatch(/^[A-Za-z0-9.:-]+$/);
    }));
    fc.assert(fc.property(fc.domain(), (domain) => { expect(isHost(domain)).toBe(true); }));
  });
});
