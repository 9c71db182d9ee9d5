/**
 * Run by tests/server/pgliteWorkerBundle.test.ts in a process of its own (`tsx`, as `npm start` runs
 * the server): opens the PGlite worker and closes it, as a first start does before it reopens the
 * database, waits until every child process that appeared meanwhile has ended, and prints those left defunct
 * (state Z: ended, never waited for) as JSON. With `bundle`, the worker runs the bundle `npm start`
 * writes (scripts/pgliteWorkerBundle.ts), written into the folder given as the next argument (one
 * under node_modules, where the bundle's packages resolve). PROBE_DATA_DIR, when set, is the path of
 * a data folder tarball the worker opens instead of making a new database (initdb in WASM: 7–11 s).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PgliteWorkerClient } from '../../server/db/pgliteClient';
import { bundlePgliteWorker } from '../../scripts/pgliteWorkerBundle';

/** This process's child processes: pid, state (R, S, Z…) and command name, from /proc. */
function children(): { pid: number; state: string; name: string }[] {
  const pids = readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  return pids.flatMap((pid) => {
    try {
      // "pid (name) state ppid …": the name may hold spaces and brackets, the state follows the last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return [{ pid, name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), state: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] }];
    } catch {
      return [];
    }
  });
}

if (process.argv[2] === 'bundle') process.env.PGLITE_WORKER_SCRIPT = bundlePgliteWorker(join(process.argv[3], 'pgliteWorker.mjs'));
const before = new Set(children().map((child) => child.pid));
const data = process.env.PROBE_DATA_DIR ? readFileSync(process.env.PROBE_DATA_DIR) : undefined;
const client = new PgliteWorkerClient(data ? { loadDataDir: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer } : {});
await client.waitReady;
await client.query('SELECT 1');
await client.close();
// What the worker started ends once it is gone (an esbuild service, when its input closes):
// wait for that, however long it takes, then report what is left unreaped.
const started = () => children().filter((child) => !before.has(child.pid));
while (started().some((child) => child.state !== 'Z')) await new Promise((resolve) => setTimeout(resolve, 20));
console.log(JSON.stringify(started()));
