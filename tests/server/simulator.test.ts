/**
 * The living simulated estate and the simulator driver (issue 11): registers that advance with the
 * consumption model, relay and valve that follow commands, failures and module outages, the data
 * conventions of server/devices/driver.ts. Property tests compare the estate with a reference
 * written here: a relay/valve state machine and the integral of the hourly amounts, computed hour
 * by hour from the start of the period.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSimulator } from '../../server/devices/simulator';
import { LivingEstate, moduleOffline, OUTAGE_WINDOW_MINUTES } from '../../server/devices/living';
import { HOUR_MS, TOU_BY_HOUR, hourUnits, meterModel, type MeterModel } from '../../server/devices/living/model';
import type { DeviceOutcome, DeviceTarget, ModuleTarget } from '../../server/devices/driver';

const T0 = new Date('2026-11-21T10:00:00+08:00').getTime();
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const ELECTRIC = '202400001234';
const WATER = '10250000001234';

const module = (over: Partial<ModuleTarget> = {}): ModuleTarget => ({
  id: 1, address: '330100000001', kind: 'simulator', protocol: 'dlt645', host: null, port: null, online: true, settings: {}, ...over,
});
const electric = (over: Partial<DeviceTarget> = {}): DeviceTarget => ({ kind: 'electric', id: 1, address: ELECTRIC, online: true, module: module(), ...over });
const water = (over: Partial<DeviceTarget> = {}): DeviceTarget => ({ kind: 'water', id: 2, address: WATER, online: true, module: module({ protocol: 'cjt188' }), ...over });

/** A driver on its own estate whose clock the test sets. */
function driver(options: { failureRate?: number; timeScale?: number; random?: () => number } = {}) {
  const clock = { now: at(0) };
  const estate = new LivingEstate({ timeScale: options.timeScale ?? 1, valveFaultRate: (options.failureRate ?? 0) / 3, random: options.random });
  const sim = createSimulator({ estate, failureRate: options.failureRate ?? 0, clock: () => clock.now, random: options.random });
  return { clock, estate, run: (target: DeviceTarget, type: string, payload: Record<string, unknown> = {}) => sim.execute(target, type, payload) };
}

const dataOf = (outcome: DeviceOutcome) => {
  if (!outcome.ok) throw new Error(`no data: ${outcome.code}`);
  return outcome.data ?? {};
};

// ---- reference ----------------------------------------------------------------------------------

/** Reference integral: units used over [a, b) at `scale`, per rate, hour by hour (whole hours, then the two partial ones). */
function referenceUse(model: MeterModel, a: number, b: number, scale: number): number[] {
  const out = [0, 0, 0, 0];
  if (b <= a) return out;
  const C = (t: number) => {
    // C(t) relative to the start of a's hour, per rate.
    const perRate = [0, 0, 0, 0];
    const first = Math.floor(a / HOUR_MS);
    const last = Math.floor(t / HOUR_MS);
    for (let h = first; h <= last; h++) {
      const s = Math.round(hourUnits(model, h) * scale);
      const slot = model.utility === 'electric' ? TOU_BY_HOUR[new Date(h * HOUR_MS + 8 * HOUR_MS).getUTCHours()] : 0;
      perRate[slot] += h < last ? s : Math.floor((s * (t - h * HOUR_MS)) / HOUR_MS);
    }
    return perRate;
  };
  const cb = C(b);
  const ca = C(a);
  return cb.map((v, i) => v - ca[i]);
}

type Op = { minutes: number; action: 'read' | 'trip' | 'close_allowed' | 'direct_close' | 'keep_supply_on' | 'keep_supply_off' };
const opArb: fc.Arbitrary<Op> = fc.record({
  minutes: fc.integer({ min: 0, max: 600 }),
  action: fc.constantFrom('read', 'read', 'read', 'trip', 'close_allowed', 'direct_close', 'keep_supply_on', 'keep_supply_off'),
});
const addressArb = fc.stringMatching(/^\d{12}$/);

describe('living estate: properties', () => {
  it('registers never decrease, the four rates sum to the total, nothing is used while the relay is off, and the use while on is the reference integral', () => {
    fc.assert(fc.property(addressArb, fc.array(opArb, { minLength: 1, maxLength: 25 }), fc.constantFrom(1, 10, 0.5), (address, steps, scale) => {
      const estate = new LivingEstate({ timeScale: scale });
      const meter = estate.electric(address, { lastTotal: 1234.56, lastReadAt: at(0) })!;
      const model = meterModel(address, 'electric');
      let t = T0;
      let previous = meter.read(new Date(t));
      expect(previous.total).toBe(1234.56);
      // The reference state machine: relay and keep-supply.
      let relay = 'on';
      let keep = false;
      for (const step of steps) {
        const next = t + step.minutes * 60_000;
        // What the relay does by itself in between: close_pending → on when the tenant presses.
        const before = meter.read(new Date(next));
        if (relay === 'close_pending' && before.relayState === 'on') relay = 'on';
        expect(before.relayState).toBe(relay);
        if (relay === 'off') {
          expect(before.total).toBe(previous.total);
          expect(before.powerKw).toBe(0);
        }
        if (relay === 'on' && previous.relayState === 'on') {
          // Whole use while on = reference integral (registers show hundredths: compare within the rounding of each rate).
          const use = referenceUse(model, t, next, scale);
          const shown = [before.sharp - previous.sharp, before.peak - previous.peak, before.flat - previous.flat, before.valley - previous.valley];
          shown.forEach((d, i) => expect(Math.abs(d * 10_000 - use[i])).toBeLessThanOrEqual(101));
        }
        for (const key of ['total', 'sharp', 'peak', 'flat', 'valley'] as const) expect(before[key]).toBeGreaterThanOrEqual(previous[key]);
        expect(Math.round((before.sharp + before.peak + before.flat + before.valley) * 100)).toBe(Math.round(before.total * 100));
        if (step.action !== 'read') {
          const reply = meter.relay(step.action, new Date(next));
          if (step.action === 'trip') {
            expect(reply.ok).toBe(!keep);
            if (!keep) relay = 'off';
          } else if (step.action === 'close_allowed') {
            if (relay !== 'on') relay = 'close_pending';
          } else if (step.action === 'direct_close') relay = 'on';
          else keep = step.action === 'keep_supply_on';
        }
        previous = meter.read(new Date(next));
        expect(previous.keepSupply).toBe(keep);
        t = next;
      }
    }), { numRuns: 150 });
  });

  it('same address and same moments give the same values, however often the meter was looked at in between', () => {
    fc.assert(fc.property(addressArb, fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 20_000 }), (address, gaps, end) => {
      const a = new LivingEstate({ timeScale: 10 }).electric(address)!;
      const b = new LivingEstate({ timeScale: 10 }).electric(address)!;
      a.read(at(0));
      b.read(at(0));
      let m = 0;
      for (const gap of gaps) a.read(at((m += gap) % end));
      expect(a.read(at(end + 3000))).toEqual(b.read(at(end + 3000)));
    }), { numRuns: 150 });
  });

  it('water: never decreases, no flow while the valve is closed, deterministic', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{14}$/), fc.array(fc.record({ minutes: fc.integer({ min: 1, max: 900 }), valve: fc.constantFrom<'open' | 'close' | 'none'>('open', 'close', 'none') }), { maxLength: 20 }), (address, steps) => {
      const meter = new LivingEstate().water(address)!;
      const twin = new LivingEstate().water(address)!;
      let t = 0;
      let previous = meter.read(at(0));
      twin.read(at(0));
      let open = true;
      for (const step of steps) {
        t += step.minutes;
        const now = meter.read(at(t));
        expect(now.total).toBeGreaterThanOrEqual(previous.total);
        if (!open) expect(now.total).toBe(previous.total);
        if (step.valve !== 'none') {
          meter.valve(step.valve === 'open', at(t));
          twin.valve(step.valve === 'open', at(t));
          open = step.valve === 'open';
        }
        previous = meter.read(at(t));
        expect(previous.valveState).toBe(open ? 'open' : 'closed');
      }
      expect(twin.read(at(t + 60))).toEqual(meter.read(at(t + 60)));
    }), { numRuns: 150 });
  });
});

describe('living estate: behaviour', () => {
  it('continues from the platform\'s last reading, filling in the time since at real pace; without one it starts from the address', () => {
    const estate = new LivingEstate({ timeScale: 10 });
    const meter = estate.electric(ELECTRIC, { lastTotal: 100, lastReadAt: at(-24 * 60) })!;
    const first = meter.read(at(0));
    const model = meterModel(ELECTRIC, 'electric');
    const day = referenceUse(model, T0 - 24 * HOUR_MS, T0, 1).reduce((a, b) => a + b, 0) / 10_000;
    expect(first.total).toBeGreaterThan(100);
    expect(Math.abs(first.total - 100 - day)).toBeLessThan(0.05);
    const fresh = new LivingEstate().electric('202400009999')!.read(at(0)).total;
    expect(fresh).toBe(new LivingEstate().electric('202400009999')!.read(at(0)).total);
    expect(fresh).toBeGreaterThanOrEqual(500);
    // Nothing for an address of the wrong length (no reply).
    expect(estate.electric('1234')).toBeUndefined();
    expect(estate.water(ELECTRIC)).toBeUndefined();
  });

  it('moves visibly within minutes at the demo scale, and uses more in the evening than at night', () => {
    const meter = new LivingEstate({ timeScale: 10 }).electric(ELECTRIC, { lastTotal: 10, lastReadAt: at(0) })!;
    const start = meter.read(at(0)).total;
    expect(meter.read(at(10)).total).toBeGreaterThan(start);
    const model = meterModel(ELECTRIC, 'electric');
    // 20:00 vs 03:00 local, over a week of days (noise averages out).
    let evening = 0;
    let night = 0;
    for (let d = 0; d < 7; d++) {
      const midnight = new Date(`2026-11-0${d + 1}T00:00:00+08:00`).getTime();
      evening += hourUnits(model, Math.floor((midnight + 20 * HOUR_MS) / HOUR_MS));
      night += hourUnits(model, Math.floor((midnight + 3 * HOUR_MS) / HOUR_MS));
    }
    expect(evening).toBeGreaterThan(night);
  });

  it('voltage about 220 V, current = power / voltage, power 0 with the relay off', () => {
    const meter = new LivingEstate({ timeScale: 10 }).electric(ELECTRIC)!;
    const on = meter.read(at(5));
    expect(on.voltage).toBeGreaterThanOrEqual(214);
    expect(on.voltage).toBeLessThanOrEqual(226);
    expect(on.powerKw).toBeGreaterThan(0);
    expect(Math.abs(on.current - (on.powerKw * 1000) / on.voltage)).toBeLessThan(0.01);
    meter.relay('trip', at(6));
    expect(meter.read(at(7))).toMatchObject({ powerKw: 0, current: 0, relayState: 'off' });
  });

  it('close-allowed waits for the tenant\'s button: on after 1–30 simulated minutes', () => {
    const meter = new LivingEstate({ timeScale: 1 }).electric(ELECTRIC)!;
    meter.relay('trip', at(0));
    meter.relay('close_allowed', at(10));
    expect(meter.read(at(10)).relayState).toBe('close_pending');
    expect(meter.read(at(10.5)).relayState).toBe('close_pending');
    expect(meter.read(at(41)).relayState).toBe('on');
    // At scale 10 the wait is a tenth as long.
    const fast = new LivingEstate({ timeScale: 10 }).electric(ELECTRIC)!;
    fast.relay('trip', at(0));
    fast.relay('close_allowed', at(0));
    expect(fast.read(at(3.1)).relayState).toBe('on');
  });

  it('takes the platform\'s recorded state on first sight: a meter cut for arrears stays cut', () => {
    const estate = new LivingEstate();
    const meter = estate.electric(ELECTRIC, { lastTotal: 50, lastReadAt: at(-600), relayState: 'off', keepSupply: true })!;
    expect(meter.read(at(0))).toMatchObject({ total: 50, relayState: 'off', keepSupply: true, powerKw: 0 });
    const valve = estate.water(WATER, { lastTotal: 12.5, lastReadAt: at(-600), valveState: 'closed', batteryLow: true })!;
    expect(valve.read(at(0))).toEqual({ total: 12.5, valveState: 'closed', batteryLow: true });
  });

  it('a few water meters run on a low battery (from the address)', () => {
    const estate = new LivingEstate();
    let low = 0;
    for (let i = 0; i < 2000; i++) if (estate.water(`1025${String(i).padStart(10, '0')}`)!.read(at(0)).batteryLow) low++;
    expect(low).toBeGreaterThan(10);
    expect(low).toBeLessThan(150);
  });
});

describe('simulator driver', () => {
  it('answers every command type with the data conventions of driver.ts', async () => {
    const { clock, run } = driver();
    const read = await run(electric({ lastTotal: 321.5, lastReadAt: at(-60) }), 'read');
    expect(read.ok).toBe(true);
    const data = dataOf(read);
    expect(Object.keys(data).sort()).toEqual(['current', 'flat', 'peak', 'powerKw', 'relayState', 'sharp', 'total', 'valley', 'voltage']);
    expect(data.total).toBeGreaterThan(321.5);
    expect(data.relayState).toBe('on');
    expect(await run(electric(), 'trip', { cause: 'manual' })).toEqual({ ok: true, data: { relayState: 'off' } });
    expect(await run(electric(), 'close_allowed')).toEqual({ ok: true, data: { relayState: 'close_pending' } });
    expect(await run(electric(), 'direct_close')).toEqual({ ok: true, data: { relayState: 'on' } });
    expect(await run(electric(), 'keep_supply_on')).toEqual({ ok: true, data: { keepSupply: true } });
    // Keep-supply refuses a trip (DL/T 645 error reply).
    expect(await run(electric(), 'trip')).toMatchObject({ ok: false, code: 'device_error' });
    expect(await run(electric(), 'keep_supply_off')).toEqual({ ok: true, data: { keepSupply: false } });
    // Per meter: the clock read back before and after the setting (after: no difference left).
    expect(await run(electric(), 'time_sync')).toMatchObject({ ok: true, data: { clock: clock.now.toISOString(), meterClockAfter: clock.now.toISOString(), diffAfterS: 0 } });
    expect(await run(electric(), 'time_sync', { broadcast: true })).toEqual({ ok: true, data: {} });
    expect(await run(electric(), 'recharge')).toEqual({ ok: true, data: {} });
    expect(await run(electric(), 'preset_energy', { energy: 5 })).toEqual({ ok: true, data: { remaining: 5 } });
    // A parameter set: the values the pipeline hands over are taken (control: the platform's); none: refused.
    expect(await run(electric(), 'set_parameter', { setKind: 'control', setId: 1, values: { alarm1Fen: 2000, alarm2Fen: 1000, overdraftFen: 0, hoardLimitFen: 0, autoTrip: true } })).toEqual({ ok: true, data: { setKind: 'control' } });
    expect(await run(electric(), 'set_parameter', { setKind: 'night', setId: 1, values: { start: '23:00', end: '06:00', maxW: 100 } })).toEqual({ ok: true, data: { setKind: 'night' } });
    expect(await run(electric(), 'set_parameter', { setKind: 'night', setId: 1 })).toMatchObject({ ok: false, code: 'device_error' });
    expect(await run(electric(), 'valve_open')).toMatchObject({ ok: false, code: 'unsupported' });

    const w = await run(water({ lastTotal: 40, lastReadAt: at(-60) }), 'read');
    expect(w).toMatchObject({ ok: true, data: { valveState: 'open', batteryLow: expect.any(Boolean) } });
    expect(Object.keys(dataOf(w)).sort()).toEqual(['batteryLow', 'total', 'valveState']);
    expect(await run(water(), 'valve_close')).toEqual({ ok: true, data: { valveState: 'closed' } });
    expect(await run(water(), 'valve_open')).toEqual({ ok: true, data: { valveState: 'open' } });
    expect(await run(water(), 'trip')).toMatchObject({ ok: false, code: 'unsupported' });
  });

  it('a trip stops consumption until the relay closes again', async () => {
    const { clock, run } = driver({ timeScale: 10 });
    const total = async () => dataOf(await run(electric(), 'read')).total as number;
    const first = await total();
    await run(electric(), 'trip');
    clock.now = at(120);
    const off = dataOf(await run(electric(), 'read'));
    expect(off).toMatchObject({ relayState: 'off' });
    expect(off.total).toBeGreaterThanOrEqual(first);
    clock.now = at(240);
    expect(await total()).toBe(off.total);
    await run(electric(), 'direct_close');
    clock.now = at(300);
    expect(await total()).toBeGreaterThan(off.total as number);
  });

  it('offline devices and modules never answer; a meter without a module is still simulated', async () => {
    const { run } = driver();
    expect(await run(electric({ online: false }), 'read')).toMatchObject({ ok: false, code: 'no_reply' });
    expect(await run(electric({ module: module({ online: false }) }), 'read')).toMatchObject({ ok: false, code: 'no_reply' });
    expect(await run(electric({ address: '12' }), 'read')).toMatchObject({ ok: false, code: 'no_reply' });
    expect(await run(electric({ module: undefined }), 'read')).toMatchObject({ ok: true });
  });

  it('failure rate: some attempts get no reply; modules go offline on a schedule and come back', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const { run } = driver({ failureRate: 0.3, random });
    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => run(electric({ module: undefined, address: `2024${String(i).padStart(8, '0')}` }), 'read')));
    const silent = outcomes.filter((o) => !o.ok).length;
    expect(silent).toBeGreaterThan(30);
    expect(silent).toBeLessThan(100);

    // About 3 % of 1000 modules offline at any moment, each for whole windows, and back later.
    const addresses = Array.from({ length: 1000 }, (_, i) => `3301${String(i).padStart(8, '0')}`);
    const offlineAt = (minutes: number) => addresses.filter((a) => moduleOffline(a, at(minutes), 0.03, 1));
    const now = offlineAt(0);
    expect(now.length).toBeGreaterThan(10);
    expect(now.length).toBeLessThan(60);
    const later = offlineAt(OUTAGE_WINDOW_MINUTES * 5);
    expect(now.filter((a) => !later.includes(a)).length).toBeGreaterThan(0);
    expect(offlineAt(0)).toEqual(now);
    expect(addresses.filter((a) => moduleOffline(a, at(0), 0, 1))).toEqual([]);
    // Behind an offline module a meter never answers.
    const { run: perfect } = driver();
    const down = now[0];
    let minutes = 0;
    while (!moduleOffline(down, at(minutes), 0.03, 1)) minutes++;
    const d = createSimulator({ estate: new LivingEstate(), failureRate: 0.03, random: () => 0.99, clock: () => at(minutes) });
    expect(await d.execute(electric({ module: module({ address: down }) }), 'read', {})).toMatchObject({ ok: false, code: 'no_reply' });
    expect(await perfect(electric({ module: module({ address: down }) }), 'read')).toMatchObject({ ok: true });
  });

  it('a valve command sometimes leaves the valve abnormal (valve fault), cleared by the next good one', async () => {
    const draws = [0.99, 0.001, 0.99, 0.99];
    let i = 0;
    const random = () => draws[i++ % draws.length];
    const estate = new LivingEstate({ valveFaultRate: 0.01, random });
    const sim = createSimulator({ estate, failureRate: 0, clock: () => at(0) });
    expect(await sim.execute(water(), 'valve_close', {})).toEqual({ ok: true, data: { valveState: 'closed' } });
    expect(await sim.execute(water(), 'valve_open', {})).toEqual({ ok: true, data: { valveState: 'abnormal' } });
    expect(await sim.execute(water(), 'valve_open', {})).toEqual({ ok: true, data: { valveState: 'open' } });
  });

  it('the default estate is shared by the process: a trip through one driver is seen by the next', async () => {
    const a = createSimulator({ failureRate: 0, clock: () => at(0) });
    const b = createSimulator({ failureRate: 0, clock: () => at(1) });
    await a.execute(electric({ address: '202499990001' }), 'trip', {});
    expect(await b.execute(electric({ address: '202499990001' }), 'read', {})).toMatchObject({ ok: true, data: { relayState: 'off' } });
  });
});

describe('settings', () => {
  it('SIM_TIME_SCALE, SIM_FAILURE_RATE, AUTO_READ and READ_INTERVAL_MINUTES: documented defaults, strict parsing', async () => {
    const { configFromEnv } = await import('../../server/config');
    expect(configFromEnv({})).toMatchObject({ simTimeScale: 5, simFailureRate: 0.03, autoRead: true, readIntervalMinutes: 60 });
    expect(configFromEnv({ SIM_TIME_SCALE: '1', SIM_FAILURE_RATE: '0', AUTO_READ: 'off', READ_INTERVAL_MINUTES: '15' }))
      .toMatchObject({ simTimeScale: 1, simFailureRate: 0, autoRead: false, readIntervalMinutes: 15 });
    for (const [name, value] of [['SIM_TIME_SCALE', '0'], ['SIM_TIME_SCALE', 'fast'], ['SIM_TIME_SCALE', '1e3'], ['SIM_FAILURE_RATE', '1.5'], ['SIM_FAILURE_RATE', '-0.1'],
      ['AUTO_READ', 'maybe'], ['READ_INTERVAL_MINUTES', '0'], ['READ_INTERVAL_MINUTES', '7.5'], ['READ_INTERVAL_MINUTES', '99999']]) {
      expect(() => configFromEnv({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });
});
