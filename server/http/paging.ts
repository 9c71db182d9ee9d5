import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from '@hono/zod-openapi';
import { PAGE_SIZE_MAX } from '../config';

/** The list convention: pageNum (from 1), pageSize (max 100), sortField, sortOrder (asc/desc). */
export const PagingQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  sortField: z.string().max(64).optional(),
  sortOrder: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
});
export type Paging = z.output<typeof PagingQuery>;

/** ORDER BY for a whitelisted sort field (unknown fields fall back to the default). */
export function orderBy(paging: Paging, columns: Record<string, PgColumn | SQL>, fallback: (PgColumn | SQL)[]): (PgColumn | SQL)[] {
  const column = paging.sortField ? columns[paging.sortField] : undefined;
  if (!column) return fallback;
  return [paging.sortOrder?.toLowerCase() === 'desc' ? desc(column) : asc(column), ...fallback];
}

export const offsetOf = (paging: Paging) => (paging.pageNum - 1) * paging.pageSize;

/** Optional comma-separated or repeated id list in a query string. */
export const IdList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean).map(Number))
  .pipe(z.array(z.number().int().positive()).min(1));

/** An ILIKE pattern matching text that contains `value` literally (%, _ and \\ escaped). */
export const containing = (value: string) => `%${value.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A code or name in natural order ("101" before "1001", "2号楼" before "10号楼"): the
 * `natural_sort_key` function of migration 0001, usable in ORDER BY and in expression indexes.
 */
export const natural = (column: PgColumn | SQL) => sql`natural_sort_key(${column})`;
