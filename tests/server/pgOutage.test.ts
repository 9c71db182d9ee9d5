import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db';
import { createApp, type App } from '../../server/app';
import { startRealtime, type RealtimeHub } from '../../server/realtime/hub';
import { REALTIME_CHANNEL } from '../../server/realtime/events';
import { adminQuery, databaseUrl, testPostgresUrl } from '../support/postgres';
import { TEST_NOW, TEST_PASSWORD, loginAs, apiClient } from '../support/testApp';

/**
 * A TCP proxy between the backend and PostgreSQL that the test can cut (every connection
 * dropped, new ones refused, as when PostgreSQL restarts) or stall (connections stay open but
 * nothing passes, as when the server or the network hangs).
 */
class FaultyProxy {
  private server?: Server;
  private pairs = new Set<[Socket, Socket]>();
  mode: 'pass' | 'cut' | 'stall' = 'pass';
  port = 0;

  constructor(private target: { host: string; port: number }) {}

  async start() {
    this.server = createServer((client) => {
      if (this.mode === 'cut') return void client.destroy();
      const upstream = connect(this.target.port, this.target.host);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      const end = () => { client.destroy(); upstream.destroy(); this.pairs.delete(pair); };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
      client.pipe(upstream);
      upstream.pipe(client);
      if (this.mode === 'stall') { client.pause(); upstream.pause(); }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as { port: number }).port;
  }

  cut() {
    this.mode = 'cut';
    for (const [a, b] of this.pairs) { a.destroy(); b.destroy(); }
    this.pairs.clear();
  }

  stall() {
    this.mode = 'stall';
    for (const [a, b] of this.pairs) { a.unpipe(b); b.unpipe(a); a.pause(); b.pause(); }
  }

  pass() {
    const stalled = this.mode === 'stall';
    this.mode = 'pass';
    if (stalled) for (const [a, b] of this.pairs) { a.pipe(b); b.pipe(a); a.resume(); b.resume(); }
  }

  async close() {
    this.cut();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const pgUrl = testPostgresUrl();

/** Retries `check` until it holds (the backend reconnects by itself, with backoff). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

describe.skipIf(!pgUrl)('PostgreSQL going away (issue 8, item 1)', () => {
  let proxy: FaultyProxy;
  let database: Database;
  let app: App;
  let hub: RealtimeHub;
  let stopListening: () => Promise<void>;
  let name: string;
  const logged: string[] = [];
  const heard: string[] = [];

  beforeAll(async () => {
    name = `metering_outage_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(pgUrl!, `CREATE DATABASE ${name} TEMPLATE ${inject('seedTemplate')}`);
    const direct = new URL(databaseUrl(pgUrl!, name));
    proxy = new FaultyProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.start();
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    database = await openDatabase({
      url: proxied.toString(), connectTimeoutMs: 1_000, queryTimeoutMs: 2_000, listenerPingMs: 1_000,
      log: (message, error) => logged.push(`${message} ${String(error ?? '')}`),
    });
    ({ hub, stop: stopListening } = await startRealtime(database));
    hub.subscribe({ areaIds: [1, 2, 3], send: (event) => heard.push(JSON.stringify(event)) });
    const clock = new Date(TEST_NOW);
    app = createApp({ db: database.db, config: { simulator: false }, now: () => clock, commandsQueued: () => undefined, log: (m, e) => logged.push(`${m} ${String(e ?? '')}`) });
  }, 60_000);

  afterAll(async () => {
    proxy.pass();
    await stopListening?.();
    await database?.close();
    await proxy?.close();
    if (name) await adminQuery(pgUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  /** A notification sent straight to PostgreSQL (not through the proxy). */
  const notify = async (marker: number) => {
    const client = new pg.Client({ connectionString: databaseUrl(pgUrl!, name) });
    await client.connect();
    await client.query(`SELECT pg_notify('${REALTIME_CHANNEL}', '{"type":"readFailures","areaId":1,"m":${marker}}')`);
    await client.end();
  };
  const heardAfter = async (marker: number) => {
    const before = heard.length;
    await notify(marker);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return heard.length > before;
  };

  it('answers 503 while the database is cut or stalled, never crashes, and recovers by itself (listener too)', async () => {
    const token = await loginAs(app, 'admin', TEST_PASSWORD);
    const api = apiClient(app, token);
    expect((await api.get('webWaterArchive/findByCondition')).status).toBe(200);
    expect(await heardAfter(1)).toBe(true);

    // The server ends every connection (as on a restart: FATAL 57P01 to idle pool clients, the
    // 'error' event that used to end the process), and is back at once.
    await adminQuery(databaseUrl(pgUrl!, name), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await eventually(async () => (await api.get('webWaterArchive/findByCondition')).status === 200)).toBe(true);
    expect(await eventually(() => heardAfter(4))).toBe(true);

    // PostgreSQL restarts: every connection drops, new ones are refused for a while.
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const down = await api.get('webWaterArchive/findByCondition');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 503 });
    proxy.pass();
    expect(await eventually(async () => (await api.get('webWaterArchive/findByCondition')).status === 200)).toBe(true);
    expect(await eventually(() => heardAfter(2))).toBe(true);

    // PostgreSQL stalls: connections stay open, nothing comes back. Requests end in time with 503.
    proxy.stall();
    const started = Date.now();
    const stalled = await api.get('webWaterArchive/findByCondition');
    expect(stalled.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(8_000);
    proxy.pass();
    expect(await eventually(async () => (await api.get('webWaterArchive/findByCondition')).status === 200)).toBe(true);
    expect(await eventually(() => heardAfter(3))).toBe(true);
    // Logs name the trouble, never a query's parameters.
    expect(logged.join('\n')).not.toContain(token);
  }, 90_000);
});
