/**
 * The request path: requests/s of the menu-tree call (`resourse/queryResourseByRoleIdTree`) over
 * real HTTP on loopback with CONCURRENCY connections, against the database running the SQL of
 * that call in-process with the same concurrency — printed as ratios measured in the same run
 * (the figures move with the machine and its other load; the ratios much less).
 *
 * Two in-process references:
 * - "landed SQL": the four statements the call ran before the request-path work (session join,
 *   the whole `areas` table, the role check, the granted resources + tree): the fixed yardstick
 *   the issue measured 0.27× against;
 * - "one session query": what a call costs the database now with warm caches.
 *
 * The load generator runs in a worker thread (node:http, keep-alive), so that its own work does
 * not take the server's thread. Run alone with `npx tsx bench/requestPath.ts`
 * (BENCH_DATABASE_URL adds PostgreSQL), or as part of `npm run bench`.
 */
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { serve, type ServerType } from '@hono/node-server';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { pathToFileURL } from 'node:url';
import { openDatabase, schema, type Database, type Db } from '../server/db';
import { bootstrap } from '../server/db/bootstrap';
import { createApp } from '../server/app';
import { buildTree, grantedResources } from '../server/routes/resourse';
import { startRealtime } from '../server/realtime/hub';
import { startCaches } from '../server/cache/requestCaches';
import { adminQuery, databaseUrl } from '../tests/support/postgres';

const { sessions, sysUsers, roles, areas } = schema;

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = 2;

/** Runs `one` in CONCURRENCY loops for `ms`; answers completed calls per second. */
async function inProcessRate(one: () => Promise<unknown>, ms: number): Promise<number> {
  let done = 0;
  const start = performance.now();
  const until = start + ms;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (performance.now() < until) {
      await one();
      done += 1;
    }
  }));
  return done / ((performance.now() - start) / 1000);
}

/** The HTTP load loop, run in a worker thread (plain CommonJS: no TypeScript loader needed there). */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, token, concurrency, ms } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
let done = 0, failed = 0;
const one = () => new Promise((resolve) => {
  const request = http.get(url, { agent, headers: { 'X-Token': token } }, (response) => {
    response.resume();
    response.on('end', () => { if (response.statusCode === 200) done++; else failed++; resolve(); });
  });
  request.on('error', () => { failed++; resolve(); });
});
const start = performance.now();
const until = start + ms;
const loop = async () => { while (performance.now() < until) await one(); };
Promise.all(Array.from({ length: concurrency }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ done, failed, seconds: (performance.now() - start) / 1000 });
});
`;

export async function httpRate(url: string, token: string, ms: number): Promise<number> {
  const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { url, token, concurrency: CONCURRENCY, ms } });
  const result = await new Promise<{ done: number; failed: number; seconds: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  if (result.failed) throw new Error(`${result.failed} HTTP calls failed`);
  return result.done / result.seconds;
}

/** The statements the menu-tree call ran on the landed code, one call's worth. */
async function landedSql(db: Db, token: string, now: Date, roleId: number) {
  const [row] = await db
    .select({
      token: sessions.token, userId: sessions.userId, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt,
      userName: sysUsers.userName, state: sysUsers.state, roleId: sysUsers.roleId, areaId: sysUsers.areaId,
      readOnly: roles.readOnly, platformAdmin: roles.platformAdmin,
    })
    .from(sessions)
    .innerJoin(sysUsers, eq(sysUsers.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, sysUsers.roleId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, now)));
  const all = await db.select({ id: areas.id, parentId: areas.parentId }).from(areas);
  const scope = [row.areaId];
  for (let i = 0; i < scope.length; i++) for (const a of all) if (a.parentId === scope[i] && !scope.includes(a.id)) scope.push(a.id);
  await db.select().from(roles).where(and(eq(roles.id, roleId), inArray(roles.areaId, scope)));
  return buildTree(await grantedResources(db, roleId));
}

/** The one statement a call needs now (warm caches): the session, its user and role. */
async function sessionSql(db: Db, token: string, now: Date) {
  return db
    .select({ userId: sessions.userId, state: sysUsers.state, roleId: sysUsers.roleId, areaId: sysUsers.areaId, readOnly: roles.readOnly })
    .from(sessions)
    .innerJoin(sysUsers, eq(sysUsers.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, sysUsers.roleId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, now)));
}

export interface RequestPathResult { httpPerSecond: number; landedSqlPerSecond: number; sessionSqlPerSecond: number }

/**
 * Measures the menu-tree call of `app` served on loopback (signed in as
 * `admin` with `password`) against its SQL in-process; prints and answers the rates.
 */
export async function benchRequestPath(
  name: string, database: Database, app: ReturnType<typeof createApp>, password: string, now: Date,
): Promise<RequestPathResult> {
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = await fetch(`${base}/api/v1/quan_xian/deng_lu/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password }),
    });
    const { sessinId: token, roleId } = (await login.json()) as { sessinId: string; roleId: number };
    const url = `${base}/api/v1/electricity/resourse/queryResourseByRoleIdTree?roleId=${roleId}`;
    const check = (await (await fetch(url, { headers: { 'X-Token': token } })).json()) as { code: number; data: { children: unknown[] }[] };
    if (check.code !== 200 || !check.data[0]?.children.length) throw new Error(`menu tree call answered ${JSON.stringify(check).slice(0, 200)}`);
    // Warm-up: the JIT, the pools, the caches.
    await httpRate(url, token, 1000);
    await inProcessRate(() => landedSql(database.db, token, now, roleId), 500);
    const rates = { http: [] as number[], landed: [] as number[], session: [] as number[] };
    // Interleaved, so that a burst of other load on the machine touches all three alike.
    for (let round = 0; round < ROUNDS; round++) {
      rates.landed.push(await inProcessRate(() => landedSql(database.db, token, now, roleId), SECONDS * 1000));
      rates.http.push(await httpRate(url, token, SECONDS * 1000));
      rates.session.push(await inProcessRate(() => sessionSql(database.db, token, now), SECONDS * 1000));
    }
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    const result = { httpPerSecond: mean(rates.http), landedSqlPerSecond: mean(rates.landed), sessionSqlPerSecond: mean(rates.session) };
    console.log(`\n${name}: menu tree (resourse/queryResourseByRoleIdTree), ${CONCURRENCY} concurrent, ${ROUNDS}×${SECONDS} s each`);
    console.log(`  HTTP on loopback: ${result.httpPerSecond.toFixed(0)} requests/s`);
    console.log(`  landed SQL in-process (session join, areas, role, granted resources): ${result.landedSqlPerSecond.toFixed(0)}/s → HTTP = ${(result.httpPerSecond / result.landedSqlPerSecond).toFixed(2)}× of it`);
    console.log(`  one session query in-process: ${result.sessionSqlPerSecond.toFixed(0)}/s → HTTP = ${(result.httpPerSecond / result.sessionSqlPerSecond).toFixed(2)}× of it`);
    return result;
  } finally {
    server.close();
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  }
}

/** The app as server/index.ts builds it (admission control, realtime hub, caches listening), on a fixed clock. */
export async function servedApp(database: Database, now: Date) {
  const { hub: realtime, stop: stopRealtime } = await startRealtime(database);
  const { caches, stop: stopCaches } = await startCaches(database);
  const admission = { maxActive: database.kind === 'pglite' ? 8 : 64, maxWaitMs: 3000 };
  const app = createApp({ db: database.db, config: { simulator: false }, now: () => now, commandsQueued: () => undefined, log: () => undefined, realtime, admission, caches });
  const stop = async () => {
    await stopRealtime();
    await stopCaches();
  };
  return { app, stop };
}

/** Seeds `database` and measures it. */
async function standalone(name: string, database: Database) {
  const password = 'bench-pass-1';
  await bootstrap(database.db, { adminPassword: password, now: new Date('2026-11-21T10:00:00+08:00') });
  const now = new Date('2026-11-21T12:00:00+08:00');
  const { app, stop } = await servedApp(database, now);
  try {
    await benchRequestPath(name, database, app, password, now);
  } finally {
    await stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const lite = await openDatabase();
  await standalone('PGlite (in memory)', lite);
  await lite.close();
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    const scratch = `metering_bench_path_${process.pid}`;
    await adminQuery(pgUrl, `CREATE DATABASE ${scratch}`);
    const pg = await openDatabase({ url: databaseUrl(pgUrl, scratch) });
    try {
      await standalone('PostgreSQL', pg);
    } finally {
      await pg.close();
      await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${scratch}`);
    }
  }
}
