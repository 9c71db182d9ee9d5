/**
 * Readings partitioned by month (issue 31, migration 0033): the seeded readings sit in their UTC
 * month's partition, a range reads only its months, a reading of a month without a partition still
 * lands (the default partition) and moves into the month when it is made, the aggregates see every
 * partition's rows once, and the server's job keeps the months ahead made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/testApp';
import { ensureReadingPartitions, readingPartitions } from '../../server/db/partitions';
import { ReadingPartitionJob } from '../../server/domain/readingPartitions';

let backend: TestBackend;
const rows = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
const one = async <T,>(text: string) => (await rows<T>(text))[0];

beforeAll(async () => {
  backend = await startTestBackend();
}, 120_000);
afterAll(() => backend.close());

const monthName = (at: Date) => `readings_${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

describe('readings by month', () => {
  it('holds every seeded reading in the partition of its UTC month, none in the default one', async () => {
    const partitions = await readingPartitions(backend.database.db);
    expect(partitions.at(-1)).toMatchObject({ name: 'readings_other', isDefault: true });
    const months = partitions.filter((p) => !p.isDefault);
    expect(months.length).toBeGreaterThanOrEqual(4); // the seed's 90 days span four months or more
    // Whole UTC months, one after another.
    for (const [i, p] of months.entries()) {
      expect(new Date(p.from!).getUTCDate()).toBe(1);
      expect(new Date(p.from!).getUTCHours()).toBe(0);
      if (i > 0) expect(p.from).toBe(months[i - 1].to);
      expect(p.name).toBe(monthName(new Date(p.from!)));
    }
    const perPartition = await rows<{ name: string; n: number; outside: number }>(`
      SELECT c.relname AS name, count(r.*)::int AS n,
        count(*) FILTER (WHERE date_trunc('month', r.read_at AT TIME ZONE 'UTC') <> to_date(substr(c.relname, 10), 'YYYY_MM'))::int AS outside
      FROM readings r JOIN pg_class c ON c.oid = r.tableoid WHERE c.relname <> 'readings_other' GROUP BY c.relname`);
    expect(perPartition.length).toBeGreaterThanOrEqual(4);
    for (const p of perPartition) expect(Number(p.outside)).toBe(0);
    expect(Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM readings_other`)).n)).toBe(0);
    const total = Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM readings`)).n);
    expect(perPartition.reduce((sum, p) => sum + Number(p.n), 0)).toBe(total);
    expect(total).toBeGreaterThan(1000);
  });

  it('reads only the months a range covers', async () => {
    const [{ read_at: newest }] = await rows<{ read_at: Date }>(`SELECT max(read_at) AS read_at FROM readings`);
    const month = new Date(newest);
    const start = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1));
    const end = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
    const plan = (await rows<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT count(*) FROM readings WHERE read_at >= '${start.toISOString()}' AND read_at < '${end.toISOString()}'`))
      .map((row) => Object.values(row)[0]).join('\n');
    const scanned = [...new Set(plan.match(/readings_\d{4}_\d{2}|readings_other/g) ?? [])];
    expect(scanned).toEqual([monthName(start)]);
  });

  it('takes a reading of a month without a partition, and moves it into the month once made, counted once by the aggregates', async () => {
    const db = backend.database.db;
    const [meter] = await rows<{ id: number; area_id: number; room_id: number }>(`SELECT id, area_id, room_id FROM electric_meters WHERE room_id IS NOT NULL ORDER BY id LIMIT 1`);
    const at = '2031-05-17T04:00:00Z';
    const usageOf = async () => Number((await one<{ h: number }>(`SELECT coalesce(sum(usage_h), 0)::bigint AS h FROM daily_usage WHERE utility = 'electric' AND meter_id = ${meter.id} AND day >= '2031-05-01' AND day < '2031-06-01'`)).h);
    expect(await usageOf()).toBe(0);
    const [inserted] = await rows<{ id: number }>(`INSERT INTO readings (area_id, utility, meter_id, room_id, read_at, total, consumption, cost_fen)
      VALUES (${meter.area_id}, 'electric', ${meter.id}, ${meter.room_id}, '${at}', 999999, 12.34, 0) RETURNING id`);
    const whereIs = async () => (await one<{ name: string }>(`SELECT c.relname AS name FROM readings r JOIN pg_class c ON c.oid = r.tableoid WHERE r.id = ${inserted.id}`)).name;
    expect(await whereIs()).toBe('readings_other');
    expect(await usageOf()).toBe(1234);

    expect(await ensureReadingPartitions(db, new Date('2031-05-01T00:00:00Z'), new Date('2031-05-31T00:00:00Z'))).toBe(1);
    expect(await whereIs()).toBe('readings_2031_05');
    expect(Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM readings_other`)).n)).toBe(0);
    expect(await usageOf()).toBe(1234); // moved, not counted again
    // Made once: a second call creates nothing.
    expect(await ensureReadingPartitions(db, new Date('2031-05-01T00:00:00Z'), new Date('2031-05-31T00:00:00Z'))).toBe(0);

    // The aggregates follow a soft delete and a hard delete in a partition, through the parent's triggers.
    await db.execute(`UPDATE readings SET deleted_at = now() WHERE id = ${inserted.id}` as never);
    expect(await usageOf()).toBe(0);
    await db.execute(`UPDATE readings SET deleted_at = NULL WHERE id = ${inserted.id}` as never);
    expect(await usageOf()).toBe(1234);
    await db.execute(`DELETE FROM readings WHERE id = ${inserted.id}` as never);
    expect(await usageOf()).toBe(0);
  });

  it('keeps ids unique across partitions (one sequence) and the key (id, read_at)', async () => {
    const [dup] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT id FROM readings GROUP BY id HAVING count(*) > 1) d`);
    expect(Number(dup.n)).toBe(0);
    const [key] = await rows<{ def: string }>(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'readings'::regclass AND contype = 'p'`);
    expect(key.def).toBe('PRIMARY KEY (id, read_at)');
  });

  it('gives every partition the readings\' indexes, built again after the seed\'s bulk load (not left on the parent only)', async () => {
    const parent = await rows<{ name: string; valid: boolean }>(`SELECT indexrelid::regclass::text AS name, indisvalid AS valid FROM pg_index WHERE indrelid = 'readings'::regclass`);
    expect(parent.length).toBeGreaterThanOrEqual(8);
    for (const index of parent) expect(index.valid, index.name).toBe(true);
    const perPartition = await rows<{ name: string; n: number }>(`SELECT c.relname AS name, (SELECT count(*)::int FROM pg_index x WHERE x.indrelid = c.oid) AS n
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'readings'::regclass`);
    for (const partition of perPartition) expect(Number(partition.n), partition.name).toBe(parent.length);
  });

  it('the server job makes last month to three months ahead', async () => {
    const now = new Date('2032-02-10T12:00:00Z');
    const job = new ReadingPartitionJob(backend.database.db, () => now);
    try {
      expect(await job.start()).toBe(5);
    } finally {
      await job.stop();
    }
    const names = (await readingPartitions(backend.database.db)).map((p) => p.name);
    for (const name of ['readings_2032_01', 'readings_2032_02', 'readings_2032_03', 'readings_2032_04', 'readings_2032_05']) expect(names).toContain(name);
  });
});
