import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from '@hono/zod-openapi';
import { PAGE_SIZE_MAX } from '../config';
import { IdListQuery, Q } from './input';

/** Deepest page a list may ask for (offset = (pageNum - 1) × pageSize). */
export const PAGE_NUM_MAX = 1_000_000;

/**
 * The list convention: pageNum (from 1), pageSize (max 100), sortField, sortOrder (asc/desc).
 * Empty values mean the default; `pageNum=abc` is a type error naming pageNum. A sort field is a
 * plain name (letters, digits, _ and .; starting with a letter): anything else, `__proto__` included,
 * is a 400; a well-formed name that is not sortable falls back to the default order.
 */
export const PagingQuery = z.object({
  pageNum: Q.int(1, PAGE_NUM_MAX).transform((v) => v ?? 1),
  pageSize: Q.int(1, PAGE_SIZE_MAX).transform((v) => v ?? 10),
  sortField: Q.text(64).pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_.]*$/, 'validation.sortField').optional()),
  sortOrder: Q.oneOf(['asc', 'desc', 'ASC', 'DESC']),
});
export type Paging = z.output<typeof PagingQuery>;

/** ORDER BY for a whitelisted sort field (unknown fields fall back to the default). */
export function orderBy(paging: Paging, columns: Record<string, PgColumn | SQL>, fallback: (PgColumn | SQL)[]): (PgColumn | SQL)[] {
  const column = paging.sortField && Object.hasOwn(columns, paging.sortField) ? columns[paging.sortField] : undefined;
  if (!column) return fallback;
  return [paging.sortOrder?.toLowerCase() === 'desc' ? desc(column) : asc(column), ...fallback];
}

export const offsetOf = (paging: Paging) => (paging.pageNum - 1) * paging.pageSize;

/** A comma-separated or repeated id list in a query string (see input.ts). */
export const IdList = IdListQuery(5000);

/** An ILIKE pattern matching text that contains `value` literally (%, _ and \\ escaped). */
export const containing = (value: string) => `%${likeLiteral(value)}%`;

/** Text for a LIKE pattern that matches it literally (%, _ and \\ escaped). */
export const likeLiteral = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/**
 * A code or name in natural order ("101" before "1001", "2号楼" before "10号楼"): the
 * `natural_sort_key` function of migration 0001, usable in ORDER BY and in expression indexes.
 */
export const natural = (column: PgColumn | SQL) => sql`natural_sort_key(${column})`;
