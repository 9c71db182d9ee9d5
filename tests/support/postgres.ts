import pg from 'pg';

/** The same server as `url`, another database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL server the tests use instead of PGlite, when DATABASE_URL (or TEST_DATABASE_URL) is set. */
export const testPostgresUrl = () => process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
