/**
 * The reading lists' totals row (issue 31) read from the aggregates (daily_usage for a place or a
 * meter, hourly_area_usage for the caller's areas, the raw rows only for the partial day or hour at
 * each end of a range): for random filters and ranges, the same count, usage and money as a reference
 * summed here from the raw readings by the rule of where usage belongs (usageRule.ts: each reading's
 * part in the range), including after a deletion that recounted readings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { propertyRuns } from '../support/propertyRuns';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let scope: string;
let places: { projectId: number; buildingId: number; roomId: number; roomCode: string; meterId: number; address: string }[] = [];

const sqlRows = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  const ids = (await sqlRows<{ id: number }>(`WITH RECURSIVE s AS (SELECT a.id FROM areas a JOIN sys_users u ON u.area_id = a.id WHERE u.user_name = 'admin'
    UNION SELECT c.id FROM areas c JOIN s ON c.parent_id = s.id) SELECT id FROM s`)).map((row) => Number(row.id));
  scope = `r.area_id IN (${ids.join(',')})`;
  places = (await sqlRows<Record<string, string | number>>(`SELECT DISTINCT ON (m.id) ro.project_id, ro.building_id, ro.id AS room_id, ro.room_code, m.id AS meter_id, m.address
    FROM electric_meters m JOIN rooms ro ON ro.id = m.room_id WHERE m.area_id IN (${ids.join(',')}) ORDER BY m.id LIMIT 40`))
    .map((r) => ({ projectId: Number(r.project_id), buildingId: Number(r.building_id), roomId: Number(r.room_id), roomCode: String(r.room_code), meterId: Number(r.meter_id), address: String(r.address) }));
}, 120_000);
afterAll(() => backend.close());

type Filter = Record<string, string | number | undefined>;

/** The reference: the standing readings' count, usage and charge summed from the raw rows with the same filters. */
async function reference(filter: Filter) {
  const where = [`r.deleted_at IS NULL`, scope];
  if (filter.utility) where.push(`r.utility = '${filter.utility}'`);
  if (filter.projectId) where.push(`r.room_id IN (SELECT id FROM rooms WHERE project_id = ${filter.projectId})`);
  if (filter.buildingId) where.push(`r.room_id IN (SELECT id FROM rooms WHERE building_id = ${filter.buildingId})`);
  if (filter.roomId) where.push(`r.room_id = ${filter.roomId}`);
  // A text filter: contained from three characters on, else a prefix (the list kit's rule).
  const like = (text: unknown) => (String(text).length >= 3 ? `'%${text}%'` : `'${text}%'`);
  if (filter.roomCode) where.push(`r.room_id IN (SELECT id FROM rooms WHERE room_code ILIKE ${like(filter.roomCode)})`);
  if (filter.meterId) where.push(`r.meter_id = ${filter.meterId}`);
  if (filter.meterAddress) where.push(`r.utility = 'electric' AND r.meter_id IN (SELECT id FROM electric_meters WHERE address ILIKE ${like(filter.meterAddress)})`);
  // The range by the rule (server/domain/usageRule.ts): each reading's part of usage and charge in it;
  // the readings taken in it counted.
  const a = `'${filter.readFrom ?? '1970-01-01T00:00:00Z'}'::timestamptz`;
  const b = `'${filter.readTo ?? '9999-01-01T00:00:00Z'}'::timestamptz`;
  const [row] = await sqlRows<Record<string, string>>(`SELECT
      count(*) FILTER (WHERE r.read_at >= ${a} AND r.read_at < ${b}) AS n,
      coalesce(sum(usage_h_in(r.consumption, r.usage_rates, r.since_at, r.read_at, ${a}, ${b})), 0) / 100.0 AS used,
      coalesce(sum(usage_in(r.cost_fen, r.since_at, r.read_at, ${a}, ${b})), 0) AS cost
    FROM readings r WHERE ${where.join(' AND ')} AND r.read_at >= ${a} AND least(r.since_at, r.read_at) < ${b}`);
  return { count: Number(row.n), consumption: Number(row.used), costFen: Number(row.cost) };
}

/** An instant of the seed's last 90 days (TEST_NOW 2026-11-21 10:00 +08:00), at a whole day, a whole hour or any minute. */
const instant = fc.tuple(fc.integer({ min: 0, max: 92 }), fc.constantFrom('day', 'hour', 'minute'), fc.integer({ min: 0, max: 1439 })).map(([days, grain, minute]) => {
  const dayStart = Date.parse('2026-08-22T00:00:00+08:00') + days * 86_400_000;
  const offset = grain === 'day' ? 0 : grain === 'hour' ? Math.floor(minute / 60) * 3_600_000 : minute * 60_000 + 17_000;
  return new Date(dayStart + offset).toISOString().replace('Z', '+00:00');
});

describe('meterReadingRecord/findByCondition totals from the aggregates', () => {
  it('equal the raw sums for random filters and ranges', async () => {
    const place = fc.integer({ min: 0, max: 39 }).chain((i) => fc.constantFrom<Filter>(
      {}, { projectId: places[i % places.length].projectId }, { buildingId: places[i % places.length].buildingId }, { roomId: places[i % places.length].roomId },
      { roomCode: places[i % places.length].roomCode.slice(-2) }, { meterId: places[i % places.length].meterId, utility: 'electric' },
      { meterAddress: places[i % places.length].address.slice(-4), utility: 'electric' },
    ));
    await fc.assert(fc.asyncProperty(fc.constantFrom<string | undefined>('electric', 'water', undefined), place, fc.option(instant), fc.option(instant), async (utility, where, a, b) => {
      const [from, to] = a && b && a > b ? [b, a] : [a, b];
      if (from && to && from === to) return;
      const filter: Filter = { utility, ...where, readFrom: from ?? undefined, readTo: to ?? undefined };
      const { status, body } = await api.get('meterReadingRecord/findByCondition', { pageSize: 1, ...filter });
      expect(status, body?.msg).toBe(200);
      const expected = await reference(filter);
      expect(body.data.totals.count, JSON.stringify(filter)).toBe(expected.count);
      expect(body.data.totals.costFen, JSON.stringify(filter)).toBe(expected.costFen);
      expect(body.data.totals.consumption, JSON.stringify(filter)).toBeCloseTo(expected.consumption, 2);
    }), {
      numRuns: propertyRuns(20, 60),
      // Each way a range is read, every time: whole days of a place (daily_usage), whole hours of the
      // areas across a month's end (hourly_area_usage), raw ends at any second, open ends.
      examples: [
        ['electric', { roomId: places[0].roomId }, '2026-10-30T00:00:00+08:00', '2026-11-02T00:00:00+08:00'],
        [undefined, {}, '2026-10-31T13:00:00+08:00', '2026-11-01T05:00:00+08:00'],
        ['water', {}, '2026-09-03T07:14:17+08:00', null],
        [undefined, { projectId: places[0].projectId }, null, '2026-11-15T06:00:00+08:00'],
        ['electric', { meterId: places[1].meterId, utility: 'electric' }, '2026-11-20T23:59:17+08:00', '2026-11-21T00:00:17+08:00'],
      ],
    });
  }, 300_000);

  it('follow a deletion that recounted readings and its restore', async () => {
    const [reading] = await sqlRows<{ id: number; meter_id: number }>(`SELECT r.id, r.meter_id FROM readings r JOIN accounts a ON a.room_id = r.room_id AND a.utility = 'electric'
      WHERE r.utility = 'electric' AND r.deleted_at IS NULL AND r.cost_fen > 0 AND ${scope} ORDER BY r.read_at LIMIT 1 OFFSET 500`);
    const filters: Filter[] = [{ utility: 'electric' }, { utility: 'electric', meterId: Number(reading.meter_id) }, { utility: 'electric', readFrom: '2026-09-01T09:30:00+08:00' }];
    const check = async () => {
      for (const filter of filters) {
        const { body } = await api.get('meterReadingRecord/findByCondition', { pageSize: 1, ...filter });
        const expected = await reference(filter);
        expect([body.data.totals.count, body.data.totals.costFen]).toEqual([expected.count, expected.costFen]);
        expect(body.data.totals.consumption).toBeCloseTo(expected.consumption, 2);
      }
    };
    expect((await api.delete('meterReadingRecord/deleteReading', { id: reading.id, reason: 'totals', refund: true })).status).toBe(200);
    await check();
    expect((await api.put('meterReadingRecord/restoreReading', { id: reading.id })).status).toBe(200);
    await check();
  });
});
