import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { SCALE_USER, scaleSeeded, seedScale, type ScaleSummary } from '../../server/db/seed/scale';
import { apiClient, loginAs, startTestBackend, TEST_PASSWORD, type TestBackend } from '../support/testApp';

/** The scale data set, small (1,200 rooms, 3 days) on a copy of the seeded test database. */
let backend: TestBackend;
let summary: ScaleSummary;
const query = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
beforeAll(async () => {
  backend = await startTestBackend();
  expect(await scaleSeeded(backend.database.db)).toBe(false);
  const passwordHash = await hashPassword(TEST_PASSWORD);
  summary = await backend.database.db.transaction((tx) => seedScale(tx, { rooms: 1200, days: 3, now: new Date('2026-11-21T12:00:00+08:00'), passwordHash }));
});
afterAll(() => backend.close());

describe('scale data set', () => {
  it('adds rooms with both meters, tenants in nine rooms of ten, readings and orders, in an area of its own', async () => {
    expect(summary).toMatchObject({ rooms: 1200, tenants: 1080, meters: 2400, readings: 2400 * 3, orders: 2400 });
    expect(await scaleSeeded(backend.database.db)).toBe(true);
    const [counts] = await query<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM rooms WHERE area_id = ${summary.areaId}) AS rooms,
      (SELECT count(*)::int FROM water_meters WHERE area_id = ${summary.areaId} AND room_id IS NOT NULL) AS water,
      (SELECT count(*)::int FROM electric_meters WHERE area_id = ${summary.areaId} AND room_id IS NOT NULL) AS electric,
      (SELECT count(*)::int FROM tenant_bindings WHERE area_id = ${summary.areaId} AND end_date IS NULL) AS bound,
      (SELECT count(*)::int FROM readings WHERE area_id = ${summary.areaId}) AS readings`);
    expect(counts).toEqual({ rooms: 1200, water: 1200, electric: 1200, bound: 1080, readings: 7200 });
  });

  it('leaves every 40th room\'s electricity and every 60th room\'s water in arrears, 1 to 50 yuan below zero', async () => {
    const [arrears] = await query<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM accounts WHERE area_id = ${summary.areaId} AND utility = 'electric' AND balance_fen < 0) AS electric,
      (SELECT count(*)::int FROM accounts WHERE area_id = ${summary.areaId} AND utility = 'water' AND balance_fen < 0) AS water,
      (SELECT count(*)::int FROM accounts WHERE area_id = ${summary.areaId} AND balance_fen NOT BETWEEN -5000 AND -100 AND balance_fen < 0) AS outside,
      (SELECT count(*)::int FROM rooms WHERE area_id = ${summary.areaId} AND electric_balance_fen < 0) AS rooms`);
    expect(arrears).toEqual({ electric: 30, water: 20, outside: 0, rooms: 30 });
  });

  it('keeps every balance equal to the sum of its ledger, and every last reading equal to the newest reading', async () => {
    const [off] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts a WHERE a.area_id = ${summary.areaId}
      AND a.balance_fen <> (SELECT coalesce(sum(amount_fen), 0) FROM ledger_entries l WHERE l.account_id = a.id)`);
    expect(off.n).toBe(0);
    const [stale] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM water_meters w WHERE w.area_id = ${summary.areaId}
      AND w.last_reading IS DISTINCT FROM (SELECT r.total FROM readings r WHERE r.utility = 'water' AND r.meter_id = w.id ORDER BY r.read_at DESC LIMIT 1)`);
    expect(stale.n).toBe(0);
    // Totals only grow, by each day's consumption.
    const [bad] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT total - lag(total) OVER (PARTITION BY utility, meter_id ORDER BY read_at) AS step, consumption
      FROM readings WHERE area_id = ${summary.areaId}) s WHERE s.step IS NOT NULL AND s.step <> s.consumption`);
    expect(bad.n).toBe(0);
  });

  it('gives the meters the sort keys the triggers would, and its operator sees only the scale area', async () => {
    const [unsorted] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM water_meters w JOIN rooms r ON r.id = w.room_id
      WHERE w.area_id = ${summary.areaId} AND (w.room_sort IS DISTINCT FROM natural_sort_key(r.room_code)
        OR w.tenant_sort IS DISTINCT FROM (SELECT k.tenant_sort FROM room_sort_keys(r.id) k))`);
    expect(unsorted.n).toBe(0);
    const api = apiClient(backend.app, await loginAs(backend.app, SCALE_USER));
    const page = (await api.get('webWaterArchive/findByCondition', { pageSize: 100, sortField: 'roomCode' })).body.data;
    expect(page.total).toBe(1200);
    expect(page.records.every((meter: { address: string }) => meter.address.startsWith('99'))).toBe(true);
  });
});
