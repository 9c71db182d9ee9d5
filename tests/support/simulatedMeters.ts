/**
 * Helpers of the tests that run commands through the pipeline to simulated electric meters
 * (tests/server/simulatorParameters.test.ts, arrearsSelfTrip.test.ts): a driver that hands the
 * simulator the target the pipeline builds (last reading, recorded relay state, module), commands
 * run to the end, and the meter's power cuts and relay as recorded.
 */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { createSimulator, SimulatorTarget } from '../../server/devices/simulator';
import type { DeviceDriver, DeviceTarget } from '../../server/devices/driver';
import { localClock } from '../../server/devices/living/parameters';
import { enqueueCommands, runDueCommands } from '../../server/domain/commands';
import type { TestBackend } from './testApp';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** 'HH:mm' of the local (UTC+8) clock at `ms` rounded down to the minute. */
export const hhmm = (ms: number) => {
  const { minute } = localClock(ms);
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
};
export const minuteStart = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

/** The helpers on a backend (read when called: the backend starts in beforeAll) and a test clock. */
export function simulatedMeters(backend: () => TestBackend, clock: { now: Date }) {
  const rows = async (query: ReturnType<typeof sql>) => ((await backend().database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

  /** The simulator with the target the pipeline builds. */
  const driverOf = (simulator: ReturnType<typeof createSimulator>): DeviceDriver => ({
    async execute(target: DeviceTarget, type, payload) {
      const m = await one(sql`SELECT m.*, md.address AS module_address, md.online AS module_online FROM electric_meters m JOIN modules md ON md.id = m.module_id WHERE m.id = ${target.id}`);
      const full: SimulatorTarget = {
        ...target,
        module: { id: m.module_id, address: m.module_address, kind: 'simulator', protocol: 'dlt645', host: null, port: null, online: m.module_online, settings: {} },
        lastTotal: m.last_total === null ? null : Number(m.last_total), lastReadAt: m.last_read_at ? new Date(m.last_read_at) : null,
        relayState: m.relay_state, keepSupply: m.keep_supply,
      };
      return simulator.execute(full, type, payload);
    },
  });

  /** Queues a command per meter and runs the queue dry; answers the commands' rows. */
  const run = async (driver: DeviceDriver, area: number, ids: number[], type: string, payload: Record<string, unknown> = {}) => {
    const queued = await backend().database.db.transaction((tx) => enqueueCommands(tx, 1, ids.map((deviceId) => ({ areaId: area, deviceKind: 'electric' as const, deviceId, type, payload })), clock.now));
    while ((await runDueCommands(backend().database.db, driver, clock.now)) > 0) { /* drain */ }
    return rows(sql`SELECT * FROM commands WHERE id IN (${sql.join(queued.map((id) => sql`${id}`), sql`, `)}) ORDER BY id`);
  };

  /** A new parameter set of the area. */
  const set = async (area: number, kind: string, values: Record<string, unknown>) =>
    Number((await one(sql`INSERT INTO parameter_sets (area_id, kind, name, values) VALUES (${area}, ${kind}, ${`sim ${kind} ${Math.random()}`}, ${JSON.stringify(values)}::jsonb) RETURNING id`)).id);

  /** A new set sent to a meter (set_parameter), which must succeed. */
  const assign = async (driver: DeviceDriver, area: number, id: number, kind: string, values: Record<string, unknown>) => {
    const setId = await set(area, kind, values);
    const [command] = await run(driver, area, [id], 'set_parameter', { setKind: kind, setId });
    expect(command).toMatchObject({ state: 'succeeded' });
    return setId;
  };

  const cuts = (id: number) => rows(sql`SELECT cause, off_at, on_at, command_id FROM power_cuts WHERE meter_id = ${id} ORDER BY off_at, id`);
  const relay = async (id: number) => (await one(sql`SELECT relay_state FROM electric_meters WHERE id = ${id}`)).relay_state;

  return { rows, one, driverOf, run, set, assign, cuts, relay };
}
