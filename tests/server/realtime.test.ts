import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, TEST_HEARTBEAT_MS, type TestBackend } from '../support/testApp';
import type { DeviceDriver } from '../../server/devices/driver';
import { setModuleOnline } from '../../server/domain/moduleOnline';

let backend: TestBackend;
let origin: string;
beforeAll(async () => {
  backend = await startTestBackend();
  origin = (await backend.listen()).replace(/^http/, 'ws');
});
afterAll(() => backend.close());

const PATH = '/api/v1/electricity/websocket/websocket-server';

interface Received { type: string; areaId?: number; from?: number; to?: number }

/** A console's socket: the messages it received, and a way to wait for one. */
async function connect(token: string) {
  const socket = new WebSocket(`${origin}${PATH}?token=${token}`);
  const messages: Received[] = [];
  const waiters: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Received;
    messages.push(message);
    for (const waiter of [...waiters]) if (waiter.match(message)) { waiters.splice(waiters.indexOf(waiter), 1); waiter.resolve(message); }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const next = (match: (m: Received) => boolean, timeoutMs = 5000) =>
    new Promise<Received>((resolve, reject) => {
      const seen = messages.find(match);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), timeoutMs);
      waiters.push({ match, resolve: (m) => { clearTimeout(timer); resolve(m); } });
    });
  await next((m) => m.type === 'hello');
  return { socket, messages, next, closed, close: () => socket.close() };
}

const silent: DeviceDriver = { execute: async () => ({ ok: false, code: 'no_reply' }) };

describe('websocket-server', () => {
  it('refuses a connection without a valid session, and a plain GET', async () => {
    for (const query of ['', '?token=nope']) {
      const status = await new Promise<number>((resolve) => {
        const socket = new WebSocket(`${origin}${PATH}${query}`);
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('open', () => resolve(101));
      });
      expect(status).toBe(401);
    }
    const plain = await fetch(`${origin.replace(/^ws/, 'http')}${PATH}`, { headers: { 'X-Token': await loginAs(backend.app, 'admin') } });
    expect(plain.status).toBe(426);
  });

  it('pushes command progress and read failures to operators of the area, and to no one else', async () => {
    const adminToken = await loginAs(backend.app, 'admin');
    const api = apiClient(backend.app, adminToken);
    const admin = await connect(adminToken);
    const other = await connect(await loginAs(backend.app, 'admin2'));

    // A meter that will not answer: it joins the read-failure list after the last attempt.
    const [meter] = (await api.get('webWaterArchive/findByCondition', { pageSize: 1, online: 'true' })).body.data.records as { id: number; address: string }[];
    const before = (await api.get('roomBillingStatement/findReadTheListOfFailuresVo')).body.data as { deviceAddress: string }[];
    expect(before.map((d) => d.deviceAddress)).not.toContain(meter.address);
    const [id] = (await api.put('webWaterArchive/updateWaterStatus', { id: meter.id, valveState: 'closed' })).body.data.commandIds as number[];

    await backend.runCommands(silent);
    const sent = await admin.next((m) => m.type === 'commands' && m.from! <= id && id <= m.to!);
    expect(sent.areaId).toBeTypeOf('number');
    for (let attempt = 2; attempt <= 3; attempt++) {
      backend.clock.now = new Date(backend.clock.now.getTime() + 60_000);
      await backend.runCommands(silent);
    }
    await admin.next((m) => m.type === 'readFailures');
    const after = (await api.get('roomBillingStatement/findReadTheListOfFailuresVo')).body.data as { deviceAddress: string; deviceType: number }[];
    expect(after).toContainEqual(expect.objectContaining({ deviceAddress: meter.address, deviceType: 2 }));
    expect((await api.get('command/findByIds', { ids: String(id) })).body.data[0]).toMatchObject({ state: 'failed', resultCode: 'no_reply' });

    // It answers the next command: it leaves the list, and the operators hear of it again.
    const readFailureEvents = () => admin.messages.filter((m) => m.type === 'readFailures').length;
    const heard = readFailureEvents();
    await api.put('webWaterArchive/updateWaterStatus', { id: meter.id, valveState: 'open' });
    await backend.runCommands();
    await admin.next(() => readFailureEvents() > heard);
    const cleared = (await api.get('roomBillingStatement/findReadTheListOfFailuresVo')).body.data as { deviceAddress: string }[];
    expect(cleared.map((d) => d.deviceAddress)).not.toContain(meter.address);

    // The other area's operator heard nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.messages.map((m) => m.type)).toEqual(['hello']);
    admin.close();
    other.close();
  });

  it('lists a module that goes offline in the alarm bell, announced to its area, until it is back', async () => {
    const token = await loginAs(backend.app, 'admin');
    const api = apiClient(backend.app, token);
    const admin = await connect(token);
    const other = await connect(await loginAs(backend.app, 'admin2'));
    const bell = async () => (await api.get('roomBillingStatement/findReadTheListOfFailuresVo')).body.data as { roomCode: string | null; deviceAddress: string; deviceType: number }[];
    const [module] = (await api.get('module/findByCondition', { pageSize: 1, online: 'true' })).body.data.records as { id: number; address: string }[];
    expect((await bell()).map((d) => d.deviceAddress)).not.toContain(module.address);
    const heard = () => admin.messages.filter((m) => m.type === 'readFailures').length;

    await setModuleOnline(backend.database.db, { id: module.id }, false, backend.clock.now);
    await admin.next(() => heard() === 1);
    expect(await bell()).toContainEqual(expect.objectContaining({ roomCode: null, deviceAddress: module.address, deviceType: 3 }));
    // Still away at the next look: nothing new to announce.
    await setModuleOnline(backend.database.db, { id: module.id }, false, backend.clock.now);

    await setModuleOnline(backend.database.db, { id: module.id }, true, backend.clock.now);
    await admin.next(() => heard() === 2);
    expect((await bell()).map((d) => d.deviceAddress)).not.toContain(module.address);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard()).toBe(2);
    expect(other.messages.map((m) => m.type)).toEqual(['hello']);
    admin.close();
    other.close();
  });

  it('delivers only what was committed', async () => {
    const token = await loginAs(backend.app, 'admin');
    const admin = await connect(token);
    const areaId = (await backend.database.db.execute(sql`SELECT area_id FROM sys_users WHERE user_name = 'admin'`) as unknown as { rows: { area_id: number }[] }).rows[0].area_id;
    const { publish } = await import('../../server/realtime/events');
    await backend.database.db.transaction(async (tx) => {
      await publish(tx, { type: 'readFailures', areaId: Number(areaId) });
      tx.rollback();
    }).catch(() => undefined);
    await publish(backend.database.db, { type: 'commands', areaId: Number(areaId), from: 1, to: 2 });
    await admin.next((m) => m.type === 'commands');
    expect(admin.messages.map((m) => m.type)).toEqual(['hello', 'commands']);
    admin.close();
  });

  it('drops a peer that stops answering pings, after two unanswered in a row', async () => {
    const token = await loginAs(backend.app, 'admin');
    const socket = new WebSocket(`${origin}${PATH}?token=${token}`, { autoPong: false });
    let pings = 0;
    socket.on('ping', () => { pings++; });
    const code = await Promise.race([
      new Promise<number>((resolve) => socket.on('close', (closeCode) => resolve(closeCode))),
      new Promise((resolve) => setTimeout(() => resolve('still open'), TEST_HEARTBEAT_MS * 20)),
    ]);
    expect(code).toBe(1006);
    expect(pings).toBeGreaterThanOrEqual(2);
  });

  it('closes the socket with 4401 once the session ends', async () => {
    const token = await loginAs(backend.app, 'viewer');
    const viewer = await connect(token);
    await apiClient(backend.app, token).post('v1/quan_xian/deng_lu/logout');
    const code = await Promise.race([viewer.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), TEST_HEARTBEAT_MS * 10))]);
    expect(code).toBe(4401);
  });
});
