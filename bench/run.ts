/**
 * `npm run bench`: the request path (bench/requestPath.ts: menu-tree requests/s over HTTP with 50
 * connections against its SQL in-process), then API timings on the seeded demo estate, printed as ratios against a baseline
 * call measured in the same run (the figures move with the machine; the ratios should not).
 * PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set (a scratch database is created).
 * Ends with the idle memory of the server's variants (bench/memory.ts; BENCH_MEMORY=off skips it).
 */
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../server/db';
import { bootstrap } from '../server/db/bootstrap';
import { createApp } from '../server/app';
import { adminQuery, databaseUrl } from '../tests/support/postgres';
import { enqueueCommands, runDueCommands } from '../server/domain/commands';
import { createSimulator } from '../server/devices/simulator';
import { startRealtime } from '../server/realtime/hub';
import { benchRequestPath, servedApp } from './requestPath';

const PASSWORD = 'bench-pass-1';
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

async function measure(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { label, median: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)] };
}

async function benchDatabase(name: string, database: Database) {
  const seedStart = performance.now();
  await bootstrap(database.db, { adminPassword: PASSWORD, now: new Date('2026-11-21T10:00:00+08:00') });
  const seedMs = performance.now() - seedStart;
  const now = new Date('2026-11-21T12:00:00+08:00');
  const { hub: realtime, stop: stopListening } = await startRealtime(database);
  let heard = 0;
  // 200 consoles of the area listening (each event is serialised once per connection).
  for (let i = 0; i < 200; i++) realtime.subscribe({ areaIds: [1, 3], send: (event) => { heard += JSON.stringify(event).length > 0 ? 1 : 0; } });
  const app = createApp({ db: database.db, config: { simulator: false }, now: () => now, commandsQueued: () => undefined, log: () => undefined, realtime });
  const simulator = createSimulator({ failureRate: 0 });
  const meterIds = ((await database.db.execute('SELECT id FROM water_meters WHERE area_id = 1 AND online ORDER BY id LIMIT 50' as never)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  const login = async () => {
    const response = await app.request('/api/v1/quan_xian/deng_lu/login', {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: PASSWORD }).toString(),
    });
    return ((await response.json()) as { sessinId: string }).sessinId;
  };
  const token = await login();
  const get = (path: string) => async () => {
    const response = await app.request(`/api/v1/electricity/${path}`, { headers: { 'X-Token': token } });
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
  };
  // The request path first: the menu-tree call over HTTP with 50 connections against its SQL.
  const served = await servedApp(database, now);
  try {
    await benchRequestPath(name, database, served.app, PASSWORD, now);
  } finally {
    await served.stop();
  }
  const baseline = await measure('baseline: menu tree (resourse/queryResourseByRoleIdTree)', get('resourse/queryResourseByRoleIdTree?roleId=1'));
  const results = [
    await measure('water archive, first page of 25', get('webWaterArchive/findByCondition?pageNum=1&pageSize=25')),
    await measure('water archive, page 40 of 25', get('webWaterArchive/findByCondition?pageNum=40&pageSize=25')),
    await measure('water archive, search "10" sorted by address desc', get('webWaterArchive/findByCondition?pageSize=100&q=10&sortField=address&sortOrder=desc')),
    await measure('water archive, closed valves of a building', get('webWaterArchive/findByCondition?pageSize=100&valveState=closed&buildingId=1')),
    await measure('rooms without a water meter', get('webWaterArchive/findUserUnBind?pageSize=50')),
    await measure('read-failure list (alarm bell)', get('roomBillingStatement/findReadTheListOfFailuresVo')),
    await measure('50 valve commands queued and run, events pushed to 200 consoles', async () => {
      await enqueueCommands(database.db, 1, meterIds.map((id) => ({ areaId: 1, deviceKind: 'water' as const, deviceId: id, type: 'valve_close' })), now);
      while ((await runDueCommands(database.db, simulator, now)) > 0) { /* drain */ }
    }),
    await measure('login (scrypt N=16384)', login),
  ];
  await stopListening();
  console.log(`\n${name}: demo estate seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} runs each`);
  console.log(`  ${baseline.label}: median ${baseline.median.toFixed(2)} ms (= 1.00)`);
  for (const r of results) {
    console.log(`  ${r.label}: ${(r.median / baseline.median).toFixed(2)}× baseline (p90 ${(r.p90 / baseline.median).toFixed(2)}×)`);
  }
  console.log(`  websocket events delivered: ${heard}`);
  console.log(`  memory: rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
}

const lite = await openDatabase();
await benchDatabase('PGlite (in memory)', lite);
await lite.close();

const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const name = `metering_bench_${process.pid}`;
  await adminQuery(pgUrl, `CREATE DATABASE ${name}`);
  const pg = await openDatabase({ url: databaseUrl(pgUrl, name) });
  try {
    await benchDatabase('PostgreSQL', pg);
  } finally {
    await pg.close();
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name}`);
  }
}

// The dashboards' summaries from the raw rows and from the daily aggregates (bench/dashboard.ts; BENCH_DASHBOARD=off skips it).
if (!['0', 'false', 'off', 'no'].includes(String(process.env.BENCH_DASHBOARD ?? 'on').toLowerCase())) await import('./dashboard');
// Readings charged per second against a bare insert of the same ledger rows (bench/billing.ts; BENCH_BILLING=off skips it).
// At the full 10,000 meters × 30 days (docs/performance.md, "Billing"); BENCH_BILLING_METERS and
// BENCH_BILLING_DAYS shrink it.
if (!['0', 'false', 'off', 'no'].includes(String(process.env.BENCH_BILLING ?? 'on').toLowerCase())) await import('./billing');
// The statistics calls at city scale (bench/statistics.ts; PostgreSQL only; BENCH_STATISTICS=off skips it).
if (!['0', 'false', 'off', 'no'].includes(String(process.env.BENCH_STATISTICS ?? 'on').toLowerCase())) await import('./statistics');
if (!['0', 'false', 'off', 'no'].includes(String(process.env.BENCH_MEMORY ?? 'on').toLowerCase())) await import('./memory');
