import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const E2E_PASSWORD = process.env.E2E_PASSWORD ?? 'e2e-pass-2026';
export const SCREENSHOTS = join(process.cwd(), 'test-results', 'e2e');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export interface RunningPlatform {
  url: string;
  /** The simulated gateway's port (SIM_GATEWAY_PORT), when asked for. */
  gatewayPort?: number;
  output: () => string;
  stop(): Promise<void>;
}

/** The idle limit of the test build (the real build uses SPEC.md's 600000 ms). */
export const TEST_IDLE_TIMEOUT_MS = 4000;

/**
 * `npm start` on a fresh data folder and a free port; resolves once it prints its URL. With
 * `testBuild`, the console is built separately with a shortened idle clock and served instead.
 */
export async function startPlatform(options: { testBuild?: boolean; simulatedGateway?: boolean } = {}): Promise<RunningPlatform> {
  // While writing a flow: drive an already running platform (its data are not fresh).
  if (process.env.E2E_URL) return { url: process.env.E2E_URL, gatewayPort: Number(process.env.E2E_GATEWAY_PORT) || undefined, output: () => 'Demo login: admin', stop: async () => {} };
  const port = await freePort();
  const gatewayPort = options.simulatedGateway ? await freePort() : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'metering-e2e-'));
  let output = '';
  // A perfect simulated estate (no missed replies, no module outages, no valve faults): a flow
  // checks what the screens do, not the luck of the draw. The auto-reader stays off so that the
  // flows' own commands are the only ones in the queue.
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_PASSWORD, DATABASE_URL: '',
    SIM_FAILURE_RATE: '0', AUTO_READ: 'off', ...(gatewayPort ? { SIM_GATEWAY_PORT: String(gatewayPort) } : {}),
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
    const timer = setTimeout(() => reject(new Error(`platform did not start:\n${output}`)), 180_000);
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
    stop: async () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    },
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
