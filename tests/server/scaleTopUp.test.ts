import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/password';
import { seedScale, type ScaleSummary } from '../../server/db/seed/scale';
import { topUpScale, scaleMonthEndsPresent } from '../../server/db/seed/scaleTopUp';
import { writeMonthEnd } from '../../server/domain/statements';
import { startTestBackend, TEST_PASSWORD, type TestBackend } from '../support/testApp';

/**
 * The scale data set's month ends (issue 31): the top-up writes, in SQL, the same settlements and
 * statements as the month-end job for the scale area (300 rooms, 70 days of readings: two whole
 * months and a part), and a second top-up writes nothing.
 */
let backend: TestBackend;
let summary: ScaleSummary;
const NOW = new Date('2026-11-21T12:00:00+08:00');
const rows = async <T,>(db: TestBackend['database']['db'], query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const settlementsOf = (db: TestBackend['database']['db'], areaId: number, month: string) => rows(db, sql`SELECT meter_id, room_id, month, sharp_kwh, peak_kwh, flat_kwh, valley_kwh,
  sharp_fen, peak_fen, flat_fen, valley_fen, total_fen FROM monthly_settlements WHERE area_id = ${areaId} AND month = ${month} ORDER BY meter_id`);
const statementsOf = (db: TestBackend['database']['db'], areaId: number, month: string) => rows(db, sql`SELECT room_id, utility, month, opening_reading, closing_reading, usage,
  charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen FROM room_statements WHERE area_id = ${areaId} AND month = ${month} ORDER BY room_id, utility`);

beforeAll(async () => {
  backend = await startTestBackend();
  const passwordHash = await hashPassword(TEST_PASSWORD);
  summary = await backend.database.db.transaction((tx) => seedScale(tx, { rooms: 300, days: 70, now: NOW, passwordHash }));
}, 120_000);
afterAll(() => backend.close());

describe('scale top-up of the month ends', () => {
  it('writes every whole month before now once, as the month-end job would, and nothing the second time', async () => {
    const db = backend.database.db;
    expect(await scaleMonthEndsPresent(db, summary.areaId)).toEqual({ settlements: false, statements: false });
    const first = await topUpScale(db, { now: NOW, timeZone: 'Asia/Shanghai' });
    // Readings from 2026-09-12 to 2026-11-20: September (part), October; November is not over.
    expect(first).toMatchObject({ areaId: summary.areaId, months: ['2026-09', '2026-10'], settlements: 600, statements: 1200 });
    expect(await scaleMonthEndsPresent(db, summary.areaId)).toEqual({ settlements: true, statements: true });
    expect(await topUpScale(db, { now: NOW, timeZone: 'Asia/Shanghai' })).toMatchObject({ settlements: 0, statements: 0 });

    for (const month of first.months) {
      const mine = { settlements: await settlementsOf(db, summary.areaId, month), statements: await statementsOf(db, summary.areaId, month) };
      expect(mine.settlements).toHaveLength(300);
      expect(mine.statements).toHaveLength(600);
      // The month-end job's rows for the same month, in a transaction undone afterwards.
      let theirs: typeof mine | undefined;
      await db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM monthly_settlements WHERE month = ${month}`);
        await tx.execute(sql`DELETE FROM room_statements WHERE month = ${month}`);
        await writeMonthEnd(tx, month, NOW, 'Asia/Shanghai');
        theirs = { settlements: await settlementsOf(tx, summary.areaId, month), statements: await statementsOf(tx, summary.areaId, month) };
        tx.rollback();
      }).catch((error: unknown) => { if (!String(error).includes('Rollback')) throw error; });
      expect(mine).toEqual(theirs);
    }
    // October's statements carry September's closing reading as their opening one, and money moved.
    const [october] = await rows<Record<string, string | null>>(db, sql`SELECT count(*) FILTER (WHERE opening_reading IS NULL) AS no_opening, sum(recharge_fen) AS recharged, sum(usage) AS used
      FROM room_statements WHERE area_id = ${summary.areaId} AND month = '2026-10'`);
    expect(Number(october.no_opening)).toBe(0);
    expect(Number(october.recharged)).toBeGreaterThan(0);
    expect(Number(october.used)).toBeGreaterThan(0);
  }, 120_000);
});
