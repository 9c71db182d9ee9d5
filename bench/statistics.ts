/**
 * `npm run bench:statistics` (issue 31, "At city scale"): the statistics calls on the city-scale data
 * set (bench/support/scaleDatabase.ts: 50,000 rooms × an electric and a water meter, 365 days of
 * daily readings — 36.5 million readings — in `metering_bench_scale_<rooms>_<days>`, kept), each
 * answered over HTTP by a backend process (pool of 10) to the operator `scale` (the scale area only)
 * with BENCH_CONNECTIONS (10) keep-alive connections for BENCH_SECONDS (10), against the same SQL
 * statements (captured at the driver from the same call) replayed by as many clients on a pool of
 * 10, the database idle before each: p50 and p95 of both, the ratio API p95 ÷ SQL p95, and whether
 * the call meets the target (p95 < 200 ms and ≤ 1.5× its SQL). Then a whole month's CSV export of
 * the readings: time to first and last byte, bytes, rows, and the server's peak resident memory
 * during it against its memory before (it streams: the peak should not grow with the rows).
 *
 * PostgreSQL only (BENCH_DATABASE_URL or DATABASE_URL; without it the bench says so and ends).
 * The scale seed writes no month ends: the settlements and statements the calls read are topped up
 * first when missing (server/db/seed/scaleTopUp.ts). BENCH_STATISTICS_ONLY=<substring> runs only the
 * calls whose label contains it; BENCH_STATISTICS_EXPORT=off skips the export.
 */
import { performance } from 'node:perf_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { openDatabase } from '../server/db';
import { rowsOf } from '../server/db/rows';
import { sql } from 'drizzle-orm';
import { SCALE_USER } from '../server/db/seed/scale';
import { scaleMonthEndsPresent, topUpScale } from '../server/db/seed/scaleTopUp';
import { monthBounds, previousMonth } from '../server/domain/statements';
import { SCALE_PASSWORD, scaleDatabase } from './support/scaleDatabase';
import { httpClosedLoop, loginOver, startServerProcess, type LoadFigures, type ServerProcess } from './support/serverProcess';
import { captureStatements, databaseIdle, loadSql } from './support/sqlReplay';

const PG_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The server's pool size (server/db/index.ts): the SQL yardstick gets as many connections. */
const POOL_SIZE = 10;
const ZONE = process.env.BILLING_TIME_ZONE || 'Asia/Shanghai';
const TARGET_MS = 200;
const TARGET_RATIO = 1.5;
/**
 * A backend is replaced after this long: its month-end job first runs 5 minutes after it starts
 * (server/startDevices.ts) and would rewrite a whole month for every meter in the middle of a
 * measurement.
 */
const SERVER_LIFETIME_MS = 3.5 * 60_000;

const fmt = (f: LoadFigures) => `p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms (${f.perSecond.toFixed(1)}/s${f.errors ? `, ${f.errors} ERRORS` : ''})`;

/** The resident memory (kB) of the server: the largest process of its process group (npx → tsx → node). */
function serverRssKb(server: ServerProcess): { rss: number; hwm: number } {
  let best = { rss: 0, hwm: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (in parentheses): state, ppid, pgrp, …
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== server.pid) continue;
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      if (rss > best.rss) best = { rss, hwm };
    } catch { /* the process ended meanwhile */ }
  }
  return best;
}

/** Streams GET `url` to the end: time to first and last byte, bytes, lines, and the server's peak RSS sampled every 50 ms. */
async function timedExport(url: string, token: string, server: ServerProcess) {
  const before = serverRssKb(server);
  let peak = before.rss;
  const sampler = setInterval(() => { peak = Math.max(peak, serverRssKb(server).rss); }, 50);
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 1, bodyTimeout: 600_000, headersTimeout: 600_000 });
  const start = performance.now();
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  try {
    const response = await pool.request({ method: 'GET', path: target.pathname + target.search, headers: { 'X-Token': token } });
    if (response.statusCode !== 200) throw new Error(`export: ${response.statusCode} ${(await response.body.text()).slice(0, 200)}`);
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer;
      if (!firstByte) firstByte = performance.now() - start;
      bytes += buffer.length;
      for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) lines++;
    }
  } finally {
    clearInterval(sampler);
    await pool.close();
  }
  const lastByte = performance.now() - start;
  const after = serverRssKb(server);
  return { firstByte, lastByte, bytes, rows: Math.max(0, lines - 1), rssBeforeKb: before.rss, rssPeakKb: Math.max(peak, after.rss), hwmKb: after.hwm };
}

async function atScale(adminUrl: string) {
  const scale = await scaleDatabase(adminUrl);
  const { url, areaId } = scale;
  const now = new Date();
  const month = previousMonth(now, ZONE);
  const { start, end } = monthBounds(month, ZONE);
  const readFrom = encodeURIComponent(start.toISOString());
  const readTo = encodeURIComponent(end.toISOString());

  // Parameters that hit real rows: a building and a room of the scale area.
  const database = await openDatabase({ url });
  let buildingId: number;
  try {
    const present = await scaleMonthEndsPresent(database.db, areaId);
    if (!present.settlements || !present.statements) {
      console.log('the scale area has no month ends yet (settlements, statements): topping them up (server/db/seed/scaleTopUp.ts)…');
      const result = await topUpScale(database.db, { now, timeZone: ZONE, log: (line) => console.log(`  ${line}`) });
      await database.db.execute(sql`ANALYZE monthly_settlements`);
      await database.db.execute(sql`ANALYZE room_statements`);
      console.log(`  months ${result.months.join(', ')}: ${result.settlements.toLocaleString('en')} settlements, ${result.statements.toLocaleString('en')} statements`);
    }
    const [row] = rowsOf<{ building_id: number }>(await database.db.execute(sql`SELECT min(id) AS building_id FROM buildings WHERE area_id = ${areaId}`));
    buildingId = Number(row.building_id);
  } finally {
    await database.close();
  }

  const lastMonth = `${readFrom}&readTo=${readTo}`;
  const created = `createdFrom=${readFrom}&createdTo=${readTo}`;
  const calls: [string, string][] = [
    ['readings, electricity, first page', 'meterReadingRecord/findByCondition?utility=electric&pageNum=1&pageSize=25'],
    ['readings, electricity, a building last month', `meterReadingRecord/findByCondition?utility=electric&pageNum=1&pageSize=25&buildingId=${buildingId}&readFrom=${lastMonth}`],
    ['readings, electricity, page 400 of 25', 'meterReadingRecord/findByCondition?utility=electric&pageNum=400&pageSize=25'],
    ['readings, electricity, sorted by read time ascending', 'meterReadingRecord/findByCondition?utility=electric&pageNum=1&pageSize=25&sortField=readAt&sortOrder=asc'],
    ['readings, water, first page', 'meterReadingRecord/findByCondition?utility=water&pageNum=1&pageSize=25'],
    ['readings, water, a building last month', `meterReadingRecord/findByCondition?utility=water&pageNum=1&pageSize=25&buildingId=${buildingId}&readFrom=${lastMonth}`],
    ['readings, water, page 400 of 25', 'meterReadingRecord/findByCondition?utility=water&pageNum=400&pageSize=25'],
    ['usage by room, last month', `roomUsage/findByCondition?granularity=month&pageNum=1&pageSize=25&readFrom=${lastMonth}`],
    ['usage by room, last month, by usage desc', `roomUsage/findByCondition?granularity=month&pageNum=1&pageSize=25&readFrom=${lastMonth}&sortField=usage&sortOrder=desc`],
    [`monthly settlement, ${month}`, `monthlySettlement/findByCondition?pageNum=1&pageSize=25&month=${month}`],
    ['recharge orders, first page', 'webStatsanalysisOrder/findRechargeOrderByParams?utility=electric&pageNum=1&pageSize=25'],
    ['recharge orders, a building last month, wechat', `webStatsanalysisOrder/findRechargeOrderByParams?utility=electric&pageNum=1&pageSize=25&buildingId=${buildingId}&channel=wechat&${created}`],
    ['recharge summary by day, last month', `rechargeSummary/findByCondition?groupBy=day&pageNum=1&pageSize=31&${created}`],
    ['recharge summary by channel, last month', `rechargeSummary/findByCondition?groupBy=channel&pageNum=1&pageSize=25&${created}`],
    ['recharge summary series by day, last month', `rechargeSummary/findSeries?groupBy=day&${created}`],
    ['room statements, first page', 'roomBillingStatement/findRoomBillingStatementPage?pageNum=1&pageSize=25'],
  ];
  const only = process.env.BENCH_STATISTICS_ONLY;
  const chosen = only ? calls.filter(([label]) => label.includes(only)) : calls;

  // The request deadline and the query timeout are raised to a minute, so that a call slower than
  // the defaults is measured rather than answered 503.
  const env = { BILLING_TIME_ZONE: ZONE, REQUEST_DEADLINE_MS: '60000', DB_QUERY_TIMEOUT_MS: '60000', REQUEST_QUEUE_MS: '60000' };
  let server = await startServerProcess({ databaseUrl: url, password: SCALE_PASSWORD, env });
  let startedAt = performance.now();
  let token = await loginOver(server.origin, SCALE_USER, SCALE_PASSWORD);
  const fresh = async () => {
    if (performance.now() - startedAt < SERVER_LIFETIME_MS) return;
    await server.stop();
    server = await startServerProcess({ databaseUrl: url, password: SCALE_PASSWORD, env });
    startedAt = performance.now();
    token = await loginOver(server.origin, SCALE_USER, SCALE_PASSWORD);
  };
  let failures = 0;
  const summary: string[] = [];
  try {
    console.log(`\nStatistics at scale on PostgreSQL, operator ${SCALE_USER}: ${CONNECTIONS} connections, ${SECONDS} s each; the API against its own SQL statements (${POOL_SIZE} connections); target p95 < ${TARGET_MS} ms and ≤ ${TARGET_RATIO}× its SQL`);
    for (const [label, path] of chosen) {
      await fresh();
      await databaseIdle(url);
      const api = await httpClosedLoop(`${server.origin}/api/v1/electricity/${path}`, { 'X-Token': token }, CONNECTIONS, SECONDS);
      const statements = await captureStatements(url, SCALE_USER, SCALE_PASSWORD, path);
      await databaseIdle(url);
      const direct = await loadSql(url, statements, CONNECTIONS, SECONDS, POOL_SIZE);
      failures += api.errors + direct.errors;
      const ratio = api.p95 / direct.p95;
      const meets = !api.errors && api.p95 < TARGET_MS && ratio <= TARGET_RATIO;
      const verdict = api.errors ? `FAILED: ${api.errors} of ${api.requests} answered with an error, the first: ${api.firstError}` : meets ? 'meets the target' : `MISSES the target (${api.p95 >= TARGET_MS ? `p95 ≥ ${TARGET_MS} ms` : ''}${api.p95 >= TARGET_MS && ratio > TARGET_RATIO ? ', ' : ''}${ratio > TARGET_RATIO ? `${ratio.toFixed(2)}× its SQL` : ''})`;
      console.log(`  ${label}: API ${fmt(api)} | its ${statements.length} statements ${fmt(direct)} | API p95 ÷ SQL p95 ${ratio.toFixed(2)} | ${verdict}`);
      summary.push(`| ${label} | ${api.p50.toFixed(0)} | ${api.p95.toFixed(0)} | ${direct.p50.toFixed(0)} | ${direct.p95.toFixed(0)} | ${ratio.toFixed(2)} | ${meets ? 'yes' : 'no'} |`);
    }

    if (process.env.BENCH_STATISTICS_EXPORT !== 'off' && !only) {
      await fresh();
      await databaseIdle(url);
      const figures = await timedExport(`${server.origin}/api/v1/electricity/meterReadingRecord/exportByCondition?readFrom=${lastMonth}`, token, server);
      console.log(`  CSV export of ${month}'s readings (both utilities): first byte ${(figures.firstByte / 1000).toFixed(2)} s, last byte ${(figures.lastByte / 1000).toFixed(1)} s, ${(figures.bytes / 1e6).toFixed(1)} MB, ${figures.rows.toLocaleString('en')} rows (${(figures.rows / (figures.lastByte / 1000)).toFixed(0)} rows/s); server RSS ${(figures.rssBeforeKb / 1024).toFixed(0)} MB before, peak ${(figures.rssPeakKb / 1024).toFixed(0)} MB during (VmHWM ${(figures.hwmKb / 1024).toFixed(0)} MB)`);
    }
  } finally {
    await server.stop();
  }
  console.log(`\n| call | API p50 | API p95 | SQL p50 | SQL p95 | API÷SQL p95 | meets |\n|---|---|---|---|---|---|---|\n${summary.join('\n')}`);
  if (failures) throw new Error(`${failures} request(s) failed`);
}

if (PG_URL) await atScale(PG_URL);
else console.log('bench:statistics: BENCH_DATABASE_URL (or DATABASE_URL) is not set; the statistics calls are measured at city scale on PostgreSQL only');
