/**
 * `npm start`: builds the console and the tenants' pay page if either is missing or older than
 * their sources, bundles the PGlite worker thread's code (./pgliteWorkerBundle.ts), then runs the
 * backend (embedded PGlite in ./data by default), serving console, pay page and API on one port.
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

// Both pages of the build: the console and the tenants' pay page (issue 41).
const built = ['dist/index.html', 'dist/pay.html'];
const sources = ['src', 'common', 'i18n', 'index.html', 'pay.html', 'public', 'vite.config.ts', 'package-lock.json'].filter((p) => existsSync(p));
if (!built.every((page) => existsSync(page)) || Math.max(...sources.map(newest)) > Math.min(...built.map((page) => statSync(page).mtimeMs))) {
  console.log('Building the console…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
// The worker runs this JavaScript, not TypeScript through tsx: no esbuild of its own, none left defunct when it ends.
process.env.PGLITE_WORKER_SCRIPT = bundlePgliteWorker();
await import('../server/index');
