import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort, stopProcessGroup } from '../support/processes';

export const E2E_PASSWORD = process.env.E2E_PASSWORD ?? 'e2e-pass-2026';
export const SCREENSHOTS = join(process.cwd(), 'test-results', 'e2e');

export interface RunningPlatform {
  url: string;
  /** The simulated gateway's port (SIM_GATEWAY_PORT), when asked for. */
  gatewayPort?: number;
  output: () => string;
  /** Stops the platform: SIGTERM, then SIGKILL if it has not exited after `graceMs` (5 s); true when it had to be killed. */
  stop(graceMs?: number): Promise<boolean>;
}

/** The idle limit of the test build (the real build uses SPEC.md's 600000 ms). */
export const TEST_IDLE_TIMEOUT_MS = 4000;

export interface PlatformOptions {
  /** Serve a console built with a shortened idle clock (TEST_IDLE_TIMEOUT_MS) instead of `dist/`. */
  testBuild?: boolean;
  /** Start the simulated gateway (SIM_GATEWAY_PORT) on a free port. */
  simulatedGateway?: boolean;
  /**
   * Start on an empty data folder, so that the platform seeds the demo estate itself (its first
   * start, about 40 s). Otherwise the flow gets a copy of a demo estate seeded once per e2e run.
   */
  firstStart?: boolean;
  /**
   * More environment for the platform, merged over the flows' defaults (e.g. `SIM_TIME_SCALE` for a
   * simulated estate that uses energy faster).
   */
  env?: Record<string, string>;
}

/**
 * The demo estate, seeded once per e2e run by a first `npm start` that is then stopped cleanly, in
 * a folder named after the test runner's process: every flow that is not about the first start
 * starts on a copy of it (a copy takes about a second; seeding takes about 40 s).
 */
async function seededEstate(): Promise<string> {
  const template = join(tmpdir(), `metering-e2e-estate-${process.ppid}`);
  if (!existsSync(template)) {
    // Templates of earlier runs whose runner has ended.
    for (const name of readdirSync(tmpdir())) {
      const pid = Number(name.match(/^metering-e2e-estate-(\d+)$/)?.[1]);
      if (pid && !isAlive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
    const seeding = mkdtempSync(join(tmpdir(), 'metering-e2e-seeding-'));
    const platform = await launch({ dataDir: seeding });
    // A clean stop (the database closed), which an idle platform makes in well under a second.
    if (await platform.stop(60_000)) throw new Error(`the platform that seeded the e2e demo estate did not stop on SIGTERM:\n${platform.output()}`);
    if (existsSync(template)) rmSync(seeding, { recursive: true, force: true });
    else renameSync(seeding, template);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'metering-e2e-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm start` on a free port, on a copy of the demo estate (or, with `firstStart`, an empty data
 * folder); resolves once it prints its URL. With `testBuild`, the console is built separately with
 * a shortened idle clock and served instead.
 */
export async function startPlatform(options: PlatformOptions = {}): Promise<RunningPlatform> {
  // While writing a flow: drive an already running platform (its data are not fresh).
  if (process.env.E2E_URL) return { url: process.env.E2E_URL, gatewayPort: Number(process.env.E2E_GATEWAY_PORT) || undefined, output: () => 'Demo login: admin', stop: async () => false };
  const dataDir = options.firstStart ? mkdtempSync(join(tmpdir(), 'metering-e2e-')) : await seededEstate();
  const platform = await launch({ ...options, dataDir });
  // The flow's data folder goes once the platform has stopped.
  return {
    ...platform,
    stop: async (graceMs) => {
      const killed = await platform.stop(graceMs);
      rmSync(dataDir, { recursive: true, force: true });
      return killed;
    },
  };
}

async function launch(options: PlatformOptions & { dataDir: string }): Promise<RunningPlatform> {
  const { dataDir } = options;
  const port = await freePort();
  const gatewayPort = options.simulatedGateway ? await freePort() : undefined;
  let output = '';
  // A perfect simulated estate (no missed replies, no module outages, no valve faults): a flow
  // checks what the screens do, not the luck of the draw. The auto-reader stays off so that the
  // flows' own commands are the only ones in the queue.
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_PASSWORD, DATABASE_URL: '',
    SIM_FAILURE_RATE: '0', AUTO_READ: 'off', BACKUP_DAILY_AT: 'off', ...(gatewayPort ? { SIM_GATEWAY_PORT: String(gatewayPort) } : {}),
    ...options.env,
  };
  let command = ['npm', 'start', '--silent'];
  if (options.testBuild) {
    const outDir = mkdtempSync(join(tmpdir(), 'metering-e2e-dist-'));
    execSync(`npx vite build --logLevel warn --outDir ${outDir} --emptyOutDir`, { stdio: 'inherit', env: { ...process.env, VITE_IDLE_TIMEOUT_MS: String(TEST_IDLE_TIMEOUT_MS) } });
    Object.assign(env, { STATIC_DIR: outDir });
    command = ['npx', 'tsx', 'server/index.ts'];
  }
  const child: ChildProcess = spawn(command[0], command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const url = await new Promise<string>((resolve, reject) => {
    // A first start builds the console and seeds the demo estate (the seed 46 s on PGlite on a quiet
    // machine, two to three times that under CI's load): up to 7 minutes before it is a failure.
    const timer = setTimeout(() => reject(new Error(`platform did not start:\n${output}`)), 420_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/console and API on (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`platform exited with ${code}:\n${output}`)));
  });
  return {
    url,
    gatewayPort,
    output: () => output,
    // SIGTERM, then SIGKILL after `graceMs`: a platform finishes the device command in hand
    // before it stops (up to the driver's 60 s timeout for a meter that never answers), which a
    // flow whose data folder is thrown away need not wait for.
    stop: (graceMs = 5_000) => stopProcessGroup(child, graceMs),
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Saves a full-page screenshot under test-results/e2e (kept as a CI artifact). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The admin's session on a running platform, as the console's login makes it (SPEC.md: form-encoded): its token. */
export async function operatorToken(base: string): Promise<string> {
  const login = await fetch(new URL('api/v1/quan_xian/deng_lu/login', base), {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: E2E_PASSWORD }),
  });
  const session = await login.json() as { code: number; sessinId: string };
  if (session.code !== 200) throw new Error(`operator login: ${JSON.stringify(session)}`);
  return session.sessinId;
}

/** An operator's GET call (X-Token): its data, the code checked. */
export async function operatorGet<T>(base: string, token: string, path: string): Promise<T> {
  const response = await fetch(new URL(`api/v1/electricity/${path}`, base), { headers: { 'X-Token': token } });
  const body = await response.json() as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}
