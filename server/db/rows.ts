import { sql } from 'drizzle-orm';
import type { Db } from '.';

/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/**
 * VACUUM ANALYZE after a bulk load, outside any transaction: besides the statistics, it marks the
 * new rows all-visible, without which an index-only scan (the list kit's page walks and counts)
 * visits the table for every entry — at 100,000 rows, 450 ms instead of 0.1 ms for a sorted first page.
 */
export async function vacuumAnalyze(db: Db) {
  await db.execute(sql`VACUUM ANALYZE`);
}
