import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db';
import { bootstrap } from '../../server/db/bootstrap';
import { TEST_NOW, TEST_PASSWORD } from './constants';
import { adminQuery, databaseUrl, testPostgresUrl } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    seedDump: string;
    seedTemplate: string;
  }
}

/**
 * Seeds the demo estate once (fixed seed, fixed clock). On PGlite (default) it is dumped, and each
 * test file starts from that dump; with DATABASE_URL (PostgreSQL) it becomes a template
 * database that each test file copies.
 */
export default async function setup(project: TestProject) {
  const pgUrl = testPostgresUrl();
  if (pgUrl) {
    const template = `metering_seed_${process.pid}`;
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${template}`);
    await adminQuery(pgUrl, `CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: databaseUrl(pgUrl, template) });
    await bootstrap(database.db, { adminPassword: TEST_PASSWORD, now: TEST_NOW });
    await database.close();
    project.provide('seedTemplate', template);
    project.provide('seedDump', '');
    return async () => {
      await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${template}`);
    };
  }
  const database = await openDatabase();
  await bootstrap(database.db, { adminPassword: TEST_PASSWORD, now: TEST_NOW });
  const dump = await database.dump!();
  await database.close();
  const file = join(mkdtempSync(join(tmpdir(), 'metering-seed-')), 'seed.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('seedDump', file);
  project.provide('seedTemplate', '');
}
