/**
 * The PGlite worker thread's code as one JavaScript module, for `npm start` (scripts/start.ts): its
 * TypeScript bundled, packages left as imports (so the file lives under node_modules, where they
 * resolve), written before every start (a few tens of milliseconds). The worker then loads no
 * TypeScript loader.
 *
 * Why: through pgliteWorkerBoot.mjs (tests, `tsx watch`) the worker registers tsx, whose loader
 * thread starts an esbuild service of its own when it has code to compile; when the worker ends —
 * after first-start seeding the database is reopened in a new worker — that esbuild exits with no
 * thread left to wait for it, and stays as a defunct `[esbuild]` under the server for as long as it
 * runs (issue 40). esbuild comes with tsx; its command runs, and is waited for, here.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

export const PGLITE_WORKER_BUNDLE = resolve('node_modules/.cache/prepaid-metering/pgliteWorker.mjs');

/** Writes the bundle (`file`, by default PGLITE_WORKER_BUNDLE) and answers its absolute path (as a Worker takes it). */
export function bundlePgliteWorker(file = PGLITE_WORKER_BUNDLE): string {
  const outfile = resolve(file);
  const esbuild = join(dirname(createRequire(import.meta.url).resolve('esbuild/package.json')), 'bin', 'esbuild');
  mkdirSync(dirname(outfile), { recursive: true });
  // Written aside, then renamed: a start beside this one never loads half a file.
  const partial = `${outfile}.${process.pid}.tmp`;
  execFileSync(esbuild, [resolve('server/db/pgliteWorker.ts'), '--bundle', '--platform=node', '--format=esm', '--target=node20',
    '--packages=external', '--log-level=warning', `--outfile=${partial}`], { stdio: 'inherit' });
  renameSync(partial, outfile);
  return outfile;
}
