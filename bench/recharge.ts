/**
 * `npm run bench:recharge`: recharges per second through the HTTP app (`POST account/recharge`,
 * CONCURRENCY clients, each on its own room, every request a new request id) against a bare insert
 * of the same rows — the order and its ledger entry in one transaction, nothing else — measured in
 * the same run on the same database, printed as a ratio (the figures move with the machine; the
 * ratio much less). PGlite (in memory) always; PostgreSQL too when BENCH_DATABASE_URL (or
 * DATABASE_URL) is set: a scratch database is created on that server and dropped.
 *
 * The app is served in this process on loopback as server/index.ts builds it (admission control,
 * realtime hub, caches: bench/requestPath.ts `servedApp`), and the HTTP load runs in a worker thread.
 * Not bench/support/serverProcess.ts: the bare-insert yardstick must run on the very same database,
 * and an embedded PGlite cannot be opened by two processes.
 *
 * Size: BENCH_SECONDS (default 4) per measurement, BENCH_ROUNDS (default 2) interleaved rounds,
 * BENCH_CONCURRENCY (default 50). At the end every bench account's balance is checked against its ledger.
 */
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { schema, type Database } from '../server/db';
import { bootstrap } from '../server/db/bootstrap';
import { rowsOf } from '../server/db/rows';
import { benchEachDatabase } from './support/eachDatabase';
import { servedApp } from './requestPath';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PASSWORD = 'bench-pass-1';
const SEEDED_AT = new Date('2026-11-21T10:00:00+08:00');
const NOW = new Date('2026-11-21T12:00:00+08:00');
const AMOUNT_FEN = 100;

/** The HTTP load: one loop per room, each request a new request id (plain CommonJS in a worker thread). */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { origin, token, rooms, ms, amountFen, tag } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: rooms.length });
const url = new URL('/api/v1/electricity/account/recharge', origin);
let done = 0, failed = 0, sequence = 0, firstError = '';
const one = (roomId) => new Promise((resolve) => {
  const body = JSON.stringify({ roomId, utility: 'electric', amountFen, channel: 'cash', requestId: tag + '-' + roomId + '-' + (++sequence) });
  const request = http.request(url, { method: 'POST', agent, headers: { 'X-Token': token, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (response) => {
    let text = '';
    response.on('data', (chunk) => { text += chunk; });
    response.on('end', () => { if (response.statusCode === 200) done++; else { failed++; firstError ||= response.statusCode + ' ' + text.slice(0, 200); } resolve(); });
  });
  request.on('error', (error) => { failed++; firstError ||= String(error); resolve(); });
  request.end(body);
});
const start = performance.now();
const until = start + ms;
Promise.all(rooms.map(async (roomId) => { while (performance.now() < until) await one(roomId); })).then(() => {
  agent.destroy();
  parentPort.postMessage({ done, failed, firstError, seconds: (performance.now() - start) / 1000 });
});
`;

async function httpRecharges(origin: string, token: string, rooms: number[], ms: number, tag: string): Promise<number> {
  const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { origin, token, rooms, ms, amountFen: AMOUNT_FEN, tag } });
  const result = await new Promise<{ done: number; failed: number; firstError: string; seconds: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  if (result.failed) throw new Error(`${result.failed} recharges failed, first: ${result.firstError}`);
  return result.done / result.seconds;
}

interface Target { roomId: number; accountId: number; areaId: number }

/** The yardstick: the same order row and ledger row, inserted in one transaction, nothing else (no checks, no balance). */
async function bareInserts(database: Database, targets: Target[], ms: number, tag: string): Promise<number> {
  const { rechargeOrders, ledgerEntries } = schema;
  let done = 0;
  let sequence = 0;
  const start = performance.now();
  const until = start + ms;
  await Promise.all(targets.map(async (target) => {
    while (performance.now() < until) {
      const n = ++sequence;
      const orderId = `B${tag}${n}`;
      await database.db.transaction(async (tx) => {
        await tx.insert(rechargeOrders).values({
          orderId, areaId: target.areaId, roomId: target.roomId, utility: 'electric', amountFen: AMOUNT_FEN, channel: 'cash',
          operatorId: null, clientRequestId: `${tag}-${n}`, orderStatus: 1, createdAt: NOW,
        });
        await tx.insert(ledgerEntries).values({
          areaId: target.areaId, accountId: target.accountId, roomId: target.roomId, utility: 'electric', kind: 'recharge', amountFen: AMOUNT_FEN,
          balanceAfterFen: 0, refType: 'bench', refId: orderId, createdAt: NOW,
        });
      });
      done += 1;
    }
  }));
  return done / ((performance.now() - start) / 1000);
}

async function benchDatabase(name: string, database: Database) {
  const seedStart = performance.now();
  await bootstrap(database.db, { adminPassword: PASSWORD, now: SEEDED_AT });
  console.log(`\n${name}: seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  // CONCURRENCY distinct rooms of area 1 with an electric meter and account, their hoarding limit lifted for the run.
  const targets = rowsOf<{ room_id: number; id: number; area_id: number }>(await database.db.execute(sql`
    SELECT a.room_id, a.id, a.area_id FROM accounts a JOIN electric_meters m ON m.room_id = a.room_id
    WHERE a.utility = 'electric' AND a.area_id IN (SELECT id FROM areas WHERE id = (SELECT area_id FROM sys_users WHERE user_name = 'admin')
      OR parent_id = (SELECT area_id FROM sys_users WHERE user_name = 'admin'))
    ORDER BY a.id LIMIT ${CONCURRENCY}`)).map((row) => ({ roomId: Number(row.room_id), accountId: Number(row.id), areaId: Number(row.area_id) }));
  if (targets.length < CONCURRENCY) throw new Error(`only ${targets.length} rooms with an electric account`);
  await database.db.execute(sql`UPDATE accounts SET hoard_limit_fen = 1000000000000 WHERE id IN (${sql.join(targets.map((t) => sql`${t.accountId}`), sql`, `)})`);

  const { app, stop } = await servedApp(database, NOW);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const login = await fetch(`${origin}/api/v1/quan_xian/deng_lu/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: 'admin', password: PASSWORD }),
    });
    const { sessinId: token } = (await login.json()) as { sessinId: string };
    const rooms = targets.map((t) => t.roomId);
    const run = `${process.pid}${Date.now().toString(36)}`;
    // Warm-up: JIT, pools, caches.
    await httpRecharges(origin, token, rooms, 1000, `w${run}`);
    await bareInserts(database, targets, 500, `w${run}`);
    const rates = { http: [] as number[], bare: [] as number[] };
    // Interleaved, so that other load on the machine touches both alike.
    for (let round = 0; round < ROUNDS; round++) {
      rates.bare.push(await bareInserts(database, targets, SECONDS * 1000, `b${round}${run}`));
      rates.http.push(await httpRecharges(origin, token, rooms, SECONDS * 1000, `h${round}${run}`));
    }
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    const http = mean(rates.http);
    const bare = mean(rates.bare);
    console.log(`${name}: ${CONCURRENCY} concurrent clients on distinct rooms, ${ROUNDS}×${SECONDS} s each`);
    console.log(`  POST account/recharge over HTTP: ${http.toFixed(0)} recharges/s`);
    console.log(`  bare insert of the order + ledger rows in one transaction (in-process): ${bare.toFixed(0)}/s`);
    console.log(`  ratio: HTTP recharge = ${(http / bare).toFixed(2)}× the bare insert`);
    // Every recharge moved its account through the ledger: balance = sum of its ledger (bench rows aside).
    const [check] = rowsOf<{ bad: number }>(await database.db.execute(sql`SELECT count(*)::int AS bad FROM accounts a
      WHERE a.id IN (${sql.join(targets.map((t) => sql`${t.accountId}`), sql`, `)})
      AND a.balance_fen <> (SELECT coalesce(sum(amount_fen), 0) FROM ledger_entries l WHERE l.account_id = a.id AND l.ref_type IS DISTINCT FROM 'bench')`));
    console.log(`  accounts whose balance differs from their ledger: ${check.bad}`);
    if (Number(check.bad)) throw new Error('balance and ledger disagree');
    return { http, bare };
  } finally {
    server.close();
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    await stop();
  }
}

await benchEachDatabase('metering_bench_recharge', benchDatabase);
process.exit(0);
