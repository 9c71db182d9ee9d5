import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGLITE_WORKER_BUNDLE } from '../../scripts/pgliteWorkerBundle';

/**
 * `npm start` left a defunct `[esbuild]` under the server (issue 40): the PGlite worker registered
 * tsx for itself, tsx's loader thread in the worker started an esbuild service, and when the worker
 * ended (first start: seed, then reopen) that esbuild exited with nobody left to wait for it. Under
 * `npm start` the worker now runs one bundled JavaScript module (scripts/pgliteWorkerBundle.ts).
 * The probe (tests/support/pgliteWorkerProbe.ts) runs in a process of its own, as the server does,
 * with tsx's cache off so that the worker's TypeScript is compiled afresh as on a fresh machine.
 */
const probe = (...args: string[]) => {
  const out = execFileSync('node_modules/.bin/tsx', ['tests/support/pgliteWorkerProbe.ts', ...args], {
    env: { ...process.env, TSX_DISABLE_CACHE: '1', PGLITE_WORKER_SCRIPT: '' }, encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { pid: number; state: string; name: string }[];
};

describe('the PGlite worker under npm start', () => {
  it('leaves no defunct process when it ends (as after first-start seeding, before the database is reopened)', () => {
    // Beside the bundle npm start writes (its packages resolve from there), a folder of this test's own.
    mkdirSync(dirname(PGLITE_WORKER_BUNDLE), { recursive: true });
    const folder = mkdtempSync(join(dirname(PGLITE_WORKER_BUNDLE), 'test-'));
    try {
      expect(probe('bundle', folder)).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('(the probe sees the fault: through tsx in the worker, as before, an esbuild is left defunct)', () => {
    const left = probe();
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((child) => child.state === 'Z' && child.name === 'esbuild')).toBe(true);
  });
});
