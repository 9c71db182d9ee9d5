/**
 * Named prepared statements on PGlite (server/db/namedStatements.ts): a statement the server
 * prepares (drizzle's `.prepare(name)` through `preparedStatement`) is parsed once per database
 * and then only bound and executed, in-process and in the worker thread alike, with the same
 * results, errors and transactions as PGlite's own `query()`. A statement marked PREPARED_BY_TEXT
 * is prepared under a name of its text, and only the most recent BY_TEXT_KEPT of them are kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../../server/db';
import { sqlState } from '../../server/db/errors';
import { BY_TEXT_KEPT, PREPARED_BY_TEXT, preparedStatement, statementName } from '../../server/db/namedStatements';
import { rowsById } from '../../server/db/listKit';

const items = pgTable('named_probe', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

const rowsOf = <T = Record<string, unknown>>(result: unknown) => (result as { rows: T[] }).rows;
const AT = new Date('2026-11-23T08:30:00.000Z');

const select = (db: Database['db']) => db.select({ id: items.id, label: items.label, at: items.at }).from(items);
const itemsById = rowsById('named_probe_rows', select, items.id);

for (const worker of [false, true]) {
  describe(`PGlite ${worker ? 'in a worker thread' : 'in-process'}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ worker });
      await database.db.execute(sql`CREATE TABLE named_probe (id integer PRIMARY KEY, label text NOT NULL, at timestamptz NOT NULL)`);
      await database.db.insert(items).values(Array.from({ length: 40 }, (_, i) => ({ id: i + 1, label: `item ${i + 1}`, at: AT })));
    });
    afterAll(() => database.close());

    const prepared = async () => rowsOf<{ name: string; statement: string }>(
      await database.db.execute(sql`SELECT name, statement FROM pg_prepared_statements ORDER BY name`),
    );

    it('parses a prepared statement once and answers as the plain query does', async () => {
      const ids = [3, 1, 40, 17];
      const plain = await select(database.db).where(inArray(items.id, ids)).orderBy(asc(items.id));
      for (let i = 0; i < 3; i++) {
        const named = await itemsById(database.db, ids);
        expect([...named].sort((a, b) => a.id - b.id)).toEqual(plain);
      }
      expect(plain[0]).toEqual({ id: 1, label: 'item 1', at: AT });
      const statements = (await prepared()).filter((row) => row.name === 'named_probe_rows');
      expect(statements).toHaveLength(1);
      expect(statementName(statements[0].statement)).toBe('named_probe_rows');
      expect(await itemsById(database.db, [])).toEqual([]);
      expect(await itemsById(database.db, [999])).toEqual([]);
    });

    it('keeps one generic plan for pages of any number of ids, a few ids included', async () => {
      for (let i = 0; i < 12; i++) expect(await itemsById(database.db, [i + 1, i + 2])).toHaveLength(2);
      expect(await itemsById(database.db, Array.from({ length: 30 }, (_, i) => i + 1))).toHaveLength(30);
      const [plans] = rowsOf<{ generic_plans: string; custom_plans: string }>(await database.db.execute(
        sql`SELECT generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE name = 'named_probe_rows'`,
      ));
      // PostgreSQL's plan cache makes five custom plans, then keeps the generic one when it is no dearer.
      expect(Number(plans.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(plans.generic_plans)).toBeGreaterThanOrEqual(8);
    });

    it('reports a bad parameter with its SQLSTATE and stays usable', async () => {
      const byLabel = preparedStatement(database.db.select({ id: items.id }).from(items).where(eq(items.id, sql.placeholder('id'))), 'named_probe_by_id');
      await expect(byLabel.execute({ id: 'not a number' })).rejects.toSatisfy((error: unknown) => sqlState(error) === '22P02');
      expect(await byLabel.execute({ id: 7 })).toEqual([{ id: 7 }]);
      expect(await itemsById(database.db, [2])).toEqual([{ id: 2, label: 'item 2', at: AT }]);
    });

    it('runs inside a transaction as a plain query, and a rollback undoes the transaction', async () => {
      await expect(database.db.transaction(async (tx) => {
        await tx.update(items).set({ label: 'renamed' }).where(eq(items.id, 5));
        expect(await itemsById(tx as unknown as Database['db'], [5])).toEqual([{ id: 5, label: 'renamed', at: AT }]);
        throw new Error('undo');
      })).rejects.toThrow('undo');
      expect(await itemsById(database.db, [5])).toEqual([{ id: 5, label: 'item 5', at: AT }]);
    });

    it('prepares a marked statement once per text, keeps the most recent ones and closes the oldest', async () => {
      const byText = async () => (await prepared()).filter((row) => row.name.startsWith('by_text_'));
      const labelsUpTo = (n: number) => sql.raw(`${PREPARED_BY_TEXT}SELECT array_agg(label ORDER BY id) AS labels FROM named_probe WHERE id <= ${n}`);
      const plain = sql.raw(`SELECT array_agg(label ORDER BY id) AS labels FROM named_probe WHERE id <= 3`);
      const labels = async (statement: ReturnType<typeof sql.raw>) => rowsOf<{ labels: string[] }>(await database.db.execute(statement))[0].labels;

      expect(await labels(labelsUpTo(3))).toEqual(await labels(plain));
      expect(await labels(labelsUpTo(3))).toEqual(['item 1', 'item 2', 'item 3']);
      const first = await byText();
      expect(first).toHaveLength(1);
      expect(statementName(first[0].statement)).toBe(first[0].name);
      expect(statementName(`SELECT 1 AS one`)).toBeUndefined();

      // Many distinct texts: the kept ones stay at BY_TEXT_KEPT, the least recently used go first.
      for (let n = 4; n < 4 + BY_TEXT_KEPT; n++) {
        await database.db.execute(labelsUpTo(n));
        if (n === 100) expect(await labels(labelsUpTo(3))).toHaveLength(3); // used again: kept longer
      }
      const kept = await byText();
      expect(kept).toHaveLength(BY_TEXT_KEPT);
      expect(kept.some((row) => row.statement.endsWith('id <= 3'))).toBe(true);
      expect(kept.some((row) => row.statement.endsWith('id <= 4'))).toBe(false);
      // A closed text is prepared again when it comes back.
      expect(await labels(labelsUpTo(4))).toEqual(['item 1', 'item 2', 'item 3', 'item 4']);
      expect((await byText()).some((row) => row.statement.endsWith('id <= 4'))).toBe(true);
      expect(await byText()).toHaveLength(BY_TEXT_KEPT);
    });

    it('answers every type as PGlite\'s own query() does, named, unnamed and in a transaction, with a query\'s own parsers and without', async () => {
      // Values of the types the server reads, and the parsers drizzle passes with every query
      // (timestamps, dates, intervals and their arrays kept as PostgreSQL prints them).
      const text = `SELECT 7::int AS i, 9007199254740993::bigint AS b, 1.50::numeric AS n, true AS t, 'x'::text AS s,
        '2026-11-23 08:30:00+00'::timestamptz AS tz, '2026-11-23 08:30:00'::timestamp AS ts, '2026-11-23'::date AS d,
        '1 day 02:00'::interval AS iv, ARRAY[1, 2]::int[] AS ia, ARRAY['2026-11-23 08:30:00+00'::timestamptz] AS tza,
        ARRAY[1.5]::numeric[] AS na, '{"a": [1]}'::jsonb AS j, NULL::int AS nothing, $1::int + 1 AS param`;
      const keep = (value: string) => value;
      const drizzleParsers = { 1114: keep, 1184: keep, 1186: keep, 1082: keep, 1231: keep, 1115: keep, 1185: keep, 1187: keep, 1182: keep };
      type Answer = { rows: unknown[]; fields: unknown[] };
      type Client = { query(text: string, params: unknown[], options?: object): Promise<Answer>; transaction<T>(run: (tx: Client) => Promise<T>): Promise<T> };
      const client = (database.db as unknown as { $client: Client }).$client;
      const reference = new PGlite(); // PGlite as it comes, its own query()
      try {
        for (const options of [undefined, { parsers: drizzleParsers }, { rowMode: 'array', parsers: drizzleParsers }]) {
          const expected = await reference.query(text, [41], options as QueryOptions);
          const answers = [
            await client.query(text, [41], options),
            await client.query(`${PREPARED_BY_TEXT}${text}`, [41], options),
            await client.query(`${PREPARED_BY_TEXT}${text}`, [41], options),
            await client.transaction((tx) => tx.query(text, [41], options)),
          ];
          for (const answer of answers) {
            expect(answer.rows).toEqual(expected.rows);
            expect(answer.fields).toEqual(expected.fields);
          }
        }
      } finally {
        await reference.close();
      }
      const [typed] = (await client.query(`${PREPARED_BY_TEXT}${text}`, [41])).rows as Record<string, unknown>[];
      expect(typed).toMatchObject({ i: 7, t: true, tz: new Date('2026-11-23T08:30:00.000Z'), ia: [1, 2], j: { a: [1] }, nothing: null, param: 42 });
      const [kept] = (await client.query(text, [41], { parsers: drizzleParsers })).rows as Record<string, unknown>[];
      expect(kept).toMatchObject({ i: 7, tz: '2026-11-23 08:30:00+00', d: '2026-11-23', tza: '{"2026-11-23 08:30:00+00"}', param: 42 });
    });

    it.skipIf(worker)('leaves a query with a blob (COPY from a file) to PGlite, in a transaction too', async () => {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const rows = (first: number) => new Blob([`${first}\tcopied\t2026-11-23 08:30:00+00\n${first + 1}\tcopied\t2026-11-23 08:30:00+00\n`]);
      await client.query(`COPY named_probe FROM '/dev/blob'`, [], { blob: rows(101) });
      await client.transaction((tx) => tx.query(`COPY named_probe FROM '/dev/blob'`, [], { blob: rows(103) }));
      expect(await itemsById(database.db, [101, 102, 103, 104])).toHaveLength(4);
      await client.query('DELETE FROM named_probe WHERE id > 100');
    });

    it('reports an error of an unnamed statement as PGlite does, inside a transaction too, which then rolls back', async () => {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      await expect(client.query('SELECT $1::int AS n', ['not a number'])).rejects.toSatisfy((error: unknown) =>
        sqlState(error) === '22P02' && (error as { query?: string; params?: unknown[] }).query === 'SELECT $1::int AS n');
      await expect(client.transaction(async (tx) => {
        await tx.query(`UPDATE named_probe SET label = 'changed' WHERE id = 9`);
        await tx.query('SELECT 1 FROM no_such_table');
      })).rejects.toSatisfy((error: unknown) => sqlState(error) === '42P01');
      expect(await itemsById(database.db, [9])).toEqual([{ id: 9, label: 'item 9', at: AT }]);
      let closed: Transaction | undefined;
      await client.transaction(async (tx) => { closed = tx; });
      await expect(closed!.query('SELECT 1')).rejects.toThrow('Transaction is closed');
    });
  });
}
