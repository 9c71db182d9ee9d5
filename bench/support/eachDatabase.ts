import { openDatabase, type Database } from '../../server/db';
import { adminQuery, databaseUrl } from '../../tests/support/postgres';

/**
 * Runs a bench on a fresh in-memory PGlite, then — when BENCH_DATABASE_URL (or DATABASE_URL) is
 * set — on a scratch PostgreSQL database `<scratchPrefix>_<pid>`, dropped afterwards.
 */
export async function benchEachDatabase(scratchPrefix: string, bench: (name: string, database: Database) => Promise<unknown>) {
  const lite = await openDatabase();
  try {
    await bench('PGlite (in memory)', lite);
  } finally {
    await lite.close();
  }
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!pgUrl) return;
  const scratch = `${scratchPrefix}_${process.pid}`;
  await adminQuery(pgUrl, `CREATE DATABASE ${scratch}`);
  const pg = await openDatabase({ url: databaseUrl(pgUrl, scratch) });
  try {
    await bench('PostgreSQL', pg);
  } finally {
    await pg.close();
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${scratch}`);
  }
}
