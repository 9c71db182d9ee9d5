/**
 * The DTU path as the server wires it (server/startDevices.ts): a `dtu` module's DTU dials in to
 * DEVICE_PORT and registers with its address (here in lower case: addresses compare in capitals),
 * the module goes online; a read queued for a water meter behind it runs through the command
 * worker, the driver router, the protocol driver and the DTU's socket (real CJ/T 188 frames from the
 * simulated meters), and its reading is stored; when the DTU goes away the module is offline with an
 * open `offline` fault, and a new registration clears it. And the tcp-gateway path: a read answered
 * through a gateway (real DL/T 645 frames over a socket) shows the gateway online with its heartbeat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startDevices } from '../../server/startDevices';
import { enqueueCommands } from '../../server/domain/commands';
import { createMeterServer, type MeterServer } from '../../server/devices/tcp/meterServer';
import { LivingEstate } from '../../server/devices/living';
import { startTestBackend, type TestBackend } from '../support/testApp';
import { freePort } from '../support/processes';

let backend: TestBackend;
let devices: Awaited<ReturnType<typeof startDevices>>;
let meters: MeterServer;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];
const ADDRESS = 'DTU9001';
const WATER = '20261122900001';
let moduleId: number;
let meterId: number;
let devicePort: number;

/** Polls the database until `check` holds (the DTU's hooks write asynchronously). */
async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const moduleState = () => one(sql`SELECT online, (SELECT count(*)::int FROM faults WHERE device_kind = 'module' AND device_id = ${moduleId} AND kind = 'offline' AND cleared_at IS NULL) AS open FROM modules WHERE id = ${moduleId}`);

beforeAll(async () => {
  backend = await startTestBackend();
  moduleId = Number((await one(sql`INSERT INTO modules (area_id, address, name, kind, protocol, online) VALUES (1, ${ADDRESS}, 'DTU test', 'dtu', 'cjt188', false) RETURNING id`)).id);
  meterId = Number((await one(sql`INSERT INTO water_meters (area_id, module_id, address, meter_type) VALUES (1, ${moduleId}, ${WATER}, 'cold') RETURNING id`)).id);
  devicePort = await freePort();
  devices = await startDevices({
    database: backend.database,
    config: { simulator: true, simTimeScale: 1, simFailureRate: 0, autoRead: false, readIntervalMinutes: 60, devicePort, simGatewayPort: undefined },
    now: () => new Date(),
    log: () => {},
  });
  meters = createMeterServer({ bank: new LivingEstate({ timeScale: 1 }) });
}, 120_000);

afterAll(async () => {
  await meters?.close();
  await devices?.stop();
  await backend?.close();
});

describe('a DTU on DEVICE_PORT', () => {
  let dtu: { close(): void };

  it('registers (in lower case), and its module goes online', async () => {
    dtu = await meters.dialDtu({ port: devicePort, address: ADDRESS.toLowerCase(), heartbeatMs: 200 });
    await until(async () => (await moduleState()).online === true, 'the module online');
  });

  it('carries a read of a water meter behind it: the reading is stored', async () => {
    const [id] = await backend.database.db.transaction((tx) => enqueueCommands(tx, null, [{ areaId: 1, deviceKind: 'water', deviceId: meterId, type: 'read' }], new Date()));
    devices.worker!.wake();
    await until(async () => ['succeeded', 'failed', 'expired'].includes((await one(sql`SELECT state FROM commands WHERE id = ${id}`)).state), 'the read to finish');
    const command = await one(sql`SELECT state, result FROM commands WHERE id = ${id}`);
    expect(command.state).toBe('succeeded');
    const meter = await one(sql`SELECT last_reading, valve_state FROM water_meters WHERE id = ${meterId}`);
    expect(Number(meter.last_reading)).toBe(Number((command.result as { total: number }).total));
    expect((await one(sql`SELECT count(*)::int AS n FROM readings WHERE utility = 'water' AND meter_id = ${meterId}`)).n).toBe(1);
  });

  it('goes offline with an open offline fault when the DTU leaves, and back online (fault cleared) when it registers again', async () => {
    dtu.close();
    await until(async () => { const s = await moduleState(); return s.online === false && s.open === 1; }, 'the module offline with its fault');
    dtu = await meters.dialDtu({ port: devicePort, address: ADDRESS, heartbeatMs: 200 });
    await until(async () => { const s = await moduleState(); return s.online === true && s.open === 0; }, 'the module online, fault cleared');
    dtu.close();
    await until(async () => (await moduleState()).online === false, 'the module offline again');
  });

  it('closes a DTU whose address is no dtu module, changing nothing', async () => {
    const before = await one(sql`SELECT count(*)::int AS n FROM modules WHERE online`);
    const stranger = await meters.dialDtu({ port: devicePort, address: '55555555', heartbeatMs: 200 });
    await new Promise((resolve) => stranger.socket.once('close', resolve));
    expect((await one(sql`SELECT count(*)::int AS n FROM modules WHERE online`)).n).toBe(before.n);
  });
});

describe('a TCP gateway', () => {
  it('answers a read of an electric meter behind it over DL/T 645, and is then shown online with its heartbeat', async () => {
    const port = await meters.listen();
    const gateway = Number((await one(sql`INSERT INTO modules (area_id, address, name, kind, protocol, host, port, online) VALUES (1, 'GW9001', 'gateway test', 'tcp-gateway', 'dlt645', '127.0.0.1', ${port}, false) RETURNING id`)).id);
    const meter = Number((await one(sql`INSERT INTO electric_meters (area_id, module_id, channel, address) VALUES (1, ${gateway}, 1, '202611229001') RETURNING id`)).id);
    const [id] = await backend.database.db.transaction((tx) => enqueueCommands(tx, null, [{ areaId: 1, deviceKind: 'electric', deviceId: meter, type: 'read' }], new Date()));
    devices.worker!.wake();
    await until(async () => ['succeeded', 'failed', 'expired'].includes((await one(sql`SELECT state FROM commands WHERE id = ${id}`)).state), 'the read to finish');
    expect((await one(sql`SELECT state FROM commands WHERE id = ${id}`)).state).toBe('succeeded');
    const module = await one(sql`SELECT online, last_heartbeat_at FROM modules WHERE id = ${gateway}`);
    expect(module.online).toBe(true);
    expect(module.last_heartbeat_at).not.toBeNull();
    expect(Number((await one(sql`SELECT last_total FROM electric_meters WHERE id = ${meter}`)).last_total)).toBeGreaterThan(0);
  });
});
