/**
 * Named prepared statements on PGlite, as node-postgres makes them on PostgreSQL.
 *
 * The server prepares a few statements that run on nearly every call (the session lookup, the rows
 * of each list page) with drizzle's `.prepare(name)`. On PostgreSQL, node-postgres then parses
 * and plans each one once per connection. drizzle's PGlite driver drops the name, so PGlite
 * parsed and planned them on every call. Planning there costs far more than running them: the
 * planner reads the size of every table and index of the query, and on PGlite each read is a
 * file-system call from WASM (the water archive's rows for 25 ids: about 4 ms planned every time,
 * about 1.2 ms prepared once).
 *
 * `preparedStatement` registers a statement's text under its name (server thread). PGlite's
 * clients (in-process and the worker's) look a text up with `statementName` and run it through
 * `namedQuery`: Parse once per database under that name, then Bind, Execute and Sync for each call,
 * the results parsed by PGlite's own parser. This mirrors PGlite's `query()` step for step.
 * Only calls outside a transaction are named. Every other statement, inside a transaction too, runs
 * unnamed through `plainQuery`, the same steps as PGlite's `query()` but without its copy of the
 * database's result parsers per statement (`parsersOf`).
 *
 * A statement whose text varies (a list page's ids: its areas, sort, page and size are in the
 * text) asks to be prepared per text by starting with `PREPARED_BY_TEXT`: it runs under a name
 * derived from its text, parsed once. Without parameters its plan is made once, and it is the plan
 * of those values. With parameters (a filtered list page), it runs on its generic plan: PGlite is
 * started with `plan_cache_mode = force_generic_plan` (server/db/index.ts), since PostgreSQL's own
 * choice kept planning a search for every call, its generic plan's estimated cost being higher.
 * PGlite keeps the last BY_TEXT_KEPT of them and closes older ones. On PostgreSQL the marker is
 * only a comment.
 */
import { createHash } from 'node:crypto';
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const names = new Map<string, string>();
const texts = new Map<string, string>();

/** Registers `text` as the statement `name` (one text per name). */
function nameStatement(name: string, text: string) {
  const known = texts.get(name);
  if (known !== undefined && known !== text) throw new Error(`prepared statement ${name}: registered with another text`);
  texts.set(name, text);
  names.set(text, name);
}

/** The first characters of a statement to be prepared per text (see above). */
export const PREPARED_BY_TEXT = '/* prepared */ ';

/** Statements prepared per text that PGlite keeps; the least recently used are closed. */
export const BY_TEXT_KEPT = 200;
const BY_TEXT_PREFIX = 'by_text_';

/** Names of recent texts (a hash of the text), so that a text is hashed once. */
const byTextNames = new Map<string, string>();

function byTextName(text: string) {
  let name = byTextNames.get(text);
  if (name === undefined) {
    name = BY_TEXT_PREFIX + createHash('sha1').update(text).digest('hex').slice(0, 24);
    if (byTextNames.size >= BY_TEXT_KEPT * 4) byTextNames.clear();
    byTextNames.set(text, name);
  }
  return name;
}

/** The name to run `text` under, if any: a registered statement's, or one derived from a PREPARED_BY_TEXT text. */
export function statementName(text: string): string | undefined {
  const name = names.get(text);
  if (name !== undefined) return name;
  return text.startsWith(PREPARED_BY_TEXT) ? byTextName(text) : undefined;
}

/**
 * drizzle's `.prepare(name)` with the statement's text registered for PGlite (see above); on
 * PostgreSQL the name is node-postgres's already.
 */
export function preparedStatement<P>(query: { toSQL(): { sql: string }; prepare(name: string): P }, name: string): P {
  nameStatement(name, query.toSQL().sql);
  return query.prepare(name);
}

/** Per database: the statements parsed so far, with their parameters' type OIDs. */
const parsed = new WeakMap<PGlite, Map<string, number[]>>();

/** Closes the least recently used statement prepared by text when BY_TEXT_KEPT are. */
async function closeOldest(known: Map<string, number[]>, run: (message: Uint8Array) => Promise<unknown>) {
  let kept = 0;
  let oldest: string | undefined;
  for (const name of known.keys()) {
    if (!name.startsWith(BY_TEXT_PREFIX)) continue;
    oldest ??= name;
    kept++;
  }
  if (oldest === undefined || kept < BY_TEXT_KEPT) return;
  await run(protocol.serialize.close({ type: 'S', name: oldest }));
  known.delete(oldest);
}

/**
 * Runs the registered statement `name` (its text `text`) on `pg` outside any transaction, preparing
 * it on first use. Same locks, parameter serializers, result parsers, errors and syncing as
 * PGlite's own `query()`.
 */
export function namedQuery<T>(pg: PGlite, name: string, text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
  return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => runStatement<T>(pg, name, text, params, options)));
}

/**
 * Runs `text` as an unnamed statement (parsed and planned for this call), as PGlite's own
 * `query()` does but with the query's parsers laid over the database's (`parsersOf`): outside a
 * transaction, or, with `inTransaction`, from inside an open one (whose callback holds the
 * transaction lock, as PGlite's transaction object's `query()`). Not for a query with a blob (COPY
 * to or from a file, which the server does not use): callers leave those to PGlite's `query()`.
 */
export function plainQuery<T>(pg: PGlite, text: string, params: unknown[] = [], options?: QueryOptions, inTransaction = false): Promise<Results<T>> {
  const run = () => pg._runExclusiveQuery(() => runStatement<T>(pg, undefined, text, params, options));
  return inTransaction ? run() : pg._runExclusiveTransaction(run);
}

/**
 * One statement, the caller holding PGlite's query lock: named (parsed once per database, see
 * `namedQuery`) or unnamed (`name` undefined: parsed every time).
 */
async function runStatement<T>(pg: PGlite, name: string | undefined, text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
  let known = parsed.get(pg);
  if (!known) parsed.set(pg, (known = new Map()));
  const byText = name?.startsWith(BY_TEXT_PREFIX) ?? false;
  const run = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });
  const messages = [];
  try {
    let types = name === undefined ? undefined : known.get(name);
    if (types && byText) {
      // Most recently used last: the oldest is the first closed.
      known.delete(name!);
      known.set(name!, types);
    }
    if (!types) {
      if (byText) await closeOldest(known, run);
      await run(protocol.serialize.parse({ name, text, types: options?.paramTypes }));
      types = parse.parseDescribeStatementResults(await run(protocol.serialize.describe({ type: 'S', name })));
      if (name !== undefined) known.set(name, types);
    }
    const oids = types;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[oids[i]] ?? pg.serializers[oids[i]];
      return serializer ? serializer(value) : String(value);
    });
    messages.push(
      ...(await run(protocol.serialize.bind({ statement: name, values }))),
      ...(await run(protocol.serialize.describe({ type: 'P' }))),
      ...(await run(protocol.serialize.execute({}))),
    );
  } catch (error) {
    // As PGlite's query(): the error carries the statement and its parameters.
    throw error instanceof Error ? Object.assign(error, { query: text, params, queryOptions: options }) : error;
  } finally {
    messages.push(...(await run(protocol.serialize.sync())));
  }
  if (!pg.isInTransaction()) await pg.syncToFs();
  return parse.parseResults(messages, ...parsersOf(pg, options))[0] as Results<T>;
}

/**
 * The parsers of a query's results and its options as `parse.parseResults` takes them: the
 * database's parsers with the query's own (drizzle passes some with every query: timestamps, dates
 * and intervals kept as text) laid over them. PGlite's own `query()` merges them with an object
 * spread of the database's 318 parsers, about 60 µs per statement (a tenth of the water archive's
 * rows statement); an object whose prototype holds the database's parsers finds the same parser
 * for every type without copying them.
 */
function parsersOf(pg: PGlite, options: QueryOptions | undefined): [PGlite['parsers'], QueryOptions | undefined] {
  if (!options?.parsers) return [pg.parsers, options];
  return [Object.assign(Object.create(pg.parsers) as PGlite['parsers'], options.parsers), { ...options, parsers: undefined }];
}

/**
 * An in-process PGlite whose `query()` runs registered statements as named ones, and other
 * statements, inside a transaction too, through `plainQuery` (the query's parsers laid over the
 * database's instead of copied for each statement).
 */
export function withNamedStatements(pg: PGlite): PGlite {
  const query = pg.query.bind(pg);
  pg.query = (<T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (options?.blob) return query<T>(text, params, options);
    const name = statementName(text);
    return name ? namedQuery<T>(pg, name, text, params, options) : plainQuery<T>(pg, text, params, options);
  }) as PGlite['query'];
  const transaction = pg.transaction.bind(pg);
  pg.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) => transaction((tx) => callback(Object.create(tx, {
    query: {
      value: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (options?.blob) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return plainQuery<R>(pg, text, params, options, true);
      },
    },
  }) as Transaction))) as PGlite['transaction'];
  return pg;
}
