import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * roomUsage by month (issue 31, at city scale): the months a range covers whole come from the
 * monthly aggregate (monthly_room_usage), the rest from the days; every answer as a reference
 * grouped here from the raw readings by the usage rule — whole months, ranges starting and ending mid-month, no range,
 * a building, each sorted by usage and by period, and the series.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let scope: string;
let buildingId: number;
/** The months the reference spans: from the first a standing reading's interval starts in to the last one read in (a reading's usage lies in its interval). */
let months: { first: string; last: string };
const sqlRows = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  const ids = (await sqlRows<{ id: number }>(`WITH RECURSIVE s AS (SELECT a.id FROM areas a JOIN sys_users u ON u.area_id = a.id WHERE u.user_name = 'admin'
    UNION SELECT c.id FROM areas c JOIN s ON c.parent_id = s.id) SELECT id FROM s`)).map((row) => Number(row.id));
  scope = `r.area_id IN (${ids.join(',')})`;
  [{ building_id: buildingId }] = await sqlRows<{ building_id: number }>(`SELECT ro.building_id FROM readings r JOIN rooms ro ON ro.id = r.room_id
    WHERE ${scope} AND r.utility = 'electric' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  [months] = await sqlRows<{ first: string; last: string }>(`SELECT to_char(date_trunc('month', min(least(r.since_at, r.read_at)) AT TIME ZONE 'Asia/Shanghai'), 'YYYY-MM-DD') AS first,
    to_char(date_trunc('month', max(r.read_at) AT TIME ZONE 'Asia/Shanghai'), 'YYYY-MM-DD') AS last
    FROM readings r WHERE r.utility = 'electric' AND r.deleted_at IS NULL AND r.room_id IS NOT NULL AND ${scope}`);
}, 120_000);
afterAll(() => backend.close());

type Row = { roomId: number; period: string; usage: number; readings: number };

/**
 * Room × month of the standing electric readings with a room, from the raw rows, in the list's order,
 * by the usage rule (server/domain/usageRule.ts): a reading's usage is spread over its interval, so a
 * month of the range holds each reading's part in the span where the month and the whole days the
 * range touches meet (the SQL function `usage_h_in`, one span per reading, not the aggregates' day
 * parts); a reading counts in the month and on the day it was taken.
 */
async function referenceRows(range: { readFrom?: string; readTo?: string }) {
  const zone = `'Asia/Shanghai'`;
  const where = [`r.utility = 'electric'`, `r.deleted_at IS NULL`, `r.room_id IS NOT NULL`, scope];
  // The whole days the range touches (the screen's rule), in the platform's zone, as instants.
  const from = range.readFrom ? `((('${range.readFrom}'::timestamptz AT TIME ZONE ${zone})::date)::timestamp AT TIME ZONE ${zone})` : `'-infinity'::timestamptz`;
  const to = range.readTo ? `(((('${range.readTo}'::timestamptz - interval '1 microsecond') AT TIME ZONE ${zone})::date + 1)::timestamp AT TIME ZONE ${zone})` : `'infinity'::timestamptz`;
  const rows = await sqlRows<{ room_id: number; building_id: number; period: string; used_h: string; n: string }>(`
    WITH spans AS (
      SELECT to_char(m, 'YYYY-MM') AS period, greatest(m AT TIME ZONE ${zone}, ${from}) AS a, least((m + interval '1 month') AT TIME ZONE ${zone}, ${to}) AS b
      FROM generate_series('${months.first}'::timestamp, '${months.last}'::timestamp, interval '1 month') AS m),
    parts AS (
      SELECT r.room_id, s.period, usage_h_in(r.consumption, r.usage_rates, r.since_at, r.read_at, s.a, s.b) AS h, (r.read_at >= s.a AND r.read_at < s.b) AS taken
      FROM readings r JOIN spans s ON s.a < s.b AND r.read_at >= s.a AND least(r.since_at, r.read_at) < s.b
      WHERE ${where.join(' AND ')})
    SELECT p.room_id, rm.building_id, p.period, sum(p.h) AS used_h, count(*) FILTER (WHERE p.taken) AS n
    FROM parts p JOIN rooms rm ON rm.id = p.room_id
    GROUP BY 1, 2, 3 HAVING sum(p.h) <> 0 OR count(*) FILTER (WHERE p.taken) > 0`);
  return rows.map((row) => ({ roomId: Number(row.room_id), buildingId: Number(row.building_id), period: row.period, usageH: Number(row.used_h), readings: Number(row.n) }));
}

/** The reference's rows of a building or all, in the list's order (usage, then room, then period, all descending; or period, then room). */
function reference(all: Awaited<ReturnType<typeof referenceRows>>, building: boolean, order: 'usage' | 'period'): Row[] {
  const rows = all.filter((row) => !building || row.buildingId === buildingId);
  const byPeriod = (a: { period: string }, b: { period: string }) => (a.period < b.period ? 1 : a.period > b.period ? -1 : 0);
  rows.sort(order === 'usage' ? (a, b) => b.usageH - a.usageH || b.roomId - a.roomId || byPeriod(a, b) : (a, b) => byPeriod(a, b) || b.roomId - a.roomId);
  return rows.map((row) => ({ roomId: row.roomId, period: row.period, usage: row.usageH / 100, readings: row.readings }));
}

describe('roomUsage by month from the monthly aggregate', () => {
  const ranges = [
    {},
    { readFrom: '2026-09-01T00:00:00+08:00', readTo: '2026-11-01T00:00:00+08:00' },
    { readFrom: '2026-09-15T00:00:00+08:00', readTo: '2026-11-10T00:00:00+08:00' },
    { readFrom: '2026-10-31T12:30:00+08:00', readTo: '2026-11-01T00:00:01+08:00' },
    { readFrom: '2026-08-31T16:00:00Z', readTo: '2026-10-15T09:00:00Z' },
    { readTo: '2026-10-20T00:00:00+08:00' },
    { readFrom: '2026-10-01T00:00:00+08:00' },
  ];
  it('answers as the raw rows grouped by room and month, for whole and partial months, by usage and by period', async () => {
    for (const range of ranges) {
      const all = await referenceRows(range);
      for (const building of [false, true]) {
        for (const order of ['usage', 'period'] as const) {
          const query = { granularity: 'month', pageSize: 100, ...range, ...(building ? { buildingId } : {}), sortField: order, sortOrder: 'desc' };
          const { status, body } = await api.get('roomUsage/findByCondition', query);
          expect(status, body?.msg).toBe(200);
          const expected = reference(all, building, order);
          const page = body.data as { records: Row[]; total: number; totals: { rooms: number; usage: number; readings: number } };
          const label = JSON.stringify(query);
          expect(page.total, label).toBe(expected.length);
          expect(page.totals.readings, label).toBe(expected.reduce((sum, row) => sum + row.readings, 0));
          expect(page.totals.usage, label).toBeCloseTo(expected.reduce((sum, row) => sum + row.usage, 0), 1);
          expect(page.totals.rooms, label).toBe(new Set(expected.map((row) => row.roomId)).size);
          expect(page.records.map(({ roomId, period, readings }) => ({ roomId, period, readings })), label)
            .toEqual(expected.slice(0, 100).map(({ roomId, period, readings }) => ({ roomId, period, readings })));
          page.records.forEach((row, i) => expect(row.usage, label).toBeCloseTo(expected[i].usage, 2));
        }
      }
      const series = (await api.get('roomUsage/findSeries', { granularity: 'month', ...range })).body.data as { period: string; usage: number; rooms: number }[];
      const expected = reference(all, false, 'period');
      const months = [...new Set(expected.map((row) => row.period))].sort();
      expect(series.map((row) => row.period)).toEqual(months);
      series.forEach((row) => {
        const of = expected.filter((e) => e.period === row.period);
        expect(row.usage).toBeCloseTo(of.reduce((sum, e) => sum + e.usage, 0), 1);
        expect(row.rooms).toBe(new Set(of.map((e) => e.roomId)).size);
      });
    }
  }, 300_000);
});
