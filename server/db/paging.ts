import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A page of a list as the database layer reads it: pageNum (from 1), pageSize, and an optional sort
 * field and order. The API's query schema (server/http/paging.ts: PagingQuery) produces it; jobs and
 * domain services that page their reads build it themselves.
 */
export interface Paging {
  pageNum: number;
  pageSize: number;
  sortField?: string;
  /** asc or desc, either case. */
  sortOrder?: string;
}

/** ORDER BY for a whitelisted sort field (unknown fields fall back to the default). */
export function orderBy(paging: Paging, columns: Record<string, PgColumn | SQL>, fallback: (PgColumn | SQL)[]): (PgColumn | SQL)[] {
  const column = paging.sortField && Object.hasOwn(columns, paging.sortField) ? columns[paging.sortField] : undefined;
  if (!column) return fallback;
  return [paging.sortOrder?.toLowerCase() === 'desc' ? desc(column) : asc(column), ...fallback];
}

export const offsetOf = (paging: Paging) => (paging.pageNum - 1) * paging.pageSize;

/** An ILIKE pattern matching text that contains `value` literally (%, _ and \\ escaped). */
export const containing = (value: string) => `%${likeLiteral(value)}%`;

/** Text for a LIKE pattern that matches it literally (%, _ and \\ escaped). */
export const likeLiteral = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/**
 * A code or name in natural order ("101" before "1001", "2号楼" before "10号楼"): the
 * `natural_sort_key` function of migration 0001, usable in ORDER BY and in expression indexes.
 */
export const natural = (column: PgColumn | SQL) => sql`natural_sort_key(${column})`;
