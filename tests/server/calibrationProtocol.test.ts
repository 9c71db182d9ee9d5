import { afterEach, describe, expect, it } from 'vitest';
import * as dlt from '../../server/devices/protocol/dlt645';
import { fromHex, hex } from '../../server/devices/protocol/bytes';
import { LivingEstate } from '../../server/devices/living';
import { createSimulator } from '../../server/devices/simulator';
import type { DeviceTarget, ModuleTarget } from '../../server/devices/driver';
import { createProtocolDriver, type ProtocolDriver } from '../../server/devices/protocolDriver';
import { createMeterServer, type MeterServer } from '../../server/devices/tcp/meterServer';

/**
 * Time and recharge calibration on the wire (issue 30): the DL/T 645-2007 frames of the meter's
 * clock (04 00 01 01 date + week, 04 00 01 02 time) and prepaid registers (00 90 02 00 remaining
 * amount, 03 33 02 01 purchase count), checked against bytes written out by hand (address
 * 123456789012 → 12 90 78 56 34 12; DI low byte first, each +33; CS the byte sum from the first 68);
 * the simulated meters' drifting clocks and prepaid discrepancies; the per-meter time sync over a
 * real socket showing the difference before and after.
 */
const A = '123456789012';

describe('DL/T 645 calibration frames (hand-written vectors)', () => {
  it('reads of the clock: date 04 00 01 01 and time 04 00 01 02', () => {
    const [date, time] = dlt.clockReadRequests(A);
    expect(hex(date!)).toBe('FE FE FE FE 68 12 90 78 56 34 12 68 11 04 34 34 33 37 6D 16');
    expect(hex(time!)).toBe('FE FE FE FE 68 12 90 78 56 34 12 68 11 04 35 34 33 37 6E 16');
  });

  it('decodes the clock replies: Thursday 2026-11-26 and 08:15:30, at UTC+8', () => {
    const date = dlt.parseFrame(fromHex('68 12 90 78 56 34 12 68 91 08 34 34 33 37 37 59 44 59 1E 16'));
    const time = dlt.parseFrame(fromHex('68 12 90 78 56 34 12 68 91 07 35 34 33 37 63 48 3B D7 16'));
    expect(date.ok && time.ok).toBe(true);
    if (!date.ok || !time.ok) return;
    const d = dlt.readReply(date.value, dlt.DI.date);
    const t = dlt.readReply(time.value, dlt.DI.time);
    expect(d?.ok && t?.ok).toBe(true);
    if (!d?.ok || !t?.ok) return;
    expect(dlt.decodeDate(d.value)).toEqual({ weekday: 4, day: 26, month: 11, year: 2026 });
    expect(dlt.decodeTime(t.value)).toEqual({ second: 30, minute: 15, hour: 8 });
    expect(dlt.meterClock(d.value, t.value, 480)?.toISOString()).toBe('2026-11-26T00:15:30.000Z');
    // And back: the same instant encodes to the same value bytes.
    const at = new Date('2026-11-26T00:15:30Z');
    expect(hex(dlt.encodeDate(at, 480))).toBe('04 26 11 26');
    expect(hex(dlt.encodeTime(at, 480))).toBe('30 15 08');
  });

  it('refuses clock values that are no clock', () => {
    expect(dlt.decodeDate([0x07, 0x26, 0x11, 0x26])).toBeUndefined(); // weekday 7
    expect(dlt.decodeDate([0x04, 0x26, 0x13, 0x26])).toBeUndefined(); // month 13
    expect(dlt.decodeTime([0x60, 0x00, 0x00])).toBeUndefined(); // second 60
    expect(dlt.decodeTime([0x0a, 0x00, 0x00])).toBeUndefined(); // not BCD
    expect(dlt.decodeDate([0x04, 0x26, 0x11])).toBeUndefined(); // too short
  });

  it('reads of the prepaid registers: remaining amount 00 90 02 00 and purchase count 03 33 02 01', () => {
    expect(hex(dlt.readRequest(A, dlt.DI.remainingMoney)!)).toBe('FE FE FE FE 68 12 90 78 56 34 12 68 11 04 33 35 C3 33 F9 16');
    expect(hex(dlt.readRequest(A, dlt.DI.purchaseCount)!)).toBe('FE FE FE FE 68 12 90 78 56 34 12 68 11 04 34 35 66 36 A0 16');
  });

  it('decodes their replies: ¥1234.56 remaining (XXXXXX.XX), 12 purchases (NNNN)', () => {
    const money = dlt.parseFrame(fromHex('68 12 90 78 56 34 12 68 91 08 33 35 C3 33 89 67 45 33 E5 16'));
    const count = dlt.parseFrame(fromHex('68 12 90 78 56 34 12 68 91 06 34 35 66 36 45 33 9A 16'));
    if (!money.ok || !count.ok) throw new Error('frames do not parse');
    const m = dlt.readReply(money.value, dlt.DI.remainingMoney);
    const c = dlt.readReply(count.value, dlt.DI.purchaseCount);
    if (!m?.ok || !c?.ok) throw new Error('no read reply');
    expect(dlt.decodeMoneyFen(m.value)).toBe(123456);
    expect(dlt.decodeCount(c.value)).toBe(12);
    expect(hex(dlt.encodeMoneyFen(123456))).toBe('56 34 12 00');
    expect(hex(dlt.encodeCount(12))).toBe('12 00');
  });

  it('the broadcast time sync is 08 to 99×6 with ss mm hh DD MM YY (no reply expected)', () => {
    const at = new Date('2026-11-26T00:15:30Z');
    // 68 99×6 68 08 06 | 30 15 08 26 11 26 each +33 | CS 16
    expect(hex(dlt.broadcastTimeRequest(at, 480, dlt.DLT645_BROADCAST)!)).toBe('FE FE FE FE 68 99 99 99 99 99 99 68 08 06 63 48 3B 59 44 59 50 16');
  });
});

describe('simulated meters: drifting clocks and prepaid discrepancies', () => {
  const target = (address: string): DeviceTarget => ({
    kind: 'electric', id: 1, address, online: true,
    module: { id: 1, address: 'SIM-1', kind: 'simulator', protocol: 'dlt645', host: null, port: null, online: true, settings: {} },
  });

  it('a meter\'s clock is off when first read and drifts after it is set; time sync shows the difference before and after', async () => {
    let now = new Date('2026-11-26T00:00:00Z');
    const estate = new LivingEstate();
    const simulator = createSimulator({ estate, failureRate: 0, clock: () => now });
    // Among a few meters, clocks differ from the platform when first seen (±3 minutes).
    const addresses = ['000000000161', '000000000162', '000000000163', '000000000164'];
    const first = await Promise.all(addresses.map((address) => simulator.execute(target(address), 'time_sync', {})));
    const diffs = first.map((outcome) => (outcome.ok ? (outcome.data?.diffBeforeS as number) : NaN));
    expect(diffs.some((diff) => diff !== 0)).toBe(true);
    expect(diffs.every((diff) => Math.abs(diff) <= 180)).toBe(true);
    expect(first.every((outcome) => outcome.ok && outcome.data?.diffAfterS === 0)).toBe(true);
    // Thirty days later the drift (up to 40 ppm) shows again; it is the same meter's rate both times.
    now = new Date('2026-12-26T00:00:00Z');
    const later = await Promise.all(addresses.map((address) => simulator.execute(target(address), 'time_sync', {})));
    const drifted = later.map((outcome) => (outcome.ok ? (outcome.data?.diffBeforeS as number) : NaN));
    expect(drifted.every((diff) => Math.abs(diff) <= Math.ceil(30 * 86400 * 40e-6))).toBe(true);
    expect(drifted.some((diff) => diff !== 0)).toBe(true);
    expect(later.every((outcome) => outcome.ok && outcome.data?.diffAfterS === 0)).toBe(true);
  });

  it('a broadcast is done when sent and reads no clock', async () => {
    const simulator = createSimulator({ estate: new LivingEstate(), failureRate: 0 });
    expect(await simulator.execute(target('000000000161'), 'time_sync', { broadcast: true })).toEqual({ ok: true, data: {} });
  });

  it('compare reads the meter\'s figures (the platform\'s plus its discrepancy); a correction leaves none', async () => {
    const simulator = createSimulator({ estate: new LivingEstate(), failureRate: 0 });
    const platform = { platformBalanceFen: 12345, platformSaleCount: 7 };
    const compare = (address: string) => simulator.execute(target(address), 'recharge', { amountFen: 0, calibration: { phase: 'compare', ...platform } });
    const addresses = Array.from({ length: 12 }, (_, i) => `0000000002${String(i).padStart(2, '0')}`);
    const read = await Promise.all(addresses.map(compare));
    const differing = addresses.filter((_, i) => read[i].ok && (read[i] as { data: Record<string, number> }).data.meterBalanceFen !== platform.platformBalanceFen);
    expect(differing.length).toBeGreaterThan(0);
    for (const address of differing) {
      const before = await compare(address);
      const corrected = await simulator.execute(target(address), 'recharge', { amountFen: 1, calibration: { phase: 'correct', ...platform } });
      expect(corrected).toEqual({
        ok: true,
        data: {
          meterBalanceFenBefore: (before as { data: Record<string, number> }).data.meterBalanceFen, meterSaleCountBefore: (before as { data: Record<string, number> }).data.meterSaleCount,
          meterBalanceFen: 12345, meterSaleCount: 7,
        },
      });
      expect(await compare(address)).toEqual({ ok: true, data: { meterBalanceFen: 12345, meterSaleCount: 7 } });
    }
  });
});

describe('protocol driver over a real socket: per-meter time sync with the clock read back', () => {
  let server: MeterServer | undefined;
  let driver: ProtocolDriver | undefined;
  afterEach(async () => {
    await driver?.close();
    await server?.close();
  });

  it('reads the drifting clock, sets it, reads it again: the difference before, none after', async () => {
    const at = new Date('2026-11-26T01:00:00Z');
    const address = '000000000161';
    // What the simulated meter's clock says at first sight (deterministic from the address).
    const expected = Math.round((new LivingEstate().electric(address)!.clockAt(at).getTime() - at.getTime()) / 1000);
    server = createMeterServer({ bank: new LivingEstate(), utcOffsetMinutes: 480, now: () => at });
    const port = await server.listen();
    driver = createProtocolDriver({ frameTimeoutMs: 500, utcOffsetMinutes: 480, now: () => at });
    const module: ModuleTarget = { id: 1, address: 'GW-1', kind: 'tcp-gateway', protocol: 'dlt645', host: '127.0.0.1', port, online: true, settings: {} };
    const outcome = await driver.execute({ kind: 'electric', id: 1, address, online: true, module }, 'time_sync', {});
    expect(outcome).toEqual({
      ok: true,
      data: {
        clock: at.toISOString(), meterClockBefore: new Date(at.getTime() + expected * 1000).toISOString(), diffBeforeS: expected,
        meterClockAfter: at.toISOString(), diffAfterS: 0,
      },
    });
    // A frame server's meters keep no prepaid registers here: the compare is unsupported, named.
    const compare = await driver.execute({ kind: 'electric', id: 1, address, online: true, module }, 'recharge', { amountFen: 0, calibration: { phase: 'compare', platformBalanceFen: 100, platformSaleCount: 1 } });
    expect(compare).toMatchObject({ ok: false, code: 'unsupported' });
  });
});
