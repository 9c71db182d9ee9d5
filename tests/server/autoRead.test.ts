/**
 * Auto-read (issue 11, server/domain/autoRead.ts) with a fake clock: each tick queues read commands
 * for the meters whose last reading is oldest, a bounded number per tick, so that every meter with
 * an online module is read once per interval; never twice while a read is pending or was queued
 * within the interval; never a meter without a module or behind a module that is offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AutoReader, queueAutoReads } from '../../server/domain/autoRead';
import { startTestBackend, TEST_NOW, type TestBackend } from '../support/testApp';

let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];
/** As the auto-reader decides it (written again here): meter `m` has a module, and the module is online or a TCP gateway. */
const reachable = sql`(m.module_id IS NOT NULL AND (SELECT online OR kind = 'tcp-gateway' FROM modules WHERE id = m.module_id))`;
const minutes = (n: number) => new Date(TEST_NOW.getTime() + n * 60_000);
let meters: number;

/** Stands in for the pipeline: the queued reads succeed and the meters' last reading is now. */
async function answer(ids: number[], now: Date) {
  if (!ids.length) return;
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  await rows(sql`UPDATE commands SET state = 'succeeded', finished_at = ${now.toISOString()} WHERE id IN (${list})`);
  await rows(sql`UPDATE electric_meters m SET last_read_at = ${now.toISOString()} FROM commands c WHERE c.id IN (${list}) AND c.device_kind = 'electric' AND c.device_id = m.id`);
  await rows(sql`UPDATE water_meters m SET last_read_at = ${now.toISOString()} FROM commands c WHERE c.id IN (${list}) AND c.device_kind = 'water' AND c.device_id = m.id`);
}

beforeAll(async () => {
  backend = await startTestBackend();
  // The seed has modules that are offline, with meters behind them.
  expect(Number((await one(sql`SELECT count(*) AS n FROM water_meters m WHERE NOT ${reachable}`)).n)).toBeGreaterThan(0);
  meters = Number((await one(sql`SELECT (SELECT count(*) FROM electric_meters m WHERE ${reachable}) + (SELECT count(*) FROM water_meters m WHERE ${reachable}) AS n`)).n);
  // A never-read meter comes first.
  await rows(sql`UPDATE water_meters m SET last_read_at = NULL WHERE id = (SELECT min(id) FROM water_meters m WHERE ${reachable})`);
}, 120_000);
afterAll(() => backend.close());

describe('auto-read', () => {
  it('queues ⌈meters × tick / interval⌉ reads per tick, oldest (never read) first, without operator', async () => {
    const now = minutes(1);
    const ids = await queueAutoReads(backend.database.db, now, { intervalMinutes: 60 });
    expect(ids).toHaveLength(Math.ceil(meters / 60));
    const queued = await rows(sql`SELECT c.device_kind, c.device_id, c.operator_id, c.type, c.state, c.module_id,
        coalesce(e.last_read_at, w.last_read_at) AS last_read_at, coalesce(e.area_id, w.area_id) AS area_id, c.area_id AS command_area
      FROM commands c LEFT JOIN electric_meters e ON c.device_kind = 'electric' AND e.id = c.device_id LEFT JOIN water_meters w ON c.device_kind = 'water' AND w.id = c.device_id
      WHERE c.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    expect(queued.every((c) => c.type === 'read' && c.state === 'queued' && c.operator_id === null && c.area_id === c.command_area)).toBe(true);
    expect(queued.some((c) => c.last_read_at === null)).toBe(true);
    // Oldest first: no meter left out was read before the newest one taken.
    const newestTaken = Math.max(...queued.filter((c) => c.last_read_at).map((c) => new Date(c.last_read_at).getTime()));
    const olderLeft = await one(sql`SELECT count(*)::int AS n FROM (
        SELECT 'electric' AS k, id, last_read_at FROM electric_meters m WHERE ${reachable} UNION ALL SELECT 'water', id, last_read_at FROM water_meters m WHERE ${reachable}
      ) m WHERE (m.last_read_at IS NULL OR m.last_read_at < ${new Date(newestTaken).toISOString()})
        AND NOT EXISTS (SELECT 1 FROM commands c WHERE c.device_kind = m.k AND c.device_id = m.id AND c.type = 'read' AND c.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}))`);
    expect(olderLeft.n).toBe(0);

    // The same moment again: none of those twice (they are pending).
    const again = await queueAutoReads(backend.database.db, now, { intervalMinutes: 60 });
    const overlap = await one(sql`SELECT count(*)::int AS n FROM commands a JOIN commands b ON a.device_kind = b.device_kind AND a.device_id = b.device_id
      WHERE a.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND b.id IN (${sql.join(again.map((id) => sql`${id}`), sql`, `)})`);
    expect(overlap.n).toBe(0);
    // A read that failed is not tried again within the interval.
    await rows(sql`UPDATE commands SET state = 'failed' WHERE type = 'read' AND state = 'queued'`);
  });

  it('covers every meter with an online module once per interval, never one without a module or behind an offline one', async () => {
    const start = 200; // every meter's last reading is over an hour old by now
    const seen = new Map<string, number>();
    const firstIds: number[] = [];
    for (let m = 0; m < 60; m++) {
      const now = minutes(start + m);
      const ids = await queueAutoReads(backend.database.db, now, { intervalMinutes: 60 });
      firstIds.push(...ids);
      expect(ids.length).toBeLessThanOrEqual(Math.ceil(meters / 60));
      for (const c of await rows(sql`SELECT device_kind, device_id FROM commands WHERE id IN (${ids.length ? sql.join(ids.map((id) => sql`${id}`), sql`, `) : sql`NULL`})`)) {
        const key = `${c.device_kind}:${c.device_id}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await answer(ids, now);
    }
    expect(seen.size).toBe(meters);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    const noModule = await one(sql`SELECT count(*)::int AS n FROM commands c JOIN water_meters w ON c.device_kind = 'water' AND w.id = c.device_id WHERE c.type = 'read' AND w.module_id IS NULL`);
    expect(noModule.n).toBe(0);
    const behindOffline = await one(sql`SELECT count(*)::int AS n FROM commands c JOIN water_meters m ON c.device_kind = 'water' AND m.id = c.device_id WHERE c.type = 'read' AND m.module_id IS NOT NULL AND NOT ${reachable}`);
    expect(behindOffline.n).toBe(0);
    // An interval later the round starts again with the meters read first.
    const next = await queueAutoReads(backend.database.db, minutes(start + 60), { intervalMinutes: 60 });
    expect(next.length).toBeGreaterThan(0);
    const firstRound = await rows(sql`SELECT device_kind, device_id FROM commands WHERE id IN (${sql.join(firstIds.slice(0, next.length).map((id) => sql`${id}`), sql`, `)}) ORDER BY device_kind, device_id`);
    const nextRound = await rows(sql`SELECT device_kind, device_id FROM commands WHERE id IN (${sql.join(next.map((id) => sql`${id}`), sql`, `)}) ORDER BY device_kind, device_id`);
    expect(nextRound).toEqual(firstRound);
    await answer(next, minutes(start + 60));
  }, 120_000);

  it('reads the meters of a TCP gateway not heard from yet (its online state comes only from answers through it)', async () => {
    const [gateway] = await rows(sql`INSERT INTO modules (area_id, address, name, kind, protocol, host, port, online, created_at)
      VALUES (1, 'GW-AUTOREAD', 'gateway', 'tcp-gateway', 'cjt188', '127.0.0.1', 9, false, ${TEST_NOW.toISOString()}) RETURNING id`);
    const [meter] = await rows(sql`UPDATE water_meters SET module_id = ${gateway.id}, last_read_at = NULL
      WHERE id = (SELECT min(id) FROM water_meters m WHERE ${reachable} AND NOT EXISTS (SELECT 1 FROM commands c WHERE c.device_kind = 'water' AND c.device_id = m.id AND c.state IN ('queued', 'sent'))) RETURNING id`);
    const ids = await queueAutoReads(backend.database.db, minutes(330), { intervalMinutes: 60 });
    const queued = await rows(sql`SELECT device_id FROM commands WHERE device_kind = 'water' AND id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    expect(queued.map((c) => c.device_id)).toContain(meter.id);
    await answer(ids, minutes(330));
  });

  it('AutoReader ticks on start and on its interval, never two ticks at once, and reports what it queued', async () => {
    let clock = minutes(400);
    const queued: number[][] = [];
    const reader = new AutoReader(backend.database.db, () => clock, { intervalMinutes: 60, tickMs: 60_000, onQueued: (ids) => queued.push(ids) });
    reader.start();
    const [overlapping, second] = await Promise.all([reader.tick(), (async () => { clock = minutes(401); return reader.tick(); })()]);
    expect(overlapping).toEqual([]);
    await reader.stop();
    expect(queued.length).toBeGreaterThanOrEqual(1);
    expect(queued[0].length).toBe(Math.ceil(meters / 60));
    expect(second).toEqual([]);
    expect(await reader.tick()).toEqual([]); // stopped
  });
});
