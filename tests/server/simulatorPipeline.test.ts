/**
 * The living simulator through the command pipeline and the device events, on the seeded estate:
 * read commands give readings that continue from the platform's last reading (no drop), with a
 * plausible consumption and its charge; a trip stops consumption; close-allowed is followed by the
 * tenant's button press and a read shows the relay on again, which ends the power cut.
 * The driver here gives the simulator what the pipeline's target carries (last reading, recorded
 * relay / valve state, module), read from the database as the pipeline does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSimulator, type SimulatorTarget } from '../../server/devices/simulator';
import { LivingEstate } from '../../server/devices/living';
import type { DeviceDriver, DeviceTarget } from '../../server/devices/driver';
import { enqueueCommands, runDueCommands } from '../../server/domain/commands';
import { startTestBackend, TEST_NOW, type TestBackend } from '../support/testApp';

let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

const clock = { now: new Date(TEST_NOW) };
const estate = new LivingEstate({ timeScale: 10 });
const simulator = createSimulator({ estate, failureRate: 0, clock: () => clock.now });

/** The simulator with the target the pipeline builds (last reading, recorded state, module). */
const driver: DeviceDriver = {
  async execute(target: DeviceTarget, type, payload) {
    const table = target.kind === 'water' ? sql`water_meters` : sql`electric_meters`;
    const m = await one(sql`SELECT m.*, md.address AS module_address, md.online AS module_online FROM ${table} m JOIN modules md ON md.id = m.module_id WHERE m.id = ${target.id}`);
    const full: SimulatorTarget = {
      ...target,
      module: { id: m.module_id, address: m.module_address, kind: 'simulator', protocol: target.kind === 'water' ? 'cjt188' : 'dlt645', host: null, port: null, online: m.module_online, settings: {} },
      lastTotal: m.last_total ?? m.last_reading ?? null, lastReadAt: m.last_read_at ? new Date(m.last_read_at) : null,
      relayState: m.relay_state, keepSupply: m.keep_supply, valveState: m.valve_state, batteryLow: m.battery_low, meterType: m.meter_type,
    };
    if (full.lastTotal !== null) full.lastTotal = Number(full.lastTotal);
    return simulator.execute(full, type, payload);
  },
};

let electricIds: number[];
let waterIds: number[];
const run = async (kind: 'electric' | 'water', ids: number[], type: string, payload: Record<string, unknown> = {}) => {
  const area = (await one(sql`SELECT area_id FROM sys_users WHERE user_name = 'admin'`)).area_id;
  const queued = await backend.database.db.transaction((tx) => enqueueCommands(tx, 1, ids.map((deviceId) => ({ areaId: area, deviceKind: kind, deviceId, type, payload })), clock.now));
  while ((await runDueCommands(backend.database.db, driver, clock.now)) > 0) { /* drain */ }
  return rows(sql`SELECT * FROM commands WHERE id IN (${sql.join(queued.map((id) => sql`${id}`), sql`, `)}) ORDER BY id`);
};
const latest = (kind: string, id: number) => one(sql`SELECT * FROM readings WHERE utility = ${kind} AND meter_id = ${id} AND deleted_at IS NULL ORDER BY read_at DESC, id DESC LIMIT 1`);

beforeAll(async () => {
  backend = await startTestBackend();
  const area = (await one(sql`SELECT area_id FROM sys_users WHERE user_name = 'admin'`)).area_id;
  electricIds = (await rows(sql`SELECT m.id FROM electric_meters m JOIN modules md ON md.id = m.module_id AND md.online
    WHERE m.area_id = ${area} AND m.online AND m.relay_state = 'on' AND NOT m.keep_supply AND m.last_total IS NOT NULL ORDER BY m.id LIMIT 20`)).map((r) => r.id);
  waterIds = (await rows(sql`SELECT m.id FROM water_meters m JOIN modules md ON md.id = m.module_id AND md.online
    WHERE m.area_id = ${area} AND m.online AND m.valve_state = 'open' AND m.last_reading IS NOT NULL ORDER BY m.id LIMIT 10`)).map((r) => r.id);
  // Plenty of credit: no arrears trip in the way.
  await rows(sql`UPDATE accounts SET overdraft_fen = 10000000 WHERE room_id IN (SELECT room_id FROM electric_meters WHERE id IN (${sql.join(electricIds.map((id) => sql`${id}`), sql`, `)}))`);
}, 120_000);
afterAll(() => backend.close());

describe('living simulator through the pipeline', () => {
  it('reads continue from the platform\'s last reading with a plausible consumption and its charge', async () => {
    clock.now = new Date(TEST_NOW.getTime() + 60 * 60_000);
    const commands = await run('electric', electricIds, 'read');
    expect(commands.every((c) => c.state === 'succeeded')).toBe(true);
    let charged = 0;
    for (const id of electricIds) {
      const reading = await latest('electric', id);
      expect(new Date(reading.read_at).getTime()).toBe(clock.now.getTime());
      // One hour at 10× a room's pace: a few kWh at most, never a drop.
      expect(Number(reading.consumption)).toBeGreaterThan(0);
      expect(Number(reading.consumption)).toBeLessThan(60);
      expect(Math.round((Number(reading.sharp) + Number(reading.peak) + Number(reading.flat) + Number(reading.valley)) * 100)).toBe(Math.round(Number(reading.total) * 100));
      charged += Number(reading.cost_fen);
    }
    expect(charged).toBeGreaterThan(0);
    const water = await run('water', waterIds, 'read');
    expect(water.every((c) => c.state === 'succeeded')).toBe(true);
    for (const id of waterIds) expect(Number((await latest('water', id)).consumption)).toBeGreaterThanOrEqual(0);
    const drops = await one(sql`SELECT count(*)::int AS n FROM faults WHERE kind = 'reading_drop'`);
    expect(drops.n).toBe(0);
  });

  it('a trip stops consumption; close-allowed, the tenant presses the button, a read shows it on and ends the cut', async () => {
    const [id] = electricIds;
    const [trip] = await run('electric', [id], 'trip', { cause: 'manual' });
    expect(trip).toMatchObject({ state: 'succeeded', result: { relayState: 'off' } });
    const before = Number((await latest('electric', id)).total);
    clock.now = new Date(clock.now.getTime() + 60 * 60_000);
    await run('electric', [id], 'read');
    const off = await latest('electric', id);
    expect(Number(off.total)).toBe(before);
    expect(Number(off.consumption)).toBe(0);
    expect(Number(off.power_kw)).toBe(0);
    expect((await one(sql`SELECT relay_state FROM electric_meters WHERE id = ${id}`)).relay_state).toBe('off');
    expect(await rows(sql`SELECT * FROM power_cuts WHERE meter_id = ${id} AND on_at IS NULL`)).toHaveLength(1);

    await run('electric', [id], 'close_allowed');
    expect((await one(sql`SELECT relay_state FROM electric_meters WHERE id = ${id}`)).relay_state).toBe('close_pending');
    // At most 30 simulated minutes = 3 real minutes at scale 10.
    clock.now = new Date(clock.now.getTime() + 4 * 60_000);
    await run('electric', [id], 'read');
    expect((await one(sql`SELECT relay_state FROM electric_meters WHERE id = ${id}`)).relay_state).toBe('on');
    expect(await rows(sql`SELECT * FROM power_cuts WHERE meter_id = ${id} AND on_at IS NULL`)).toHaveLength(0);
  });

  it('keep-supply refuses a trip: the command fails as a device error and nothing changes', async () => {
    const id = electricIds[1];
    await run('electric', [id], 'keep_supply_on');
    const [trip] = await run('electric', [id], 'trip');
    expect(trip).toMatchObject({ state: 'failed', result_code: 'device_error' });
    expect((await one(sql`SELECT relay_state, keep_supply FROM electric_meters WHERE id = ${id}`))).toMatchObject({ relay_state: 'on', keep_supply: true });
    await run('electric', [id], 'keep_supply_off');
  });

  it('a closed valve stops the flow', async () => {
    const [id] = waterIds;
    await run('water', [id], 'valve_close');
    await run('water', [id], 'read');
    const closed = Number((await latest('water', id)).total);
    clock.now = new Date(clock.now.getTime() + 6 * 60 * 60_000);
    await run('water', [id], 'read');
    expect(Number((await latest('water', id)).total)).toBe(closed);
    expect((await one(sql`SELECT valve_state FROM water_meters WHERE id = ${id}`)).valve_state).toBe('closed');
  });
});
