/**
 * `npm run bench:tenant`: the tenants' pages' first load on a phone (issue 42), beside the operator
 * console's login page, in one run of Chromium (playwright-core).
 *
 * The app is built as `npm run build` does (a fresh `vite build` with its precompressed copies) and
 * served the way production serves it: the backend started as its own process (`tsx server/index.ts`,
 * bench/support/serverProcess.ts) with STATIC_DIR on that build, PGlite seeded with the demo estate.
 * Three pages are visited in turns (A, B, C, A, B, C, …), each visit in a fresh browser context
 * (cold cache, no service worker, no storage):
 * - the console's login page, `/` (the yardstick: every figure is also printed as a ratio to it);
 * - the tenant page's sign-in, `/tenant` (src/pay/tenant/, started by pay.html on that path);
 * - a room's sticker page, `/pay/<pay code>` (the code asked of the backend as an operator).
 *
 * The phone: a 390 × 844 viewport at device scale factor 3, touch, a mobile Chrome user agent;
 * Chromium's "Fast 4G" network emulation as DevTools and Puppeteer send it over CDP
 * (Network.emulateNetworkConditions: 9 Mbit/s × 0.9 down = 1,012,500 bytes/s, 1.5 Mbit/s × 0.9 up
 * = 168,750 bytes/s, 60 ms round trip × 2.75 = 165 ms added to each request), and the CPU slowed
 * 4× (Emulation.setCPUThrottlingRate) as a mid-range phone.
 *
 * Per visit, on the page's clock (from navigation start):
 * - first contentful paint;
 * - usable: the first frame in which a named element is shown (the console's login button, the
 *   tenant page's phone input, the pay page's amount buttons), no earlier than the first contentful
 *   paint; a build without the tenant page's chunk (TenantApp-*.js) is said so, and its `/tenant`
 *   measured to the first element pay.html shows;
 * - requests, bytes on the wire (CDP Network.loadingFinished encodedDataLength: compressed, headers
 *   included) and JavaScript (on the wire and uncompressed: Network.dataReceived) of the requests
 *   answered by then; the same for the whole first load (until the network has been quiet for
 *   QUIET_MS: the console loads its shell's code while idle after the form shows);
 * - long tasks (PerformanceObserver 'longtask') up to usable, and over the whole load.
 * Medians over BENCH_TENANT_RUNS runs (default 9), with their ratios to the console's login page,
 * then the last run's requests and long tasks up to usable for each page. Figures only: nothing
 * here passes or fails. Requests made by the tenant page's service worker (registered once the page
 * is shown; it keeps the app shell) are not the page's and are neither counted nor throttled.
 *
 * Environment: BENCH_TENANT_RUNS (9), BENCH_TENANT_DIST (serve this build instead of building one),
 * BENCH_TENANT_NETWORK (`down,up,latency`: bytes/s, bytes/s, ms; default 1012500,168750,165),
 * BENCH_TENANT_CPU (slowdown, default 4), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { loginOver, startServerProcess } from './support/serverProcess';

const PASSWORD = 'bench-pass-1';
const RUNS = Number(process.env.BENCH_TENANT_RUNS ?? 9);
/** After usable: how long the network must stay quiet before the first load counts as over. */
const QUIET_MS = 2_000;
/** Chromium DevTools' "Fast 4G" (as Puppeteer's PredefinedNetworkConditions): bytes/s, bytes/s, ms. */
const [DOWN, UP, LATENCY] = (process.env.BENCH_TENANT_NETWORK ?? '1012500,168750,165').split(',').map((value) => Number(value.trim()));
const NETWORK = { offline: false, downloadThroughput: DOWN, uploadThroughput: UP, latency: LATENCY };
const CPU_SLOWDOWN = Number(process.env.BENCH_TENANT_CPU ?? 4);
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'zh-CN' };
const phoneAgent = (version: string) =>
  `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version.split('.')[0]}.0.0.0 Mobile Safari/537.36`;

interface Target {
  name: 'console' | 'tenant' | 'pay';
  path: string;
  /** The element whose showing makes the page usable. */
  usable: string;
}

interface Sample {
  fcpMs: number;
  usableMs: number;
  requestsToUsable: number;
  bytesToUsable: number;
  jsBytesToUsable: number;
  jsRawToUsable: number;
  longTaskCount: number;
  longTaskMs: number;
  longTaskMaxMs: number;
  requests: number;
  bytes: number;
  jsBytes: number;
  jsRaw: number;
  longTaskAllMs: number;
  /** Up to usable on the page's clock: each request (sent → answered, bytes) and long task, by start. */
  timeline: string[];
}

/** One request as CDP reports it (times: CDP's monotonic seconds). */
interface Request {
  url: string;
  type: string;
  sentAt: number;
  wallTime: number;
  doneAt: number;
  bytes: number;
  raw: number;
}

/** A fresh `vite build` (with its precompressed copies), as bench/console.ts builds the console. */
function build(): { dir: string; cleanup: () => void } {
  if (process.env.BENCH_TENANT_DIST) return { dir: process.env.BENCH_TENANT_DIST, cleanup: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'bench-tenant-dist-'));
  execSync(`npx vite build --logLevel warn --outDir ${dir} --emptyOutDir`, { stdio: 'inherit' });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs in every page before its scripts: long tasks, and the first frame showing the `usable`
 * element. Plain JavaScript in a string: tsx names the inner functions of a TypeScript function
 * (`__name(…)`), which the page does not have.
 */
const pageProbe = (usable: string) => `(() => {
  const probe = { longTasks: [], usableAt: 0 };
  window.__bench = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    const element = document.querySelector(${JSON.stringify(usable)});
    const box = element && element.getBoundingClientRect();
    if (element && box.width > 0 && box.height > 0 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
      probe.usableAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** One cold visit of a page on the phone profile. */
async function visit(browser: Browser, origin: string, target: Target, userAgent: string): Promise<Sample> {
  const context = await browser.newContext({ ...PHONE, userAgent });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: pageProbe(target.usable) });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const requests = new Map<string, Request>();
    let redirects = 0;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      lastActivity = Date.now();
      if (!/^https?:/.test(event.request.url)) return;
      const known = requests.get(event.requestId);
      // A redirect: the hop before counts as a request of its own (its answer's bytes).
      if (known && event.redirectResponse) requests.set(`${event.requestId}#${++redirects}`, { ...known, doneAt: event.timestamp, bytes: event.redirectResponse.encodedDataLength });
      requests.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other', sentAt: event.timestamp, wallTime: event.wallTime, doneAt: 0, bytes: 0, raw: 0 });
    });
    cdp.on('Network.responseReceived', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.type = event.type;
    });
    cdp.on('Network.dataReceived', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.raw += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      lastActivity = Date.now();
      const request = requests.get(event.requestId);
      if (!request) return;
      request.bytes = event.encodedDataLength;
      request.doneAt = event.timestamp;
    });
    cdp.on('Network.loadingFailed', (event) => {
      lastActivity = Date.now();
      const request = requests.get(event.requestId);
      if (request) request.doneAt = event.timestamp;
    });

    await page.goto(`${origin}${target.path}`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => (window as unknown as { __bench: { usableAt: number } }).__bench.usableAt > 0, undefined, { timeout: 120_000, polling: 250 })
      .catch(async (error: Error) => {
        const shown = await page.evaluate(() => document.body.innerText.slice(0, 300)).catch(() => '?');
        throw new Error(`${target.path}: ${target.usable} not shown (${error.message.split('\n')[0]}); the page shows: ${JSON.stringify(shown)} at ${page.url()}`);
      });
    while (Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100);
    const seen = await page.evaluate(() => ({
      probe: (window as unknown as { __bench: { longTasks: { start: number; duration: number }[]; usableAt: number } }).__bench,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      timeOrigin: performance.timeOrigin,
    }));

    // CDP's clock onto the page's: the document's request, sent at wallTime, is at (wallTime − timeOrigin) on the page's clock.
    const all = [...requests.values()];
    const doc = all.find((request) => request.type === 'Document');
    if (!doc) throw new Error(`${target.path}: no document request seen`);
    const pageTime = (monotonic: number) => (monotonic - doc.sentAt) * 1000 + (doc.wallTime * 1000 - seen.timeOrigin);
    // The element is found in the frame that shows it; that frame's paint is no earlier than the first contentful one.
    const usableMs = Math.max(seen.probe.usableAt, seen.fcp);
    const byUsable = all.filter((request) => request.doneAt && pageTime(request.doneAt) <= usableMs);
    const scripts = (list: Request[]) => list.filter((request) => request.type === 'Script');
    const sum = (list: Request[], key: 'bytes' | 'raw') => list.reduce((total, request) => total + request[key], 0);
    const toUsable = seen.probe.longTasks.filter((task) => task.start < usableMs);
    const overlap = (task: { start: number; duration: number }) => Math.min(task.start + task.duration, usableMs) - task.start;

    const at = (time: number) => `${time.toFixed(0)}`.padStart(5);
    const events = [
      ...all.filter((request) => pageTime(request.sentAt) <= usableMs).map((request) => {
        const { pathname, search } = new URL(request.url);
        const done = request.doneAt ? at(pageTime(request.doneAt)) : '  …  ';
        return { start: pageTime(request.sentAt), text: `${at(pageTime(request.sentAt))} → ${done} ms  ${`${(request.bytes / 1024).toFixed(1)} kB`.padStart(9)}  ${request.type.padEnd(10)} ${pathname.replace(/-[\w-]{8}\.(js|css)$/, '-….$1').replace(/^\/pay\/.+/, '/pay/<code>')}${search ? search.replace(/payCode=[^&]+/, 'payCode=…') : ''}` };
      }),
      ...toUsable.map((task) => ({ start: task.start, text: `${at(task.start)} → ${at(task.start + task.duration)} ms  long task (${task.duration.toFixed(0)} ms)` })),
      { start: seen.fcp, text: `${at(seen.fcp)} ms  first contentful paint` },
    ];
    return {
      fcpMs: seen.fcp,
      usableMs,
      requestsToUsable: byUsable.length,
      bytesToUsable: sum(byUsable, 'bytes'),
      jsBytesToUsable: sum(scripts(byUsable), 'bytes'),
      jsRawToUsable: sum(scripts(byUsable), 'raw'),
      longTaskCount: toUsable.length,
      longTaskMs: toUsable.reduce((total, task) => total + overlap(task), 0),
      longTaskMaxMs: Math.max(0, ...toUsable.map(overlap)),
      requests: all.length,
      bytes: sum(all, 'bytes'),
      jsBytes: sum(scripts(all), 'bytes'),
      jsRaw: sum(scripts(all), 'raw'),
      longTaskAllMs: seen.probe.longTasks.reduce((total, task) => total + task.duration, 0),
      timeline: [...events.sort((a, b) => a.start - b.start).map((event) => event.text), `${at(usableMs)} ms  usable (${target.usable} shown)`],
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

/** A room's pay code as the console asks for it (GET payLink/findByRoom), for a room with a tenant and both meters when there is one. */
async function payCodeOf(origin: string): Promise<string> {
  const token = await loginOver(origin, 'admin', PASSWORD);
  const get = async <T>(path: string) => {
    const response = await fetch(`${origin}/api/v1/electricity/${path}`, { headers: { 'X-Token': token } });
    const body = (await response.json()) as { code: number; data: T };
    if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body).slice(0, 200)}`);
    return body.data;
  };
  type Room = { id: number; tenantId: number | null; hasElectricMeter: boolean; hasWaterMeter: boolean };
  const { records } = await get<{ records: Room[] }>('room/findByCondition?pageNum=1&pageSize=50');
  const room = records.find((r) => r.tenantId && r.hasElectricMeter && r.hasWaterMeter) ?? records.find((r) => r.hasElectricMeter || r.hasWaterMeter);
  if (!room) throw new Error('no room with a meter in the demo estate');
  const { payCode } = await get<{ payCode: string }>(`payLink/findByRoom?roomId=${room.id}`);
  return payCode;
}

async function main() {
  console.log('Building the app (vite build)…');
  const built = build();
  const tenantBuilt = existsSync(join(built.dir, 'assets')) && readdirSync(join(built.dir, 'assets')).some((file) => /^TenantApp-.*\.js$/.test(file));
  console.log('Starting the backend on that build (first start: seeding the demo estate)…');
  const server = await startServerProcess({ password: PASSWORD, env: { STATIC_DIR: built.dir } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const samples: Record<Target['name'], Sample[]> = { console: [], tenant: [], pay: [] };
  let targets: Target[] = [];
  try {
    const payCode = await payCodeOf(server.origin);
    targets = [
      { name: 'console', path: '/', usable: 'button[type="submit"]' },
      { name: 'tenant', path: '/tenant', usable: tenantBuilt ? 'input[type="tel"]' : '#pay-root > *' },
      { name: 'pay', path: `/pay/${payCode}`, usable: '.presets label' },
    ];
    if (!tenantBuilt) console.log('This build has no tenant page chunk (TenantApp-*.js): /tenant is measured to the first element pay.html shows.');
    const userAgent = phoneAgent(browser.version());
    console.log(`Chromium ${browser.version()}; phone ${PHONE.viewport.width}×${PHONE.viewport.height} @${PHONE.deviceScaleFactor}x; network ${DOWN.toLocaleString('en')} B/s down, ${UP.toLocaleString('en')} B/s up, ${LATENCY} ms latency; CPU ${CPU_SLOWDOWN}× slower`);
    // A warm-up visit of each (the server's JIT, the files' first reads), not counted.
    for (const target of targets) await visit(browser, server.origin, target, userAgent);
    for (let run = 0; run < RUNS; run++) {
      for (const target of targets) samples[target.name].push(await visit(browser, server.origin, target, userAgent));
      process.stdout.write(`run ${run + 1}/${RUNS}\r`);
    }
  } finally {
    await browser.close();
    await server.stop();
    built.cleanup();
  }
  report(samples, targets);
}

const rows: [string, keyof Sample, 'kB' | 'ms' | 'n'][] = [
  ['first contentful paint', 'fcpMs', 'ms'],
  ['usable (named element shown)', 'usableMs', 'ms'],
  ['to usable: requests answered', 'requestsToUsable', 'n'],
  ['to usable: bytes on the wire', 'bytesToUsable', 'kB'],
  ['to usable: JS on the wire', 'jsBytesToUsable', 'kB'],
  ['to usable: JS uncompressed', 'jsRawToUsable', 'kB'],
  ['to usable: long tasks, count', 'longTaskCount', 'n'],
  ['to usable: long tasks, total', 'longTaskMs', 'ms'],
  ['to usable: longest task', 'longTaskMaxMs', 'ms'],
  ['whole load (quiet): requests', 'requests', 'n'],
  ['whole load: bytes on the wire', 'bytes', 'kB'],
  ['whole load: JS on the wire', 'jsBytes', 'kB'],
  ['whole load: JS uncompressed', 'jsRaw', 'kB'],
  ['whole load: long tasks, total', 'longTaskAllMs', 'ms'],
];

function report(samples: Record<Target['name'], Sample[]>, targets: Target[]) {
  const show = (value: number, unit: string) => (unit === 'kB' ? `${(value / 1024).toFixed(1)} kB` : unit === 'ms' ? `${value.toFixed(0)} ms` : value.toFixed(1));
  const times = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '—').padStart(9);
  console.log(`\nMedians of ${RUNS} cold runs in turns (Chromium, fresh context per run): phone ${PHONE.viewport.width}×${PHONE.viewport.height} @${PHONE.deviceScaleFactor}x, `
    + `${DOWN.toLocaleString('en')} B/s down, ${UP.toLocaleString('en')} B/s up, ${LATENCY} ms latency, CPU ${CPU_SLOWDOWN}×; ratios to the console's login page\n`);
  console.log(`${'figure'.padEnd(34)}${'console /'.padStart(12)}${'/tenant'.padStart(12)}${'ratio'.padStart(9)}${'/pay/<code>'.padStart(14)}${'ratio'.padStart(9)}`);
  for (const [label, key, unit] of rows) {
    const [base, tenant, pay] = (['console', 'tenant', 'pay'] as const).map((name) => median(samples[name].map((sample) => sample[key] as number)));
    console.log(`${label.padEnd(34)}${show(base, unit).padStart(12)}${show(tenant, unit).padStart(12)}${times(base ? tenant / base : NaN)}${show(pay, unit).padStart(14)}${times(base ? pay / base : NaN)}`);
  }
  for (const target of targets) {
    const usable = samples[target.name].map((sample) => sample.usableMs);
    console.log(`usable, ${target.name}: ${Math.min(...usable).toFixed(0)}–${Math.max(...usable).toFixed(0)} ms over the runs`);
  }
  for (const target of targets) {
    console.log(`\n${target.path.replace(/^\/pay\/.+/, '/pay/<code>')} up to usable, page clock (last run): requests (sent → answered, bytes on the wire) and long tasks`);
    console.log(`  ${samples[target.name].at(-1)?.timeline.join('\n  ')}`);
  }
}

await main();
process.exit(0);
