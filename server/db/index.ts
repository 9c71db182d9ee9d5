import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { PgListener } from './pgListener';

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
  /** PGlite data folder; omitted = in memory. */
  dataDir?: string;
  /** PGlite: start from a dump made by `dump()`. */
  loadDataDir?: Blob;
}

/** Opens the database and applies pending migrations (same migrations on PGlite and PostgreSQL). */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
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
        const listener = new PgListener(options.url!, channel, onPayload);
        listeners.add(listener);
        await listener.start();
        return async () => {
          listeners.delete(listener);
          await listener.stop();
        };
      },
    };
  }
  const client = new PGlite({ dataDir: options.dataDir, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none') as Promise<Blob>,
    listen: (channel, onPayload) => client.listen(channel, onPayload),
  };
}
