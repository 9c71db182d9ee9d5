import { sql } from 'drizzle-orm';
import type { Db } from './index';
import { rowsOf } from './rows';

/**
 * The readings' monthly partitions (migration 0033): creates the UTC months from `from` to `to`
 * (both included) that do not exist yet, moving any of their rows out of the default partition.
 * Returns how many were created. Creating a partition locks the readings table for a moment, so this
 * runs ahead of need: at server start and daily (server/domain/readingPartitions.ts), and in the
 * seeds before they fill a range.
 */
export async function ensureReadingPartitions(db: Db, from: Date, to: Date, options: { lockTimeoutMs?: number } = {}): Promise<number> {
  const ensure = async (tx: Db) => {
    // A month to create waits for the readings table's lock; every later reader would queue behind
    // it, so a server gives up after a moment (the months are made months ahead: the next day retries).
    if (options.lockTimeoutMs) await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${Math.trunc(options.lockTimeoutMs)}ms'`));
    const [row] = rowsOf<{ created: number }>(await tx.execute(sql`SELECT ensure_reading_partitions(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz) AS created`));
    return Number(row?.created ?? 0);
  };
  return options.lockTimeoutMs ? db.transaction((tx) => ensure(tx as unknown as Db)) : ensure(db);
}

export interface ReadingPartition { name: string; from: string | null; to: string | null; isDefault: boolean }

/** The readings' partitions, oldest month first, the default one last (for tests and the operators' checks). */
export async function readingPartitions(db: Db): Promise<ReadingPartition[]> {
  const rows = rowsOf<{ name: string; bound: string }>(await db.execute(sql`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'readings'::regclass
     ORDER BY c.relname`));
  const parsed = rows.map((row) => {
    const match = /FROM \('([^']+)'\) TO \('([^']+)'\)/.exec(row.bound);
    return { name: row.name, from: match ? new Date(match[1]).toISOString() : null, to: match ? new Date(match[2]).toISOString() : null, isDefault: row.bound === 'DEFAULT' };
  });
  return [...parsed.filter((p) => !p.isDefault), ...parsed.filter((p) => p.isDefault)];
}
