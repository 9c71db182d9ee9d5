/**
 * Parameter sets act on simulated meters (issue 29, DOMAIN.md rule 6): a set_parameter command
 * hands the meter the set's values (the pipeline adds them, and a timed set's schedule); the living
 * simulator then trips by itself — night low-power above its limit in its window, load above its
 * maximum (overload) or at its malignant-load threshold, power above its maximum, a timed set's
 * `off` segment — and a read reports each trip, which the platform records as a power-cut record
 * with that cause and the meter's own times; the relay closes again when the cause ends and the
 * record is closed then. All deterministic with the test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSimulator } from '../../server/devices/simulator';
import { LivingEstate } from '../../server/devices/living';
import { inWindow, localClock, tripCauseAt } from '../../server/devices/living/parameters';
import { startTestBackend, TEST_NOW, type TestBackend } from '../support/testApp';
import { HOUR, MINUTE, hhmm, minuteStart, simulatedMeters } from '../support/simulatedMeters';

let backend: TestBackend;
const clock = { now: new Date(TEST_NOW) };
const estate = new LivingEstate({ timeScale: 1 });
const meterKit = simulatedMeters(() => backend, clock);
const { rows, one, cuts, relay } = meterKit;
const driver = meterKit.driverOf(createSimulator({ estate, failureRate: 0, clock: () => clock.now }));

let area: number;
let meters: number[];
const run = (ids: number[], type: string, payload: Record<string, unknown> = {}) => meterKit.run(driver, area, ids, type, payload);
const set = (kind: string, values: Record<string, unknown>) => meterKit.set(area, kind, values);
const assign = (id: number, kind: string, values: Record<string, unknown>) => meterKit.assign(driver, area, id, kind, values);

beforeAll(async () => {
  backend = await startTestBackend();
  area = (await one(sql`SELECT area_id FROM sys_users WHERE user_name = 'admin'`)).area_id;
  meters = (await rows(sql`SELECT m.id FROM electric_meters m JOIN modules md ON md.id = m.module_id AND md.online
    WHERE m.area_id = ${area} AND m.online AND m.relay_state = 'on' AND NOT m.keep_supply AND m.last_total IS NOT NULL AND m.room_id IS NOT NULL
    ORDER BY m.id LIMIT 6`)).map((r) => r.id);
  // Plenty of credit: no arrears trip in the way.
  await rows(sql`UPDATE accounts SET overdraft_fen = 100000000, balance_fen = balance_fen + 10000000 WHERE room_id IN (SELECT room_id FROM electric_meters WHERE id IN (${sql.join(meters.map((id) => sql`${id}`), sql`, `)}))`);
  // Start every meter at the clock (first sight) so each test counts from here.
  await run(meters, 'read');
}, 120_000);
afterAll(() => backend.close());

describe('parameter sets act on simulated meters', () => {
  it('night low-power: above its limit in its window the meter trips (night_limit); the window ends and the relay is back', async () => {
    const id = meters[0];
    const start = minuteStart(clock.now.getTime()) + HOUR;
    const end = start + 2 * HOUR;
    await assign(id, 'night', { start: hhmm(start), end: hhmm(end), maxW: 1 });
    // Before the window: nothing.
    clock.now = new Date(start - 10 * MINUTE);
    await run([id], 'read');
    expect(await cuts(id)).toHaveLength(0);
    // In the window: off since its start, the record open.
    clock.now = new Date(start + 30 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('off');
    const open = await cuts(id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ cause: 'night_limit', on_at: null, command_id: null });
    expect(new Date(open[0].off_at).getTime()).toBe(start);
    // Nothing is used while it is off.
    const before = Number((await one(sql`SELECT last_total FROM electric_meters WHERE id = ${id}`)).last_total);
    clock.now = new Date(start + 60 * MINUTE);
    await run([id], 'read');
    expect(Number((await one(sql`SELECT last_total FROM electric_meters WHERE id = ${id}`)).last_total)).toBe(before);
    // After the window: back on, the same record closed at the window's end.
    clock.now = new Date(end + 10 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('on');
    const closed = await cuts(id);
    expect(closed).toHaveLength(1);
    expect(new Date(closed[0].off_at).getTime()).toBe(start);
    expect(new Date(closed[0].on_at).getTime()).toBe(end);
  });

  it('load above its maximum trips (overload); a set with a higher limit ends the cause and the relay recloses after its delay', async () => {
    const id = meters[1];
    const t0 = minuteStart(clock.now.getTime());
    clock.now = new Date(t0);
    await assign(id, 'load', { maxLoadW: 1, malignantThresholdW: 1, action: 'trip' });
    clock.now = new Date(t0 + 10 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('off');
    expect(await cuts(id)).toMatchObject([{ cause: 'overload', on_at: null }]);
    const offAt = new Date((await cuts(id))[0].off_at).getTime();
    expect(offAt).toBeGreaterThanOrEqual(t0);
    expect(offAt).toBeLessThanOrEqual(t0 + MINUTE);
    // The cause ends (a limit far above the room's demand): the meter recloses at its next try.
    await assign(id, 'load', { maxLoadW: 1_000_000, malignantThresholdW: 1_000_000, action: 'trip' });
    clock.now = new Date(t0 + 30 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('on');
    const [cut] = await cuts(id);
    expect(cut.cause).toBe('overload');
    expect(new Date(cut.on_at).getTime()).toBeGreaterThan(offAt);
    expect(new Date(cut.on_at).getTime()).toBeLessThanOrEqual(t0 + 30 * MINUTE);
  });

  it('malignant load: demand at its threshold trips (malignant_load) with action trip; alarm only does not trip, and the relay is back', async () => {
    const id = meters[2];
    const t0 = minuteStart(clock.now.getTime());
    await assign(id, 'load', { maxLoadW: 1_000_000, malignantThresholdW: 1, action: 'trip' });
    clock.now = new Date(t0 + 10 * MINUTE);
    await run([id], 'read');
    expect(await cuts(id)).toMatchObject([{ cause: 'malignant_load', on_at: null }]);
    await assign(id, 'load', { maxLoadW: 1_000_000, malignantThresholdW: 1, action: 'alarm' });
    clock.now = new Date(t0 + 30 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('on');
    expect(await cuts(id)).toHaveLength(1);
    expect((await cuts(id))[0].on_at).not.toBeNull();
  });

  it('power set: demand above its maximum trips (overload)', async () => {
    const id = meters[3];
    const t0 = minuteStart(clock.now.getTime());
    await assign(id, 'power', { maxPowerW: 1 });
    clock.now = new Date(t0 + 10 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('off');
    expect(await cuts(id)).toMatchObject([{ cause: 'overload', on_at: null }]);
  });

  it('timed on/off: an off segment of a listed day trips (timed) at its start and closes at its end; every change is its own record', async () => {
    const id = meters[4];
    const t0 = minuteStart(clock.now.getTime());
    const offFrom = t0 + HOUR;
    const offTo = offFrom + HOUR;
    // A day schedule: on, off for one hour, on (wrapping midnight as needed: segments cover 24 h).
    const a = localClock(offFrom).minute;
    const b = localClock(offTo).minute;
    const at = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const segments = a < b
      ? [{ start: '00:00', end: at(a), rate: 'on' }, { start: at(a), end: at(b), rate: 'off' }, { start: at(b), end: '24:00', rate: 'on' }].filter((s) => s.start !== s.end)
      : [{ start: '00:00', end: at(b), rate: 'off' }, { start: at(b), end: at(a), rate: 'on' }, { start: at(a), end: '24:00', rate: 'off' }].filter((s) => s.start !== s.end);
    const schedule = Number((await one(sql`INSERT INTO time_periods (area_id, name, segments) VALUES (${area}, 'sim timed', ${JSON.stringify(segments)}::jsonb) RETURNING id`)).id);
    await assign(id, 'timed', { timePeriodId: schedule, days: [1, 2, 3, 4, 5, 6, 7] });
    clock.now = new Date(offFrom + 20 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('off');
    expect(await cuts(id)).toMatchObject([{ cause: 'timed', on_at: null }]);
    expect(new Date((await cuts(id))[0].off_at).getTime()).toBe(offFrom);
    clock.now = new Date(offTo + 5 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('on');
    const [cut] = await cuts(id);
    expect(new Date(cut.on_at).getTime()).toBe(offTo);
  });

  it('keep-supply holds the relay closed whatever the sets say; a set whose values are gone is refused and assigns nothing', async () => {
    const id = meters[5];
    await run([id], 'keep_supply_on');
    const t0 = minuteStart(clock.now.getTime());
    await assign(id, 'power', { maxPowerW: 1 });
    clock.now = new Date(t0 + 10 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('on');
    expect(await cuts(id)).toHaveLength(0);
    await run([id], 'keep_supply_off');

    const setId = await set('night', { start: '00:00', end: '23:59', maxW: 1 });
    const before = (await one(sql`SELECT night_set_id FROM electric_meters WHERE id = ${id}`)).night_set_id;
    await rows(sql`DELETE FROM parameter_sets WHERE id = ${setId}`);
    const [command] = await run([id], 'set_parameter', { setKind: 'night', setId });
    expect(command).toMatchObject({ state: 'failed', result_code: 'device_error' });
    expect((await one(sql`SELECT night_set_id FROM electric_meters WHERE id = ${id}`)).night_set_id).toBe(before);
  });
});

describe('parameter rules (pure)', () => {
  it('a night window may cross midnight', () => {
    expect(inWindow('23:00', '06:00', 23 * 60 + 30)).toBe(true);
    expect(inWindow('23:00', '06:00', 5 * 60 + 59)).toBe(true);
    expect(inWindow('23:00', '06:00', 6 * 60)).toBe(false);
    expect(inWindow('23:00', '06:00', 12 * 60)).toBe(false);
  });

  it('causes in order: timed, overload, malignant load (trip only), night', () => {
    const noon = Date.UTC(2026, 0, 5, 4, 0); // Monday 12:00 at UTC+8
    expect(localClock(noon)).toEqual({ minute: 720, isoWeekday: 1 });
    expect(tripCauseAt({ load: { maxLoadW: 2000, malignantThresholdW: 800, action: 'trip' } }, noon, 2500)).toBe('overload');
    expect(tripCauseAt({ load: { maxLoadW: 2000, malignantThresholdW: 800, action: 'trip' } }, noon, 900)).toBe('malignant_load');
    expect(tripCauseAt({ load: { maxLoadW: 2000, malignantThresholdW: 800, action: 'alarm' } }, noon, 900)).toBeUndefined();
    expect(tripCauseAt({ night: { start: '22:00', end: '06:00', maxW: 100 } }, noon, 900)).toBeUndefined();
    expect(tripCauseAt({ night: { start: '11:00', end: '13:00', maxW: 100 } }, noon, 900)).toBe('night_limit');
    expect(tripCauseAt({ timed: { days: [2], segments: [{ start: '00:00', end: '24:00', rate: 'off' }] } }, noon, 0)).toBeUndefined();
    expect(tripCauseAt({ timed: { days: [1], segments: [{ start: '00:00', end: '24:00', rate: 'off' }] }, power: { maxPowerW: 1 } }, noon, 50)).toBe('timed');
  });

  it('the same meter, sets and moments give the same trips in two estates (deterministic)', () => {
    const trips = () => {
      const meter = new LivingEstate().electric('000000001234', { lastTotal: 100, lastReadAt: new Date(TEST_NOW) })!;
      meter.read(new Date(TEST_NOW));
      meter.setParameters({ load: { maxLoadW: 400, malignantThresholdW: 300, action: 'trip' } }, new Date(TEST_NOW));
      meter.read(new Date(TEST_NOW.getTime() + 24 * HOUR));
      return meter.takeRelayEvents();
    };
    const first = trips();
    expect(first).toEqual(trips());
    expect(first.every((e) => e.onAt === null || e.onAt > e.offAt)).toBe(true);
  });

  it('a faster simulator clock runs the registers faster, not the appliances harder: limits see the real demand', () => {
    const at = new Date(TEST_NOW.getTime() + 12 * HOUR);
    const real = new LivingEstate({ timeScale: 1 }).electric('000000004321', { lastTotal: 100, lastReadAt: new Date(TEST_NOW) })!;
    const fast = new LivingEstate({ timeScale: 60 }).electric('000000004321', { lastTotal: 100, lastReadAt: new Date(TEST_NOW) })!;
    expect(fast.demandW(at.getTime())).toBe(real.demandW(at.getTime()));
    // A limit just above the real demand over the next hours never trips the fast meter.
    let peak = 0;
    for (let t = TEST_NOW.getTime(); t < TEST_NOW.getTime() + 3 * HOUR; t += MINUTE) peak = Math.max(peak, real.demandW(t));
    fast.read(new Date(TEST_NOW));
    fast.setParameters({ power: { maxPowerW: peak + 1 } }, new Date(TEST_NOW));
    fast.read(new Date(TEST_NOW.getTime() + 3 * HOUR));
    expect(fast.takeRelayEvents()).toEqual([]);
    expect(fast.read(new Date(TEST_NOW.getTime() + 3 * HOUR)).relayState).toBe('on');
  });
});
