/**
 * Messages between the server's thread and the worker thread that owns PGlite
 * (server/db/pgliteWorker.ts ↔ server/db/pgliteClient.ts). Everything here crosses threads by
 * structured clone, so no functions: type parsers travel as the list of type OIDs whose values
 * stay text (the only parsers drizzle-orm's PGlite driver uses).
 */

/** How the worker opens PGlite (the options that can cross threads). */
export interface WorkerOpenOptions {
  dataDir?: string;
  /** A dump made by `dumpDataDir`, as bytes. */
  loadDataDir?: ArrayBuffer;
  /** Postgres `-c name=value` settings added to PGlite's start parameters. */
  settings?: Record<string, string>;
}

export type WorkerRequest =
  /** `name`: a registered prepared statement (namedStatements.ts), outside a transaction only. */
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes: number[]; tx?: number; name?: string }
  | { op: 'exec'; sql: string; tx?: number }
  /** Opens an interactive transaction; answered with its id once BEGIN ran (other work waits). */
  | { op: 'begin' }
  /** Ends it: COMMIT, or ROLLBACK when `commit` is false; answered when done. */
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  /** The data directory as an uncompressed tarball (bytes). */
  | { op: 'dump' }
  | { op: 'close' };

/** An error as it crossed the thread boundary: message, name, stack and its plain fields (`code`, `detail`…). */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: SerializedError }
  | { type: 'notify'; listener: number; payload: string };

/** The plain, cloneable fields of an error (functions and other uncloneable values are left out). */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions') continue; // PGlite's: holds the parser functions
    try {
      fields[key] = structuredClone(value);
    } catch {
      // not cloneable: left out
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}
