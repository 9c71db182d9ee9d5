/**
 * `npm run bench:lists`: the water archive list at scale (issue 9), as ratios measured in one run.
 *
 * 1. PostgreSQL (BENCH_DATABASE_URL) with the scale data set (BENCH_SCALE_ROOMS, default 100,000
 *    meters of each kind; kept in the database `metering_bench_scale` and reused by later runs
 *    unless BENCH_FRESH=1): page 1, two searches, a deep page and a sort on a joined column, each
 *    by BENCH_CONNECTIONS (50) keep-alive connections (undici's pool, as autocannon) for
 *    BENCH_SECONDS (10) against a backend process of its own, against the same SQL statements
 *    (captured at the driver from the same call in this process; prepared ones replayed prepared,
 *    by name) replayed by as many clients on a pool of the server's size: requests/s as a ratio,
 *    p50 and p95.
 * 2. The same calls at the demo size on PGlite and on PostgreSQL: PGlite's requests/s as a ratio
 *    of PostgreSQL's.
 *
 * Without BENCH_DATABASE_URL only PGlite at the demo size runs; BENCH_LISTS_SCALE=off skips step 1.
 * Exits non-zero on any error.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db';
import { bootstrap } from '../server/db/bootstrap';
import { SCALE_USER, scaleSeeded, seedScale } from '../server/db/seed/scale';
import { vacuumAnalyze } from '../server/db/rows';
import { hashPassword } from '../server/auth/password';
import { adminQuery, databaseUrl } from '../tests/support/postgres';
import { httpClosedLoop, loginOver, startServerProcess, type LoadFigures } from './support/serverProcess';
import { captureStatements, loadSql } from './support/sqlReplay';

const PASSWORD = 'bench-pass-1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SCALE_ROOMS = Number(process.env.BENCH_SCALE_ROOMS ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL;
/** The server's pool size (server/db/index.ts): the SQL baseline gets as many connections. */
const POOL_SIZE = 10;
const SCALE_DB = 'metering_bench_scale';

const CALLS: [string, string][] = [
  ['page 1 (25 rows)', 'webWaterArchive/findByCondition?pageNum=1&pageSize=25'],
  ['search "李伟" (a name, prefix)', `webWaterArchive/findByCondition?pageNum=1&pageSize=25&q=${encodeURIComponent('李伟')}`],
  ['search "1207" (address, room, phone: contains)', 'webWaterArchive/findByCondition?pageNum=1&pageSize=25&q=1207'],
  ['deep page (400 of 25 rows)', 'webWaterArchive/findByCondition?pageNum=400&pageSize=25'],
  ['sorted by room code (a joined column), descending', 'webWaterArchive/findByCondition?pageNum=1&pageSize=25&sortField=roomCode&sortOrder=desc'],
];

let failures = 0;
const fmt = (f: LoadFigures) => `${f.perSecond.toFixed(0)} req/s, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms${f.errors ? `, ${f.errors} ERRORS` : ''}`;

/** Loads one call over HTTP with CONNECTIONS connections. */
async function loadHttp(origin: string, token: string, path: string) {
  return httpClosedLoop(`${origin}/api/v1/electricity/${path}`, { 'X-Token': token }, CONNECTIONS, SECONDS);
}

async function scaleDatabase(adminUrl: string): Promise<string> {
  const url = databaseUrl(adminUrl, SCALE_DB);
  if (process.env.BENCH_FRESH === '1') await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${SCALE_DB}`);
  await adminQuery(adminUrl, `CREATE DATABASE ${SCALE_DB}`).catch(() => undefined);
  const database = await openDatabase({ url });
  try {
    await bootstrap(database.db, { adminPassword: PASSWORD });
    if (!(await scaleSeeded(database.db))) {
      console.log(`seeding ${SCALE_ROOMS} rooms and meters of each kind into ${SCALE_DB} (kept for later runs; BENCH_FRESH=1 seeds again)…`);
      const passwordHash = await hashPassword(PASSWORD);
      await database.db.transaction((tx) => seedScale(tx, { rooms: SCALE_ROOMS, days: 0, now: new Date(), passwordHash }));
      await vacuumAnalyze(database.db);
    }
    const rows = (await database.db.execute(sql`SELECT count(*)::int AS n FROM water_meters`)) as unknown as { rows: { n: number }[] };
    console.log(`${SCALE_DB}: ${rows.rows[0].n} water meters`);
  } finally {
    await database.close();
  }
  return url;
}

async function atScale(adminUrl: string) {
  const url = await scaleDatabase(adminUrl);
  const server = await startServerProcess({ databaseUrl: url, password: PASSWORD });
  try {
    const token = await loginOver(server.origin, SCALE_USER, PASSWORD);
    console.log(`\nWater archive at scale on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s each: the API against the same SQL (${POOL_SIZE} connections)`);
    for (const [label, path] of CALLS) {
      const api = await loadHttp(server.origin, token, path);
      const statements = await captureStatements(url, SCALE_USER, PASSWORD, path);
      const raw = await loadSql(url, statements, CONNECTIONS, SECONDS, POOL_SIZE);
      failures += api.errors + raw.errors;
      const prepared = statements.filter((statement) => statement.name).length;
      console.log(`  ${label}: API ${fmt(api)} | same ${statements.length} statements (${prepared} prepared) ${fmt(raw)} | API/SQL ${(api.perSecond / raw.perSecond).toFixed(2)}×`);
    }
  } finally {
    await server.stop();
  }
}

async function demoSize(label: string, databaseUrl: string | undefined) {
  const server = await startServerProcess({ databaseUrl, password: PASSWORD });
  try {
    const token = await loginOver(server.origin, 'admin', PASSWORD);
    const figures: LoadFigures[] = [];
    for (const [, path] of CALLS) {
      const result = await loadHttp(server.origin, token, path);
      failures += result.errors;
      figures.push(result);
    }
    console.log(`\n${label} at the demo size, ${CONNECTIONS} connections:`);
    CALLS.forEach(([call], i) => console.log(`  ${call}: ${fmt(figures[i])}`));
    return figures;
  } finally {
    await server.stop();
  }
}

if (PG_URL && process.env.BENCH_LISTS_SCALE !== 'off') await atScale(PG_URL);
const lite = await demoSize('PGlite', undefined);
if (PG_URL) {
  const name = `metering_bench_demo_${process.pid}`;
  await adminQuery(PG_URL, `CREATE DATABASE ${name}`);
  try {
    const postgres = await demoSize('PostgreSQL', databaseUrl(PG_URL, name));
    console.log('\nPGlite / PostgreSQL at the demo size (requests/s):');
    CALLS.forEach(([call], i) => console.log(`  ${call}: ${(lite[i].perSecond / postgres[i].perSecond).toFixed(2)}×`));
  } finally {
    await adminQuery(PG_URL, `DROP DATABASE IF EXISTS ${name}`);
  }
} else {
  console.log('\n(BENCH_DATABASE_URL not set: the scale figures and the PostgreSQL comparison need PostgreSQL)');
}
if (failures) {
  console.error(`\n${failures} request(s) failed`);
  process.exit(1);
}
