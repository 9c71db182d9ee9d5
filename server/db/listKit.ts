import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '.';
import { PREPARED_BY_TEXT, preparedStatement } from './namedStatements';
import { likeLiteral, offsetOf, type Paging } from './paging';
import { rowsOf } from './rows';

/**
 * The server list kit (DESIGN.md, "Kits"): how every list of the API pages, sorts, counts and
 * searches so that it stays fast at 100,000 rows. A list is declared on its *driving table* (the
 * table whose rows it lists, e.g. water_meters); it works in two steps:
 *
 * 1. **The page's ids** from the driving table alone: the area scope, the filters (conditions on
 *    the driving table; a filter on another table is an `id IN (subquery)` / `room_id IN (…)`), the
 *    sort key and the id as tie-break, LIMIT and OFFSET. Every sortable key is a column of the
 *    driving table backed by an index `(area_id, key, id)` (keys shown from other tables — room
 *    code, building, project, tenant — are kept on the row by triggers: migration 0004), so a page
 *    walks an index and stops: page 1 reads 25 index entries, page 400 reads 10,000, never the
 *    whole scope sorted. A scope of several areas is one ordered index walk per area, merged
 *    (`UNION ALL` of per-area `ORDER BY … LIMIT`), not a sort of all their rows. With the
 *    caller's filters, the matches are gathered once (up to the count cap) and sorted, and the
 *    walk is used only when more rows match than the cap (`filteredIdsAndCount`).
 * 2. **The page's rows**: the joins the columns need, for those ids only (`rowsById`: one named
 *    prepared statement per list, planned once per connection).
 *
 * Step 1 and the count are one statement: a call costs the session lookup, that, and the rows.
 *
 * The count is exact up to COUNT_CAP matching rows; past that the answer says `totalCapped: true`
 * and the console shows "10,000+" (an exact count of 100,000 rows through joins cost more than the
 * page itself). Searches use `matches()`: trigram indexes for three characters or more ("contains"),
 * prefix indexes for one or two (a trigram index cannot serve those, and "starts with" is what a
 * short input means: a surname, the first digits of an address).
 */

/** Past this many matching rows a list reports "COUNT_CAP+" instead of counting every row. */
export const COUNT_CAP = 10_000;

/** The cap in force: LIST_COUNT_CAP when set (a faster database may count further), else COUNT_CAP. */
export const countCap = () => Number(process.env.LIST_COUNT_CAP) || COUNT_CAP;

/**
 * A sort key: a column or expression, or several compared in turn (a meter's room: project, then
 * building, then room, so that one building's 101 is not beside another's), each backed by an index
 * (area, the keys in that order, id).
 */
export type SortKey = PgColumn | SQL | (PgColumn | SQL)[];

export interface ListSpec<Row> {
  /** The driving table and its integer primary key and area column. */
  table: PgTable;
  id: PgColumn;
  area: PgColumn;
  /**
   * Sortable fields: a column of the driving table each (or an expression of its columns, e.g. a
   * natural sort key), backed by an index (area, column or expression, id).
   */
  sorts: Record<string, SortKey>;
  /**
   * The condition every page of the list has, on the driving table: which rows the list is about
   * (readings not deleted, rooms without a water meter). With the area it bounds the index walk,
   * and it is not a filter: a page without the caller's filters walks the index (see
   * `idsAndCount`). Write its constants into the text, so that such a page has no parameters.
   */
  base?: SQL;
  /** The order without a chosen sort (default: id ascending), e.g. newest first for readings. */
  defaultSort?: { field: string; descending: boolean };
  /** The rows of a page, with the joins its columns need (any order: the kit restores the page's). */
  rows(db: Db, ids: number[]): Promise<Row[]>;
}

export interface ListPage<Row> {
  records: Row[];
  total: number;
  /** More rows match than were counted: `total` is COUNT_CAP and the console says "10,000+". */
  totalCapped?: true;
}


/**
 * An integer of the kit's own (an area id of the session, a page size or offset the paging schema
 * checked, the count cap) written into the statement's text rather than sent as a parameter, so
 * that the text of an unfiltered page has no parameters and PGlite plans it once (PREPARED_BY_TEXT).
 */
function int(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`list kit: ${value} is not an integer`);
  return sql.raw(String(value));
}

/** The scope as a condition: one area is an equality (an index range), several are a list. */
const scopeCondition = (area: PgColumn, areaIds: number[]): SQL =>
  areaIds.length === 1 ? sql`${area} = ${int(areaIds[0])}` : sql`${area} IN (${sql.join(areaIds.map(int), sql`, `)})`;

const KEY_ALIAS = 'list_sort_key';

/**
 * The sort of a page: its key (none: id order) and direction, the ORDER BY on the driving table,
 * and, for a set of rows selected as `id` with `keySelect`, the same order on those names.
 */
function sortOf(spec: ListSpec<unknown>, paging: Paging) {
  const chosen = paging.sortField && Object.hasOwn(spec.sorts, paging.sortField) ? paging.sortField : undefined;
  const field = chosen ?? spec.defaultSort?.field;
  const descending = chosen ? paging.sortOrder?.toLowerCase() === 'desc' : spec.defaultSort?.descending ?? false;
  const key = field !== undefined && Object.hasOwn(spec.sorts, field) ? spec.sorts[field] : undefined;
  const direction = descending ? sql.raw('DESC') : sql.raw('ASC');
  // Without a sort key the list is in id order (ascending unless the default says otherwise).
  const keys = key === undefined ? [] : Array.isArray(key) ? key : [key];
  const aliases = keys.map((_, i) => sql.raw(`${KEY_ALIAS}_${i}`));
  return {
    orderBy: sql.join([...keys.map((k) => sql`${k} ${direction}`), sql`${spec.id} ${direction}`], sql`, `),
    keySelect: sql.join(keys.map((k, i) => sql`, ${k} AS ${aliases[i]}`)),
    selectedOrder: sql.join([...aliases.map((alias) => sql`${alias} ${direction}`), sql`id ${direction}`], sql`, `),
  };
}

/** The list's own condition and the caller's filters, each as ` AND …` after the area scope. */
const conditionsOf = (spec: ListSpec<unknown>, where: SQL | undefined): SQL =>
  sql.join([spec.base, where].filter((condition): condition is SQL => condition !== undefined).map((condition) => sql` AND ${condition}`));

/** The page's ids as a subquery, in order: an index walk per area, merged when the scope has several areas. */
function pageIdsQuery(spec: ListSpec<unknown>, filter: SQL, paging: Paging, areaIds: number[]): SQL {
  const { orderBy, keySelect, selectedOrder } = sortOf(spec, paging);
  const offset = offsetOf(paging);
  if (areaIds.length === 1) {
    return sql`SELECT ${spec.id} FROM ${spec.table}
      WHERE ${scopeCondition(spec.area, areaIds)}${filter} ORDER BY ${orderBy} LIMIT ${int(paging.pageSize)} OFFSET ${int(offset)}`;
  }
  // Each area's first offset + pageSize rows in order, merged: never the whole scope sorted.
  const branches = areaIds.map((areaId) => sql`(SELECT ${spec.id} AS id${keySelect} FROM ${spec.table}
    WHERE ${spec.area} = ${int(areaId)}${filter} ORDER BY ${orderBy} LIMIT ${int(offset + paging.pageSize)})`);
  return sql`SELECT id FROM (${sql.join(branches, sql` UNION ALL `)}) AS scoped
    ORDER BY ${selectedOrder} LIMIT ${int(paging.pageSize)} OFFSET ${int(offset)}`;
}

interface IdsAndCount { ids: number[]; total: number; capped: boolean }

/** The answer of a statement that selects the page's `ids` and, counted up to `cap` + 1, `n`. */
const idsAndCountOf = (result: unknown, cap: number): IdsAndCount => {
  const [row] = rowsOf<{ ids: (number | string)[]; n?: number }>(result);
  const n = Number(row.n ?? cap + 1);
  return { ids: row.ids.map(Number), total: Math.min(n, cap), capped: n > cap };
};

/**
 * The page's ids and the matching rows counted up to `cap` + 1, in one statement (one round trip
 * to the database instead of two: on a loaded server each costs the backend and the database a
 * socket write and a wake-up). `ARRAY(subquery)` keeps the subquery's order.
 *
 * Unfiltered, the page is an index walk (`pageIdsQuery`). On PGlite its statement is prepared per
 * text (PREPARED_BY_TEXT): planning is most of its cost there, since the planner reads the size of
 * every table and index it names and each read is a file-system call from WASM. Without parameters
 * it is planned once: 1.5 → 0.45 ms for the water archive's first page.
 *
 * Filtered (`where`: the caller's filters), the matching rows are gathered once, up to `cap` + 1
 * with their sort key, then counted and sorted (`filteredIdsAndCount`). That statement is prepared
 * per text as well, its filter values as parameters, and PGlite runs every named statement on its
 * generic plan (`plan_cache_mode`, server/db/index.ts): planned once, not for each search (a
 * water archive search at the demo size: 4.6 → 1.1 ms). Its conditions are written for that:
 * a search's "starts with" is an index range, not a LIKE (`matches`), each column its own SELECT
 * (`idsMatching`). On PostgreSQL the marker is a comment and every call is planned for its values.
 */
async function idsAndCount(db: Db, spec: ListSpec<unknown>, where: SQL | undefined, paging: Paging, areaIds: number[], cap: number): Promise<IdsAndCount> {
  if (!areaIds.length) return { ids: [], total: 0, capped: false };
  if (where) return filteredIdsAndCount(db, spec, conditionsOf(spec, where), paging, areaIds, cap);
  const base = conditionsOf(spec, undefined);
  return idsAndCountOf(await db.execute(sql`${sql.raw(PREPARED_BY_TEXT)}SELECT ARRAY(${pageIdsQuery(spec, base, paging, areaIds)}) AS ids,
    (SELECT count(*)::int FROM (SELECT 1 FROM ${spec.table}
      WHERE ${scopeCondition(spec.area, areaIds)}${base} LIMIT ${int(cap + 1)}) AS matching) AS n`), cap);
}

/**
 * A filtered page: the filter (a search is a union over several tables) is evaluated once, not once
 * for the count and once more per area for the page. Its matches, up to `cap` + 1 with their sort
 * key, are counted and sorted (MATERIALIZED: gathered once for both); while they are no more than
 * `cap` that is the whole matching set, so the page is exact. Past the cap the set is incomplete,
 * and the page is an index walk (`pageIdsQuery`), as an unfiltered one: the price of that case is
 * one more statement. `filter`: the list's base and the caller's filters (`conditionsOf`).
 */
async function filteredIdsAndCount(db: Db, spec: ListSpec<unknown>, filter: SQL, paging: Paging, areaIds: number[], cap: number): Promise<IdsAndCount> {
  const { keySelect, selectedOrder } = sortOf(spec, paging);
  const gathered = idsAndCountOf(await db.execute(sql`${sql.raw(PREPARED_BY_TEXT)}WITH matching AS MATERIALIZED (SELECT ${spec.id} AS id${keySelect} FROM ${spec.table}
      WHERE ${scopeCondition(spec.area, areaIds)}${filter} LIMIT ${int(cap + 1)})
    SELECT ARRAY(SELECT id FROM matching ORDER BY ${selectedOrder} LIMIT ${int(paging.pageSize)} OFFSET ${int(offsetOf(paging))}) AS ids,
      (SELECT count(*)::int FROM matching) AS n`), cap);
  if (!gathered.capped) return gathered;
  // More than the cap match: the count is already known to be past it.
  return idsAndCountOf(await db.execute(sql`SELECT ARRAY(${pageIdsQuery(spec, filter, paging, areaIds)}) AS ids`), cap);
}

/**
 * A page of a list: its ids and the count (capped), then the rows of those ids. `where` holds the
 * caller's filters as conditions on the driving table (no joins); the area scope and the list's
 * `base` are the kit's.
 */
export async function listPage<Row extends { id: number }>(db: Db, spec: ListSpec<Row>, options: { where?: SQL; paging: Paging; areaIds: number[]; countCap?: number }): Promise<ListPage<Row>> {
  const { ids, total, capped } = await idsAndCount(db, spec as ListSpec<unknown>, options.where, options.paging, options.areaIds, options.countCap ?? countCap());
  const rows = ids.length ? await spec.rows(db, ids) : [];
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const records = ids.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined);
  return capped ? { records, total, totalCapped: true } : { records, total };
}

/** A statement drizzle can prepare (a select with its conditions). */
interface Preparable<Row> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
}

/**
 * A statement over a list of ids as one named prepared statement per database: `build` gets
 * `ids`, the condition's right side, whose text is the same for any number of ids, so PostgreSQL
 * (and PGlite: server/db/namedStatements.ts) parses and plans it once per connection instead of on
 * every page, and drizzle builds it once, not per call. `name` must be unique among the server's
 * prepared statements.
 *
 * The ids are `= ANY((SELECT $ids::bigint[])::bigint[])`, not `= ANY($ids)` (the outer cast
 * makes it an array expression, not `ANY (subquery)`): as a sub-select the array's
 * length is unknown to the planner even when it plans for the values given, so every plan has the
 * same cost and PostgreSQL's plan cache keeps its generic plan. With `= ANY($ids)` a page of fewer
 * ids than the generic plan's guess (10) looked cheaper planned afresh, so a search's page of 3
 * rows was planned on every call (3.1 ms for the water archive's rows on PGlite, against 1.1 ms
 * for a full page planned once). bigint[] compares with integer and bigint ids alike, through
 * their indexes.
 */
export function preparedByIds<Row>(name: string, build: (db: Db, ids: SQL) => Preparable<Row>): (db: Db, ids: number[]) => Promise<Row[]> {
  const prepared = new WeakMap<Db, ReturnType<Preparable<Row>['prepare']>>();
  return (db, ids) => {
    let statement = prepared.get(db);
    if (!statement) prepared.set(db, (statement = preparedStatement(build(db, sql`= ANY((SELECT ${sql.placeholder('ids')}::bigint[])::bigint[])`), name)));
    return statement.execute({ ids });
  };
}

/**
 * A list's rows by their ids (`ListSpec.rows`): `select` with `id = ANY($ids)`, prepared
 * (`preparedByIds`): planning the water archive's five-table join cost more than running it for 25 ids.
 */
export function rowsById<Row>(name: string, select: (db: Db) => { where(condition: SQL): Preparable<Row> }, id: PgColumn): (db: Db, ids: number[]) => Promise<Row[]> {
  return preparedByIds(name, (db, ids) => select(db).where(sql`${id} ${ids}`));
}

/** Inputs shorter than this match as a prefix; longer ones anywhere (trigram indexes need three). */
export const CONTAINS_MIN_LENGTH = 3;

/**
 * A search condition on one text column: "contains" (case-insensitive, served by a trigram index
 * `USING gin (column gin_trgm_ops)`) for three characters or more, "starts with" (served by an
 * index on `lower(column) text_pattern_ops`) for one or two.
 *
 * "Starts with" is written as the range of the index, `lower(column) ~>=~ prefix AND ~<~ the
 * prefix's end` (byte order, the order of text_pattern_ops), not `LIKE 'prefix%'`: PostgreSQL
 * turns a LIKE into that range only when it plans for the pattern's value, so a generic plan (a
 * prepared statement planned once, as PGlite runs a filtered list page: see `idsAndCount`) would
 * read every row of a LIKE's table. Both parameters are values: the text stays the same.
 */
export function matches(column: PgColumn | SQL, value: string): SQL {
  const text = wellFormed(value.trim());
  if (text.length >= CONTAINS_MIN_LENGTH) return sql`${column} ILIKE ${`%${likeLiteral(text)}%`}`;
  const prefix = text.toLowerCase();
  return sql`(lower(${column}) ~>=~ ${prefix} AND lower(${column}) ~<~ ${prefixEnd(prefix)})`;
}

/**
 * `text` with each lone surrogate (a JavaScript string may hold one, e.g. from a JSON body) as
 * U+FFFD, as UTF-8 carries it: what the database compares, and a value PGlite accepts.
 */
const wellFormed = (text: string) => text.replace(/[\ud800-\udfff]/gu, '\ufffd');

/**
 * The least text greater than every text that starts with `prefix`, in byte order: the prefix with
 * its last character's code point plus one (UTF-8's byte order is code point order, so the texts
 * from `prefix` up to this one are exactly those that start with it). A last character that has no
 * successor (U+10FFFF) is dropped and the one before it raised; a surrogate code point is skipped.
 */
export function prefixEnd(prefix: string): string {
  const sent = wellFormed(prefix);
  const points = [...sent];
  while (points.length) {
    const next = points.pop()!.codePointAt(0)! + 1;
    if (next <= 0x10ffff) return points.join('') + String.fromCodePoint(next >= 0xd800 && next <= 0xdfff ? 0xe000 : next);
  }
  // Only U+10FFFF (a noncharacter), which no text follows in byte order: the prefix and one more
  // U+10FFFF bound all its continuations but those that go on with a further U+10FFFF.
  return `${sent}\u{10FFFF}`;
}

/**
 * Ids of the rows of `table` where any of `columns` matches `value` (`matches`), with `where` if
 * given: one SELECT per column, united, so that each is served by its own index. `a OR b` across
 * two indexed columns is read row by row instead (the tenants of a name-or-phone search: 1.5 of
 * the 1.8 ms of a water archive search on PGlite at the demo size).
 */
export function idsMatching(table: PgTable, id: PgColumn, columns: (PgColumn | SQL)[], value: string, where?: SQL): SQL {
  return sql.join(columns.map((column) => sql`SELECT ${id} FROM ${table} WHERE ${where ? sql`${where} AND ` : sql``}${matches(column, value)}`), sql` UNION `);
}
