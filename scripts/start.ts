/**
 * `npm start`: builds the console if it is missing or older than its sources, bundles the PGlite
 * worker thread's code (./pgliteWorkerBundle.ts), then runs the backend (embedded PGlite in ./data by
 * default), serving console and API on one port.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bundlePgliteWorker } from './pgliteWorkerBundle';

const newest = (path: string): number => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
};

const built = 'dist/index.html';
const sources = ['src', 'common', 'i18n', 'index.html', 'public', 'vite.config.ts', 'package-lock.json'].filter((p) => existsSync(p));
if (!existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs) {
  console.log('Building the console…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
// The worker runs this JavaScript, not TypeScript through tsx: no esbuild of its own, none left defunct when it ends.
process.env.PGLITE_WORKER_SCRIPT = bundlePgliteWorker();
await import('../server/index');
