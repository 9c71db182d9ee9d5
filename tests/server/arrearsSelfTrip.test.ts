/**
 * Rule 2 against a meter that trips by itself (issue 29's safety fault): a meter whose relay is open
 * by its own parameter set (night low-power, overload, timed…) recloses by itself when the cause
 * ends. When its account falls to −overdraft while it is open that way, the platform trips it for
 * arrears anyway, so it stays cut after the cause ends, and the power-cut records say why: the
 * parameter's record ends at the platform's trip, an arrears record opens. A read that shows the
 * relay changed by itself while the account is in arrears trips it even when nothing was charged.
 * And a simulated meter seen for the first time by a process holds the sets assigned to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSimulator, type SimulatorTarget } from '../../server/devices/simulator';
import { LivingEstate } from '../../server/devices/living';
import { meterFirstSight } from '../../server/domain/templates';
import { startTestBackend, TEST_NOW, type TestBackend } from '../support/testApp';
import { HOUR, MINUTE, hhmm, minuteStart, simulatedMeters } from '../support/simulatedMeters';

let backend: TestBackend;
const clock = { now: new Date(TEST_NOW) };
const meterKit = simulatedMeters(() => backend, clock);
const { rows, one, cuts, relay } = meterKit;
let driver = meterKit.driverOf(createSimulator({ estate: new LivingEstate({ timeScale: 1 }), failureRate: 0, clock: () => clock.now }));

let area: number;
let meters: number[];
const run = (ids: number[], type: string, payload: Record<string, unknown> = {}) => meterKit.run(driver, area, ids, type, payload);
const assign = (id: number, kind: string, values: Record<string, unknown>) => meterKit.assign(driver, area, id, kind, values);
const trips = (id: number) => rows(sql`SELECT id, state, payload FROM commands WHERE device_kind = 'electric' AND device_id = ${id} AND type = 'trip' ORDER BY id`);
/** Sets the room account of a meter to a balance and an overdraft (fen). */
const account = (id: number, balanceFen: number, overdraftFen = 0) =>
  rows(sql`UPDATE accounts SET balance_fen = ${balanceFen}, overdraft_fen = ${overdraftFen}
    WHERE utility = 'electric' AND room_id = (SELECT room_id FROM electric_meters WHERE id = ${id})`);

beforeAll(async () => {
  backend = await startTestBackend();
  area = (await one(sql`SELECT area_id FROM sys_users WHERE user_name = 'admin'`)).area_id;
  meters = (await rows(sql`SELECT m.id FROM electric_meters m JOIN modules md ON md.id = m.module_id AND md.online
    JOIN accounts a ON a.room_id = m.room_id AND a.utility = 'electric'
    WHERE m.area_id = ${area} AND m.online AND m.relay_state = 'on' AND NOT m.keep_supply AND m.last_total IS NOT NULL AND m.room_id IS NOT NULL
      AND m.night_set_id IS NULL AND m.timed_set_id IS NULL
      AND (SELECT count(*) FROM electric_meters o WHERE o.room_id = m.room_id) = 1
    ORDER BY m.id LIMIT 4`)).map((r) => r.id);
  expect(meters).toHaveLength(4);
  for (const id of meters) await account(id, 10_000_000, 0);
  await run(meters, 'read');
}, 120_000);
afterAll(() => backend.close());

describe('arrears while the meter is open by its own parameter set', () => {
  it('a charge that leaves −overdraft while the meter is night-limited trips it for arrears: it stays cut after the window, and the records say arrears', async () => {
    const id = meters[0];
    const start = minuteStart(clock.now.getTime()) + HOUR;
    const end = start + 2 * HOUR;
    await assign(id, 'night', { start: hhmm(start), end: hhmm(end), maxW: 1 });
    // One fen left: the hour before the window costs more, and the read that sees the night trip charges it.
    await account(id, 1, 0);
    clock.now = new Date(start + 30 * MINUTE);
    const before = await trips(id);
    await run([id], 'read');
    expect(await relay(id)).toBe('off');
    const queued = (await trips(id)).filter((t) => !before.some((b) => b.id === t.id));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ state: 'succeeded', payload: { cause: 'arrears' } });
    const records = await cuts(id);
    expect(records.map((r) => r.cause)).toEqual(['night_limit', 'arrears']);
    expect(records[0].on_at).not.toBeNull();
    expect(records[1]).toMatchObject({ on_at: null });
    expect(Number(records[1].command_id)).toBe(Number(queued[0].id));
    // The window ends: the meter does not reclose by itself, the arrears record stays open.
    clock.now = new Date(end + 20 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('off');
    expect((await cuts(id)).filter((r) => r.on_at === null).map((r) => r.cause)).toEqual(['arrears']);
    expect(await trips(id)).toHaveLength(before.length + 1);
  });

  it('a read that finds the meter reclosed by itself while the account is in arrears trips it, even when it charged nothing', async () => {
    const id = meters[1];
    const t0 = minuteStart(clock.now.getTime());
    await assign(id, 'load', { maxLoadW: 1, malignantThresholdW: 1, action: 'trip' });
    clock.now = new Date(t0 + 10 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('off');
    // In arrears without a charge (an operator's adjustment, say), with the overload's cause ended.
    await account(id, -500, 0);
    await assign(id, 'load', { maxLoadW: 1_000_000, malignantThresholdW: 1_000_000, action: 'trip' });
    const before = await trips(id);
    // Read a second after it recloses (its delay is over, the next minute's look finds the cause
    // ended): it has used next to nothing since, so nothing is charged.
    clock.now = new Date(clock.now.getTime() + 1000);
    const [read] = await run([id], 'read');
    expect(read).toMatchObject({ state: 'succeeded' });
    const [last] = await rows(sql`SELECT cost_fen FROM readings WHERE utility = 'electric' AND meter_id = ${id} ORDER BY id DESC LIMIT 1`);
    expect(Number(last.cost_fen)).toBe(0);
    const after = (await trips(id)).filter((t) => !before.some((b) => b.id === t.id));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ state: 'succeeded', payload: { cause: 'arrears' } });
    expect(await relay(id)).toBe('off');
    expect((await cuts(id)).filter((r) => r.on_at === null).map((r) => r.cause)).toEqual(['arrears']);
  });

  it('keep-supply and a control set without automatic trip still hold: no arrears trip for a self-tripped meter', async () => {
    const id = meters[2];
    const t0 = minuteStart(clock.now.getTime());
    const noTrip = Number((await one(sql`INSERT INTO parameter_sets (area_id, kind, name, values) VALUES (${area}, 'control', ${`no auto ${Math.random()}`}, '{"autoTrip": false}'::jsonb) RETURNING id`)).id);
    await rows(sql`UPDATE electric_meters SET control_set_id = ${noTrip} WHERE id = ${id}`);
    await assign(id, 'load', { maxLoadW: 1, malignantThresholdW: 1, action: 'trip' });
    await account(id, 1, 0);
    const before = await trips(id);
    clock.now = new Date(t0 + 20 * MINUTE);
    await run([id], 'read');
    expect(Number((await one(sql`SELECT balance_fen FROM accounts WHERE utility = 'electric' AND room_id = (SELECT room_id FROM electric_meters WHERE id = ${id})`)).balance_fen)).toBeLessThan(0);
    expect(await trips(id)).toHaveLength(before.length);
    expect((await cuts(id)).map((r) => r.cause)).toEqual(['overload']);
  });
});

describe('a meter keeps its sets through a restart of the process', () => {
  it('a simulator that first sees a meter gives it the sets assigned on the platform and its rate registers; without the sets it would not trip', async () => {
    const id = meters[3];
    await assign(id, 'power', { maxPowerW: 1 });
    await account(id, 10_000_000, 0);
    // A new process: a new estate that has never seen the meter, told its sets by the platform.
    const t0 = minuteStart(clock.now.getTime());
    driver = meterKit.driverOf(createSimulator({
      estate: new LivingEstate({ timeScale: 1 }), failureRate: 0, clock: () => clock.now,
      firstSight: (target) => meterFirstSight(backend.database.db, target.id),
    }));
    const registers = async () => {
      const m = await one(sql`SELECT last_total, last_sharp, last_peak, last_flat, last_valley FROM electric_meters WHERE id = ${id}`);
      return [m.last_sharp, m.last_peak, m.last_flat, m.last_valley].map(Number).concat(Number(m.last_total));
    };
    // The platform's registers as a real meter left them (all of it valley so far), not as a split of the total.
    await rows(sql`UPDATE electric_meters SET last_sharp = 0, last_peak = 0, last_flat = 0, last_valley = last_total WHERE id = ${id}`);
    const before = await registers();
    clock.now = new Date(t0 + 1);
    await run([id], 'read');
    // It continues its rate registers (no new split of its total): each one moved on by no more than the total did.
    const after = await registers();
    for (let i = 0; i < 4; i++) {
      expect(after[i]).toBeGreaterThanOrEqual(before[i]);
      expect(after[i] - before[i]).toBeLessThanOrEqual(after[4] - before[4] + 1e-9);
    }
    clock.now = new Date(t0 + 10 * MINUTE);
    await run([id], 'read');
    expect(await relay(id)).toBe('off');
    expect((await cuts(id)).map((r) => r.cause)).toEqual(['overload']);
    // The same restart without the platform's sets: the meter does not know its limit.
    const blank = new LivingEstate({ timeScale: 1 });
    const sim = createSimulator({ estate: blank, failureRate: 0, clock: () => clock.now });
    const m = await one(sql`SELECT m.*, md.address AS module_address FROM electric_meters m JOIN modules md ON md.id = m.module_id WHERE m.id = ${id}`);
    const target: SimulatorTarget = { kind: 'electric', id, address: m.address, online: true, module: { id: m.module_id, address: m.module_address, kind: 'simulator', protocol: 'dlt645', host: null, port: null, online: true, settings: {} }, relayState: 'on' };
    await sim.execute(target, 'read', {});
    expect(blank.electric(m.address)!.parameters).toEqual({});
  });
});
