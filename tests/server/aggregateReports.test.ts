import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/rows';
import { dashboardSummary } from '../../server/domain/dashboard';
import { graphicReport } from '../../server/domain/graphicReport';
import { startTestBackend, TEST_NOW, type TestBackend } from '../support/testApp';

/**
 * The dashboards and the graphic report answer from the daily aggregates (migrations 0027, 0034,
 * 0036) exactly what they answer from the raw rows, for scopes, moments (whole and part hours, a
 * month's first hour and last second) and ranges, in the platform's zone; and the report's arrears are
 * the ledger's. The aggregates themselves against the raw rows, and the same answers in a zone whose
 * days start half an hour into a UTC hour (after the aggregates' change of zone, rebuilt once):
 * aggregates.test.ts.
 */
let backend: TestBackend;
beforeAll(async () => { backend = await startTestBackend(); });
afterAll(() => backend.close());

const db = () => backend.database.db;
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(text));
const ZONE = 'Asia/Shanghai';

describe('dashboards and reports from the aggregates', () => {
  // Mid-day, the first hour of a month, the last day of a month, the seed's clock.
  const moments = [TEST_NOW, new Date('2026-11-01T00:30:00+08:00'), new Date('2026-10-31T23:59:59+08:00'), new Date('2026-11-15T17:45:10+08:00')];
  it.each(['electric', 'water'] as const)('answer the %s summary exactly as the raw rows do, for every scope and moment', async (utility) => {
    for (const areas of [[1, 3], [2], [1, 2, 3]]) {
      for (const now of moments) {
        const fromAggregates = await dashboardSummary(db(), areas, utility, now, ZONE);
        expect(fromAggregates, `${areas} ${now.toISOString()}`).toEqual(await dashboardSummary(db(), areas, utility, now, ZONE, { source: 'raw' }));
      }
    }
  }, 120_000);

  it.each(['electric', 'water'] as const)('answer the %s graphic report exactly as the raw rows do', async (utility) => {
    for (const [from, to] of [['2026-11-01', '2026-11-22'], ['2026-08-20', '2026-11-22'], ['2026-10-31', '2026-11-01']]) {
      const fromAggregates = await graphicReport(db(), [1, 3], utility, from, to, ZONE);
      expect(fromAggregates, `${from}..${to}`).toEqual(await graphicReport(db(), [1, 3], utility, from, to, ZONE, { source: 'raw' }));
      expect(fromAggregates.byRate.map((r) => r.rate)).toEqual(['sharp', 'peak', 'flat', 'valley']);
    }
  }, 120_000);

  it('gives the arrears at each day\'s end as the ledger does', async () => {
    const report = await graphicReport(db(), [1, 3], 'electric', '2026-10-25', '2026-11-22', ZONE);
    const entries = await query<{ account_id: number; created_at: string; id: number; balance_after_fen: string }>(sql`
      SELECT e.account_id, e.created_at, e.id, e.balance_after_fen FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
      WHERE a.utility = 'electric' AND a.area_id IN (1, 3) ORDER BY e.created_at, e.id`);
    expect(report.arrears).toHaveLength(28);
    for (const point of report.arrears.filter((_, i) => i % 9 === 0 || i === 27)) {
      const end = new Date(`${point.day}T00:00:00+08:00`).getTime() + 86_400_000;
      const last = new Map<number, number>();
      for (const e of entries) if (new Date(e.created_at).getTime() < end) last.set(Number(e.account_id), Number(e.balance_after_fen));
      const negative = [...last.values()].filter((b) => b < 0);
      expect(point, point.day).toEqual({ day: point.day, rooms: negative.length, arrearsFen: negative.reduce((s, b) => s + b, 0) });
    }
    expect(report.arrears.some((p) => p.rooms > 0)).toBe(true);
  });
});
