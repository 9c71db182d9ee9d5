import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db';
import { tarball } from '../../server/db/tarball';
import { bootstrap } from '../../server/db/bootstrap';
import { TEST_NOW, TEST_PASSWORD } from './constants';
import { adminQuery, databaseUrl, testPostgresUrl } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    seedDump: string;
    seedDataDir: string;
    seedTemplate: string;
  }
}

/**
 * Seeds the demo estate once (fixed seed, fixed clock). On PGlite (default) it is dumped and opened
 * into a data folder that each test file copies; with DATABASE_URL (PostgreSQL) it becomes a
 * template database that each test file copies.
 *
 * Seeding is the slowest single step of a run (about 20 s on an idle 2-core machine, over a
 * minute under load), so it is done once per run, not once per project (Vitest runs a project's
 * global setup for each project), and the PGlite dump is kept between runs in the system's temp
 * folder under a hash of everything that makes it: the source files the seeding imports (followed
 * from server/db/bootstrap.ts), the lockfile (PGlite's version), the test clock and password.
 * `SEED_CACHE=off` seeds afresh.
 */
export default async function setup(project: TestProject) {
  const shared = globalThis as { __meteringSeed?: Promise<Seed> };
  shared.__meteringSeed ??= seed();
  const result = await shared.__meteringSeed;
  result.users += 1;
  project.provide('seedDump', result.dump);
  project.provide('seedDataDir', result.dataDir);
  project.provide('seedTemplate', result.template);
  return async () => {
    // Each project that ran the setup tears down; the last one drops the template.
    result.users -= 1;
    if (result.users === 0) await result.drop();
  };
}

interface Seed { dump: string; dataDir: string; template: string; users: number; drop(): Promise<void> }

async function seed(): Promise<Seed> {
  const pgUrl = testPostgresUrl();
  if (pgUrl) {
    const template = `metering_seed_${process.pid}`;
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${template}`);
    await adminQuery(pgUrl, `CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: databaseUrl(pgUrl, template) });
    await bootstrap(database.db, { adminPassword: TEST_PASSWORD, now: TEST_NOW });
    await database.close();
    return { dump: '', dataDir: '', template, users: 0, drop: () => adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${template}`) };
  }
  removeLeftCopies();
  const file = join(tmpdir(), 'metering-test-seed', `${seedKey()}.tar`);
  const fresh = process.env.SEED_CACHE === 'off' || !existsSync(file);
  if (fresh) {
    const database = await openDatabase();
    await bootstrap(database.db, { adminPassword: TEST_PASSWORD, now: TEST_NOW });
    const dump = await database.dump!();
    await database.close();
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    removeOldSeeds(dirname(file));
  }
  return { dump: file, dataDir: await dataFolderOf(file, fresh), template: '', users: 0, drop: async () => undefined };
}

/**
 * The dump opened once into a data folder on disk, beside it (kept with it): a test file's database
 * is a copy of this folder (tests/support/testApp.ts), which PGlite reads page by page as the file's
 * queries need them, instead of the whole dump unpacked into its memory at every open (about 1.2 GB
 * of resident memory per open database, and more CPU: docs/testing.md).
 */
async function dataFolderOf(dump: string, fresh: boolean): Promise<string> {
  const folder = dump.replace(/\.tar$/, '.pgdata');
  if (!fresh && existsSync(join(folder, 'PG_VERSION'))) return folder;
  const partial = `${folder}.${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  // Opened with the dump, PGlite unpacks it into the folder; closing it checkpoints.
  const database = await openDatabase({ dataDir: partial, loadDataDir: tarball(readFileSync(dump)), worker: false });
  await database.close();
  // Swapped in by renames: no run finds a half-made folder.
  const old = `${folder}.old.${process.pid}`;
  if (existsSync(folder)) renameSync(folder, old);
  renameSync(partial, folder);
  rmSync(old, { recursive: true, force: true });
  return folder;
}

/**
 * Seeds of other sources (about 600 MB each, a dump and its data folder) beyond the newest few: a
 * checkout that comes back to one of them seeds it again. Kept: the KEEP_SEEDS most recently made.
 */
const KEEP_SEEDS = 3;
function removeOldSeeds(folder: string) {
  // Another run may be removing some of them at the same moment: one gone already is left out.
  const madeAt = (name: string) => { try { return statSync(join(folder, name)).mtimeMs; } catch { return undefined; } };
  const dumps = readdirSync(folder).filter((name) => /^[0-9a-f]{24}\.tar$/.test(name))
    .map((name) => ({ name, made: madeAt(name) }))
    .filter((dump): dump is { name: string; made: number } => dump.made !== undefined)
    .sort((a, b) => b.made - a.made);
  for (const { name } of dumps.slice(KEEP_SEEDS)) {
    rmSync(join(folder, name), { force: true });
    rmSync(join(folder, name.replace(/\.tar$/, '.pgdata')), { recursive: true, force: true });
  }
}

/** Test databases' folders that a killed worker left behind (testApp.ts names them after its process). */
function removeLeftCopies() {
  for (const folder of ['/dev/shm', tmpdir()]) {
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) {
      const pid = /^metering-test-db-(\d+)-/.exec(name)?.[1];
      if (pid && !alive(Number(pid))) rmSync(join(folder, name), { recursive: true, force: true });
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');

/** A hash of the seeding's source files (relative imports followed from bootstrap.ts), the lockfile and the test constants. */
function seedKey(): string {
  const hash = createHash('sha256');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    hash.update(file.slice(root.length)).update('\0').update(text).update('\0');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolveSource(resolve(dirname(file), spec));
      if (target) visit(target);
    }
  };
  visit(join(root, 'server/db/bootstrap.ts'));
  visit(join(root, 'server/db/index.ts'));
  visit(join(root, 'tests/support/constants.ts'));
  visit(join(root, 'tests/support/globalSeed.ts'));
  // The migrations are read at run time, not imported.
  const migrations = join(root, 'server/db/migrations');
  for (const entry of listFiles(migrations)) hash.update(entry.slice(root.length)).update(readFileSync(entry));
  hash.update(readFileSync(join(root, 'package-lock.json')));
  return hash.digest('hex').slice(0, 24);
}

function resolveSource(base: string): string | undefined {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdir(folder).sort();
}

function readdir(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? readdir(join(folder, entry.name)) : [join(folder, entry.name)]);
}
