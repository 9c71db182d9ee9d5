/**
 * The recharge orders' totals row (issue 31, at city scale) read from the recharge aggregates (the
 * orders that stand over the range's whole days) and the orders (the partial days at its ends, the
 * void orders): for random filters and ranges, the same count and money as a reference summed here
 * from the raw orders, some of them voided; and the list's total is that count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let scope: string;
let places: { projectId: number; buildingId: number; roomId: number; roomCode: string }[] = [];
const sqlRows = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  const ids = (await sqlRows<{ id: number }>(`WITH RECURSIVE s AS (SELECT a.id FROM areas a JOIN sys_users u ON u.area_id = a.id WHERE u.user_name = 'admin'
    UNION SELECT c.id FROM areas c JOIN s ON c.parent_id = s.id) SELECT id FROM s`)).map((row) => Number(row.id));
  scope = `o.area_id IN (${ids.join(',')})`;
  // Some orders voided (every 7th of the scope), as a void does: the aggregates' triggers take them out.
  await backend.database.db.execute(`UPDATE recharge_orders o SET order_status = 0, voided_at = created_at + interval '1 hour' WHERE ${scope} AND o.id % 7 = 0` as never);
  places = (await sqlRows<Record<string, string | number>>(`SELECT DISTINCT ON (r.id) r.project_id, r.building_id, r.id AS room_id, r.room_code
    FROM recharge_orders o JOIN rooms r ON r.id = o.room_id WHERE ${scope} ORDER BY r.id LIMIT 30`))
    .map((r) => ({ projectId: Number(r.project_id), buildingId: Number(r.building_id), roomId: Number(r.room_id), roomCode: String(r.room_code) }));
}, 180_000);
afterAll(() => backend.close());

type Filter = Record<string, string | number | undefined>;

async function reference(filter: Filter) {
  const where = [scope];
  if (filter.utility) where.push(`o.utility = '${filter.utility}'`);
  if (filter.channel) where.push(`o.channel = '${filter.channel}'`);
  if (filter.projectId) where.push(`o.room_id IN (SELECT id FROM rooms WHERE project_id = ${filter.projectId})`);
  if (filter.buildingId) where.push(`o.room_id IN (SELECT id FROM rooms WHERE building_id = ${filter.buildingId})`);
  if (filter.roomId) where.push(`o.room_id = ${filter.roomId}`);
  if (filter.roomCode) where.push(`o.room_id IN (SELECT id FROM rooms WHERE room_code ILIKE ${String(filter.roomCode).length >= 3 ? `'%${filter.roomCode}%'` : `'${filter.roomCode}%'`})`);
  if (filter.createdFrom) where.push(`o.created_at >= '${filter.createdFrom}'`);
  if (filter.createdTo) where.push(`o.created_at < '${filter.createdTo}'`);
  const [row] = await sqlRows<Record<string, string>>(`SELECT count(*) AS n, coalesce(sum(amount_fen), 0) AS amount,
      coalesce(sum(amount_fen) FILTER (WHERE order_status <> 0), 0) AS standing, count(*) FILTER (WHERE order_status = 0) AS voided,
      coalesce(sum(amount_fen) FILTER (WHERE order_status = 0), 0) AS voided_amount FROM recharge_orders o WHERE ${where.join(' AND ')}`);
  return { count: Number(row.n), amountFen: Number(row.amount), standingFen: Number(row.standing), voidCount: Number(row.voided), voidAmountFen: Number(row.voided_amount) };
}

/** An instant of the seed's last 90 days (TEST_NOW 2026-11-21 10:00 +08:00), at a whole day, a whole hour or any minute. */
const instant = fc.tuple(fc.integer({ min: 0, max: 92 }), fc.constantFrom('day', 'hour', 'minute'), fc.integer({ min: 0, max: 1439 })).map(([days, grain, minute]) => {
  const dayStart = Date.parse('2026-08-22T00:00:00+08:00') + days * 86_400_000;
  const offset = grain === 'day' ? 0 : grain === 'hour' ? Math.floor(minute / 60) * 3_600_000 : minute * 60_000 + 17_000;
  return new Date(dayStart + offset).toISOString().replace('Z', '+00:00');
});

describe('webStatsanalysisOrder/findRechargeOrderByParams totals from the aggregates', () => {
  it('equal the raw sums for random filters and ranges, void orders included', async () => {
    expect(places.length).toBeGreaterThan(0);
    const place = fc.integer({ min: 0, max: 29 }).chain((i) => {
      const p = places[i % places.length];
      return fc.constantFrom<Filter>({}, { projectId: p.projectId }, { buildingId: p.buildingId }, { roomId: p.roomId }, { roomCode: p.roomCode }, { roomCode: p.roomCode.slice(0, 2) });
    });
    const range = fc.tuple(fc.option(instant, { nil: undefined }), fc.option(instant, { nil: undefined }))
      .filter(([a, b]) => !a || !b || a !== b)
      .map(([a, b]): Filter => (a && b && a > b ? { createdFrom: b, createdTo: a } : { createdFrom: a, createdTo: b }));
    await fc.assert(fc.asyncProperty(place, range, fc.constantFrom(undefined, 'electric', 'water'), fc.constantFrom(undefined, 'cash', 'wechat', 'alipay'), async (where, when, utility, channel) => {
      const filter: Filter = { ...where, ...when, utility, channel };
      const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
      const { status, body } = await api.get('webStatsanalysisOrder/findRechargeOrderByParams', { ...query, pageSize: 10 });
      expect(status, body?.msg).toBe(200);
      const expected = await reference(filter);
      expect(body.data.totals, JSON.stringify(filter)).toEqual(expected);
      expect(body.data.total, JSON.stringify(filter)).toBe(expected.count);
    }), { numRuns: 120 });
  }, 600_000);
});
