import type { Database } from '../../server/db';

/** Statements sent to the database, as counted by `countQueries`. */
export interface QueryCount {
  count: number;
  /** Stops counting (the client's own methods again). */
  restore(): void;
}

/**
 * Counts the round trips a database's client makes from now on: calls of PGlite's `query`, `exec`
 * and `transaction`, or of the PostgreSQL pool's `query` and `connect` (a transaction checks out
 * a connection: counted once). Calls one of these makes of another are not counted again. The
 * LISTEN connections are not the client's and are not counted.
 */
export function countQueries(database: Database): QueryCount {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const methods = database.kind === 'pglite' ? ['query', 'exec', 'transaction'] : ['query', 'connect'];
  const originals = new Map<string, unknown>();
  let inside = 0;
  const counter: QueryCount = {
    count: 0,
    restore: () => {
      for (const [method, original] of originals) client[method] = original;
    },
  };
  for (const method of methods) {
    const original = client[method] as (...args: unknown[]) => unknown;
    originals.set(method, original);
    client[method] = function counted(this: unknown, ...args: unknown[]) {
      if (!inside) counter.count += 1;
      inside += 1;
      try {
        return original.apply(this, args);
      } finally {
        inside -= 1;
      }
    };
  }
  return counter;
}
