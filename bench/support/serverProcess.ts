/**
 * A backend started as a process of its own (`tsx server/index.ts`), as operators run it, for the
 * benchmarks that load it over HTTP from this process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { freePort, stopProcessGroup } from '../../tests/support/processes';

export interface ServerProcess {
  origin: string;
  pid: number;
  /** The PGlite data folder (removed by `stop()` unless `keepData`). */
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the backend on a free port: PostgreSQL at `databaseUrl`, else PGlite in a fresh folder. */
export async function startServerProcess(options: { databaseUrl?: string; password: string; env?: Record<string, string>; keepData?: boolean }): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'metering-bench-'));
  const env = {
    ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: options.password, DATABASE_URL: options.databaseUrl ?? '',
    SIMULATOR: 'off', STATIC_DIR: join(dataDir, 'no-console'), ...options.env,
  };
  const child = spawn('npx', ['tsx', 'server/index.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/console and API on|API on http/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    dataDir,
    stop: async () => {
      await stopProcessGroup(child, 5_000);
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in over HTTP as SPEC.md's login call does; resolves to the session token. */
export async function loginOver(origin: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/quan_xian/deng_lu/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const body = (await response.json()) as { code: number; sessinId: string };
  if (body.code !== 200) throw new Error(`login ${username}: ${JSON.stringify(body)}`);
  return body.sessinId;
}

export interface LoadFigures {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  /** What the first failed call answered (status and the start of its body) or threw. */
  firstError?: string;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/** `connections` loops calling `run` back to back for `seconds`; latencies in ms. */
export async function closedLoop(run: () => Promise<boolean>, connections: number, seconds: number): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const ok = await run().catch((error: unknown) => {
        firstError ??= error instanceof Error ? error.message : String(error);
        return false;
      });
      latencies.push(performance.now() - t);
      if (!ok) errors++;
    }
  }));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, perSecond: latencies.length / elapsed, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), firstError };
}

/**
 * `connections` keep-alive connections calling GET `url` back to back for `seconds`, as autocannon
 * does (issue 9 measured with it): undici's pool, no WHATWG fetch objects per call, so that the load
 * generator, which shares the machine's cores with the server and the database, costs little. A
 * call counts as answered when its status is 200 and its body the success envelope.
 */
export async function httpClosedLoop(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadFigures> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections, pipelining: 1 });
  const path = target.pathname + target.search;
  let firstError: string | undefined;
  try {
    const figures = await closedLoop(async () => {
      const response = await pool.request({ method: 'GET', path, headers });
      const body = await response.body.text();
      const ok = response.statusCode === 200 && body.startsWith('{"code":200');
      if (!ok) firstError ??= `${response.statusCode} ${body.slice(0, 160)}`;
      return ok;
    }, connections, seconds);
    return { ...figures, firstError: firstError ?? figures.firstError };
  } finally {
    await pool.close();
  }
}
