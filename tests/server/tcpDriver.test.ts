import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeterBank, RelayAction, RelayState, SimElectricMeter, SimWaterMeter } from '../../server/devices/bank';
import type { DeviceTarget, ModuleTarget } from '../../server/devices/driver';
import { createProtocolDriver, type ProtocolDriver } from '../../server/devices/protocolDriver';
import { createMeterServer, type MeterServer } from '../../server/devices/tcp/meterServer';
import { GatewayClient } from '../../server/devices/tcp/gatewayClient';

/** A small in-test bank: fixed registers, relay and valve state that follow commands. */
function testBank(options: { electric?: string[]; water?: string[] } = {}) {
  const electric = new Map<string, SimElectricMeter & { relayState: RelayState; keepSupply: boolean; clock?: Date }>();
  const water = new Map<string, SimWaterMeter & { open: boolean; stuck: boolean }>();
  for (const address of options.electric ?? []) {
    const m = {
      address, relayState: 'on' as RelayState, keepSupply: false, clock: undefined as Date | undefined,
      read: () => ({ total: 1234.56, sharp: 100.01, peak: 400.02, flat: 500.03, valley: 234.5, voltage: 221.3, current: 4.125, powerKw: 0.9123, relayState: m.relayState, keepSupply: m.keepSupply }),
      relay(action: RelayAction) {
        if (action === 'trip' && m.keepSupply) return { ok: false as const, error: 0x01 };
        if (action === 'trip') m.relayState = 'off';
        if (action === 'direct_close') m.relayState = 'on';
        if (action === 'close_allowed') m.relayState = 'close_pending';
        if (action === 'keep_supply_on') m.keepSupply = true;
        if (action === 'keep_supply_off') m.keepSupply = false;
        return { ok: true as const };
      },
      setClock(at: Date) { m.clock = at; },
    };
    electric.set(address, m);
  }
  for (const address of options.water ?? []) {
    const w = {
      address, meterType: 'cold' as const, open: true, stuck: false,
      read: () => ({ total: 321.09, valveState: (w.stuck ? 'abnormal' : w.open ? 'open' : 'closed') as 'open' | 'closed' | 'abnormal', batteryLow: false }),
      valve(open: boolean) { if (w.stuck) return { ok: false as const }; w.open = open; return { ok: true as const }; },
    };
    water.set(address, w);
  }
  const bank: MeterBank = { electric: (a) => electric.get(a), water: (a) => water.get(a) };
  return { bank, electric, water };
}

const E1 = '000000000161';
const E2 = '218231000114';
const W1 = '00000000000012';

let servers: MeterServer[] = [];
let drivers: ProtocolDriver[] = [];
afterEach(async () => {
  await Promise.all(drivers.map((d) => d.close()));
  await Promise.all(servers.map((s) => s.close()));
  drivers = [];
  servers = [];
});

async function setup(serverOptions: Partial<Parameters<typeof createMeterServer>[0]> = {}, driverOptions: Parameters<typeof createProtocolDriver>[0] = {}) {
  const t = testBank({ electric: [E1, E2], water: [W1] });
  const server = createMeterServer({ bank: t.bank, ...serverOptions });
  servers.push(server);
  const port = await server.listen();
  const driver = createProtocolDriver({ frameTimeoutMs: 300, backoffMinMs: 50, backoffMaxMs: 400, ...driverOptions });
  drivers.push(driver);
  return { ...t, server, port, driver };
}

const moduleAt = (port: number, protocol: 'dlt645' | 'cjt188' = 'dlt645', settings: ModuleTarget['settings'] = {}, id = 1): ModuleTarget =>
  ({ id, address: `M${id}`, kind: 'tcp-gateway', protocol, host: '127.0.0.1', port, online: true, settings });
const electricTarget = (module: ModuleTarget, address = E1): DeviceTarget => ({ kind: 'electric', id: 1, address, online: true, module });
const waterTarget = (module: ModuleTarget, address = W1): DeviceTarget => ({ kind: 'water', id: 2, address, online: true, module, meterType: 'cold' });

const READ = { total: 1234.56, sharp: 100.01, peak: 400.02, flat: 500.03, valley: 234.5, voltage: 221.3, current: 4.125, powerKw: 0.9123, relayState: 'on' };

describe('protocol driver over a tcp-gateway (simulated gateway on a real socket)', () => {
  it('reads an electric meter (block read, then voltage, current, power)', async () => {
    const { driver, port, server } = await setup();
    const outcome = await driver.execute(electricTarget(moduleAt(port)), 'read', {});
    expect(outcome).toEqual({ ok: true, data: READ });
    expect(server.seen.filter((s) => s === 'dlt645:11')).toHaveLength(5);
  });

  it('falls back to DI-by-DI reads when the meter refuses the block read', async () => {
    const { driver, port, server } = await setup({ blockRead: false });
    expect(await driver.execute(electricTarget(moduleAt(port)), 'read', {})).toEqual({ ok: true, data: READ });
    expect(server.seen.filter((s) => s === 'dlt645:11')).toHaveLength(1 + 5 + 3 + 1);
  });

  it('relay control: trip, keep-supply refusal names the error bits, close allowed, direct close', async () => {
    const { driver, port, electric } = await setup();
    const target = electricTarget(moduleAt(port));
    expect(await driver.execute(target, 'trip', {})).toEqual({ ok: true, data: { relayState: 'off' } });
    expect(electric.get(E1)!.relayState).toBe('off');
    expect(await driver.execute(target, 'read', {})).toMatchObject({ ok: true, data: { relayState: 'off' } });
    expect(await driver.execute(target, 'keep_supply_on', {})).toEqual({ ok: true, data: { keepSupply: true } });
    const refused = await driver.execute(target, 'trip', {});
    expect(refused).toMatchObject({ ok: false, code: 'device_error' });
    expect(refused.ok === false && refused.detail).toContain('other_error');
    expect(await driver.execute(target, 'keep_supply_off', {})).toEqual({ ok: true, data: { keepSupply: false } });
    expect(await driver.execute(target, 'close_allowed', {})).toEqual({ ok: true, data: { relayState: 'close_pending' } });
    expect(await driver.execute(target, 'read', {})).toMatchObject({ ok: true, data: { relayState: 'close_pending' } });
    expect(await driver.execute(target, 'direct_close', {})).toEqual({ ok: true, data: { relayState: 'on' } });
  });

  it('a wrong password → device_error naming the password bit; the module password is what is sent', async () => {
    const { driver, port } = await setup({ password: '02123456' });
    const wrong = await driver.execute(electricTarget(moduleAt(port, 'dlt645', { password: '02000000' })), 'trip', {});
    expect(wrong).toMatchObject({ ok: false, code: 'device_error' });
    expect(wrong.ok === false && wrong.detail).toContain('password_error_or_unauthorised');
    expect(await driver.execute(electricTarget(moduleAt(port, 'dlt645', { password: '02123456' })), 'trip', {})).toMatchObject({ ok: true });
  });

  it('time sync: broadcast (08 to 99×6, no reply) and per meter (14 date + time)', async () => {
    const at = new Date(Date.UTC(2026, 10, 22, 9, 30, 0));
    const { driver, port, server, electric } = await setup({ utcOffsetMinutes: 480 }, { now: () => at, utcOffsetMinutes: 480 });
    expect(await driver.execute(electricTarget(moduleAt(port)), 'time_sync', { broadcast: true })).toEqual({ ok: true, data: { clock: at.toISOString() } });
    // This bank's meters keep no clock to read back (D1 02 to 04 00 01 01): set all the same, no differences.
    expect(await driver.execute(electricTarget(moduleAt(port)), 'time_sync', {})).toEqual({
      ok: true, data: { clock: at.toISOString(), meterClockBefore: null, diffBeforeS: null, meterClockAfter: null, diffAfterS: null },
    });
    expect(server.broadcasts.map((d) => d.toISOString())).toEqual([at.toISOString()]);
    expect(electric.get(E1)!.clock?.toISOString()).toBe(at.toISOString());
  });

  it('water: read and valve by the standard code 04 and the vendor code 2A, DI in either order', async () => {
    const { driver, port, water, server } = await setup();
    const std = moduleAt(port, 'cjt188');
    expect(await driver.execute(waterTarget(std), 'read', {})).toEqual({ ok: true, data: { total: 321.09, valveState: 'open', batteryLow: false } });
    expect(await driver.execute(waterTarget(std), 'valve_close', {})).toEqual({ ok: true, data: { valveState: 'closed' } });
    expect(water.get(W1)!.open).toBe(false);
    const vendor = moduleAt(port, 'cjt188', { valveCode: '2A', diOrder: '1F90' }, 2);
    expect(await driver.execute(waterTarget(vendor), 'valve_open', {})).toEqual({ ok: true, data: { valveState: 'open' } });
    expect(await driver.execute(waterTarget(vendor), 'read', {})).toMatchObject({ ok: true, data: { valveState: 'open' } });
    expect(server.seen).toEqual(expect.arrayContaining(['cjt188:1', 'cjt188:4', 'cjt188:2a']));
    water.get(W1)!.stuck = true;
    const stuck = await driver.execute(waterTarget(std), 'valve_close', {});
    expect(stuck).toMatchObject({ ok: false, code: 'device_error' });
    expect(stuck.ok === false && stuck.detail).toContain('abnormal');
  });

  it('replies split into single bytes and two replies joined in one packet', async () => {
    const { driver, port, server } = await setup({ split: 1 });
    expect(await driver.execute(electricTarget(moduleAt(port)), 'read', {})).toEqual({ ok: true, data: READ });
    server.set({ split: undefined, join: true });
    // every reply now arrives glued behind a copy of the previous one: the stale copy is dropped
    expect(await driver.execute(electricTarget(moduleAt(port)), 'read', {})).toEqual({ ok: true, data: READ });
    expect(await driver.execute(electricTarget(moduleAt(port), E2), 'trip', {})).toEqual({ ok: true, data: { relayState: 'off' } });
  });

  it('a dropped reply → timeout → no_reply, and the next command works', async () => {
    const { driver, port, server } = await setup();
    server.dropNext(1);
    const lost = await driver.execute(electricTarget(moduleAt(port)), 'trip', {});
    expect(lost).toMatchObject({ ok: false, code: 'no_reply' });
    expect(lost.ok === false && lost.detail).toContain('no reply within 300 ms');
    expect(await driver.execute(electricTarget(moduleAt(port)), 'trip', {})).toEqual({ ok: true, data: { relayState: 'off' } });
  });

  it('a garbage reply → no_reply, nothing thrown, the connection stays usable', async () => {
    const { driver, port, server } = await setup();
    server.garbageNext(1);
    expect(await driver.execute(electricTarget(moduleAt(port)), 'direct_close', {})).toMatchObject({ ok: false, code: 'no_reply' });
    expect(await driver.execute(waterTarget(moduleAt(port, 'cjt188')), 'read', {})).toMatchObject({ ok: true });
  });

  it('an unknown meter on the bus gives no reply; unsupported types and missing paths are named', async () => {
    const { driver, port } = await setup();
    expect(await driver.execute(electricTarget(moduleAt(port), '999999000001'), 'read', {})).toMatchObject({ ok: false, code: 'no_reply' });
    expect(await driver.execute(electricTarget(moduleAt(port)), 'set_parameter', {})).toMatchObject({ ok: false, code: 'unsupported' });
    expect(await driver.execute(electricTarget(moduleAt(port)), 'recharge', {})).toMatchObject({ ok: false, code: 'unsupported' });
    expect(await driver.execute(electricTarget(moduleAt(port)), 'valve_open', {})).toMatchObject({ ok: false, code: 'unsupported' });
    expect(await driver.execute({ kind: 'electric', id: 1, address: E1, online: true }, 'read', {})).toMatchObject({ ok: false, code: 'no_reply' });
    expect(await driver.execute(electricTarget({ ...moduleAt(port), host: null }), 'read', {})).toMatchObject({ ok: false, code: 'no_reply', detail: 'module M1 has no host:port' });
    expect(await driver.execute(electricTarget({ ...moduleAt(port), kind: 'dtu' }), 'read', {})).toMatchObject({ ok: false, code: 'no_reply' });
    expect(await driver.execute(electricTarget(moduleAt(port, 'cjt188')), 'read', {})).toMatchObject({ ok: false, code: 'unsupported' });
  });

  it('the gateway closes and restarts → fast no_reply while down, reconnect with backoff, then success', async () => {
    const t = testBank({ electric: [E1] });
    const first = createMeterServer({ bank: t.bank });
    const port = await first.listen();
    const driver = createProtocolDriver({ frameTimeoutMs: 300, backoffMinMs: 50, backoffMaxMs: 200 });
    drivers.push(driver);
    const target = electricTarget(moduleAt(port));
    expect(await driver.execute(target, 'trip', {})).toMatchObject({ ok: true });
    await first.close();
    // while the gateway is gone: commands fail (fast, between attempts) with no_reply, never throw
    const down = await driver.execute(target, 'direct_close', {});
    expect(down).toMatchObject({ ok: false, code: 'no_reply' });
    const second = createMeterServer({ bank: t.bank, port });
    servers.push(second);
    await second.listen();
    const client = driver.gateways.get(`127.0.0.1:${port}`)!;
    let outcome = await driver.execute(target, 'direct_close', {});
    for (let i = 0; i < 100 && !outcome.ok; i++) {
      await new Promise((r) => setTimeout(r, 50));
      outcome = await driver.execute(target, 'direct_close', {});
    }
    expect(outcome).toEqual({ ok: true, data: { relayState: 'on' } });
    expect(client.connects).toBe(2);
  });

  it('reconnect delays grow exponentially up to the cap while the gateway stays away', async () => {
    // a port with nobody listening: take a free port and release it
    const probe = createMeterServer({ bank: testBank().bank });
    const port = await probe.listen();
    await probe.close();
    const delays: number[] = [];
    const client = new GatewayClient({ host: '127.0.0.1', port, backoffMinMs: 20, backoffMaxMs: 100, log: (m) => { const d = /reconnecting in (\d+) ms/.exec(m); if (d) delays.push(Number(d[1])); } });
    const { readRequest } = await import('../../server/devices/protocol/dlt645');
    const first = await client.request(readRequest(E1, 0x00010000)!, () => true, 200);
    expect(first).toMatchObject({ ok: false, code: 'no_reply' });
    // while in backoff a request fails at once, without waiting for its timeout
    const fast = await client.request(readRequest(E1, 0x00010000)!, () => true, 60_000);
    expect(fast).toMatchObject({ ok: false, code: 'no_reply', detail: expect.stringContaining('reconnecting') });
    for (let i = 0; i < 200 && delays.length < 5; i++) await new Promise((r) => setTimeout(r, 20));
    await client.close();
    expect(delays.slice(0, 5)).toEqual([20, 40, 80, 100, 100]);
  });

  it('close() while a connection attempt is under way ends it and stops reconnecting', async () => {
    const { port } = await setup();
    const client = new GatewayClient({ host: '127.0.0.1', port, backoffMinMs: 10 });
    const { readRequest } = await import('../../server/devices/protocol/dlt645');
    const pending = client.request(readRequest(E1, 0x00010000)!, () => true, 1000);
    await client.close();
    expect(await pending).toMatchObject({ ok: false, code: 'no_reply' });
    expect(client.connected).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(client.connected).toBe(false);
  });

  it('the gateway drops the connection mid-run → the client reconnects by itself', async () => {
    const { driver, port, server } = await setup();
    const target = electricTarget(moduleAt(port));
    expect(await driver.execute(target, 'trip', {})).toMatchObject({ ok: true });
    server.dropConnections();
    let outcome = await driver.execute(target, 'direct_close', {});
    for (let i = 0; i < 100 && !outcome.ok; i++) {
      await new Promise((r) => setTimeout(r, 50));
      outcome = await driver.execute(target, 'direct_close', {});
    }
    expect(outcome).toMatchObject({ ok: true });
    expect(driver.gateways.get(`127.0.0.1:${port}`)!.connects).toBe(2);
  });

  it('one slow module does not block another module', async () => {
    const slow = await setup({ delayMs: 400 }, { frameTimeoutMs: 3000 });
    const t = testBank({ electric: [E2] });
    const fast = createMeterServer({ bank: t.bank });
    servers.push(fast);
    const fastPort = await fast.listen();
    let slowSettled = false;
    const slowRun = slow.driver.execute(electricTarget(moduleAt(slow.port), E1), 'read', {}).then((o) => { slowSettled = true; return o; });
    const fastOutcome = await slow.driver.execute(electricTarget(moduleAt(fastPort, 'dlt645', {}, 2), E2), 'trip', {});
    expect(fastOutcome).toMatchObject({ ok: true });
    // the fast module answered while the slow one was still busy with its five delayed frames
    expect(slowSettled).toBe(false);
    expect(await slowRun).toMatchObject({ ok: true });
  });

  it('the simulated gateway answers a published request frame sent raw over the socket', async () => {
    // zcx1218029121/go645 protocol_test.go: "68610100000000681104333334331416" (read total of 000000000161)
    // and aixiwang/python_cjt188 python_cjt188.py: "68 10 12 00 … 01 03 90 1F 00 3D 16" (read of 00000000000012)
    const t = testBank({ electric: [E1], water: ['00000000000012'] });
    const server = createMeterServer({ bank: t.bank });
    servers.push(server);
    const port = await server.listen();
    const { default: net } = await import('node:net');
    const { fromHex } = await import('../../server/devices/protocol/bytes');
    const { Deframer } = await import('../../server/devices/protocol/deframe');
    const dltCodec = await import('../../server/devices/protocol/dlt645');
    const cjtCodec = await import('../../server/devices/protocol/cjt188');
    const socket = net.connect({ host: '127.0.0.1', port });
    const deframer = new Deframer();
    const frames: Uint8Array[] = [];
    socket.on('data', (chunk) => frames.push(...deframer.push(chunk).map((f) => f.bytes)));
    await new Promise((r) => socket.once('connect', r));
    socket.write(fromHex('68610100000000681104333334331416'));
    socket.write(fromHex('68 10 12 00 00 00 00 00 00 01 03 90 1f 00 3d 16'));
    for (let i = 0; i < 200 && frames.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    socket.destroy();
    const d = dltCodec.parseFrame(frames[0]);
    const reply = d.ok ? dltCodec.readReply(d.value, dltCodec.DI.forwardTotal) : undefined;
    expect(reply?.ok && dltCodec.decodeEnergy(reply.value)).toBe(1234.56);
    const c = cjtCodec.parseFrame(frames[1]);
    expect(c.ok && cjtCodec.readReply(c.value, 0)).toMatchObject({ ok: true, value: { total: 321.09, valveState: 'open' } });
  });

  it('requests on one module queue in order, one frame at a time', async () => {
    const { port, server } = await setup({ delayMs: 20 });
    const client = new GatewayClient({ host: '127.0.0.1', port });
    const { readRequest, parseFrame, readReply, DI } = await import('../../server/devices/protocol/dlt645');
    const order: number[] = [];
    const runs = [DI.voltage, DI.current, DI.power, DI.forwardTotal].map((di, i) =>
      client.request(readRequest(E1, di)!, (raw) => {
        const p = parseFrame(raw.bytes);
        return p.ok ? readReply(p.value, di) : undefined;
      }, 2000).then((r) => { order.push(i); return r; }));
    const results = await Promise.all(runs);
    expect(results.every((r) => r.ok && r.value.ok)).toBe(true);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(server.seen).toHaveLength(4);
    await client.close();
  });

  it('property: under any mix of split, joined, dropped and garbage replies, every command settles and no corrupted value passes', async () => {
    const { driver, port, server } = await setup({}, { frameTimeoutMs: 80 });
    const target = electricTarget(moduleAt(port));
    await fc.assert(fc.asyncProperty(
      fc.record({ split: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }), join: fc.boolean(), dropRate: fc.double({ min: 0, max: 0.3, noNaN: true }), garbageRate: fc.double({ min: 0, max: 0.3, noNaN: true }), seed: fc.integer() }),
      fc.array(fc.constantFrom('read', 'trip', 'direct_close', 'keep_supply_off'), { minLength: 1, maxLength: 4 }),
      async (faults, commands) => {
        let x = faults.seed | 1;
        server.set({ ...faults, random: () => ((x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x80000000) });
        for (const type of commands) {
          const outcome = await driver.execute(target, type, {});
          if (outcome.ok && type === 'read') expect(outcome.data).toMatchObject({ total: READ.total, sharp: READ.sharp, valley: READ.valley });
          if (!outcome.ok) expect(['no_reply', 'device_error']).toContain(outcome.code);
        }
      },
    ), { numRuns: 15 });
    server.set({ split: undefined, join: false, dropRate: 0, garbageRate: 0 });
    expect(await driver.execute(target, 'read', {})).toMatchObject({ ok: true, data: { total: READ.total } });
  });
});
