/**
 * `npm run bench:dashboard`: the home dashboards' summaries and the graphic report, read from the
 * raw rows (before: every reading and order of the periods) and from the daily aggregates (after:
 * server/domain/aggregates.ts, migration 0027), interleaved in the same run on the same seeded demo
 * estate, p50 and p95 of each, and the ratio raw ÷ aggregates. Both answers are checked equal first.
 * PGlite (in memory) always; PostgreSQL too when BENCH_DATABASE_URL (or DATABASE_URL) is set (a
 * scratch database, dropped). BENCH_RUNS (default 30) measured runs of each, after 3 warm-ups.
 */
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import type { Database } from '../server/db';
import { bootstrap } from '../server/db/bootstrap';
import { dashboardSummary } from '../server/domain/dashboard';
import { graphicReport } from '../server/domain/graphicReport';
import { benchEachDatabase } from './support/eachDatabase';

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

await benchEachDatabase('metering_bench_dashboard', bench);
