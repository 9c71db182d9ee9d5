/**
 * `npm run bench:load`: many operators at once against a started server (its own process, on a fresh
 * embedded database by default), as a loaded day looks: list pages, searches, the alarm bell, valve
 * commands. Reports answered / shed (503) / failed / unanswered requests and latency percentiles,
 * as ratios to one operator alone measured first in the same run; then checks that every
 * acknowledged valve command was stored and nothing else was (no write without an answer).
 *
 * LOAD_SESSIONS (200), LOAD_SECONDS (60), LOAD_TIMEOUT_MS (30000: a request unanswered by then
 * counts as unanswered), BENCH_DATABASE_URL (PostgreSQL instead of PGlite). Exits non-zero when a
 * request failed (5xx other than a 503 shed), went unanswered, or a write was lost or unacknowledged.
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db';
import { startServerProcess } from './support/serverProcess';

const SESSIONS = Number(process.env.LOAD_SESSIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const TIMEOUT_MS = Number(process.env.LOAD_TIMEOUT_MS ?? 30_000);
const PASSWORD = 'load-pass-2026';
const PG_URL = process.env.BENCH_DATABASE_URL;

/** The server on a fresh database, with the simulator, every operator behind the company's proxy. */
const startServer = () => startServerProcess({
  databaseUrl: PG_URL, password: PASSWORD, keepData: true,
  // Every operator signs in from an address of their own, as behind the company's reverse proxy.
  env: { SIMULATOR: 'on', TRUST_PROXY: '1' },
});

/** The console's request timeout (SPEC.md section 9): an answer after it comes too late for an operator. */
const CONSOLE_TIMEOUT_MS = 5_000;

interface Tally { answered: number; shed: number; failed: number; unanswered: number; late: number; latencies: number[]; statuses: Map<number, number> }
const tally = (): Tally => ({ answered: 0, shed: 0, failed: 0, unanswered: 0, late: 0, latencies: [], statuses: new Map() });

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN);

async function main() {
  const server = await startServer();
  const api = `${server.origin}/api/v1/electricity`;
  try {
    const login = async (i: number) => {
      const response = await fetch(`${server.origin}/api/v1/quan_xian/deng_lu/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': `198.18.${(i >> 8) & 255}.${i & 255}` },
        body: new URLSearchParams({ username: 'admin', password: PASSWORD }),
      });
      const body = (await response.json()) as { code: number; sessinId: string; msg?: string };
      if (body.code !== 200) throw new Error(`sign-in ${i}: ${body.code} ${body.msg}`);
      return body.sessinId;
    };
    const first = await login(0);
    const meters = ((await (await fetch(`${api}/webWaterArchive/findByCondition?pageSize=100&online=true`, { headers: { 'X-Token': first } })).json()) as { data: { records: { id: number }[] } }).data.records.map((m) => m.id);
    const acknowledged: number[] = [];

    /** One operator's day: a request, a short pause, again, until the end of the run. */
    const operator = async (token: string, until: number, counts: Tally, random: () => number) => {
      while (performance.now() < until) {
        const roll = random();
        let url: string;
        let init: RequestInit = { headers: { 'X-Token': token } };
        let valve = false;
        if (roll < 0.55) url = `${api}/webWaterArchive/findByCondition?pageNum=${1 + Math.floor(random() * 40)}&pageSize=25`;
        else if (roll < 0.75) url = `${api}/webWaterArchive/findByCondition?pageSize=25&q=${Math.floor(random() * 900) + 100}`;
        else if (roll < 0.9) url = `${api}/roomBillingStatement/findReadTheListOfFailuresVo`;
        else {
          valve = true;
          url = `${api}/webWaterArchive/updateWaterStatus`;
          init = {
            method: 'PUT', headers: { 'X-Token': token, 'Content-Type': 'application/json' },
            body: JSON.stringify({ id: meters[Math.floor(random() * meters.length)], valveState: random() < 0.5 ? 'open' : 'closed' }),
          };
        }
        const start = performance.now();
        try {
          const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
          const body = (await response.json()) as { code: number; data?: { commandIds?: number[] } };
          if (performance.now() - start > CONSOLE_TIMEOUT_MS) counts.late += 1;
          counts.statuses.set(response.status, (counts.statuses.get(response.status) ?? 0) + 1);
          if (response.status === 503) counts.shed += 1;
          else if (response.status >= 500 || body.code !== 200) counts.failed += 1;
          else {
            counts.answered += 1;
            counts.latencies.push(performance.now() - start);
            if (valve) acknowledged.push(...(body.data?.commandIds ?? []));
          }
        } catch {
          counts.unanswered += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, random() * 100));
      }
    };
    const seeded = (seed: number) => () => {
      // mulberry32: the same requests every run.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };

    // The baseline: one operator alone for a few seconds.
    const alone = tally();
    await operator(first, performance.now() + Math.min(5, SECONDS) * 1000, alone, seeded(1));
    const baseline = percentile([...alone.latencies].sort((a, b) => a - b), 0.5);

    const tokens = [first];
    for (let i = 1; i < SESSIONS; i++) tokens.push(await login(i));
    const loaded = tally();
    // Commands after the last one acknowledged so far are the run's (the demo's own are older).
    const floorId = Math.max(0, ...acknowledged);
    const started = performance.now();
    const ackBefore = acknowledged.length;
    await Promise.all(tokens.map((token, i) => operator(token, started + SECONDS * 1000, loaded, seeded(100 + i))));
    const elapsed = (performance.now() - started) / 1000;
    const sorted = [...loaded.latencies].sort((a, b) => a - b);
    const total = loaded.answered + loaded.shed + loaded.failed + loaded.unanswered;
    const ratio = (ms: number) => `${(ms / baseline).toFixed(1)}×`;
    console.log(`${SESSIONS} operators for ${SECONDS} s on ${PG_URL ? 'PostgreSQL' : 'PGlite'}: ${total} requests (${(total / elapsed).toFixed(0)}/s)`);
    console.log(`  answered ${loaded.answered}, shed with 503 ${loaded.shed}, failed ${loaded.failed}, unanswered in ${TIMEOUT_MS / 1000} s ${loaded.unanswered}, answered after the console's ${CONSOLE_TIMEOUT_MS / 1000} s timeout ${loaded.late}`);
    console.log(`  latency of answered requests as ratios to one operator alone (median ${baseline.toFixed(1)} ms): p50 ${ratio(percentile(sorted, 0.5))}, p95 ${ratio(percentile(sorted, 0.95))}, p99 ${ratio(percentile(sorted, 0.99))}, max ${ratio(sorted[sorted.length - 1] ?? NaN)}`);
    console.log(`  statuses: ${[...loaded.statuses].map(([status, n]) => `${status}×${n}`).join(', ')}`);

    // Every acknowledged valve command is stored, and none other was written during the run.
    await server.stop();
    const database = await openDatabase(PG_URL ? { url: PG_URL } : { dataDir: server.dataDir });
    const stored = ((await database.db.execute(`SELECT count(*)::int AS n FROM commands WHERE id > ${floorId}` as never)) as unknown as { rows: { n: number }[] }).rows[0].n;
    await database.close();
    const acknowledgedInRun = acknowledged.length - ackBefore;
    console.log(`  valve commands acknowledged ${acknowledgedInRun}, stored ${stored}`);
    const problems = [
      loaded.failed ? `${loaded.failed} failed` : '', loaded.unanswered ? `${loaded.unanswered} unanswered` : '',
      stored !== acknowledgedInRun ? `stored ${stored} ≠ acknowledged ${acknowledgedInRun}` : '',
    ].filter(Boolean);
    if (problems.length) {
      console.error(`load bench: ${problems.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();
