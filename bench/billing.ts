/**
 * `npm run bench:billing`: readings charged per second by the billing engine (exactly once, with its
 * ledger row and the arrears rules; a room's waiting readings in one transaction as the billing job
 * charges them, and a tenth of the rooms one reading per transaction as a read charges its own) at
 * BENCH_BILLING_METERS meters (default 10,000) × BENCH_BILLING_DAYS days (default 30) of daily
 * readings, against a bare insert of the same ledger rows (one row per transaction, nothing else) in
 * the same run on the same database, printed as a ratio (the figures move with the machine; the
 * ratio much less). PGlite (in memory) always; PostgreSQL too when BENCH_DATABASE_URL (or
 * DATABASE_URL) is set: a scratch database is created on that server and dropped.
 *
 * The estate is built for the bench (areas and users of the system seed, then one project, rooms,
 * meters and accounts by generate_series; the demo estate is not seeded): half the meters on a
 * time-of-use table whose readings carry no rate registers (split by the schedule at period edges),
 * half on a single rate. The readings are stored waiting (`billed` false) before the clock starts,
 * as an import or a replay leaves them; BENCH_CONCURRENCY chargers (default 8) take them in id order.
 * Afterwards every bench account's balance is checked against its ledger, and no reading may have
 * two ledger rows.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { schema, type Database } from '../server/db';
import { bootstrap } from '../server/db/bootstrap';
import { rowsOf } from '../server/db/rows';
import { chargeReading, chargeReadings } from '../server/domain/billingEngine';
import { benchEachDatabase } from './support/eachDatabase';

const METERS = Number(process.env.BENCH_BILLING_METERS ?? 10_000);
const DAYS = Number(process.env.BENCH_BILLING_DAYS ?? 30);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SEEDED_AT = new Date('2026-10-31T16:00:00Z'); // 2026-11-01 00:00 in Asia/Shanghai
const DAY_MS = 86_400_000;
const NOW = new Date(SEEDED_AT.getTime() + (DAYS + 1) * DAY_MS);

const TOU = [
  { start: '00:00', end: '08:00', rate: 'valley' }, { start: '08:00', end: '10:00', rate: 'flat' }, { start: '10:00', end: '12:00', rate: 'peak' },
  { start: '12:00', end: '14:00', rate: 'sharp' }, { start: '14:00', end: '22:00', rate: 'peak' }, { start: '22:00', end: '24:00', rate: 'valley' },
];

const one = async <T>(database: Database, query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query))[0];

/** The bench estate: one project and building of area 1, METERS rooms each with a meter and an account. */
async function buildEstate(database: Database) {
  const { db } = database;
  await bootstrap(db, { adminPassword: 'bench-pass-1', now: SEEDED_AT, seedEstate: async () => ({}) as never });
  const area = Number((await one<{ id: number }>(database, sql`SELECT area_id AS id FROM sys_users WHERE user_name = 'admin'`)).id);
  const project = Number((await one<{ id: number }>(database, sql`INSERT INTO projects (area_id, name) VALUES (${area}, 'bench billing') RETURNING id`)).id);
  const building = Number((await one<{ id: number }>(database, sql`INSERT INTO buildings (area_id, project_id, name) VALUES (${area}, ${project}, 'B1') RETURNING id`)).id);
  const schedule = Number((await one<{ id: number }>(database, sql`INSERT INTO time_periods (area_id, name, segments) VALUES (${area}, 'bench tou', ${JSON.stringify(TOU)}::jsonb) RETURNING id`)).id);
  const tou = Number((await one<{ id: number }>(database, sql`INSERT INTO price_tables (area_id, name, kind, sharp_fen, peak_fen, flat_fen, valley_fen, time_period_id)
    VALUES (${area}, 'bench tou', 'tou', 120, 90, 60, 30, ${schedule}) RETURNING id`)).id);
  const single = Number((await one<{ id: number }>(database, sql`INSERT INTO price_tables (area_id, name, kind, flat_fen) VALUES (${area}, 'bench single', 'single', 58) RETURNING id`)).id);
  await db.execute(sql`INSERT INTO rooms (area_id, project_id, building_id, room_code)
    SELECT ${area}, ${project}, ${building}, 'R' || g FROM generate_series(1, ${METERS}) g`);
  await db.execute(sql`INSERT INTO electric_meters (area_id, room_id, address, price_table_id, relay_state, created_at)
    SELECT ${area}, r.id, lpad((900000000000 + row_number() OVER (ORDER BY r.id))::text, 12, '0'),
      CASE WHEN r.id % 2 = 0 THEN ${tou}::int ELSE ${single}::int END, 'on', ${SEEDED_AT.toISOString()}::timestamptz
    FROM rooms r WHERE r.building_id = ${building}`);
  // Plenty of credit and overdraft: the arrears rules run, and no trip is queued in the way.
  await db.execute(sql`INSERT INTO accounts (area_id, room_id, utility, balance_fen, overdraft_fen, hoard_limit_fen)
    SELECT ${area}, r.id, 'electric', 0, 100000000, 0 FROM rooms r WHERE r.building_id = ${building}`);
  // Daily readings, stored waiting for their charge: 3–12 kWh a day, no rate registers.
  await db.execute(sql`INSERT INTO readings (area_id, utility, meter_id, room_id, read_at, since_at, total, consumption, cost_fen, billed, created_at)
    SELECT m.area_id, 'electric', m.id, m.room_id, ${SEEDED_AT.toISOString()}::timestamptz + d * interval '1 day',
      ${SEEDED_AT.toISOString()}::timestamptz + (d - 1) * interval '1 day',
      1000 + d * (3 + (m.id % 10)), 3 + (m.id % 10), 0, false, ${SEEDED_AT.toISOString()}::timestamptz + d * interval '1 day'
    FROM electric_meters m CROSS JOIN generate_series(1, ${DAYS}) d
    WHERE m.room_id IN (SELECT id FROM rooms WHERE building_id = ${building})`);
  await db.execute(sql`ANALYZE`);
  const accounts = rowsOf<{ id: number; room_id: number; area_id: number }>(await db.execute(sql`SELECT a.id, a.room_id, a.area_id FROM accounts a JOIN rooms r ON r.id = a.room_id WHERE r.building_id = ${building} ORDER BY a.id`));
  return { building, accounts: accounts.map((a) => ({ id: Number(a.id), roomId: Number(a.room_id), areaId: Number(a.area_id) })) };
}

/** CONCURRENCY workers over a shared list: each item in its own transaction. Answers items per second. */
async function drain<T>(items: T[], work: (item: T) => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
  return items.length / ((performance.now() - start) / 1000);
}

async function benchDatabase(name: string, database: Database) {
  const setupStart = performance.now();
  const { building, accounts } = await buildEstate(database);
  const waiting = rowsOf<{ id: number; room_id: number }>(await database.db.execute(sql`SELECT id, room_id FROM readings WHERE NOT billed AND room_id IN (SELECT id FROM rooms WHERE building_id = ${building}) ORDER BY id`))
    .map((r) => ({ id: Number(r.id), room: Number(r.room_id) }));
  const ids = waiting.map((r) => r.id);
  console.log(`\n${name}: ${METERS} meters × ${DAYS} days = ${ids.length} readings stored in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; ${CONCURRENCY} concurrent chargers`);

  // The engine as the billing job runs it: a room's waiting readings in one transaction (chargeReadings),
  // CONCURRENCY rooms at a time; every reading still claimed and charged exactly once. A sample of
  // rooms first goes one reading per transaction (chargeReading alone: the read pipeline's way, where a
  // read stores and charges its one reading), to show what the batching gives.
  const rooms = new Map<number, number[]>();
  for (const { id, room } of waiting) rooms.set(room, [...(rooms.get(room) ?? []), id]);
  const groups = [...rooms.values()];
  // A tenth of the rooms, at most about 1,000 readings (one reading per transaction is the slow way).
  const sampleRooms = Math.max(1, Math.min(Math.floor(groups.length / 10), Math.ceil(1000 / Math.max(1, ids.length / groups.length))));
  const single = groups.slice(0, sampleRooms).flat();
  let charged = 0;
  const perReading = await drain(single, async (id) => {
    const outcome = await database.db.transaction((tx) => chargeReading(tx, id, NOW));
    if (outcome.status === 'charged') charged++;
  });
  const batched = groups.slice(sampleRooms);
  const batchedCount = batched.reduce((n, g) => n + g.length, 0);
  const engineRooms = await drain(batched, async (group) => {
    for (const outcome of await chargeReadings(database.db, group, NOW)) if (outcome.status === 'charged') charged++;
  });
  const engine = engineRooms * (batchedCount / Math.max(1, batched.length));

  // The yardstick: the same number of ledger rows, one per transaction, nothing else (no reading, no balance, no rules).
  const { ledgerEntries } = schema;
  const bare = await drain(ids.map((_, i) => accounts[i % accounts.length]), async (account) => {
    await database.db.transaction(async (tx) => {
      await tx.insert(ledgerEntries).values({
        areaId: account.areaId, accountId: account.id, roomId: account.roomId, utility: 'electric', kind: 'deduction', amountFen: -100,
        balanceAfterFen: 0, energy: 5, refType: 'bench', refId: null, createdAt: NOW,
      });
    });
  });
  console.log(`  billing engine, a room's readings per transaction (the billing job): ${engine.toFixed(0)} readings charged/s (${batchedCount} readings)`);
  console.log(`  billing engine, one reading per transaction (a read's own charge): ${perReading.toFixed(0)} readings charged/s (${single.length} readings of ${sampleRooms} rooms)`);
  console.log(`  bare insert of the same ledger rows: ${bare.toFixed(0)} rows/s`);
  console.log(`  ratio: billing = ${(engine / bare).toFixed(2)}× the bare insert (one reading per transaction: ${(perReading / bare).toFixed(2)}×)`);

  // Exactly once, and the ledger is the balance.
  const [twice] = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM (SELECT reading_id FROM ledger_entries WHERE reading_id IS NOT NULL GROUP BY reading_id HAVING count(*) > 1) x`));
  const [bad] = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM accounts a JOIN rooms r ON r.id = a.room_id
    WHERE r.building_id = ${building} AND a.balance_fen <> (SELECT coalesce(sum(amount_fen), 0) FROM ledger_entries l WHERE l.account_id = a.id AND l.ref_type IS DISTINCT FROM 'bench')`));
  console.log(`  readings charged twice: ${twice.n}; accounts whose balance differs from their ledger: ${bad.n}`);
  if (Number(twice.n) || Number(bad.n) || charged !== ids.length) throw new Error('billing bench: a reading was not charged exactly once, or a balance differs from its ledger');
  return { engine, bare };
}

await benchEachDatabase('metering_bench_billing', benchDatabase);
// Run alone (npm run bench:billing): end here; imported by bench/run.ts, the next bench follows.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(0);
