/**
 * `npm run bench:console`: what the console costs to start, against a minimal react-admin 5 app on
 * the same API (bench/console/), in one run of Chromium (playwright-core).
 *
 * Both are built (the console as `npm run build` does, the minimal app with the same precompression)
 * and served by one backend process on two ports: the same API and database (in-memory PGlite,
 * seeded demo estate) and the same static server (server/http/staticAssets.ts). Each run opens a
 * fresh browser context (cold cache) per app, in alternating order, and measures:
 * - bytes on the wire (compressed, headers included) for the login page and for the first list
 *   (from the login click until the rows are shown and the network is quiet), and for a reload of
 *   the list page (what the cache saves on a revisit). The target is on the two together: the
 *   console's login page loads the shell's and the landing screen's code while the browser is idle
 *   (src/auth/firstScreen.ts), so part of what the first list needs is counted with the login page;
 * - the time from the login click to the first rows of the water archive;
 * - long tasks (PerformanceObserver 'longtask') between the click and the first rows.
 * Medians over BENCH_CONSOLE_RUNS runs (default 5), printed with their ratios console / minimal
 * (issue 9's targets: login page and first list together ≤ 1.1× the bytes, time ≤ 1.5×).
 * Figures only: nothing here passes or fails.
 *
 * Environment: BENCH_CONSOLE_RUNS, BENCH_CONSOLE_PORT (first of two ports; default: free ports),
 * BENCH_CONSOLE_DIST (serve this build of the console instead of building one),
 * CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { openDatabase } from '../server/db';
import { bootstrap } from '../server/db/bootstrap';
import { createApp } from '../server/app';
import { startRealtime } from '../server/realtime/hub';
import { staticAssets } from '../server/http/staticAssets';

const PASSWORD = 'bench-pass-1';
const RUNS = Number(process.env.BENCH_CONSOLE_RUNS ?? 5);
const FIRST_PORT = Number(process.env.BENCH_CONSOLE_PORT ?? 0);
/** After the first rows: how long the network must stay quiet before the list's bytes are summed. */
const QUIET_MS = 800;

interface Target {
  name: 'console' | 'minimal';
  /** Where the operator starts (the console's route guard sends it to login with the redirect). */
  start: string;
}

interface Sample {
  loginBytes: number;
  loginRequests: number;
  listBytes: number;
  listRequests: number;
  /** Login page and first list together: what it takes from the address bar to the first rows. */
  totalBytes: number;
  reloadBytes: number;
  clickToRowsMs: number;
  longTaskCount: number;
  longTaskMs: number;
  longTaskMaxMs: number;
  /** API calls from the click until the network is quiet, with their start after the click (repeated calls show here). */
  apiCalls: string[];
}

const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

function build(): { console: string; minimal: string; cleanup: () => void } {
  const minimal = tmp('bench-console-minimal-');
  execSync(`npx vite build --config bench/console/vite.config.ts --logLevel warn --outDir ${minimal} --emptyOutDir`, { stdio: 'inherit' });
  if (process.env.BENCH_CONSOLE_DIST) return { console: process.env.BENCH_CONSOLE_DIST, minimal, cleanup: () => rmSync(minimal, { recursive: true, force: true }) };
  const ours = tmp('bench-console-dist-');
  execSync(`npx vite build --logLevel warn --outDir ${ours} --emptyOutDir`, { stdio: 'inherit' });
  return { console: ours, minimal, cleanup: () => [ours, minimal].forEach((dir) => rmSync(dir, { recursive: true, force: true })) };
}

/** Runs in every page before its scripts: long tasks, the login click, the first rows. */
const PAGE_PROBE = () => {
  const probe = { longTasks: [] as { start: number; duration: number }[], clickAt: 0, rowsAt: 0 };
  (window as unknown as { __bench: typeof probe }).__bench = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('click', (event) => {
    if (!probe.clickAt && (event.target as Element | null)?.closest?.('button[type="submit"]')) probe.clickAt = performance.now();
  }, true);
  // The first rows: a table body cell with text (loading placeholders have none).
  const observer = new MutationObserver(() => {
    if (!probe.clickAt || probe.rowsAt) return;
    for (const cell of document.querySelectorAll('tbody td')) {
      if (cell.textContent?.trim()) {
        probe.rowsAt = performance.now();
        observer.disconnect();
        return;
      }
    }
  });
  document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true, characterData: true }));
};

/** One cold visit: login page, login, first rows, reload. */
async function visit(browser: Browser, url: string, target: Target): Promise<Sample> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(PAGE_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    let bytes = 0;
    let requests = 0;
    let apiCalls: string[] = [];
    let lastActivity = Date.now();
    let clickedAt = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      requests++;
      lastActivity = Date.now();
      const { pathname, search } = new URL(event.request.url);
      if (pathname.startsWith('/api/')) apiCalls.push(`+${Date.now() - clickedAt} ms ${pathname.replace(/^\/api\/(v1\/electricity\/)?/, '')}${search}`);
    });
    cdp.on('Network.loadingFinished', (event) => { bytes += event.encodedDataLength; lastActivity = Date.now(); });
    cdp.on('Network.loadingFailed', () => { lastActivity = Date.now(); });
    const quiet = async () => {
      while (Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100);
    };

    await page.goto(`${url}${target.start}`, { waitUntil: 'load' });
    await page.locator('button[type="submit"]').waitFor({ state: 'visible' });
    await quiet();
    const loginBytes = bytes;
    const loginRequests = requests;
    bytes = 0;
    requests = 0;
    apiCalls = [];

    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(PASSWORD);
    clickedAt = Date.now();
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => (window as unknown as { __bench: { rowsAt: number } }).__bench.rowsAt > 0, undefined, { timeout: 60_000 });
    await quiet();
    const listApiCalls = [...apiCalls];
    const listBytes = bytes;
    const listRequests = requests;
    const probe = await page.evaluate(() => (window as unknown as { __bench: { longTasks: { start: number; duration: number }[]; clickAt: number; rowsAt: number } }).__bench);
    const onPath = probe.longTasks.filter((task) => task.start + task.duration > probe.clickAt && task.start < probe.rowsAt);

    bytes = 0;
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => !!Array.from(document.querySelectorAll('tbody td')).find((cell) => cell.textContent?.trim()), undefined, { timeout: 60_000 });
    await quiet();
    return {
      loginBytes, loginRequests, listBytes, listRequests, totalBytes: loginBytes + listBytes, reloadBytes: bytes,
      clickToRowsMs: probe.rowsAt - probe.clickAt,
      longTaskCount: onPath.length,
      longTaskMs: onPath.reduce((sum, task) => sum + task.duration, 0),
      longTaskMaxMs: Math.max(0, ...onPath.map((task) => task.duration)),
      apiCalls: listApiCalls,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  console.log('Building the console and the minimal react-admin app…');
  const builds = build();
  const database = await openDatabase();
  await bootstrap(database.db, { adminPassword: PASSWORD });
  const { hub: realtime, stop: stopListening } = await startRealtime(database);
  const servers = [builds.console, builds.minimal].map((dir, i) => {
    const app = createApp({
      db: database.db, config: { simulator: false }, now: () => new Date(), commandsQueued: () => undefined, log: () => undefined, realtime,
      admission: { maxActive: 8, maxWaitMs: 3_000 },
    });
    app.use('*', staticAssets(dir));
    const server = serve({ fetch: app.fetch, port: FIRST_PORT ? FIRST_PORT + i : 0, hostname: '127.0.0.1' });
    app.injectWebSocket(server);
    return server;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => (server.listening ? resolve(undefined) : server.once('listening', resolve)))));
  const urls = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const targets: Target[] = [{ name: 'console', start: '/waterarchive' }, { name: 'minimal', start: '/' }];

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const samples: Record<Target['name'], Sample[]> = { console: [], minimal: [] };
  try {
    // A warm-up visit of each (JIT of the server, the database's caches), not counted.
    for (const [i, target] of targets.entries()) await visit(browser, urls[i], target);
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 ? [1, 0] : [0, 1];
      for (const i of order) samples[targets[i].name].push(await visit(browser, urls[i], targets[i]));
      process.stdout.write(`run ${run + 1}/${RUNS}\r`);
    }
  } finally {
    await browser.close();
    servers.forEach((server) => server.close());
    await stopListening();
    await database.close();
    builds.cleanup();
  }

  const rows: [string, keyof Sample, 'kB' | 'ms' | 'n', number?][] = [
    ['login page, bytes on the wire', 'loginBytes', 'kB'],
    ['login page, requests', 'loginRequests', 'n'],
    ['first list (click → rows, quiet), bytes', 'listBytes', 'kB'],
    ['first list, requests', 'listRequests', 'n'],
    ['login page + first list, bytes', 'totalBytes', 'kB', 1.1],
    ['reload of the list page, bytes', 'reloadBytes', 'kB'],
    ['login click → first rows', 'clickToRowsMs', 'ms', 1.5],
    ['long tasks click → rows, count', 'longTaskCount', 'n'],
    ['long tasks click → rows, total', 'longTaskMs', 'ms'],
    ['longest task click → rows', 'longTaskMaxMs', 'ms'],
  ];
  const show = (value: number, unit: string) => (unit === 'kB' ? `${(value / 1024).toFixed(1)} kB` : unit === 'ms' ? `${value.toFixed(0)} ms` : value.toFixed(1));
  console.log(`\nMedians of ${RUNS} cold runs (Chromium, fresh context per run)\n`);
  console.log(`${'figure'.padEnd(42)}${'console'.padStart(12)}${'minimal'.padStart(12)}${'ratio'.padStart(9)}   target`);
  for (const [label, key, unit, target] of rows) {
    const ours = median(samples.console.map((s) => s[key] as number));
    const theirs = median(samples.minimal.map((s) => s[key] as number));
    const ratio = theirs ? ours / theirs : NaN;
    const verdict = target === undefined ? '' : `≤ ${target}× ${ratio <= target ? 'met' : 'NOT met'}`;
    console.log(`${label.padEnd(42)}${show(ours, unit).padStart(12)}${show(theirs, unit).padStart(12)}${(Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '—').padStart(9)}   ${verdict}`);
  }
  console.log('\nAPI calls after the login click, with their start (console, last run):');
  console.log(`  ${samples.console.at(-1)?.apiCalls.join('\n  ')}`);
  console.log('Minimal app:');
  console.log(`  ${samples.minimal.at(-1)?.apiCalls.join('\n  ')}`);
}

await main();
process.exit(0);
