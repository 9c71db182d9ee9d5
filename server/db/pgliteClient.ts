/**
 * The server thread's side of the PGlite worker: an object with the part of PGlite's interface
 * that drizzle-orm's PGlite driver and openDatabase() use (query, exec, transaction, listen,
 * dumpDataDir, close), each call a message to the worker thread that owns the database
 * (pgliteWorker.ts). Handed to `drizzle-orm/pglite` as its client, so queries, result mapping,
 * interactive transactions and savepoints behave exactly as with an in-process PGlite.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { statementName } from './namedStatements';
import { tarball } from './tarball';
import type { SerializedError, WorkerMessage, WorkerOpenOptions, WorkerRequest } from './pgliteProtocol';

/** Rebuilds a worker's error on this thread: its message, name and fields (`code`, `detail`, …). */
function revive(error: SerializedError): Error {
  const revived = Object.assign(new Error(error.message), error.fields);
  revived.name = error.name;
  if (error.stack) revived.stack = `${error.stack}\n    --- in the PGlite worker thread; called from:${new Error().stack?.split('\n').slice(1).join('\n') ?? ''}`;
  return revived;
}

/**
 * The type OIDs a query wants as text. drizzle passes parsers only to keep values as PostgreSQL
 * printed them (timestamps, dates, intervals and their arrays); a parser that changes its input
 * cannot be carried to the worker and is refused.
 */
function textTypes(parsers: QueryOptions['parsers']): number[] {
  const probe = '\u0001probe';
  return Object.entries(parsers ?? {}).map(([oid, parser]) => {
    if (parser(probe, Number(oid)) !== probe) throw new Error(`PGlite worker: only text-preserving parsers are supported (type ${oid})`);
    return Number(oid);
  });
}

/** Error of every call once the worker is gone: SQLSTATE 08006 (connection failure), so the API answers 503. */
function workerGone(reason: string): Error {
  return Object.assign(new Error(`PGlite worker stopped: ${reason}`), { code: '08006' });
}

type Call = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * The worker's entry: the bundle `npm start` writes (PGLITE_WORKER_SCRIPT, scripts/pgliteWorkerBundle.ts:
 * plain JavaScript, so the worker starts no esbuild that would be left defunct when it ends), else
 * pgliteWorker.ts through tsx (pgliteWorkerBoot.mjs: tests, `tsx watch`).
 */
const workerScript = () => process.env.PGLITE_WORKER_SCRIPT || join(dirname(fileURLToPath(import.meta.url)), 'pgliteWorkerBoot.mjs');

export class PgliteWorkerClient {
  readonly worker: Worker;
  /** Resolves once PGlite is open in the worker (rejects if it could not be opened). */
  readonly waitReady: Promise<void>;
  private readonly calls = new Map<number, Call>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private gone?: Error;
  private closing = false;

  constructor(options: WorkerOpenOptions) {
    // A path, not a URL object: a browser-like test environment (jsdom) replaces the global URL class.
    this.worker = new Worker(workerScript(), {
      workerData: options,
      // The worker's JavaScript only relays messages: a small young generation saves ~30 MB of RSS.
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
      transferList: options.loadDataDir ? [options.loadDataDir] : [],
    });
    this.waitReady = new Promise((resolve, reject) => {
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          // Like an in-process PGlite, the worker keeps the process alive only while calls are pending.
          if (this.calls.size === 0) this.worker.unref();
          resolve();
        } else if (message.type === 'failed') reject(revive(message.error));
        else if (message.type === 'notify') this.listeners.get(message.listener)?.(message.payload);
        else {
          const call = this.calls.get(message.id);
          if (!call) return;
          this.settled(message.id);
          if (message.ok) call.resolve(message.value);
          else call.reject(revive(message.error));
        }
      });
      const stop = (error: Error) => {
        if (this.gone) return;
        this.gone = error;
        reject(error);
        for (const [id, call] of this.calls) {
          this.settled(id);
          call.reject(error);
        }
      };
      this.worker.on('error', (error) => stop(workerGone(error.message)));
      // After close(), calls fail as on a closed in-process PGlite (a plain error, HTTP 500).
      this.worker.on('exit', (code) => stop(this.closing ? new Error('PGlite is closed') : workerGone(`exited with code ${code}`)));
    });
    this.waitReady.catch(() => undefined);
  }

  private settled(id: number) {
    this.calls.delete(id);
    if (this.calls.size === 0) this.worker.unref();
  }

  private call<T>(request: WorkerRequest): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    if (this.calls.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, request });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    try {
      const name = tx === undefined ? statementName(sql) : undefined;
      return this.call({ op: 'query', sql, params, rowMode: options?.rowMode, textTypes: textTypes(options?.parsers), tx, name });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  exec(sql: string, _options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', sql, tx });
  }

  /**
   * An interactive transaction, exclusive as in PGlite: other queries wait in the worker until it
   * ends. COMMIT when the callback resolves, ROLLBACK when it throws (then the error is rethrown).
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const end = (commit: boolean) => {
      closed = true;
      return this.call<void>({ op: 'end', tx: id, commit });
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.query<R>(sql, params, options, id),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options, id),
      rollback: () => end(false),
      get closed() { return closed; },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) await end(false).catch(() => undefined);
      throw error;
    }
    if (!closed) await end(true);
    return result;
  }

  /** LISTEN; resolves to a function that stops listening. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const id = await this.call<number>({ op: 'listen', channel });
    this.listeners.set(id, onPayload);
    return async () => {
      this.listeners.delete(id);
      if (!this.gone) await this.call({ op: 'unlisten', listener: id });
    };
  }

  async dumpDataDir(): Promise<globalThis.Blob> {
    return tarball(new Uint8Array(await this.call<ArrayBuffer>({ op: 'dump' })));
  }

  /** Closes PGlite (its data folder is synced) and ends the worker. */
  async close(): Promise<void> {
    if (this.gone) return;
    this.closing = true;
    try {
      await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}
