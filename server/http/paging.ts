import { z } from '@hono/zod-openapi';
import { PAGE_SIZE_MAX } from '../config';
import { IdListQuery, Q } from './input';

/** Deepest page a list may ask for (offset = (pageNum - 1) × pageSize). */
export const PAGE_NUM_MAX = 1_000_000;

/**
 * The list convention: pageNum (from 1), pageSize (max 100), sortField, sortOrder (asc/desc).
 * Empty values mean the default; `pageNum=abc` is a type error naming pageNum. A sort field is a
 * plain name (letters, digits, _ and .; starting with a letter): anything else, `__proto__` included,
 * is a 400; a well-formed name that is not sortable falls back to the default order. It reads into
 * the database layer's `Paging` (server/db/paging.ts).
 */
export const PagingQuery = z.object({
  pageNum: Q.int(1, PAGE_NUM_MAX).transform((v) => v ?? 1),
  pageSize: Q.int(1, PAGE_SIZE_MAX).transform((v) => v ?? 10),
  sortField: Q.text(64).pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_.]*$/, 'validation.sortField').optional()),
  sortOrder: Q.oneOf(['asc', 'desc', 'ASC', 'DESC']),
});

/** A comma-separated or repeated id list in a query string (see input.ts). */
export const IdList = IdListQuery(5000);
