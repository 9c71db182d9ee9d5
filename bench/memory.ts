/**
 * `npm run bench:memory`: resident memory (RSS) of the server, each variant in a process of its
 * own, as ratios to a bare Hono process: on PGlite in a worker thread (the default), on PGlite
 * in-process (PGLITE_WORKER=off) and, with BENCH_DATABASE_URL, on PostgreSQL (its own database
 * server's memory not counted). Each PGlite variant starts twice on a fresh data folder: the first
 * start creates and seeds the demo estate, the second is an ordinary start. RSS is read a few
 * seconds after the start-up lines, without requests.
 *
 * MEMORY_SETTLE_MS (3000): how long to wait after start before reading RSS.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, databaseUrl } from '../tests/support/postgres';

const SETTLE_MS = Number(process.env.MEMORY_SETTLE_MS ?? 3_000);
const PG_URL = process.env.BENCH_DATABASE_URL;

/** RSS of a process in MB (Linux /proc). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Starts `args` with `env`, waits until its output matches `ready` and then SETTLE_MS, reads RSS, stops it. */
async function idleRss(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<number> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 10 minutes:\n${output}`)), 600_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (ready.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return rssMb(child.pid!);
  } finally {
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

const SERVER_READY = /Demo login:.*\n/;
const server = (env: NodeJS.ProcessEnv) =>
  idleRss(['--import', 'tsx', 'server/index.ts'], { PORT: '0', ADMIN_PASSWORD: 'memory-bench-1', SIMULATOR: 'on', ...env }, SERVER_READY);

const BARE_HONO = `import { serve } from '@hono/node-server'; import { Hono } from 'hono';
const app = new Hono(); app.get('/', (c) => c.text('ok'));
serve({ fetch: app.fetch, port: 0 }, () => console.log('bare Hono ready'));`;

const rows: { label: string; mb: number }[] = [];
const bare = await idleRss(['--input-type=module', '-e', BARE_HONO], {}, /bare Hono ready/);
rows.push({ label: 'bare Hono process', mb: bare });

for (const [label, worker] of [['PGlite in a worker thread', 'on'], ['PGlite in-process', 'off']] as const) {
  const dataDir = mkdtempSync(join(tmpdir(), 'metering-memory-'));
  try {
    const env = { DATABASE_URL: '', DATA_DIR: dataDir, PGLITE_WORKER: worker, STATIC_DIR: join(dataDir, 'no-console') };
    rows.push({ label: `${label}, first start (seeding)`, mb: await server(env) });
    rows.push({ label: `${label}, later start`, mb: await server(env) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (PG_URL) {
  const name = `metering_memory_${process.pid}`;
  await adminQuery(PG_URL, `CREATE DATABASE ${name}`);
  try {
    const env = { DATABASE_URL: databaseUrl(PG_URL, name), STATIC_DIR: join(tmpdir(), 'no-console') };
    rows.push({ label: 'PostgreSQL, first start (seeding)', mb: await server(env) });
    rows.push({ label: 'PostgreSQL, later start', mb: await server(env) });
  } finally {
    await adminQuery(PG_URL, `DROP DATABASE IF EXISTS ${name}`);
  }
}

console.log(`\nIdle resident memory (RSS ${SETTLE_MS / 1000} s after start, no requests), as ratios to a bare Hono process (${bare.toFixed(0)} MB):`);
for (const { label, mb } of rows) console.log(`  ${label}: ${(mb / bare).toFixed(1)}× (${mb.toFixed(0)} MB)`);
