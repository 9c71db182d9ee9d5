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
 *   (src/firstScreen.ts), so part of what the first list needs is counted with the login page;
 * - the time from the login click to the first rows of the water archive;
 * - long tasks (PerformanceObserver 'longtask') between the click and the first rows.
 * Medians over BENCH_CONSOLE_RUNS runs (default 5), printed with their ratios console / minimal
 * (issue 9's targets: login page and first list together ≤ 1.1× the bytes, time ≤ 1.5×).
 * Figures only: nothing here passes or fails.
 *
 * The console's first screen after login is the water dashboard (`/index`): its KPI cards are
 * measured the same way (login page, then login click → the cards' figures shown), beside the
 * first list, against the minimal app's first list. Everything runs on loopback and again with a
 * network round trip emulated (Chromium's Network.emulateNetworkConditions, BENCH_CONSOLE_LATENCY:
 * milliseconds added to each request, default "0,40"), where the count of requests weighs.
 *
 * The path from the click to the first rows of the last run is printed on the page's clock: each
 * API call (sent → answered) and each long task, to see what the time is spent waiting for.
 *
 * Environment: BENCH_CONSOLE_RUNS, BENCH_CONSOLE_PORT (first port; default: free ports),
 * BENCH_CONSOLE_DIST (serve this build of the console instead of building one),
 * BENCH_CONSOLE_BEFORE (another build of the console, e.g. of the commit before a change: visited
 * in turns with the other two and shown beside them, as the ratio of the console to it),
 * BENCH_CONSOLE_LATENCY (emulated round trips in ms, comma-separated; default 0,40),
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
/** Emulated network round trips, ms (0: loopback as it is). */
const LATENCIES = (process.env.BENCH_CONSOLE_LATENCY ?? '0,40').split(',').map((value) => Number(value.trim())).filter((value) => Number.isFinite(value) && value >= 0);
/** What counts as shown: a list's first cell with text, or the dashboard's first KPI figure. */
const ROWS = 'tbody td';
const KPI = '[data-testid="kpi-rooms-value"]';

interface Target {
  name: 'console' | 'minimal' | 'before' | 'dashboard';
  /** Where the operator starts (the console's route guard sends it to login with the redirect). */
  start: string;
  /** The element whose text means the screen is shown. */
  ready: string;
  /** Index of the build (and server) it is served from. */
  server: number;
}

interface Sample {
  loginBytes: number;
  loginRequests: number;
  listBytes: number;
  listRequests: number;
  /** Login page and first list together: what it takes from the address bar to the first rows. */
  totalBytes: number;
  reloadBytes: number;
  /** From the address bar to the login form shown (its button visible), with the login page's requests. */
  loginPageMs: number;
  clickToRowsMs: number;
  longTaskCount: number;
  longTaskMs: number;
  longTaskMaxMs: number;
  /**
   * From the click to the first rows on the page's clock: each API call (start → end of its answer,
   * repeated calls show here) and each long task, in order of start.
   */
  timeline: string[];
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

/** Runs in every page before its scripts: long tasks, the login click, the first rows (or KPI figures: `ready`). */
const PAGE_PROBE = (ready: string) => {
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
    for (const cell of document.querySelectorAll(ready)) {
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
async function visit(browser: Browser, url: string, target: Target, latency: number): Promise<Sample> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(PAGE_PROBE, target.ready);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (latency > 0) await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    let bytes = 0;
    let requests = 0;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', () => {
      requests++;
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFinished', (event) => { bytes += event.encodedDataLength; lastActivity = Date.now(); });
    cdp.on('Network.loadingFailed', () => { lastActivity = Date.now(); });
    const quiet = async () => {
      while (Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100);
    };

    const opened = performance.now();
    await page.goto(`${url}${target.start}`, { waitUntil: 'load' });
    await page.locator('button[type="submit"]').waitFor({ state: 'visible' });
    const loginPageMs = performance.now() - opened;
    await quiet();
    const loginBytes = bytes;
    const loginRequests = requests;
    bytes = 0;
    requests = 0;

    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => (window as unknown as { __bench: { rowsAt: number } }).__bench.rowsAt > 0, undefined, { timeout: 60_000 });
    await quiet();
    const api = await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
      .map((entry) => ({ name: entry.name, start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })));
    const listBytes = bytes;
    const listRequests = requests;
    const probe = await page.evaluate(() => (window as unknown as { __bench: { longTasks: { start: number; duration: number }[]; clickAt: number; rowsAt: number } }).__bench);
    const onPath = probe.longTasks.filter((task) => task.start + task.duration > probe.clickAt && task.start < probe.rowsAt);

    bytes = 0;
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction((ready) => !!Array.from(document.querySelectorAll(ready)).find((cell) => cell.textContent?.trim()), target.ready, { timeout: 60_000 });
    await quiet();
    return {
      loginPageMs, loginBytes, loginRequests, listBytes, listRequests, totalBytes: loginBytes + listBytes, reloadBytes: bytes,
      clickToRowsMs: probe.rowsAt - probe.clickAt,
      longTaskCount: onPath.length,
      longTaskMs: onPath.reduce((sum, task) => sum + task.duration, 0),
      longTaskMaxMs: Math.max(0, ...onPath.map((task) => task.duration)),
      timeline: pageTimeline(probe, api, onPath),
    };
  } finally {
    await context.close();
  }
}

/** The path from the click to the rows on the page's clock: API calls and long tasks, by start. */
function pageTimeline(
  probe: { clickAt: number; rowsAt: number },
  api: { name: string; start: number; end: number }[],
  longTasks: { start: number; duration: number }[],
): string[] {
  const at = (time: number) => `+${(time - probe.clickAt).toFixed(0)}`.padStart(6);
  const events = [
    ...api.filter((call) => call.end > probe.clickAt && call.start < probe.rowsAt).map((call) => {
      const { pathname, search } = new URL(call.name);
      return { start: call.start, text: `${at(call.start)} → ${at(call.end)} ms  ${pathname.replace(/^\/api\/(v1\/electricity\/)?/, '')}${search.replace(/[?&]areai?d=\d+|&subareaId=\d+/gi, '')}` };
    }),
    ...longTasks.map((task) => ({ start: task.start, text: `${at(task.start)} → ${at(task.start + task.duration)} ms  long task (${task.duration.toFixed(0)} ms)` })),
  ];
  return [...events.sort((a, b) => a.start - b.start).map((event) => event.text), `${at(probe.rowsAt)} ms  first rows`];
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
  const before = process.env.BENCH_CONSOLE_BEFORE;
  const dirs = before ? [builds.console, builds.minimal, before] : [builds.console, builds.minimal];
  const servers = dirs.map((dir, i) => {
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
  const targets: Target[] = [
    { name: 'console', start: '/waterarchive', ready: ROWS, server: 0 },
    { name: 'dashboard', start: '/index', ready: KPI, server: 0 },
    { name: 'minimal', start: '/', ready: ROWS, server: 1 },
    ...(before ? [{ name: 'before' as const, start: '/waterarchive', ready: ROWS, server: 2 }] : []),
  ];

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const byLatency = new Map<number, Record<Target['name'], Sample[]>>();
  try {
    // A warm-up visit of each (JIT of the server, the database's caches), not counted.
    for (const target of targets) await visit(browser, urls[target.server], target, 0);
    for (const latency of LATENCIES) {
      const samples: Record<Target['name'], Sample[]> = { console: [], minimal: [], before: [], dashboard: [] };
      byLatency.set(latency, samples);
      for (let run = 0; run < RUNS; run++) {
        const order = targets.map((_, i) => i);
        if (run % 2) order.reverse();
        for (const i of order) samples[targets[i].name].push(await visit(browser, urls[targets[i].server], targets[i], latency));
        process.stdout.write(`${latency} ms: run ${run + 1}/${RUNS}\r`);
      }
    }
  } finally {
    await browser.close();
    servers.forEach((server) => server.close());
    await stopListening();
    await database.close();
    builds.cleanup();
  }

  for (const [latency, samples] of byLatency) report(latency, samples);
}

const rows: [string, keyof Sample, 'kB' | 'ms' | 'n', number?][] = [
  ['login page, bytes on the wire', 'loginBytes', 'kB'],
  ['login page, requests', 'loginRequests', 'n'],
  ['address bar → login form shown (loaded)', 'loginPageMs', 'ms'],
  ['first list (click → rows, quiet), bytes', 'listBytes', 'kB'],
  ['first list, requests', 'listRequests', 'n'],
  ['login page + first list, bytes', 'totalBytes', 'kB', 1.1],
  ['reload of the list page, bytes', 'reloadBytes', 'kB'],
  ['login click → first rows', 'clickToRowsMs', 'ms', 1.5],
  ['long tasks click → rows, count', 'longTaskCount', 'n'],
  ['long tasks click → rows, total', 'longTaskMs', 'ms'],
  ['longest task click → rows', 'longTaskMaxMs', 'ms'],
];

function report(latency: number, samples: Record<Target['name'], Sample[]>) {
  const show = (value: number, unit: string) => (unit === 'kB' ? `${(value / 1024).toFixed(1)} kB` : unit === 'ms' ? `${value.toFixed(0)} ms` : value.toFixed(1));
  console.log(`\nMedians of ${RUNS} cold runs (Chromium, fresh context per run), ${latency ? `${latency} ms round trip emulated` : 'loopback'}\n`);
  const withBefore = samples.before.length > 0;
  console.log(`${'figure'.padEnd(42)}${'console'.padStart(12)}${'minimal'.padStart(12)}${'ratio'.padStart(9)}   ${'dashboard'.padStart(12)}${'ratio'.padStart(9)}   ${withBefore ? `${'before'.padStart(10)}${'vs before'.padStart(11)}   ` : ''}target`);
  for (const [label, key, unit, target] of rows) {
    const ours = median(samples.console.map((s) => s[key] as number));
    const theirs = median(samples.minimal.map((s) => s[key] as number));
    const home = median(samples.dashboard.map((s) => s[key] as number));
    const ratio = theirs ? ours / theirs : NaN;
    const homeRatio = theirs ? home / theirs : NaN;
    const met = (r: number) => (r <= target! ? 'met' : 'NOT met');
    const verdict = target === undefined ? '' : `≤ ${target}× ${met(ratio)} (list), ${met(homeRatio)} (dashboard)`;
    const old = withBefore ? median(samples.before.map((s) => s[key] as number)) : NaN;
    const versus = withBefore ? `${show(old, unit).padStart(10)}${(old ? `${(ours / old).toFixed(2)}×` : '—').padStart(11)}   ` : '';
    const times = (r: number) => (Number.isFinite(r) ? `${r.toFixed(2)}×` : '—').padStart(9);
    console.log(`${label.padEnd(42)}${show(ours, unit).padStart(12)}${show(theirs, unit).padStart(12)}${times(ratio)}   ${show(home, unit).padStart(12)}${times(homeRatio)}   ${versus}${verdict}`);
  }
  console.log('("dashboard": the console from its login page to the water dashboard\'s KPI figures, the row\'s "first list" and "rows" being the cards; its ratio is to the minimal app\'s first list)');
  console.log('\nFrom the login click to the first rows, page clock (console, last run): API calls (start → answered) and long tasks');
  console.log(`  ${samples.console.at(-1)?.timeline.join('\n  ')}`);
  console.log('Dashboard (click → KPI figures):');
  console.log(`  ${samples.dashboard.at(-1)?.timeline.join('\n  ')}`);
  console.log('Minimal app:');
  console.log(`  ${samples.minimal.at(-1)?.timeline.join('\n  ')}`);
}

await main();
process.exit(0);
