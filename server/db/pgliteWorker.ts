/**
 * The worker thread that owns the embedded PGlite database (started by pgliteClient.ts through
 * pgliteWorkerBoot.mjs, or under `npm start` as one bundled module: scripts/pgliteWorkerBundle.ts). PGlite runs WASM Postgres on the thread that calls it; here that thread is
 * not the HTTP server's, which stays free to read requests (and so admission control sees them).
 *
 * Requests are answered in any order they finish; PGlite's own locks keep them apart: a query
 * outside a transaction waits until an open transaction has ended, as in-process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { namedQuery, plainQuery } from './namedStatements';
import { tarball } from './tarball';
import { serializeError, type WorkerMessage, type WorkerOpenOptions, type WorkerRequest } from './pgliteProtocol';

const port = parentPort!;
const post = (message: WorkerMessage, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
const keepText = (value: string) => value;

interface OpenTransaction {
  tx: Transaction;
  /** Settles the transaction's callback: resolve → COMMIT, reject → ROLLBACK. */
  finish: (commit: boolean) => void;
  /** The transaction's promise (COMMIT or ROLLBACK done). */
  done: Promise<unknown>;
}

/** Rejection that asks PGlite to roll the transaction back (not an error of the caller's). */
const ROLLBACK = Symbol('rollback');

async function main(options: WorkerOpenOptions) {
  const startParams = Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const pg = new PGlite({
    dataDir: options.dataDir,
    // pg_trgm: the trigram indexes of list searches (migration 0004), as in server/db/index.ts.
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: tarball(new Uint8Array(options.loadDataDir)) } : {}),
    ...(startParams.length ? { startParams: [...PGlite.defaultStartParams, ...startParams] } : {}),
  });
  await pg.waitReady;

  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<number, () => Promise<void>>();
  let nextId = 1;
  const target = (tx?: number) => {
    if (tx === undefined) return pg;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  const handle = async (request: WorkerRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> => {
    switch (request.op) {
      case 'query': {
        const parsers = Object.fromEntries(request.textTypes.map((oid) => [oid, keepText]));
        const options = { rowMode: request.rowMode, parsers };
        if (request.tx !== undefined) {
          target(request.tx); // still open
          return { value: await plainQuery(pg, request.sql, request.params, options, true) };
        }
        if (request.name) return { value: await namedQuery(pg, request.name, request.sql, request.params, options) };
        return { value: await plainQuery(pg, request.sql, request.params, options) };
      }
      case 'exec':
        return { value: await target(request.tx).exec(request.sql) };
      case 'begin': {
        const id = nextId++;
        // Answered from inside the callback, once BEGIN has run and the transaction lock is held.
        return new Promise((resolve, reject) => {
          let finish!: (commit: boolean) => void;
          const done = pg.transaction((tx) => {
            resolve({ value: id });
            return new Promise((commit, rollback) => {
              finish = (ok) => (ok ? commit(undefined) : rollback(ROLLBACK));
              transactions.set(id, { tx, finish, done });
            });
          });
          done.catch(reject); // BEGIN itself failed
        });
      }
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('Transaction is closed');
        transactions.delete(request.tx);
        open.finish(request.commit);
        try {
          await open.done;
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        }
        return { value: undefined };
      }
      case 'listen': {
        const id = nextId++;
        listeners.set(id, await pg.listen(request.channel, (payload) => post({ type: 'notify', listener: id, payload })));
        return { value: id };
      }
      case 'unlisten': {
        const stop = listeners.get(request.listener);
        listeners.delete(request.listener);
        await stop?.();
        return { value: undefined };
      }
      case 'dump': {
        // A checkpoint first: the dump then opens without replaying the log.
        await pg.exec('CHECKPOINT');
        const bytes = await (await pg.dumpDataDir('none')).arrayBuffer();
        return { value: bytes, transfer: [bytes] };
      }
      case 'close':
        await pg.close();
        return { value: undefined };
    }
  };

  port.on('message', ({ id, request }: { id: number; request: WorkerRequest }) => {
    handle(request).then(
      ({ value, transfer }) => {
        post({ type: 'reply', id, ok: true, value }, transfer);
        if (request.op === 'close') port.close();
      },
      (error: unknown) => post({ type: 'reply', id, ok: false, error: serializeError(error) }),
    );
  });
  post({ type: 'ready' });
}

main(workerData as WorkerOpenOptions).catch((error: unknown) => {
  post({ type: 'failed', error: serializeError(error) });
  port.close();
});
