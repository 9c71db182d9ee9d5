/**
 * DL/T 645-2007 parameter writes (issue 29): `set_parameter` over the protocol driver writes the
 * values the standard has data identifiers for (power: 04 00 0E 01; control: 04 00 10 01 … 04) with
 * control code 14, the module's password and operator code, each answered 94; gift sets are the
 * platform's (no frame); load, night and timed sets answer `unsupported` before anything is sent.
 * Frames are checked against bytes written out by hand (checksums summed by hand from 68 to the last
 * data byte), through a fake gateway on a local TCP port that records what it receives.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceTarget } from '../../server/devices/driver';
import { createProtocolDriver, type ProtocolDriver } from '../../server/devices/protocolDriver';
import { fromHex, hex } from '../../server/devices/protocol/bytes';
import { encodeMoneyLimit, encodePowerLimit, parameterPlan, parameterWriteRequests, PARAMETER_DI } from '../../server/devices/protocol/dlt645Parameters';

const ADDRESS = '000000000161';
const CREDENTIALS = { password: '02123456', operatorCode: '12345678' };

// 68 61 01 00 00 00 00 68 | 14 | 0F | DI 01 0E 00 04, PA P0 P1 P2 02 56 34 12, C0..C3 78 56 34 12, 3.5000 kW 00 50 03 (+33 each) | CS | 16
const POWER_3500W = 'FE FE FE FE 68 61 01 00 00 00 00 68 14 0F 34 41 33 37 35 89 67 45 AB 89 67 45 33 83 36 6A 16';
// DI 04 00 10 01 (alarm amount 1), 20.00 yuan = 00 20 00 00
const ALARM1_2000FEN = 'FE FE FE FE 68 61 01 00 00 00 00 68 14 10 34 43 33 37 35 89 67 45 AB 89 67 45 33 53 33 33 6D 16';
// DI 04 00 10 04 (hoarding limit), 500000.00 yuan = 00 00 00 50
const HOARD_50000000FEN = 'FE FE FE FE 68 61 01 00 00 00 00 68 14 10 37 43 33 37 35 89 67 45 AB 89 67 45 33 33 33 83 A0 16';
const ACK = 'FE FE FE FE 68 61 01 00 00 00 00 68 94 00 C6 16';
// D4 with error byte 04 (password error / unauthorised), +33 = 37
const REFUSED = 'FE FE FE FE 68 61 01 00 00 00 00 68 D4 01 37 3E 16';

describe('DL/T 645-2007 parameter frames', () => {
  it('value formats: NN.NNNN kW in 3 bytes, NNNNNN.NN yuan in 4 bytes, BCD low byte first; out of range refused', () => {
    expect(encodePowerLimit(3500)).toEqual([0x00, 0x50, 0x03]);
    expect(encodePowerLimit(99_999.9)).toEqual([0x99, 0x99, 0x99]);
    expect(encodePowerLimit(100_000)).toBeUndefined();
    expect(encodeMoneyLimit(2000)).toEqual([0x00, 0x20, 0x00, 0x00]);
    expect(encodeMoneyLimit(99_999_999)).toEqual([0x99, 0x99, 0x99, 0x99]);
    expect(encodeMoneyLimit(100_000_000)).toBeUndefined();
    expect(encodeMoneyLimit(1.5)).toBeUndefined();
  });

  it('a power set is one write of 04 00 0E 01', () => {
    const plan = parameterPlan('power', { maxPowerW: 3500 });
    expect(plan).toMatchObject({ kind: 'write', writes: [{ di: PARAMETER_DI.powerUpperLimit }] });
    if (plan.kind !== 'write') throw new Error('plan');
    expect(parameterWriteRequests(ADDRESS, plan.writes, CREDENTIALS).map((f) => hex(f!))).toEqual([POWER_3500W]);
  });

  it('a control set is four writes, 04 00 10 01 … 04 (autoTrip is the platform\'s rule: not written)', () => {
    const plan = parameterPlan('control', { alarm1Fen: 2000, alarm2Fen: 1000, overdraftFen: 500, hoardLimitFen: 50_000_000, autoTrip: true });
    if (plan.kind !== 'write') throw new Error('plan');
    expect(plan.writes.map((w) => w.di.toString(16))).toEqual(['4001001', '4001002', '4001003', '4001004']);
    const frames = parameterWriteRequests(ADDRESS, plan.writes, CREDENTIALS).map((f) => hex(f!));
    expect(frames[0]).toBe(ALARM1_2000FEN);
    expect(frames[3]).toBe(HOARD_50000000FEN);
  });

  it('load, night and timed sets have no identifier: unsupported; gift is the platform\'s', () => {
    for (const kind of ['load', 'night', 'timed']) expect(parameterPlan(kind, { any: 1 })).toMatchObject({ kind: 'unsupported' });
    expect(parameterPlan('gift', { amount: 10 })).toEqual({ kind: 'platform' });
    expect(parameterPlan('power', { maxPowerW: 200_000 })).toMatchObject({ kind: 'unsupported', detail: expect.stringContaining('maxPowerW') });
  });
});

/** A gateway on a local port: records each frame it receives and answers with `reply(frame)` (hex, or nothing). */
async function fakeGateway(reply: (frameHex: string) => string | undefined) {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => {
      const text = hex(chunk);
      received.push(text);
      const answer = reply(text);
      if (answer) socket.write(fromHex(answer));
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    received, port,
    close: () => new Promise<void>((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((c) => c()));
  cleanup = [];
});

async function setup(reply: (frameHex: string) => string | undefined) {
  const gateway = await fakeGateway(reply);
  const driver: ProtocolDriver = createProtocolDriver({ frameTimeoutMs: 300, backoffMinMs: 50, backoffMaxMs: 200 });
  cleanup.push(() => driver.close(), gateway.close);
  const target: DeviceTarget = {
    kind: 'electric', id: 1, address: ADDRESS, online: true,
    module: { id: 1, address: 'GW1', kind: 'tcp-gateway', protocol: 'dlt645', host: '127.0.0.1', port: gateway.port, online: true, settings: CREDENTIALS },
  };
  return { gateway, driver, target };
}

describe('set_parameter over the protocol driver', () => {
  it('writes the power set\'s frame and succeeds on 94, naming the identifier written', async () => {
    const { gateway, driver, target } = await setup(() => ACK);
    const outcome = await driver.execute(target, 'set_parameter', { setKind: 'power', setId: 7, values: { maxPowerW: 3500 } });
    expect(outcome).toEqual({ ok: true, data: { setKind: 'power', written: ['04000E01'] } });
    expect(gateway.received).toEqual([POWER_3500W]);
  });

  it('writes the control set\'s four frames in order', async () => {
    const { gateway, driver, target } = await setup(() => ACK);
    const outcome = await driver.execute(target, 'set_parameter', { setKind: 'control', setId: 8, values: { alarm1Fen: 2000, alarm2Fen: 1000, overdraftFen: 500, hoardLimitFen: 50_000_000, autoTrip: true } });
    expect(outcome).toEqual({ ok: true, data: { setKind: 'control', written: ['04001001', '04001002', '04001003', '04001004'] } });
    expect(gateway.received).toHaveLength(4);
    expect(gateway.received[0]).toBe(ALARM1_2000FEN);
    expect(gateway.received[3]).toBe(HOARD_50000000FEN);
  });

  it('a D4 error reply is a device error naming the identifier and the error bits; nothing after it is sent', async () => {
    const { gateway, driver, target } = await setup(() => REFUSED);
    const outcome = await driver.execute(target, 'set_parameter', { setKind: 'control', setId: 8, values: { alarm1Fen: 2000, alarm2Fen: 1000, overdraftFen: 500, hoardLimitFen: 0, autoTrip: false } });
    expect(outcome).toMatchObject({ ok: false, code: 'device_error', detail: expect.stringMatching(/04001001.*password_error_or_unauthorised/) });
    expect(gateway.received).toHaveLength(1);
  });

  it('load, night and timed sets answer unsupported and send nothing; a gift set succeeds without a frame', async () => {
    const { gateway, driver, target } = await setup(() => ACK);
    for (const setKind of ['load', 'night', 'timed']) {
      expect(await driver.execute(target, 'set_parameter', { setKind, setId: 1, values: {} })).toMatchObject({ ok: false, code: 'unsupported' });
    }
    expect(await driver.execute(target, 'set_parameter', { setKind: 'gift', setId: 1, values: { amount: 10, unit: 'kWh', dayOfMonth: 1, carryOverCap: 0 } })).toMatchObject({ ok: true });
    expect(gateway.received).toEqual([]);
  });
});

describe('the simulated gateway takes the standard parameter writes', () => {
  it('a power set written over the socket becomes the meter\'s limit (it trips above it); a control set\'s limits are kept and read back as written', async () => {
    const { LivingEstate } = await import('../../server/devices/living');
    const { createMeterServer } = await import('../../server/devices/tcp/meterServer');
    const { readRequest } = await import('../../server/devices/protocol/dlt645');
    const estate = new LivingEstate({ timeScale: 1 });
    const gateway = createMeterServer({ bank: estate, host: '127.0.0.1', password: CREDENTIALS.password });
    await gateway.listen();
    const driver: ProtocolDriver = createProtocolDriver({ frameTimeoutMs: 2000, backoffMinMs: 50, backoffMaxMs: 200 });
    cleanup.push(() => driver.close(), () => gateway.close());
    const target: DeviceTarget = {
      kind: 'electric', id: 1, address: ADDRESS, online: true,
      module: { id: 1, address: 'GW1', kind: 'tcp-gateway', protocol: 'dlt645', host: '127.0.0.1', port: gateway.port, online: true, settings: CREDENTIALS },
    };
    const power = await driver.execute(target, 'set_parameter', { setKind: 'power', setId: 7, values: { maxPowerW: 3500 } });
    expect(power).toEqual({ ok: true, data: { setKind: 'power', written: ['04000E01'] } });
    expect(estate.electric(ADDRESS)!.parameters.power).toEqual({ maxPowerW: 3500 });
    const control = await driver.execute(target, 'set_parameter', { setKind: 'control', setId: 8, values: { alarm1Fen: 2000, alarm2Fen: 1000, overdraftFen: 500, hoardLimitFen: 50_000_000, autoTrip: true } });
    expect(control).toMatchObject({ ok: true, data: { written: ['04001001', '04001002', '04001003', '04001004'] } });
    // Read back over the socket: 04 00 10 01 answers 20.00 yuan as written.
    const answer = await new Promise<Buffer>((resolve, reject) => {
      const socket = net.connect(gateway.port, '127.0.0.1', () => socket.write(readRequest(ADDRESS, PARAMETER_DI.alarmAmount1)!));
      socket.once('data', (chunk) => { socket.destroy(); resolve(chunk); });
      socket.once('error', reject);
    });
    expect(hex(answer)).toContain('68 91 08 34 43 33 37 33 53 33 33');
    // A wrong password is refused (D4, error byte 04) and changes nothing.
    const wrong = await driver.execute({ ...target, module: { ...target.module!, settings: { ...CREDENTIALS, password: '02000000' } } }, 'set_parameter', { setKind: 'power', setId: 7, values: { maxPowerW: 100 } });
    expect(wrong).toMatchObject({ ok: false, code: 'device_error' });
    expect(estate.electric(ADDRESS)!.parameters.power).toEqual({ maxPowerW: 3500 });
  });
});
