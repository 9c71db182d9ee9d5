import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { PgListener } from './pgListener';
import { PgliteWorkerClient } from './pgliteClient';
import { withNamedStatements } from './namedStatements';
import { pgliteWorkerFromEnv } from '../config';

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (used to start test databases quickly). */
  dump?(): Promise<Blob>;
  /** LISTEN on a notification channel; resolves to a function that stops listening. */
  listen(channel: string, onPayload: (payload: string | undefined) => void): Promise<() => Promise<void>>;
}

// From the string (a browser-like test environment replaces the global URL class).
const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** postgres://… — use PostgreSQL instead of the embedded PGlite. */
  url?: string;
  /** PostgreSQL: give up connecting after this long (default 5 s). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: give up waiting for a query's answer after this long (default: no limit, for
   * seeding and tools; the server passes DB_QUERY_TIMEOUT_MS, 10 s by default).
   */
  queryTimeoutMs?: number;
  /** PostgreSQL: how often the LISTEN connection checks that the server still answers (default 30 s). */
  listenerPingMs?: number;
  /** Where pool and listener report a lost connection (default: nowhere). */
  log?: (message: string, error?: unknown) => void;
  /** PGlite data folder; omitted = in memory. */
  dataDir?: string;
  /** PGlite: start from a dump made by `dump()`. */
  loadDataDir?: Blob;
  /**
   * PGlite: run it in a worker thread (default; PGLITE_WORKER=off runs it on the calling thread),
   * so that queries do not hold up the thread that serves HTTP.
   */
  worker?: boolean;
}

/**
 * Postgres settings of the embedded database. Memory settings smaller than PGlite's defaults, for
 * a server's resident memory: PGlite's 128 MB of shared buffers live in the WASM heap, which never gives
 * memory back (16 MB keeps the meter lists' working set; the operating system caches the data
 * folder's files anyway). Measured with `npm run bench:memory`.
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB', temp_buffers: '2MB', wal_buffers: '512kB',
  // The write-ahead log is checkpointed (and its old segments removed) every 64 MB rather than
  // every 1 GB: in memory (tests, benchmarks) the log is resident memory, on disk it is space, and
  // a data folder or dump opens without replaying hundreds of megabytes of it (first start's
  // seeding wrote 285 MB: a test database took 6 s to open from its dump, 1.2 s after this).
  min_wal_size: '32MB', max_wal_size: '64MB',
  // Segments behind a checkpoint are removed rather than renamed for reuse: PostgreSQL otherwise
  // keeps min_wal_size of them, 16 MB each, as resident memory in memory and in every dump (the
  // test seed's dump: 224 MB, 67 MB of it log, before; a test database opens from it per file).
  wal_recycle: 'off',
  // Named statements (server/db/namedStatements.ts: the session lookup, list rows by ids, list
  // pages prepared per text) run on their generic plan, planned once: planning costs PGlite more
  // than running them (a search's page: 3.5–6.6 ms planned for its values each time, 0.6–1.0 ms
  // generic). Their conditions are written so that a generic plan uses the indexes (no LIKE
  // prefix: server/http/listKit.ts, `matches`). Unnamed statements are planned for their values.
  plan_cache_mode: 'force_generic_plan',
};

/**
 * A pool that survives PostgreSQL going away: an idle or checked-out client whose connection
 * drops reports to `log` instead of raising an unhandled 'error' event (which ends the process),
 * and a client whose query timed out is destroyed rather than reused (its connection still holds
 * the unanswered query). New connections are made on demand, so the pool recovers by itself when
 * the server is back; until then queries fail fast and the API answers 503.
 */
function resilientPool(pool: pg.Pool, log: (message: string, error?: unknown) => void): pg.Pool {
  pool.on('error', (error) => log('PostgreSQL: idle connection lost', error.message));
  pool.on('connect', (client) => {
    client.on('error', (error) => log('PostgreSQL: connection lost', error.message));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const destroyOnTimeout = (error: unknown) => {
      if (error instanceof Error && /timeout/i.test(error.message)) {
        (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      }
    };
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (error: unknown, result: unknown) => void;
        args[last] = (error: unknown, result: unknown) => {
          destroyOnTimeout(error);
          callback(error, result);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).catch((error: unknown) => {
          destroyOnTimeout(error);
          throw error;
        });
      }
      return result;
    };
  });
  return pool;
}

/** Opens the database and applies pending migrations (same migrations on PGlite and PostgreSQL). */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.url) {
    const log = options.log ?? (() => undefined);
    const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    const pool = resilientPool(new pg.Pool({
      connectionString: options.url, max: 10,
      // PostgreSQL's JIT compiler off for the server's sessions: on the city-scale data set it
      // compiled for 2–3 s of calls that run in well under one (a row estimate past jit_above_cost
      // is enough), and none of the platform's statements runs long enough to win it back
      // (docs/performance.md, "Statistics at city scale" and the dashboards at scale).
      options: '-c jit=off',
      connectionTimeoutMillis: connectTimeoutMs, query_timeout: options.queryTimeoutMs || undefined, keepAlive: true, idleTimeoutMillis: 30_000,
    }), log);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    const listeners = new Set<PgListener>();
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([...listeners].map((listener) => listener.stop()));
        await pool.end();
      },
      listen: async (channel, onPayload) => {
        const listener = new PgListener(options.url!, channel, onPayload, {
          connectTimeoutMs, pingMs: options.listenerPingMs ?? 30_000, log,
        });
        listeners.add(listener);
        await listener.start();
        return async () => {
          listeners.delete(listener);
          await listener.stop();
        };
      },
    };
  }
  if (options.worker ?? pgliteWorkerFromEnv()) {
    const client = new PgliteWorkerClient({
      dataDir: options.dataDir,
      settings: PGLITE_SETTINGS,
      loadDataDir: options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined,
    });
    await client.waitReady;
    // The driver calls only query() and transaction() of its client (drizzle-orm/pglite/session.js).
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    try {
      await migratePglite(db, { migrationsFolder });
    } catch (error) {
      await client.close();
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: () => client.close(),
      dump: () => client.dumpDataDir(),
      listen: (channel, onPayload) => client.listen(channel, onPayload),
    };
  }
  // pg_trgm: the trigram indexes of list searches (migration 0004); the worker loads it too.
  // Registered prepared statements run as named ones (namedStatements.ts), as in the worker.
  const client = withNamedStatements(new PGlite({
    dataDir: options.dataDir,
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
  }));
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    // A checkpoint first: the dump then opens without replaying the log.
    dump: async () => {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none') as Promise<Blob>;
    },
    listen: (channel, onPayload) => client.listen(channel, onPayload),
  };
}
