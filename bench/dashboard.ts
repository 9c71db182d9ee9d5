/**
 * `npm run bench:dashboard`: the home dashboards' summaries and the graphic report, read from the
 * raw rows (before: every reading and order of the periods) and from the daily aggregates (after:
 * server/domain/aggregates.ts, migration 0027), interleaved in the same run on the same seeded demo
 * estate, p50 and p95 of each, and the ratio raw ÷ aggregates. Both answers are checked equal first.
 * PGlite (in memory) always; PostgreSQL too when BENCH_DATABASE_URL (or DATABASE_URL) is set (a
 * scratch database, dropped). BENCH_RUNS (default 30) measured runs of each, after 3 warm-ups.
 *
 * At scale (BENCH_DATABASE_URL set; BENCH_DASHBOARD_SCALE=off skips it, BENCH_DASHBOARD_DEMO=off
 * skips the demo part): the city-scale data set the statistics bench shares
 * (bench/support/scaleDatabase.ts: BENCH_SCALE_ROOMS rooms with an electric and a water meter each,
 * default 50,000, BENCH_SCALE_DAYS days of daily readings, default 365, in
 * `metering_bench_scale_<rooms>_<days>`, seeded once and kept; its pending migrations are applied
 * when the bench opens it). Each
 * dashboard call answered over HTTP by a backend process (pool of 10) to the operator `scale` (the
 * scale area only) with BENCH_CONNECTIONS (10) keep-alive connections for BENCH_SECONDS (10),
 * against the same SQL statements (captured at the driver from the same call) replayed by as many
 * clients on a pool of 10: p50, p95. The summaries' and the report's raw and aggregate answers are
 * checked equal there too.
 */
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import type { Database } from '../server/db';
import { bootstrap } from '../server/db/bootstrap';
import { dashboardSummary } from '../server/domain/dashboard';
import { graphicReport } from '../server/domain/graphicReport';
import { openDatabase } from '../server/db';
import { SCALE_USER } from '../server/db/seed/scale';
import { dayKey, periodsOf } from '../server/domain/dashboard';
import { benchEachDatabase } from './support/eachDatabase';
import { SCALE_PASSWORD, scaleDatabase } from './support/scaleDatabase';
import { httpClosedLoop, loginOver, startServerProcess, type LoadFigures } from './support/serverProcess';
import { captureStatements, databaseIdle, loadSql } from './support/sqlReplay';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const SEEDED_AT = new Date('2026-11-21T10:00:00+08:00');
const NOW = new Date('2026-11-21T12:00:00+08:00');
const ZONE = 'Asia/Shanghai';
const AREAS = [1, 2, 3];

type Source = 'raw' | 'aggregates';
const calls: { label: string; run: (database: Database, source: Source) => Promise<unknown> }[] = [
  { label: 'electricity summary (dashboard/findElectricSummary)', run: (d, source) => dashboardSummary(d.db, AREAS, 'electric', NOW, ZONE, { source }) },
  { label: 'water summary (dashboard/findWaterSummary)', run: (d, source) => dashboardSummary(d.db, AREAS, 'water', NOW, ZONE, { source }) },
  { label: 'graphic report, electricity, 30 days (graphicReport/findReport)', run: (d, source) => graphicReport(d.db, AREAS, 'electric', '2026-10-23', '2026-11-22', ZONE, { source }) },
  { label: 'graphic report, water, 90 days', run: (d, source) => graphicReport(d.db, AREAS, 'water', '2026-08-24', '2026-11-22', ZONE, { source }) },
];

const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * p))];

async function bench(name: string, database: Database) {
  const seedStart = performance.now();
  await bootstrap(database.db, { adminPassword: 'bench-pass-1', now: SEEDED_AT });
  console.log(`\n${name}: demo estate seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ${RUNS} runs of each, raw and aggregates interleaved`);
  for (const call of calls) {
    const [raw, aggregated] = [await call.run(database, 'raw'), await call.run(database, 'aggregates')];
    if (!isDeepStrictEqual(raw, aggregated)) throw new Error(`${call.label}: the aggregates' answer differs from the raw rows'`);
    for (let i = 0; i < 3; i++) { await call.run(database, 'raw'); await call.run(database, 'aggregates'); }
    const times: Record<Source, number[]> = { raw: [], aggregates: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const source of (i % 2 ? ['raw', 'aggregates'] : ['aggregates', 'raw']) as Source[]) {
        const start = performance.now();
        await call.run(database, source);
        times[source].push(performance.now() - start);
      }
    }
    const [rawP50, rawP95] = [percentile(times.raw, 0.5), percentile(times.raw, 0.95)];
    const [aggP50, aggP95] = [percentile(times.aggregates, 0.5), percentile(times.aggregates, 0.95)];
    console.log(`  ${call.label}`);
    console.log(`    raw rows:   p50 ${rawP50.toFixed(1)} ms, p95 ${rawP95.toFixed(1)} ms`);
    console.log(`    aggregates: p50 ${aggP50.toFixed(1)} ms, p95 ${aggP95.toFixed(1)} ms  (p95 ${(rawP95 / aggP95).toFixed(1)}× faster; ${aggP95 < 100 ? 'under' : 'OVER'} the 100 ms target)`);
  }
}

// ---- at scale: PostgreSQL, the scale data set, over HTTP with 10 connections, against its own SQL ----

const PG_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The server's pool size (server/db/index.ts): the SQL yardstick gets as many connections. */
const POOL_SIZE = 10;
const PASSWORD = SCALE_PASSWORD;
const SCALE_ZONE = process.env.BILLING_TIME_ZONE || 'Asia/Shanghai';

const fmt = (f: LoadFigures) => `p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms (${f.perSecond.toFixed(0)}/s${f.errors ? `, ${f.errors} ERRORS` : ''})`;

async function atScale(adminUrl: string) {
  const { url, areaId } = await scaleDatabase(adminUrl);
  const now = new Date();
  const today = dayKey(periodsOf(now, SCALE_ZONE).todayStart, SCALE_ZONE);
  const daysBefore = (n: number) => dayKey(periodsOf(new Date(now.getTime() - n * 86_400_000), SCALE_ZONE).todayStart, SCALE_ZONE);
  const reportCalls: [string, 'electric' | 'water', string, string][] = [
    ['graphicReport/findReport, electricity, 30 days', 'electric', daysBefore(30), today],
    ['graphicReport/findReport, water, 90 days', 'water', daysBefore(90), today],
  ];
  const calls: [string, string][] = [
    ['dashboard/findElectricSummary', 'dashboard/findElectricSummary'],
    ['dashboard/findWaterSummary', 'dashboard/findWaterSummary'],
    ['dashboard/findAlarms, electricity', 'dashboard/findAlarms?utility=electric'],
    ['dashboard/findAlarms, water', 'dashboard/findAlarms?utility=water'],
    ...reportCalls.map(([label, utility, from, to]): [string, string] => [label, `graphicReport/findReport?utility=${utility}&from=${from}&to=${to}`]),
  ];

  // The aggregates answer as the raw rows do at this size too.
  const database = await openDatabase({ url });
  try {
    for (const utility of ['electric', 'water'] as const) {
      const [raw, aggregated] = [await dashboardSummary(database.db, [areaId], utility, now, SCALE_ZONE, { source: 'raw' }), await dashboardSummary(database.db, [areaId], utility, now, SCALE_ZONE)];
      if (!isDeepStrictEqual(raw, aggregated)) throw new Error(`${utility} summary at scale: the aggregates' answer differs from the raw rows'`);
    }
    for (const [label, utility, from, to] of reportCalls) {
      const [raw, aggregated] = [await graphicReport(database.db, [areaId], utility, from, to, SCALE_ZONE, { source: 'raw' }), await graphicReport(database.db, [areaId], utility, from, to, SCALE_ZONE)];
      if (!isDeepStrictEqual(raw, aggregated)) throw new Error(`${label} at scale: the aggregates' answer differs from the raw rows'`);
    }
    console.log('  raw and aggregate answers equal (both summaries, both reports)');
  } finally {
    await database.close();
  }

  // The request deadline and the query timeout are raised to a minute, so that a call slower than
  // the defaults (4.5 s, 10 s) is measured rather than answered 503.
  const server = await startServerProcess({
    databaseUrl: url, password: PASSWORD,
    env: { BILLING_TIME_ZONE: SCALE_ZONE, REQUEST_DEADLINE_MS: '60000', DB_QUERY_TIMEOUT_MS: '60000', REQUEST_QUEUE_MS: '60000' },
  });
  let failures = 0;
  try {
    const token = await loginOver(server.origin, SCALE_USER, PASSWORD);
    console.log(`\nDashboards at scale on PostgreSQL, operator ${SCALE_USER}: ${CONNECTIONS} connections, ${SECONDS} s each; the API against its own SQL statements (${POOL_SIZE} connections)`);
    for (const [label, path] of calls) {
      await databaseIdle(url);
      // One call at a time first (what a single operator waits), then CONNECTIONS at once.
      const alone = await httpClosedLoop(`${server.origin}/api/v1/electricity/${path}`, { 'X-Token': token }, 1, Math.max(2, SECONDS / 2));
      await databaseIdle(url);
      const api = await httpClosedLoop(`${server.origin}/api/v1/electricity/${path}`, { 'X-Token': token }, CONNECTIONS, SECONDS);
      const statements = await captureStatements(url, SCALE_USER, PASSWORD, path);
      await databaseIdle(url);
      const direct = await loadSql(url, statements, CONNECTIONS, SECONDS, POOL_SIZE);
      failures += api.errors + direct.errors;
      const verdict = api.errors ? `FAILED: ${api.errors} of ${api.requests} answered with an error, the first: ${api.firstError}` : `${api.p95 < 100 ? 'under' : 'OVER'} the 100 ms p95 target`;
      console.log(`  ${label}: API ${fmt(api)} | its ${statements.length} statements ${fmt(direct)} | one call alone p50 ${alone.p50.toFixed(1)} ms | ${verdict}`);
    }
  } finally {
    await server.stop();
  }
  if (failures) throw new Error(`${failures} request(s) failed`);
}

if (process.env.BENCH_DASHBOARD_DEMO !== 'off') await benchEachDatabase('metering_bench_dashboard', bench);
if (PG_URL && process.env.BENCH_DASHBOARD_SCALE !== 'off') await atScale(PG_URL);
else if (!PG_URL) console.log('\n(BENCH_DATABASE_URL not set: the 100,000-meter figures need PostgreSQL)');
