import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { devicePortFromEnv, configFromEnv } from '../../server/config';
import type { MeterBank, RelayState, SimElectricMeter } from '../../server/devices/bank';
import type { DeviceTarget, ModuleTarget } from '../../server/devices/driver';
import { createProtocolDriver } from '../../server/devices/protocolDriver';
import { createDtuListener } from '../../server/devices/tcp/dtuListener';
import { createMeterServer } from '../../server/devices/tcp/meterServer';

const E1 = '000000000161';

function testBank(): MeterBank & { relayState: () => RelayState } {
  let relayState: RelayState = 'on';
  const meter: SimElectricMeter = {
    address: E1,
    read: () => ({ total: 10.5, sharp: 1, peak: 2, flat: 3, valley: 4.5, voltage: 230, current: 1, powerKw: 0.23, relayState, keepSupply: false }),
    relay: (action) => { relayState = action === 'trip' ? 'off' : action === 'direct_close' ? 'on' : relayState; return { ok: true }; },
    setClock: () => {},
  };
  return { electric: (a) => (a === E1 ? meter : undefined), water: () => undefined, relayState: () => relayState };
}

type Event = { address: string; online: boolean };
let closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

async function start(options: { idleTimeoutMs?: number; registrationTimeoutMs?: number; accept?: (a: string) => Promise<boolean> } = {}) {
  const events: Event[] = [];
  const dtu = createDtuListener({ port: 0, host: '127.0.0.1', accept: options.accept, idleTimeoutMs: options.idleTimeoutMs ?? 2000, registrationTimeoutMs: options.registrationTimeoutMs ?? 2000, onOnline: (address, online) => events.push({ address, online }) });
  const port = await dtu.listen();
  closers.push(() => dtu.close());
  const bank = testBank();
  const gateway = createMeterServer({ bank });
  closers.push(() => gateway.close());
  const driver = createProtocolDriver({ dtu, frameTimeoutMs: 500 });
  closers.push(() => driver.close());
  return { dtu, port, events, bank, gateway, driver };
}

const dtuModule = (address: string): ModuleTarget => ({ id: 7, address, kind: 'dtu', protocol: 'dlt645', host: null, port: null, online: true, settings: {} });
const target = (address: string): DeviceTarget => ({ kind: 'electric', id: 1, address: E1, online: true, module: dtuModule(address) });

// Waits for a state, up to 15 s: under a full test run on 2 cores a socket's registration has taken
// longer than 3 s to be seen (CI, 2026-11-26). It returns as soon as the state holds.
const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
};

/** A raw TCP client, to send registrations the simulated gateway would not. */
const rawClient = (port: number) => new Promise<net.Socket>((resolve) => {
  const s = net.connect({ host: '127.0.0.1', port }, () => resolve(s));
  s.on('error', () => {});
  closers.push(() => s.destroy());
});
const closed = (s: net.Socket) => new Promise<void>((resolve) => (s.destroyed ? resolve() : s.once('close', () => resolve())));

describe('DTU listener (DEVICE_PORT) over real sockets', () => {
  it('a DTU registers, the online hook fires, frames go through its socket', async () => {
    const { port, events, gateway, driver, dtu, bank } = await start();
    const d = await gateway.dialDtu({ port, address: '20261122', heartbeatMs: 100 });
    closers.push(() => d.close());
    expect(await until(() => dtu.isOnline('20261122'))).toBe(true);
    expect(events).toEqual([{ address: '20261122', online: true }]);
    expect(await driver.execute(target('20261122'), 'read', {})).toEqual({ ok: true, data: { total: 10.5, sharp: 1, peak: 2, flat: 3, valley: 4.5, voltage: 230, current: 1, powerKw: 0.23, relayState: 'on' } });
    expect(await driver.execute(target('20261122'), 'trip', {})).toEqual({ ok: true, data: { relayState: 'off' } });
    expect(bank.relayState()).toBe('off');
  });

  it('heartbeats keep a DTU online; silence past the idle timeout takes it offline', async () => {
    const { port, events, gateway, dtu } = await start({ idleTimeoutMs: 300 });
    const alive = await gateway.dialDtu({ port, address: '1001', heartbeatMs: 80 });
    closers.push(() => alive.close());
    const silent = await gateway.dialDtu({ port, address: '1002' });
    closers.push(() => silent.close());
    expect(await until(() => dtu.isOnline('1001') && dtu.isOnline('1002'))).toBe(true);
    expect(await until(() => !dtu.isOnline('1002'))).toBe(true);
    expect(events).toContainEqual({ address: '1002', online: false });
    // the one sending heartbeats stayed online through several idle periods
    await new Promise((r) => setTimeout(r, 700));
    expect(dtu.isOnline('1001')).toBe(true);
    expect(events.filter((e) => e.address === '1001')).toEqual([{ address: '1001', online: true }]);
  });

  it('accepted registration forms; garbage or no registration closes the socket and nothing else', async () => {
    const { port, events, dtu } = await start({ registrationTimeoutMs: 300 });
    for (const [form, address] of [['12345678', '12345678'], ['87654321\r\n', '87654321'], ['  55556666 \n', '55556666']] as const) {
      const s = await rawClient(port);
      s.write(form);
      expect(await until(() => dtu.isOnline(address))).toBe(true);
    }
    for (const garbage of ['hel lo', '\x68\x11\x22', '1-2', '1'.repeat(33), '']) {
      const s = await rawClient(port);
      if (garbage) s.write(garbage);
      await closed(s);
    }
    expect(events.every((e) => e.online)).toBe(true);
    expect(dtu.online().sort()).toEqual(['12345678', '55556666', '87654321']);
  });

  it('an address the lead does not know (accept → false) is closed like garbage', async () => {
    const { port, events, dtu, gateway } = await start({ accept: async (a) => a === '5000' });
    const unknown = await gateway.dialDtu({ port, address: '6000' });
    await closed(unknown.socket);
    const known = await gateway.dialDtu({ port, address: '5000' });
    closers.push(() => known.close());
    expect(await until(() => dtu.isOnline('5000'))).toBe(true);
    expect(events).toEqual([{ address: '5000', online: true }]);
  });

  it('a second registration of the same address replaces the older socket', async () => {
    const { port, events, gateway, dtu, driver } = await start();
    const first = await gateway.dialDtu({ port, address: '4242' });
    expect(await until(() => dtu.isOnline('4242'))).toBe(true);
    const second = await gateway.dialDtu({ port, address: '4242' });
    closers.push(() => second.close());
    await closed(first.socket);
    expect(dtu.isOnline('4242')).toBe(true);
    expect(events).toEqual([{ address: '4242', online: true }, { address: '4242', online: true }]);
    expect(await driver.execute(target('4242'), 'read', {})).toMatchObject({ ok: true });
  });

  it('an unregistered DTU → no_reply; a DTU that disconnects → offline and no_reply, never a throw', async () => {
    const { port, events, gateway, driver, dtu } = await start();
    expect(await driver.execute(target('9999'), 'read', {})).toMatchObject({ ok: false, code: 'no_reply', detail: 'DTU 9999 is not registered' });
    const d = await gateway.dialDtu({ port, address: '7777' });
    expect(await until(() => dtu.isOnline('7777'))).toBe(true);
    d.close();
    expect(await until(() => !dtu.isOnline('7777'))).toBe(true);
    expect(events).toEqual([{ address: '7777', online: true }, { address: '7777', online: false }]);
    expect(await driver.execute(target('7777'), 'trip', {})).toMatchObject({ ok: false, code: 'no_reply' });
    expect(await createProtocolDriver().execute(target('7777'), 'read', {})).toMatchObject({ ok: false, code: 'no_reply', detail: 'no DTU listener (DEVICE_PORT is not set)' });
  });

  it('a registration that arrives in one packet with a heartbeat registers (TCP joins writes under load)', async () => {
    const { port, events, dtu } = await start();
    const s = await rawClient(port);
    s.write('3132\r\nHB');
    expect(await until(() => dtu.isOnline('3132'))).toBe(true);
    const checked = await start({ accept: async (a) => a === '3133' });
    const t = await rawClient(checked.port);
    t.write('3133\r\nheartbeat');
    expect(await until(() => checked.dtu.isOnline('3133'))).toBe(true);
    expect([...events, ...checked.events]).toEqual([{ address: '3132', online: true }, { address: '3133', online: true }]);
    // Still one line: an address followed by garbage on the same line is no registration.
    const bad = await rawClient(port);
    bad.write('3134 xx\r\nHB');
    await closed(bad);
    expect(dtu.isOnline('3134')).toBe(false);
  });

  it('heartbeat packets between frames do not disturb the frames', async () => {
    const { port, gateway, driver, dtu } = await start();
    const d = await gateway.dialDtu({ port, address: '3131', heartbeatMs: 5, heartbeat: 'hb' });
    closers.push(() => d.close());
    expect(await until(() => dtu.isOnline('3131'))).toBe(true);
    for (let i = 0; i < 5; i++) expect(await driver.execute(target('3131'), 'read', {})).toMatchObject({ ok: true });
  });
});

describe('DEVICE_PORT', () => {
  it('is off unless set, and parsed strictly', () => {
    expect(devicePortFromEnv({})).toBeUndefined();
    expect(devicePortFromEnv({ DEVICE_PORT: '' })).toBeUndefined();
    expect(devicePortFromEnv({ DEVICE_PORT: '19100' })).toBe(19100);
    expect(devicePortFromEnv({ DEVICE_PORT: '1' })).toBe(1);
    expect(devicePortFromEnv({ DEVICE_PORT: '65535' })).toBe(65535);
    for (const bad of ['0', '65536', '70000', '12ab', ' 80', '80 ', '8e3', '0x50', '-1', '1.5', '+80']) {
      expect(() => devicePortFromEnv({ DEVICE_PORT: bad }), bad).toThrow(/DEVICE_PORT/);
    }
    expect(configFromEnv({}).devicePort).toBeUndefined();
    expect(configFromEnv({ DEVICE_PORT: '19101' }).devicePort).toBe(19101);
  });
});
