/**
 * Device events (issue 11, server/domain/deviceEvents.ts) against the test backend's database:
 * readings with their consumption and charge (rule 1: price tables, free allowance first, one
 * deduction; a drop leaves the baseline at the highest total), the arrears trip / valve close (rule 2), power cuts, faults (reading drop, low
 * battery, valve fault), keep-supply; the pipeline's path through runDueCommands; and a billing
 * property (fast-check): over any sequence of readings the balance is the opening balance less the
 * charges of a reference written here, charges are never negative and the free allowance goes first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { recordCommandResult, type RecordedResult } from '../../server/domain/deviceEvents';
import { enqueueCommands, runDueCommands } from '../../server/domain/commands';
import { postLedger } from '../../server/domain/ledger';
import type { DeviceDriver } from '../../server/devices/driver';
import { startTestBackend, TEST_NOW, type TestBackend } from '../support/testApp';

let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

/** Every call happens a minute after the previous one (readings in time order, all in the test month). */
let minute = 60;
const tick = () => new Date(TEST_NOW.getTime() + ++minute * 60_000);

const apply = (kind: 'electric' | 'water', id: number, type: string, data: Record<string, unknown>, payload: Record<string, unknown> = {}, commandId = 900_000 + minute) => {
  const now = tick();
  return backend.database.db.transaction((tx) => recordCommandResult(tx, { kind, id, type, data, payload, commandId, now })) as Promise<RecordedResult>;
};

interface Meter { id: number; roomId: number; accountId: number; areaId: number }
let electric: Meter;
let water: Meter;
let tables: { single: number; tou: number; tiered: number };
let autoTripOff: number;

const balance = async (accountId: number) => Number((await one(sql`SELECT balance_fen FROM accounts WHERE id = ${accountId}`)).balance_fen);
const ledgerSum = async (accountId: number) => Number((await one(sql`SELECT coalesce(sum(amount_fen), 0)::bigint AS s FROM ledger_entries WHERE account_id = ${accountId}`)).s);
const lastTotal = async (id: number) => Number((await one(sql`SELECT last_total FROM electric_meters WHERE id = ${id}`)).last_total);
const lastWater = async (id: number) => Number((await one(sql`SELECT last_reading FROM water_meters WHERE id = ${id}`)).last_reading);
/** Sets a balance through the ledger (a calibration entry). */
const setBalance = async (accountId: number, target: number) => {
  const delta = target - (await balance(accountId));
  if (delta) await backend.database.db.transaction((tx) => postLedger(tx, { accountId, kind: 'calibration', amountFen: delta }, tick()));
};
const openFaults = async (kind: string, deviceKind: string, id: number) =>
  Number((await one(sql`SELECT count(*)::int AS n FROM faults WHERE kind = ${kind} AND device_kind = ${deviceKind} AND device_id = ${id} AND cleared_at IS NULL`)).n);
const openCuts = async (id: number) => rows(sql`SELECT * FROM power_cuts WHERE meter_id = ${id} AND on_at IS NULL`);
const electricRead = (total: number, extra: Record<string, unknown> = {}) => {
  // Rates: everything since 0 on flat, so the registers always sum to the total.
  return { total, sharp: 0, peak: 0, flat: total, valley: 0, voltage: 221.3, current: 2.5, powerKw: 0.55, ...extra };
};

beforeAll(async () => {
  backend = await startTestBackend();
  const area = (await one(sql`SELECT area_id FROM sys_users WHERE user_name = 'admin'`)).area_id;
  const e = await one(sql`SELECT m.id, m.room_id, a.id AS account_id, m.area_id FROM electric_meters m JOIN accounts a ON a.room_id = m.room_id AND a.utility = 'electric'
    WHERE m.area_id = ${area} AND m.relay_state = 'on' AND NOT m.keep_supply AND m.module_id IS NOT NULL AND m.last_total IS NOT NULL ORDER BY m.id LIMIT 1`);
  electric = { id: e.id, roomId: e.room_id, accountId: e.account_id, areaId: e.area_id };
  const w = await one(sql`SELECT m.id, m.room_id, a.id AS account_id, m.area_id FROM water_meters m JOIN accounts a ON a.room_id = m.room_id AND a.utility = 'water'
    WHERE m.area_id = ${area} AND m.account_opened AND m.valve_state = 'open' AND m.module_id IS NOT NULL AND m.last_reading IS NOT NULL ORDER BY m.id LIMIT 1`);
  water = { id: w.id, roomId: w.room_id, accountId: w.account_id, areaId: w.area_id };
  const insert = async (values: ReturnType<typeof sql>) => (await one(sql`INSERT INTO price_tables (area_id, name, kind, sharp_fen, peak_fen, flat_fen, valley_fen, tiers, water_fen) VALUES ${values} RETURNING id`)).id as number;
  tables = {
    single: await insert(sql`(${area}, 'test single', 'single', 60, 60, 60, 60, NULL, 350)`),
    tou: await insert(sql`(${area}, 'test tou', 'tou', 110, 95, 65, 35, NULL, 350)`),
    tiered: await insert(sql`(${area}, 'test tiered', 'tiered', 56, 56, 56, 56, '[{"upTo":100,"priceFen":56},{"upTo":200,"priceFen":61},{"upTo":null,"priceFen":86}]'::jsonb, 350)`),
  };
  autoTripOff = (await one(sql`INSERT INTO parameter_sets (area_id, kind, name, values) VALUES (${area}, 'control', 'test no auto trip', '{"overdraftFen":1000,"autoTrip":false}'::jsonb) RETURNING id`)).id;
  await rows(sql`UPDATE electric_meters SET price_table_id = ${tables.single} WHERE id = ${electric.id}`);
  await rows(sql`UPDATE accounts SET free_left = 0, overdraft_fen = 1000 WHERE id IN (${electric.accountId}, ${water.accountId})`);
  await setBalance(electric.accountId, 100_000);
  await setBalance(water.accountId, 100_000);
}, 120_000);
afterAll(() => backend.close());

describe('readings and charges (rule 1)', () => {
  it('an electric read stores the reading with its consumption, charges it as one deduction and updates the meter', async () => {
    const before = await lastTotal(electric.id);
    const opening = await balance(electric.accountId);
    const total = Math.round((before + 12.34) * 100) / 100;
    const result = await apply('electric', electric.id, 'read', electricRead(total, { relayState: 'on' }));
    expect(result).toMatchObject({ consumption: 12.34, costFen: 740 }); // 12.34 kWh × ¥0.60
    const reading = await one(sql`SELECT * FROM readings WHERE id = ${result.readingId}`);
    expect(reading).toMatchObject({ utility: 'electric', meter_id: electric.id, room_id: electric.roomId });
    expect(Number(reading.cost_fen)).toBe(740);
    expect(Number(reading.consumption)).toBe(12.34);
    expect(Number(reading.total)).toBe(total);
    const entries = await rows(sql`SELECT * FROM ledger_entries WHERE ref_type = 'reading' AND ref_id = ${String(result.readingId)}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'deduction', account_id: electric.accountId });
    expect(Number(entries[0].amount_fen)).toBe(-740);
    expect(await balance(electric.accountId)).toBe(opening - 740);
    expect(await ledgerSum(electric.accountId)).toBe(await balance(electric.accountId));
    const meter = await one(sql`SELECT * FROM electric_meters WHERE id = ${electric.id}`);
    expect(Number(meter.last_total)).toBe(total);
    expect(Number(meter.last_flat)).toBe(total);
    expect(Number(meter.last_voltage)).toBe(221.3);
    expect(Number(meter.last_power_kw)).toBe(0.55);
    expect(meter.last_read_at).toBeTruthy();
  });

  it('time-of-use: consumption per rate register × that rate\'s price', async () => {
    await rows(sql`UPDATE electric_meters SET price_table_id = ${tables.tou} WHERE id = ${electric.id}`);
    const base = await lastTotal(electric.id);
    // A first read with registers (sharp/peak/flat/valley) to measure from.
    const regs = { sharp: 10, peak: 20, flat: Math.round((base - 60) * 100) / 100, valley: 30 };
    await apply('electric', electric.id, 'read', { total: base, ...regs });
    const result = await apply('electric', electric.id, 'read', {
      total: Math.round((base + 4) * 100) / 100, sharp: 11, peak: 21, flat: Math.round((regs.flat + 1) * 100) / 100, valley: 31,
    });
    expect(result).toMatchObject({ consumption: 4, costFen: 305 });
    await rows(sql`UPDATE electric_meters SET price_table_id = ${tables.single} WHERE id = ${electric.id}`);
  });

  it('tiered: by the month-to-date consumption', async () => {
    await rows(sql`UPDATE electric_meters SET price_table_id = ${tables.tiered} WHERE id = ${electric.id}`);
    const mtd = Number((await one(sql`SELECT coalesce(sum(consumption), 0) AS s FROM readings WHERE utility = 'electric' AND meter_id = ${electric.id}
      AND deleted_at IS NULL AND read_at >= '2026-10-31T16:00:00Z'`)).s);
    const base = await lastTotal(electric.id);
    const result = await apply('electric', electric.id, 'read', electricRead(Math.round((base + 10) * 100) / 100));
    // Reference: the 10 kWh from mtd on, at the tier of each hundredth.
    let exact = 0;
    for (let u = Math.round(mtd * 100); u < Math.round(mtd * 100) + 1000; u++) exact += u < 10_000 ? 56 : u < 20_000 ? 61 : 86;
    expect(result.costFen).toBe(Math.round(exact / 100));
    await rows(sql`UPDATE electric_meters SET price_table_id = ${tables.single} WHERE id = ${electric.id}`);
  });

  it('the free allowance is used first', async () => {
    await rows(sql`UPDATE accounts SET free_left = 1.00 WHERE id = ${electric.accountId}`);
    const base = await lastTotal(electric.id);
    const result = await apply('electric', electric.id, 'read', electricRead(Math.round((base + 1.5) * 100) / 100));
    expect(result).toMatchObject({ consumption: 1.5, costFen: 30 });
    expect(Number((await one(sql`SELECT free_left FROM accounts WHERE id = ${electric.accountId}`)).free_left)).toBe(0);
    // All free: no ledger entry at all.
    await rows(sql`UPDATE accounts SET free_left = 5.00 WHERE id = ${electric.accountId}`);
    const entries = Number((await one(sql`SELECT count(*)::int AS n FROM ledger_entries WHERE account_id = ${electric.accountId}`)).n);
    const free = await apply('electric', electric.id, 'read', electricRead(Math.round((base + 3) * 100) / 100));
    expect(free).toMatchObject({ consumption: 1.5, costFen: 0 });
    expect(Number((await one(sql`SELECT count(*)::int AS n FROM ledger_entries WHERE account_id = ${electric.accountId}`)).n)).toBe(entries);
    expect(Number((await one(sql`SELECT free_left FROM accounts WHERE id = ${electric.accountId}`)).free_left)).toBe(3.5);
    await rows(sql`UPDATE accounts SET free_left = 0 WHERE id = ${electric.accountId}`);
  });

  it('a drop is a reading_drop fault (once), consumption 0 and no charge; the baseline stays at the highest total (issue 29: a drop and return is never charged twice)', async () => {
    const base = await lastTotal(electric.id);
    const opening = await balance(electric.accountId);
    const dropped = await apply('electric', electric.id, 'read', electricRead(Math.round((base - 5) * 100) / 100));
    expect(dropped).toMatchObject({ consumption: 0, costFen: 0 });
    expect(await openFaults('reading_drop', 'electric', electric.id)).toBe(1);
    await apply('electric', electric.id, 'read', electricRead(Math.round((base - 6) * 100) / 100));
    expect(await openFaults('reading_drop', 'electric', electric.id)).toBe(1);
    expect(await balance(electric.accountId)).toBe(opening);
    // Still below the baseline: nothing counted.
    const below = await apply('electric', electric.id, 'read', electricRead(Math.round((base - 5) * 100) / 100));
    expect(below).toMatchObject({ consumption: 0, costFen: 0 });
    // Back at the baseline: the fault clears, nothing charged; above it: counted from the baseline.
    const back = await apply('electric', electric.id, 'read', electricRead(base));
    expect(back).toMatchObject({ consumption: 0, costFen: 0 });
    expect(await openFaults('reading_drop', 'electric', electric.id)).toBe(0);
    const next = await apply('electric', electric.id, 'read', electricRead(Math.round((base + 1) * 100) / 100));
    expect(next).toMatchObject({ consumption: 1, costFen: 60 });
    expect(await balance(electric.accountId)).toBe(opening - 60);
  });

  it('water: charged at the meter\'s price per m³; low battery and valve faults open once and clear', async () => {
    await rows(sql`UPDATE water_meters SET price_fen = 350 WHERE id = ${water.id}`);
    const base = await lastWater(water.id);
    const opening = await balance(water.accountId);
    const read = await apply('water', water.id, 'read', { total: Math.round((base + 2.5) * 100) / 100, valveState: 'open', batteryLow: true });
    expect(read).toMatchObject({ consumption: 2.5, costFen: 875 });
    expect(await balance(water.accountId)).toBe(opening - 875);
    expect(await openFaults('low_battery', 'water', water.id)).toBe(1);
    await apply('water', water.id, 'read', { total: Math.round((base + 2.5) * 100) / 100, valveState: 'open', batteryLow: true });
    expect(await openFaults('low_battery', 'water', water.id)).toBe(1);
    expect((await one(sql`SELECT battery_low FROM water_meters WHERE id = ${water.id}`)).battery_low).toBe(true);
    await apply('water', water.id, 'read', { total: Math.round((base + 2.5) * 100) / 100, valveState: 'open', batteryLow: false });
    expect(await openFaults('low_battery', 'water', water.id)).toBe(0);
    expect(Number((await one(sql`SELECT count(*)::int AS n FROM faults WHERE kind = 'low_battery' AND device_id = ${water.id} AND device_kind = 'water'`)).n)).toBeGreaterThanOrEqual(1);

    await apply('water', water.id, 'valve_close', { valveState: 'abnormal' });
    expect((await one(sql`SELECT valve_state FROM water_meters WHERE id = ${water.id}`)).valve_state).toBe('abnormal');
    expect(await openFaults('valve_fault', 'water', water.id)).toBe(1);
    await apply('water', water.id, 'valve_open', { valveState: 'open' });
    expect(await openFaults('valve_fault', 'water', water.id)).toBe(0);
    expect((await one(sql`SELECT valve_state FROM water_meters WHERE id = ${water.id}`)).valve_state).toBe('open');
  });
});

describe('relay, power cuts and keep-supply', () => {
  it('trip → off and a power cut with its cause; close-allowed → close_pending (still cut); a read showing on closes the cut', async () => {
    await apply('electric', electric.id, 'trip', { relayState: 'off' }, { cause: 'maintenance' }, 424242);
    expect((await one(sql`SELECT relay_state FROM electric_meters WHERE id = ${electric.id}`)).relay_state).toBe('off');
    const cuts = await openCuts(electric.id);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toMatchObject({ cause: 'maintenance', command_id: 424242, room_id: electric.roomId });
    await apply('electric', electric.id, 'close_allowed', { relayState: 'close_pending' });
    expect((await one(sql`SELECT relay_state FROM electric_meters WHERE id = ${electric.id}`)).relay_state).toBe('close_pending');
    expect(await openCuts(electric.id)).toHaveLength(1);
    await apply('electric', electric.id, 'read', electricRead(await lastTotal(electric.id), { relayState: 'on' }));
    expect(await openCuts(electric.id)).toHaveLength(0);
    expect((await one(sql`SELECT relay_state FROM electric_meters WHERE id = ${electric.id}`)).relay_state).toBe('on');
  });

  it('a trip without a cause is manual; direct close ends the cut', async () => {
    await apply('electric', electric.id, 'trip', { relayState: 'off' });
    expect((await openCuts(electric.id))[0]).toMatchObject({ cause: 'manual' });
    await apply('electric', electric.id, 'direct_close', { relayState: 'on' });
    expect(await openCuts(electric.id)).toHaveLength(0);
    expect((await one(sql`SELECT on_at FROM power_cuts WHERE meter_id = ${electric.id} ORDER BY id DESC LIMIT 1`)).on_at).toBeTruthy();
    expect((await one(sql`SELECT relay_state FROM electric_meters WHERE id = ${electric.id}`)).relay_state).toBe('on');
  });

  it('keep-supply on and off', async () => {
    await apply('electric', electric.id, 'keep_supply_on', { keepSupply: true });
    expect((await one(sql`SELECT keep_supply FROM electric_meters WHERE id = ${electric.id}`)).keep_supply).toBe(true);
    await apply('electric', electric.id, 'keep_supply_off', { keepSupply: false });
    expect((await one(sql`SELECT keep_supply FROM electric_meters WHERE id = ${electric.id}`)).keep_supply).toBe(false);
  });
});

describe('arrears (rule 2)', () => {
  const pendingTrips = async () => rows(sql`SELECT * FROM commands WHERE device_kind = 'electric' AND device_id = ${electric.id} AND type = 'trip' AND state IN ('queued', 'sent')`);

  it('a deduction to −overdraft or below queues one trip with cause arrears (no operator); not again while it is pending', async () => {
    await setBalance(electric.accountId, -1000 + 100);
    const base = await lastTotal(electric.id);
    const result = await apply('electric', electric.id, 'read', electricRead(Math.round((base + 2) * 100) / 100, { relayState: 'on' }));
    expect(result.costFen).toBe(120);
    expect(result.commandIds).toHaveLength(1);
    const trips = await pendingTrips();
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ payload: { cause: 'arrears' }, operator_id: null, area_id: electric.areaId, state: 'queued' });
    const again = await apply('electric', electric.id, 'read', electricRead(Math.round((base + 3) * 100) / 100, { relayState: 'on' }));
    expect(again.commandIds).toBeUndefined();
    expect(await pendingTrips()).toHaveLength(1);
    await rows(sql`UPDATE commands SET state = 'failed' WHERE device_kind = 'electric' AND device_id = ${electric.id} AND type = 'trip'`);
  });

  it('no trip under keep-supply, with auto trip off, with the relay off, or above the line', async () => {
    const base = await lastTotal(electric.id);
    await setBalance(electric.accountId, -950);
    await rows(sql`UPDATE electric_meters SET keep_supply = true WHERE id = ${electric.id}`);
    expect((await apply('electric', electric.id, 'read', electricRead(Math.round((base + 1) * 100) / 100))).commandIds).toBeUndefined();
    await rows(sql`UPDATE electric_meters SET keep_supply = false, control_set_id = ${autoTripOff} WHERE id = ${electric.id}`);
    expect((await apply('electric', electric.id, 'read', electricRead(Math.round((base + 2) * 100) / 100))).commandIds).toBeUndefined();
    await rows(sql`UPDATE electric_meters SET control_set_id = NULL WHERE id = ${electric.id}`);
    expect((await apply('electric', electric.id, 'read', electricRead(Math.round((base + 3) * 100) / 100, { relayState: 'off' }))).commandIds).toBeUndefined();
    await setBalance(electric.accountId, 10_000);
    expect((await apply('electric', electric.id, 'read', electricRead(Math.round((base + 4) * 100) / 100, { relayState: 'on' }))).commandIds).toBeUndefined();
    expect(await pendingTrips()).toHaveLength(0);
  });

  it('water: at −overdraft the valve is closed (cause arrears)', async () => {
    await setBalance(water.accountId, -1000 + 100);
    const base = await lastWater(water.id);
    const result = await apply('water', water.id, 'read', { total: Math.round((base + 1) * 100) / 100, valveState: 'open', batteryLow: false });
    expect(result.commandIds).toHaveLength(1);
    expect(await one(sql`SELECT type, payload FROM commands WHERE id = ${result.commandIds![0]}`)).toMatchObject({ type: 'valve_close', payload: { cause: 'arrears' } });
    await rows(sql`UPDATE commands SET state = 'failed' WHERE id = ${result.commandIds![0]}`);
    await setBalance(water.accountId, 100_000);
  });
});

describe('through the pipeline', () => {
  it('a read command\'s result becomes a reading (runDueCommands → recordCommandResult)', async () => {
    const base = await lastTotal(electric.id);
    const total = Math.round((base + 0.42) * 100) / 100;
    const driver: DeviceDriver = { execute: async () => ({ ok: true, data: electricRead(total, { relayState: 'on' }) }) };
    const now = tick();
    const [id] = await backend.database.db.transaction((tx) => enqueueCommands(tx, 1, [{ areaId: electric.areaId, deviceKind: 'electric', deviceId: electric.id, type: 'read' }], now));
    await runDueCommands(backend.database.db, driver, now);
    expect((await one(sql`SELECT state FROM commands WHERE id = ${id}`)).state).toBe('succeeded');
    const reading = await one(sql`SELECT * FROM readings WHERE utility = 'electric' AND meter_id = ${electric.id} ORDER BY read_at DESC, id DESC LIMIT 1`);
    expect(Number(reading.total)).toBe(total);
    expect(Number(reading.consumption)).toBe(0.42);
  });
});

describe('billing property', () => {
  /** Reference charge (fen) of one reading: unit by unit, free units first. */
  function referenceCharge(kind: 'single' | 'tou' | 'tiered', consumption: number, freeLeft: number, mtd: number) {
    const free = Math.min(consumption, freeLeft);
    let exact = 0;
    for (let u = free; u < consumption; u++) {
      if (kind === 'tiered') {
        const place = mtd + u;
        exact += place < 10_000 ? 56 : place < 20_000 ? 61 : 86;
      } else exact += kind === 'tou' ? 65 : 60; // tou: every register on flat in these readings
    }
    return { free, costFen: Math.round(exact / 100) };
  }

  it('any sequence of readings: balance = opening − Σ reference charges = sum of the ledger; charges ≥ 0; free allowance first', async () => {
    const step = fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 0, max: 5000 }) }, // increase in hundredths
      { weight: 1, arbitrary: fc.integer({ min: -3000, max: -1 }) }, // a drop
    );
    await fc.assert(fc.asyncProperty(fc.constantFrom('single' as const, 'tou' as const, 'tiered' as const), fc.array(step, { minLength: 1, maxLength: 8 }), fc.nat(3000), async (kind, steps, allowance) => {
      await rows(sql`UPDATE electric_meters SET price_table_id = ${tables[kind]}, keep_supply = true WHERE id = ${electric.id}`);
      await rows(sql`UPDATE accounts SET free_left = ${allowance / 100} WHERE id = ${electric.accountId}`);
      const opening = await balance(electric.accountId);
      let mtd = Math.round(Number((await one(sql`SELECT coalesce(sum(consumption), 0) AS s FROM readings WHERE utility = 'electric' AND meter_id = ${electric.id}
        AND deleted_at IS NULL AND read_at >= '2026-10-31T16:00:00Z'`)).s) * 100);
      // The baseline: the highest accepted total (a drop leaves it where it was).
      let previous = Math.round(Number((await one(sql`SELECT coalesce(baseline_total, last_total) AS b FROM electric_meters WHERE id = ${electric.id}`)).b) * 100);
      let freeLeft = allowance;
      let charged = 0;
      for (const delta of steps) {
        const total = Math.max(0, previous + delta);
        const result = await apply('electric', electric.id, 'read', electricRead(total / 100));
        const consumption = Math.max(0, total - previous);
        const accepted = total >= previous;
        const ref = referenceCharge(kind, consumption, freeLeft, mtd);
        expect(result.costFen).toBe(ref.costFen);
        expect(result.costFen).toBeGreaterThanOrEqual(0);
        freeLeft -= ref.free;
        mtd += consumption;
        charged += ref.costFen;
        if (accepted) previous = total;
        expect(await balance(electric.accountId)).toBe(opening - charged);
        expect(Math.round(Number((await one(sql`SELECT free_left FROM accounts WHERE id = ${electric.accountId}`)).free_left) * 100)).toBe(freeLeft);
      }
      expect(await ledgerSum(electric.accountId)).toBe(await balance(electric.accountId));
    }), { numRuns: 25 });
    await rows(sql`UPDATE electric_meters SET keep_supply = false WHERE id = ${electric.id}`);
  }, 120_000);
});
