/**
 * The simulated modules' heartbeat (server/domain/moduleOnline.ts, started by server/startDevices.ts
 * when the simulator runs), on an injected clock and failure rate: a `simulator` module whose
 * outage window is "out" (moduleOffline, as the simulator's driver decides it) goes offline with
 * one `offline` fault and comes back with the fault cleared; a look that changes nothing writes
 * nothing; the seed's dead modules (sim_out_of_service) stay offline; and the auto-reader queues no
 * read for the meters of a module that is out, and reads them again once it is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queueAutoReads } from '../../server/domain/autoRead';
import { simHeartbeatTickMs, simulateModuleHeartbeats, SimulatedHeartbeat } from '../../server/domain/moduleOnline';
import { moduleOffline, OUTAGE_WINDOW_MINUTES } from '../../server/devices/living';
import { startDevices } from '../../server/startDevices';
import { countQueries } from '../support/queryCount';
import { startTestBackend, TEST_NOW, type TestBackend } from '../support/testApp';

let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

const RATE = 0.4;
const SCALE = 1;
const WINDOW_MS = OUTAGE_WINDOW_MINUTES * 60_000 / SCALE;
const opts = { failureRate: RATE, timeScale: SCALE };
/** The start of the n-th outage window after TEST_NOW's, plus a minute. */
const windowAt = (n: number) => new Date((Math.floor(TEST_NOW.getTime() / WINDOW_MS) + n) * WINDOW_MS + 60_000);

/** The simulated modules the heartbeat keeps (not out of service), with the meters behind them. */
let alive: { id: number; address: string; meters: number }[];
/** The module under test: has meters, out in window `outAt`, back in window `outAt + 1`. */
let target: { id: number; address: string; meters: number };
let outAt: number;

const moduleState = (id: number) => one(sql`SELECT online, last_heartbeat_at,
  (SELECT count(*)::int FROM faults WHERE device_kind = 'module' AND device_id = ${id} AND kind = 'offline' AND cleared_at IS NULL) AS open,
  (SELECT count(*)::int FROM faults WHERE device_kind = 'module' AND device_id = ${id} AND kind = 'offline') AS total
  FROM modules WHERE id = ${id}`);
/** A fingerprint of everything the heartbeat may write (row versions of modules and faults). */
const writes = async () => (await one(sql`SELECT (SELECT string_agg(xmin::text || ':' || id, ',' ORDER BY id) FROM modules) AS m,
  (SELECT count(*)::int FROM faults) AS f, (SELECT string_agg(xmin::text, ',' ORDER BY id) FROM faults WHERE kind = 'offline') AS o`));

beforeAll(async () => {
  backend = await startTestBackend();
  alive = (await rows(sql`SELECT mo.id, mo.address,
      (SELECT count(*) FROM electric_meters e WHERE e.module_id = mo.id) + (SELECT count(*) FROM water_meters w WHERE w.module_id = mo.id) AS meters
    FROM modules mo WHERE mo.kind = 'simulator' AND NOT mo.sim_out_of_service ORDER BY mo.id`))
    .map((r) => ({ id: Number(r.id), address: r.address, meters: Number(r.meters) }));
  expect(alive.length).toBeGreaterThan(10);
  // A module with meters, online in the first window, out in a later one and back in the next.
  for (const m of alive.filter((x) => x.meters > 0)) {
    if (moduleOffline(m.address, windowAt(0), RATE, SCALE)) continue;
    for (let n = 1; n < 40; n++) {
      if (moduleOffline(m.address, windowAt(n), RATE, SCALE) && !moduleOffline(m.address, windowAt(n + 1), RATE, SCALE)) {
        target = m;
        outAt = n;
        break;
      }
    }
    if (target) break;
  }
  expect(target).toBeDefined();
}, 120_000);
afterAll(() => backend.close());

describe('the seed', () => {
  it('marks exactly its offline simulated modules out of service, each with its open `offline` fault', async () => {
    const dead = await rows(sql`SELECT id, online, sim_out_of_service FROM modules WHERE kind = 'simulator' AND (sim_out_of_service OR NOT online)`);
    expect(dead.length).toBe(3);
    expect(dead.every((m) => m.sim_out_of_service && !m.online)).toBe(true);
    for (const m of dead) expect((await moduleState(m.id)).open).toBe(1);
  });
});

describe('the simulated heartbeat', () => {
  it('sets every alive simulated module from its outage window, each change with its `offline` fault', async () => {
    const at = windowAt(0);
    const result = await simulateModuleHeartbeats(backend.database.db, at, opts);
    const out = alive.filter((m) => moduleOffline(m.address, at, RATE, SCALE)).map((m) => m.id);
    expect(out.length).toBeGreaterThan(0);
    expect(result.wentOffline.sort((a, b) => a - b)).toEqual(out);
    expect(result.cameBack).toEqual([]);
    const offline = (await rows(sql`SELECT id FROM modules WHERE kind = 'simulator' AND NOT sim_out_of_service AND NOT online ORDER BY id`)).map((r) => Number(r.id));
    expect(offline).toEqual(out);
    for (const id of out) {
      const state = await moduleState(id);
      expect(state.open).toBe(1);
      expect(new Date(state.last_heartbeat_at).getTime()).toBe(at.getTime());
    }
    expect((await moduleState(target.id)).online).toBe(true);
  });

  it('writes nothing when nothing changed: one query, no row touched', async () => {
    const before = await writes();
    const counter = countQueries(backend.database);
    let result;
    try {
      result = await simulateModuleHeartbeats(backend.database.db, new Date(windowAt(0).getTime() + 60_000), opts);
    } finally {
      counter.restore();
    }
    expect(result).toEqual({ wentOffline: [], cameBack: [], refreshed: 0 });
    expect(counter.count).toBe(1);
    expect(await writes()).toEqual(before);
  });

  it('takes a module whose window is out offline with one `offline` fault, and clears it when it is back', async () => {
    const out = windowAt(outAt);
    await simulateModuleHeartbeats(backend.database.db, out, opts);
    let state = await moduleState(target.id);
    expect(state).toMatchObject({ online: false, open: 1 });
    const fault = await one(sql`SELECT area_id, detail, opened_at FROM faults WHERE device_kind = 'module' AND device_id = ${target.id} AND kind = 'offline' AND cleared_at IS NULL`);
    expect(new Date(fault.opened_at).getTime()).toBe(out.getTime());
    expect(fault.detail).toContain('心跳超时');
    // Later in the same window: still one fault.
    await simulateModuleHeartbeats(backend.database.db, new Date(out.getTime() + 5 * 60_000), opts);
    expect(await moduleState(target.id)).toMatchObject({ online: false, open: 1, total: state.total });

    const back = windowAt(outAt + 1);
    const result = await simulateModuleHeartbeats(backend.database.db, back, opts);
    expect(result.cameBack).toContain(target.id);
    state = await moduleState(target.id);
    expect(state).toMatchObject({ online: true, open: 0 });
    expect(new Date(state.last_heartbeat_at).getTime()).toBe(back.getTime());
    const cleared = await one(sql`SELECT cleared_at FROM faults WHERE device_kind = 'module' AND device_id = ${target.id} AND kind = 'offline' ORDER BY id DESC LIMIT 1`);
    expect(new Date(cleared.cleared_at).getTime()).toBe(back.getTime());
  });

  it('moves an online module\'s heartbeat time only once it is older than the refresh period, in one statement', async () => {
    const back = windowAt(outAt + 1);
    const quiet = (at: Date) => alive.filter((m) => moduleOffline(m.address, at, RATE, SCALE) === moduleOffline(m.address, back, RATE, SCALE)).length === alive.length;
    const later = new Date(back.getTime() + 2 * 60_000);
    expect(quiet(later)).toBe(true);
    const result = await simulateModuleHeartbeats(backend.database.db, later, { ...opts, refreshMs: 60_000 });
    expect(result.wentOffline).toEqual([]);
    expect(result.refreshed).toBeGreaterThan(0);
    expect(new Date((await moduleState(target.id)).last_heartbeat_at).getTime()).toBe(later.getTime());
    const offline = await rows(sql`SELECT last_heartbeat_at FROM modules WHERE NOT online`);
    expect(offline.every((m) => new Date(m.last_heartbeat_at).getTime() !== later.getTime())).toBe(true);
  });

  it('leaves the seed\'s dead modules offline with their one fault, whatever the rate', async () => {
    const dead = (await rows(sql`SELECT id, last_heartbeat_at FROM modules WHERE sim_out_of_service ORDER BY id`));
    for (const failureRate of [0, 1]) {
      const result = await simulateModuleHeartbeats(backend.database.db, windowAt(50), { failureRate, timeScale: SCALE });
      for (const m of dead) {
        expect(result.cameBack).not.toContain(m.id);
        const state = await moduleState(m.id);
        expect(state).toMatchObject({ online: false, open: 1, total: 1 });
        expect(new Date(state.last_heartbeat_at).getTime()).toBe(new Date(m.last_heartbeat_at).getTime());
      }
    }
    // Rate 0 brought every other simulated module back; rate 1 took them all away again: one fault each.
    const aliveOut = await one(sql`SELECT count(*)::int AS n FROM modules mo WHERE mo.kind = 'simulator' AND NOT mo.sim_out_of_service AND NOT mo.online
      AND (SELECT count(*) FROM faults f WHERE f.device_kind = 'module' AND f.device_id = mo.id AND f.kind = 'offline' AND f.cleared_at IS NULL) = 1`);
    expect(aliveOut.n).toBe(alive.length);
    await simulateModuleHeartbeats(backend.database.db, windowAt(50), { failureRate: 0, timeScale: SCALE });
  });
});

describe('the auto-reader with the heartbeat', () => {
  const behind = (id: number) => sql`(SELECT count(*)::int FROM commands c WHERE c.type = 'read' AND c.created_at >= ${windowAt(100).toISOString()} AND (
      (c.device_kind = 'electric' AND c.device_id IN (SELECT id FROM electric_meters WHERE module_id = ${id}))
      OR (c.device_kind = 'water' AND c.device_id IN (SELECT id FROM water_meters WHERE module_id = ${id}))))`;
  /** A whole read interval (60 one-minute ticks) from `start`; the reads are answered at once. */
  async function readRound(start: Date) {
    for (let m = 0; m < 60; m++) {
      const now = new Date(start.getTime() + m * 60_000);
      const ids = await queueAutoReads(backend.database.db, now, { intervalMinutes: 60 });
      if (!ids.length) continue;
      const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
      await rows(sql`UPDATE commands SET state = 'succeeded', finished_at = ${now.toISOString()} WHERE id IN (${list})`);
      await rows(sql`UPDATE electric_meters m SET last_read_at = ${now.toISOString()} FROM commands c WHERE c.id IN (${list}) AND c.device_kind = 'electric' AND c.device_id = m.id`);
      await rows(sql`UPDATE water_meters m SET last_read_at = ${now.toISOString()} FROM commands c WHERE c.id IN (${list}) AND c.device_kind = 'water' AND c.device_id = m.id`);
    }
  }

  it('queues no read for the meters of a module that is out, and reads them once it is back', async () => {
    // Every module back (rate 0), then the window in which the target is out.
    await simulateModuleHeartbeats(backend.database.db, windowAt(100), { failureRate: 0, timeScale: SCALE });
    await simulateModuleHeartbeats(backend.database.db, windowAt(outAt), opts);
    expect((await moduleState(target.id)).online).toBe(false);
    await readRound(windowAt(100));
    expect((await one(sql`SELECT ${behind(target.id)} AS n`)).n).toBe(0);
    // Meters behind other online modules were read meanwhile.
    const read = await one(sql`SELECT count(*)::int AS n FROM commands WHERE type = 'read' AND created_at >= ${windowAt(100).toISOString()}`);
    expect(read.n).toBeGreaterThan(0);

    await simulateModuleHeartbeats(backend.database.db, windowAt(outAt + 1), opts);
    expect((await moduleState(target.id)).online).toBe(true);
    await readRound(new Date(windowAt(100).getTime() + 61 * 60_000));
    expect((await one(sql`SELECT ${behind(target.id)} AS n`)).n).toBe(target.meters);
  }, 120_000);
});

describe('as the server starts it (server/startDevices.ts)', () => {
  it('looks once before startDevices resolves, then every simulated minute (never faster than 5 s)', async () => {
    // Everything online first; then the server starts at a moment the target is out.
    await simulateModuleHeartbeats(backend.database.db, windowAt(outAt + 1), { failureRate: 0, timeScale: SCALE });
    expect((await moduleState(target.id)).online).toBe(true);
    const clock = { now: windowAt(outAt) };
    const devices = await startDevices({
      database: backend.database,
      config: { simulator: true, simTimeScale: SCALE, simFailureRate: RATE, autoRead: false, readIntervalMinutes: 60, devicePort: undefined, simGatewayPort: undefined },
      now: () => clock.now,
      log: () => {},
    });
    try {
      expect(await moduleState(target.id)).toMatchObject({ online: false, open: 1 });
    } finally {
      await devices.stop();
    }
    expect(simHeartbeatTickMs(1)).toBe(60_000);
    expect(simHeartbeatTickMs(5)).toBe(12_000);
    expect(simHeartbeatTickMs(1000)).toBe(5_000);
  });

  it('SimulatedHeartbeat: looks never overlap, and none after stop', async () => {
    const heartbeat = new SimulatedHeartbeat(backend.database.db, () => windowAt(outAt + 1), { ...opts, tickMs: 60_000 });
    const first = heartbeat.start();
    expect(await heartbeat.tick()).toBeUndefined(); // the first look is still running
    expect(await first).toBeDefined();
    expect((await moduleState(target.id)).online).toBe(true);
    await heartbeat.stop();
    expect(await heartbeat.tick()).toBeUndefined();
  });
});
