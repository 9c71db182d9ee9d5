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
 * Only calls outside a transaction are named. Inside one, PGlite's transaction object runs them as
 * before.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const names = new Map<string, string>();
const texts = new Map<string, string>();

/** Registers `text` as the statement `name` (one text per name). */
function nameStatement(name: string, text: string) {
  const known = texts.get(name);
  if (known !== undefined && known !== text) throw new Error(`prepared statement ${name}: registered with another text`);
  texts.set(name, text);
  names.set(text, name);
}

/** The name of a registered statement text, if any. */
export const statementName = (text: string): string | undefined => names.get(text);

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

/**
 * Runs the registered statement `name` (its text `text`) on `pg` outside any transaction, preparing
 * it on first use. Same locks, parameter serializers, result parsers, errors and syncing as
 * PGlite's own `query()`.
 */
export function namedQuery<T>(pg: PGlite, name: string, text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
  let statements = parsed.get(pg);
  if (!statements) parsed.set(pg, (statements = new Map()));
  const known = statements;
  const run = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });
  return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(async () => {
    const messages = [];
    try {
      let types = known.get(name);
      if (!types) {
        await run(protocol.serialize.parse({ name, text, types: options?.paramTypes }));
        types = parse.parseDescribeStatementResults(await run(protocol.serialize.describe({ type: 'S', name })));
        known.set(name, types);
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
    return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
  }));
}

/**
 * An in-process PGlite whose `query()` runs registered statements as named ones (calls inside a
 * transaction go through PGlite's transaction object and are not affected).
 */
export function withNamedStatements(pg: PGlite): PGlite {
  const plain = pg.query.bind(pg);
  pg.query = (<T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const name = statementName(text);
    return name ? namedQuery<T>(pg, name, text, params, options) : plain<T>(text, params, options);
  }) as PGlite['query'];
  return pg;
}
