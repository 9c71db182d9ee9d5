/**
 * The SQL yardstick of the HTTP benches: the statements one API call runs, captured at the driver
 * (node-postgres) from the same call made in this process on the same database, and replayed as
 * fast as PostgreSQL answers them (prepared ones by their names), so that a call's time can be read
 * against the time of its own SQL.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { schema, type Db } from '../../server/db';
import { createApp } from '../../server/app';
import { closedLoop } from './serverProcess';

/** One statement as the backend sent it: named when it was a prepared statement. */
export interface Statement { name?: string; text: string; values: unknown[] }

/**
 * The statements one call (GET `/api/v1/electricity/<path>` as `username`) runs, captured from the
 * app in this process on the database at `url`, after one call to warm its caches.
 */
export async function captureStatements(url: string, username: string, password: string, path: string): Promise<Statement[]> {
  const captured: Statement[] = [];
  let capturing = false;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    if (capturing && config && typeof config === 'object' && 'text' in config) {
      const { name, text, values: own } = config as { name?: string; text: string; values?: unknown[] };
      captured.push({ name, text, values: (Array.isArray(values) ? values : own) ?? [] });
    } else if (capturing && typeof config === 'string') {
      captured.push({ text: config, values: Array.isArray(values) ? values : [] });
    }
    return (query as (...args: unknown[]) => unknown).call(this, config, values, callback);
  } as typeof query;
  try {
    const app = createApp({ db, config: { simulator: false }, now: () => new Date(), commandsQueued: () => undefined, log: () => undefined });
    const login = await app.request('/api/v1/quan_xian/deng_lu/login', {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username, password }).toString(),
    });
    const token = ((await login.json()) as { sessinId: string }).sessinId;
    await app.request(`/api/v1/electricity/${path}`, { headers: { 'X-Token': token } }); // warm caches
    capturing = true;
    const response = await app.request(`/api/v1/electricity/${path}`, { headers: { 'X-Token': token } });
    capturing = false;
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  } finally {
    pg.Client.prototype.query = query;
    await pool.end();
  }
  return captured;
}

/**
 * The same statements (prepared ones by their names), one after another per client, `clients`
 * clients back to back for `seconds` on a pool of `poolSize` connections (the server's).
 */
export async function loadSql(url: string, statements: Statement[], clients: number, seconds: number, poolSize: number) {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const figures = await closedLoop(async () => {
    for (const { name, text, values } of statements) await pool.query({ name, text, values });
    return true;
  }, clients, seconds);
  await pool.end();
  return figures;
}

/**
 * Waits (up to a minute) until no other statement runs on the database: a call answered 503 at the
 * request deadline leaves its statements running until DB_QUERY_TIMEOUT_MS, and they would weigh on
 * the next call's figures.
 */
export async function databaseIdle(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < 120; i++) {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`);
      if (Number(rows[0].n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}
