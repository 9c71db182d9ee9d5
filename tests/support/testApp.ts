import { cpSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, databaseUrl, testPostgresUrl } from './postgres';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { tarball } from '../../server/db/tarball';
import { createApp, type App } from '../../server/app';
import { runDueCommands } from '../../server/domain/commands';
import { createSimulator } from '../../server/devices/simulator';
import { LivingEstate } from '../../server/devices/living';
import type { DeviceDriver } from '../../server/devices/driver';
import { TEST_NOW, TEST_PASSWORD } from './constants';
import { serve, type ServerType } from '@hono/node-server';
import { startRealtime, type RealtimeHub } from '../../server/realtime/hub';
import { startCaches, type RequestCaches } from '../../server/cache/requestCaches';
import type { Payments } from '../../server/domain/onlinePayments';
import { simulatedTestPayments } from './testPayments';

export { TEST_NOW, TEST_PASSWORD };

export interface TestBackend {
  app: App;
  database: Database;
  /** PostgreSQL: the test database's URL (a second backend instance may open it too); PGlite: undefined. */
  url?: string;
  /** The test clock (moves only when a test moves it). */
  clock: { now: Date };
  /** Runs the command queue once through the simulator of this backend's devices (no failures unless a driver is given). */
  runCommands(driver?: DeviceDriver): Promise<number>;
  /** Its payment providers (the simulated ones in process unless the test gave its own). */
  payments: Payments;
  /** The websocket connections of this backend. */
  realtime: RealtimeHub;
  /** The backend's in-memory copies of areas, roles and menu trees (listening to the triggers). */
  caches: RequestCaches;
  /** Serves the app over HTTP (websockets included) on a free port, once; resolves to its origin. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** The test backend's websocket heartbeat (the real one is 30 s). */
export const TEST_HEARTBEAT_MS = 300;

/** A copy of the seeded database: PGlite from the dump, or a PostgreSQL database from the template. */
async function openSeededDatabase(): Promise<{ database: Database; url?: string }> {
  const template = inject('seedTemplate');
  const pgUrl = testPostgresUrl();
  if (template && pgUrl) {
    const name = `metering_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(pgUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    const url = databaseUrl(pgUrl, name);
    const database = await openDatabase({ url });
    // FORCE: a test may leave a second instance's connection behind.
    return { url, database: { ...database, close: async () => { await database.close(); await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } } };
  }
  const seedDataDir = inject('seedDataDir');
  // TEST_DATABASE_COPY=memory: the dump unpacked into PGlite's memory, as before the data folder.
  if (!seedDataDir || process.env.TEST_DATABASE_COPY === 'memory') return { database: await openDatabase({ loadDataDir: tarball(readFileSync(inject('seedDump'))) }) };
  // A copy of the seed's data folder (copied in the kernel, in memory where the machine has a RAM
  // folder), removed when the database closes.
  const folder = join(copiesFolder(), `metering-test-db-${process.pid}-${randomBytes(4).toString('hex')}`);
  cpSync(seedDataDir, folder, { recursive: true });
  try {
    const database = await openDatabase({ dataDir: folder });
    return { database: { ...database, close: async () => { try { await database.close(); } finally { rmSync(folder, { recursive: true, force: true }); } } } };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** /dev/shm when it has room for three workers' copies and a margin (a container's is often 64 MB), else the temp folder. */
function copiesFolder(): string {
  try {
    const ram = statfsSync('/dev/shm');
    if (ram.bavail * ram.bsize > 4 * 2 ** 30) return '/dev/shm';
  } catch { /* no RAM folder */ }
  return tmpdir();
}

/** A backend on its own in-memory PGlite (or PostgreSQL database), started from the seeded dump of the global setup. */
export async function startTestBackend(options: { payments?: Payments } = {}): Promise<TestBackend> {
  const { database, url } = await openSeededDatabase();
  const clock = { now: new Date(TEST_NOW) };
  const { hub: realtime, stop: stopListening } = await startRealtime(database);
  const { caches, stop: stopCaches } = await startCaches(database);
  // The simulated providers, in process, unless a test brings its own (fake servers over HTTP).
  const payments = options.payments ?? simulatedTestPayments(() => app, () => clock.now);
  const app = createApp({
    db: database.db, config: { simulator: true }, now: () => clock.now, commandsQueued: () => undefined,
    log: () => undefined, realtime, heartbeatMs: TEST_HEARTBEAT_MS, caches,
    payments,
  });
  let server: ServerType | undefined;
  let origin: Promise<string> | undefined;
  // The backend's own simulated devices, not the process's shared estate: a test file's meters start
  // as its database says, whatever files ran before it in the same worker.
  const devices = new LivingEstate();
  return {
    app, database, url, clock, realtime, caches, payments,
    runCommands: (driver = createSimulator({ estate: devices, failureRate: 0 })) => runDueCommands(database.db, driver, clock.now),
    listen: () => (origin ??= new Promise<string>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(`http://127.0.0.1:${info.port}`));
      app.injectWebSocket(server);
    })),
    close: async () => {
      // Not awaited: upgraded (websocket) sockets are no longer the HTTP server's to wait for.
      server?.close();
      (server as { closeAllConnections?: () => void } | undefined)?.closeAllConnections?.();
      await stopListening();
      await stopCaches();
      await database.close();
    },
  };
}

/** Logs in through the API; returns the session token. */
export async function loginAs(app: App, username: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.request('/api/v1/quan_xian/deng_lu/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const body = (await response.json()) as { code: number; sessinId: string };
  if (body.code !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(body)}`);
  return body.sessinId;
}

/** A small API client for server tests: JSON in and out, with the X-Token header. */
export function apiClient(app: App, token?: string) {
  const call = async (method: string, path: string, options: { query?: Record<string, unknown>; body?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}) => {
    const search = options.query ? `?${new URLSearchParams(Object.entries(options.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString()}` : '';
    const headers: Record<string, string> = { ...(token ? { 'X-Token': token } : {}), ...options.headers };
    let body: string | undefined;
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await app.request(`/api/v1/electricity/${path}${search}`, { method, headers, body });
    const json = (await response.json().catch(() => null)) as { code: number; msg?: string; data?: any } | null; // eslint-disable-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: json! };
  };
  return {
    get: (path: string, query?: Record<string, unknown>) => call('GET', path, { query }),
    post: (path: string, body?: unknown) => call('POST', path, { body }),
    put: (path: string, body?: unknown) => call('PUT', path, { body }),
    delete: (path: string, query?: Record<string, unknown>) => call('DELETE', path, { query }),
    form: (method: string, path: string, form: Record<string, string>) => call(method, path, { form }),
    call,
  };
}
