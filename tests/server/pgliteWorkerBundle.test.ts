import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_WORKER_BUNDLE } from '../../scripts/pgliteWorkerBundle';

/**
 * `npm start` left a defunct `[esbuild]` under the server (issue 40): the PGlite worker registered
 * tsx for itself, tsx's loader thread in the worker started an esbuild service, and when the worker
 * ended (first start: seed, then reopen) that esbuild exited with nobody left to wait for it. Under
 * `npm start` the worker now runs one bundled JavaScript module (scripts/pgliteWorkerBundle.ts).
 * The probe (tests/support/pgliteWorkerProbe.ts) runs in a process of its own, as the server does,
 * with tsx's cache off so that the worker's TypeScript is compiled afresh as on a fresh machine.
 */
/**
 * The probe's worker opens an empty database from a data folder tarball rather than making one
 * (PGlite's initdb in WASM: 7–11 s a probe; loading it: about 2.5 s): what the worker compiles, and
 * so the esbuild it may leave, is the same. Made once per PGlite version, kept in the temp folder
 * beside the test seed's dump.
 */
let emptyDataDir: string;
beforeAll(async () => {
  const { version } = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string };
  emptyDataDir = join(tmpdir(), 'metering-test-seed', `empty-pglite-${version}.tar`);
  if (existsSync(emptyDataDir)) return;
  const pglite = new PGlite();
  await pglite.waitReady;
  const dump = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await pglite.close();
  mkdirSync(dirname(emptyDataDir), { recursive: true });
  // Written aside, then renamed: a run beside this one never reads half a file.
  writeFileSync(`${emptyDataDir}.${process.pid}.tmp`, dump);
  renameSync(`${emptyDataDir}.${process.pid}.tmp`, emptyDataDir);
});

const probe = (...args: string[]) => {
  const out = execFileSync('node_modules/.bin/tsx', ['tests/support/pgliteWorkerProbe.ts', ...args], {
    env: { ...process.env, TSX_DISABLE_CACHE: '1', PGLITE_WORKER_SCRIPT: '', PROBE_DATA_DIR: emptyDataDir }, encoding: 'utf8',
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
