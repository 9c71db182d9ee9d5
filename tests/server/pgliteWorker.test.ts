/**
 * PGlite in a worker thread (issue 9): the server thread's drizzle `db` sends its queries to a
 * worker that owns PGlite. Everything must behave as with PGlite in-process: values of every type,
 * transactions, errors and their SQLSTATE, notifications, dump and load, close — and a worker that
 * dies must fail the calls waiting on it instead of leaving them hanging.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, interval, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase, schema, type Database } from '../../server/db';
import { PgliteWorkerClient } from '../../server/db/pgliteClient';
import { tarball } from '../../server/db/tarball';
import { sqlState } from '../../server/db/errors';
import { createApp } from '../../server/app';
import { apiClient, loginAs, TEST_NOW, TEST_PASSWORD } from '../support/testApp';

const seedDump = () => tarball(readFileSync(inject('seedDump')));
/** The rows of `db.execute` (typed loosely by the common Db type). */
const rowsOf = <T = Record<string, unknown>>(result: unknown) => (result as { rows: T[] }).rows;
const clientOf = (database: Database) => (database.db as unknown as { $client: PgliteWorkerClient }).$client;

/** A table with a column of every kind the schema uses (and a few more). */
const probe = pgTable('type_probe', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }),
  localAt: timestamp('local_at'),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
  day: date('day'),
  dayDate: date('day_date', { mode: 'date' }),
  span: interval('span'),
  doc: jsonb('doc'),
  amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }),
  amountText: numeric('amount_text'),
  fen: bigint('fen', { mode: 'number' }),
  huge: bigint('huge', { mode: 'bigint' }),
  count: integer('count'),
  flag: boolean('flag'),
  tags: text('tags').array(),
  ints: integer('ints').array(),
  note: text('note'),
});
const CREATE_PROBE = `CREATE TABLE type_probe (id serial PRIMARY KEY, at timestamptz, local_at timestamp, at_text timestamptz,
  day date, day_date date, span interval, doc jsonb, amount numeric(14,2), amount_text numeric, fen int8, huge int8,
  count int4, flag boolean, tags text[], ints int4[], note text)`;
const ROWS = [
  {
    at: new Date('2026-03-04T05:06:07.891Z'), localAt: new Date('2026-03-04T05:06:07.000Z'), atText: '2026-03-04 05:06:07.5+00',
    day: '2026-02-28', dayDate: new Date('2024-02-29T00:00:00Z'), span: '1 day 02:03:04', doc: { a: [1, 'x', null], b: { c: true }, 中: '文' },
    amount: 12345.67, amountText: '123456789012345678901234.000001', fen: 9_007_199_254_740_991, huge: 9_223_372_036_854_775_807n,
    count: -2_147_483_648, flag: true, tags: ['a', 'b,c', '"q"', ''], ints: [1, -2, 3], note: 'text ✓ \'quoted\'',
  },
  { at: null, localAt: null, atText: null, day: null, dayDate: null, span: null, doc: null, amount: null, amountText: null, fen: null, huge: null, count: null, flag: false, tags: [], ints: null, note: null },
];
/** Raw SQL results (drizzle's execute: PGlite's own parsing plus drizzle's text parsers). */
const RAW = sql`SELECT '2024-02-29 13:45:01.123456'::timestamp AS ts, '2024-02-29 13:45:01.5+08'::timestamptz AS tstz,
  '2024-02-29'::date AS d, '1 day 02:03:04'::interval AS iv, '{"a":[1,"x",null]}'::jsonb AS j, '{"k": 1}'::json AS js,
  12345678901234567.891::numeric AS num, 42::int8 AS small8, 9007199254740993::int8 AS big8, 7::int2 AS i2, 1.5::float8 AS f8,
  true AS t, false AS f, NULL::int AS n, NULL::jsonb AS nj, ARRAY[1,NULL,3]::int4[] AS ia, ARRAY['a','b,c',NULL]::text[] AS ta,
  ARRAY['2024-01-01 00:00:00+00']::timestamptz[] AS tza, ARRAY['2024-01-01 00:00:00']::timestamp[] AS tsa,
  ARRAY['2024-01-01']::date[] AS da, ARRAY[1.5,2]::numeric[] AS na, ARRAY[1,2]::int8[] AS i8a, ARRAY[true,false] AS ba,
  '\\xdeadbeef'::bytea AS bin, '00000000-0000-0000-0000-000000000001'::uuid AS u,
  ${'a param'}::text AS p1, ${12}::int AS p2, ${'{"p":[1]}'}::jsonb AS p3, ${null}::text AS p4, ${true}::boolean AS p5`;

let worker: Database;
let inProcess: Database;
/** The PGlite seed dump (none when the suites run against PostgreSQL: then PGlite is not under test). */
const pglite = Boolean(inject('seedDump'));
beforeAll(async () => {
  if (!pglite) return;
  // The worker as PGLITE_WORKER=on gives it (read when the database is opened).
  vi.stubEnv('PGLITE_WORKER', 'on');
  const opening = openDatabase({ loadDataDir: seedDump() });
  vi.unstubAllEnvs();
  [worker, inProcess] = await Promise.all([opening, openDatabase({ worker: false, loadDataDir: seedDump() })]);
  expect(clientOf(worker)).toBeInstanceOf(PgliteWorkerClient);
  expect(clientOf(inProcess)).not.toBeInstanceOf(PgliteWorkerClient);
});
afterAll(async () => {
  await worker?.close();
  await inProcess?.close();
});

/**
 * The worker's database without the seed's 300,000 readings and their days (daily_usage): a third of
 * the seed's 300 MB, for the tests that dump a database or open one of their own to close it or
 * kill its worker; what they check does not depend on the data's size (a seed dump: 12 s to open in
 * a worker, 9 s to dump; this one 6 s and 3 s).
 */
let trimmed: Promise<unknown> | undefined;
const trimWorker = () => (trimmed ??= worker.db.execute(sql`TRUNCATE readings, daily_usage`));
let small: Promise<Blob> | undefined;
const smallDump = () => (small ??= trimWorker().then(() => worker.dump!()));

describe.skipIf(!pglite)('PGlite in a worker thread', () => {
  it('returns every type exactly as PGlite in-process does, through drizzle and raw SQL', async () => {
    const results = await Promise.all([worker, inProcess].map(async ({ db }) => {
      await db.execute(sql.raw(CREATE_PROBE));
      const inserted = await db.insert(probe).values(ROWS).returning();
      const selected = await db.select().from(probe).orderBy(asc(probe.id));
      const relational = await db.query.commands.findMany({ orderBy: (c, { asc: up }) => [up(c.id)], limit: 30 });
      const seeded = await db.select().from(schema.accounts).orderBy(asc(schema.accounts.id)).limit(30);
      const raw = await db.execute(RAW);
      return { inserted, selected, relational, seeded, raw };
    }));
    expect(results[0]).toEqual(results[1]);
    const [row, empty] = results[0].selected;
    // The values as the schema's users expect them.
    expect(row).toMatchObject({ ...ROWS[0], id: 1 });
    expect(row.at).toBeInstanceOf(Date);
    expect(typeof row.huge).toBe('bigint');
    expect(empty).toMatchObject({ ...ROWS[1], id: 2 });
    expect(results[0].relational.length).toBeGreaterThan(0);
    expect(results[0].seeded.length).toBeGreaterThan(0);
    const raw = (results[0].raw as unknown as { rows: Record<string, unknown>[] }).rows[0];
    expect(raw).toMatchObject({ ts: '2024-02-29 13:45:01.123456', d: '2024-02-29', j: { a: [1, 'x', null] }, t: true, n: null, ia: [1, null, 3], p3: { p: [1] } });
    expect(raw.bin).toEqual(new Uint8Array([0xde, 0xad, 0xbe, 0xef]));
  });

  it('commits a transaction, rolls back one whose callback throws, and a failed savepoint alone', async () => {
    const { db } = worker;
    await db.execute(sql`CREATE TABLE tx_probe (id int PRIMARY KEY)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO tx_probe VALUES (1)`);
      // A nested transaction is a savepoint: its failure undoes only its own work.
      await tx.transaction(async (inner) => {
        await inner.execute(sql`INSERT INTO tx_probe VALUES (2)`);
        throw new Error('inner fails');
      }).catch(() => undefined);
      await tx.transaction(async (inner) => inner.execute(sql`INSERT INTO tx_probe VALUES (3)`));
    });
    await expect(db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO tx_probe VALUES (4)`);
      throw new Error('callback fails');
    })).rejects.toThrow('callback fails');
    // A statement that fails inside rolls the whole transaction back too.
    await expect(db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO tx_probe VALUES (5)`);
      await tx.execute(sql`INSERT INTO tx_probe VALUES (1)`);
    })).rejects.toMatchObject({ cause: { code: '23505' } });
    const ids = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM tx_probe ORDER BY id`)).map((r) => r.id);
    expect(ids).toEqual([1, 3]);
  });

  it('runs concurrent transactions one after another, and queries outside them wait for their end', async () => {
    const { db } = worker;
    await db.execute(sql`CREATE TABLE serial_probe (step text, seen int)`);
    const events: string[] = [];
    const run = (name: string) => db.transaction(async (tx) => {
      events.push(`${name} begins`);
      const seen = rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM serial_probe`))[0].n;
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.execute(sql`INSERT INTO serial_probe VALUES (${name}, ${seen})`);
      events.push(`${name} ends`);
    });
    const outside = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const n = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM serial_probe`))[0].n;
      events.push(`outside saw ${n}`);
    })();
    await Promise.all([run('A'), run('B'), run('C'), outside]);
    // Each transaction ran alone and saw every earlier one's rows; the outside query never saw a half-done one.
    for (let i = 0; i < events.length; i += 1) {
      if (events[i].endsWith('begins')) expect(events[i + 1]).toBe(events[i].replace('begins', 'ends'));
    }
    const rows = rowsOf<{ seen: number }>(await db.execute(sql`SELECT step, seen FROM serial_probe ORDER BY seen`));
    expect(rows.map((r) => r.seen)).toEqual([0, 1, 2]);
    expect(events.find((e) => e.startsWith('outside'))).toMatch(/outside saw [0-3]/);
  });

  it('keeps the SQLSTATE and fields of errors, so that the API answers 409 and 400', async () => {
    const error = await worker.db.execute(sql`SELECT 1/0`).catch((e: unknown) => e);
    expect(error).toMatchObject({ cause: { code: '22012', message: 'division by zero', severity: 'ERROR' } });
    const duplicate = await worker.db.insert(schema.areas).values({ id: 1, name: 'again' }).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ cause: { code: '23505', constraint: expect.any(String) } });

    // The API on the worker's database (the seed, opened as PGLITE_WORKER=on opens a test
    // backend's; not a second copy of it).
    expect(clientOf(worker)).toBeInstanceOf(PgliteWorkerClient);
    const app = createApp({ db: worker.db, config: { simulator: true }, now: () => new Date(TEST_NOW), commandsQueued: () => undefined, log: () => undefined });
    // A value the database refuses (22003: out of range) that validation let through (routes are
    // added before the app's first request).
    app.get('/api/probe/overflow', async (c) => c.json(await worker.db.execute(sql`SELECT 2147483647::int4 + 1`)));
    const api = apiClient(app, await loginAs(app, 'admin'));
    const options = (await api.get('sysUser/queryOptions')).body.data as { roles: { id: number }[] };
    const results = await Promise.all(Array.from({ length: 4 }, () => api.post('sysUser/saveUser', { userName: 'twin', roleId: options.roles[0].id, password: TEST_PASSWORD })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const overflow = await app.request('/api/probe/overflow');
    expect(overflow.status).toBe(400);
  });

  it('delivers notifications to the server thread once their transaction commits, never from a rolled-back one', async () => {
    const heard: (string | undefined)[] = [];
    const stop = await worker.listen('probe_channel', (payload) => heard.push(payload));
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('probe_channel', 'committed')`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(heard).toEqual([]);
    });
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('probe_channel', 'rolled back')`);
      tx.rollback();
    }).catch(() => undefined);
    await vi.waitFor(() => expect(heard).toEqual(['committed']));
    await stop();
    await worker.db.execute(sql`SELECT pg_notify('probe_channel', 'after stop')`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['committed']);
  });

  it('dumps the data directory, which opens again in a worker and in-process', async () => {
    await trimWorker();
    await worker.db.execute(sql`CREATE TABLE dump_probe (v text)`);
    await worker.db.execute(sql`INSERT INTO dump_probe VALUES ('kept')`);
    const dump = await worker.dump!();
    small ??= Promise.resolve(dump);
    for (const inWorker of [true, false]) {
      const copy = await openDatabase({ worker: inWorker, loadDataDir: dump });
      try {
        expect(rowsOf(await copy.db.execute(sql`SELECT v FROM dump_probe`))).toEqual([{ v: 'kept' }]);
        const [admin] = await copy.db.select().from(schema.sysUsers).where(eq(schema.sysUsers.userName, 'admin'));
        expect(admin).toBeDefined();
      } finally {
        await copy.close();
      }
    }
  });

  it('ends the worker thread on close; later calls fail as on a closed PGlite', async () => {
    const database = await openDatabase({ worker: true, loadDataDir: await smallDump() });
    const client = clientOf(database);
    const exited = new Promise<number>((resolve) => client.worker.once('exit', resolve));
    await database.close();
    await exited;
    await expect(database.db.execute(sql`SELECT 1`)).rejects.toMatchObject({ cause: { message: 'PGlite is closed' } });
  });

  it('fails the calls waiting on a worker that died (the API answers 503), instead of hanging', async () => {
    const database = await openDatabase({ worker: true, loadDataDir: await smallDump() });
    const client = clientOf(database);
    const outcome = (call: Promise<unknown>) => call.then(() => 'answered', (e: unknown) => e);
    const sleeping = outcome(database.db.execute(sql`SELECT pg_sleep(3)`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const waiting = outcome(database.db.transaction(async (tx) => tx.execute(sql`SELECT 1`)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await client.worker.terminate(); // as abrupt as a crash: no reply to anything in flight
    const outcomes = await Promise.all([sleeping, waiting]);
    expect(outcomes.map(sqlState)).toEqual(['08006', '08006']);
    await expect(database.db.execute(sql`SELECT 1`)).rejects.toMatchObject({ cause: { code: '08006' } });
    const app = createApp({ db: database.db, config: { simulator: false }, now: () => new Date(), commandsQueued: () => undefined, log: () => undefined });
    expect((await apiClient(app, 'no-token').get('webWaterArchive/findByCondition')).status).toBe(503);
    await database.close();
  });
});
