/**
 * "Days of credit left" (issue 42): the pure forecast (common/creditForecast.ts) against a reference
 * day-by-day simulation written here on its own (BigInt arithmetic, its own tier function, its own
 * calendar) over random tariffs, basis days, balances, overdrafts, free allowances and month ends
 * (fast-check); hand-written cases; and the server's reading of the figures (server/domain/creditForecast.ts)
 * on the seeded database: the tariff the engine prices at, the 30 days of daily_usage before today, the
 * tenancy's start limiting them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { forecastCredit, type ForecastDay, type ForecastInput, type Forecast } from '../../common/creditForecast';
import type { Tariff, Tier } from '../../common/pricing';
import { chargeOf as chargeOfServer, type Tariff as ServerTariff } from '../../server/domain/billing';
import { forecastOf, forecastsOfRoom } from '../../server/domain/creditForecast';
import { startTestBackend, TEST_NOW, type TestBackend } from '../support/testApp';

// ---- the reference ---------------------------------------------------------------------------------

const big = (n: number) => BigInt(n);
/** round(a / b) half up, a ≥ 0, b > 0. */
const halfUp = (a: bigint, b: bigint) => (a * 2n + b) / (b * 2n);
const clampBig = (x: bigint, lo: bigint, hi: bigint) => (x < lo ? lo : x > hi ? hi : x);

/** Σ tiers: the units of x (scaled by `scale`) inside each tier's band × its price. */
function refTiered(tiers: readonly Tier[], x: bigint, scale: bigint): bigint {
  let sum = 0n;
  let lower = 0n;
  for (const tier of tiers) {
    const upper = tier.upTo === null ? null : big(Math.round(tier.upTo * 100)) * scale;
    const units = upper === null ? (x > lower ? x - lower : 0n) : clampBig(x - lower, 0n, upper > lower ? upper - lower : 0n);
    sum += units * big(tier.priceFen);
    if (upper === null) break;
    if (upper > lower) lower = upper;
  }
  return sum;
}

const daysIn = (year: number, month: number) => [31, (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
/** The calendar, by hand: the day after a YYYY-MM-DD. */
function nextDay(date: string): string {
  let [y, m, d] = date.split('-').map(Number);
  if (++d > daysIn(y, m)) {
    d = 1;
    if (++m > 12) { m = 1; y++; }
  }
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function reference(input: ForecastInput): Forecast {
  const n = input.days.length;
  const perRate = [0n, 0n, 0n, 0n];
  for (const day of input.days) {
    const regs = [day.sharp, day.peak, day.flat, day.valley];
    if (regs[0] + regs[1] + regs[2] + regs[3] === day.usage) regs.forEach((r, i) => { perRate[i] += big(r); });
    else perRate[2] += big(day.usage);
  }
  const total = perRate[0] + perRate[1] + perRate[2] + perRate[3];
  const { tariff } = input;
  const prices = [tariff.sharpFen, tariff.peakFen, tariff.flatFen, tariff.valleyFen].map((p) => big(Math.max(0, p)));
  const tiered = tariff.kind === 'tiered' && !!tariff.tiers?.length;

  // The exact average day's charge: everything × n × 100, then one rounding.
  let dailyFen = 0n;
  if (n > 0 && total > 0n) {
    const N = big(n);
    let scaled: bigint;
    if (tariff.kind === 'tou') scaled = perRate.reduce((s, r, i) => s + r * prices[i], 0n);
    else if (tiered) scaled = refTiered(tariff.tiers!, big(input.monthToDate) * N + total, N) - refTiered(tariff.tiers!, big(input.monthToDate) * N, N);
    else scaled = total * prices[2];
    dailyFen = scaled > 0n ? halfUp(scaled, 100n * N) : 0n;
  }

  let credit = big(input.balanceFen + input.overdraftFen);
  if (credit <= 0n) return { dailyFen: Number(dailyFen), daysLeft: 0, runOutDate: input.today, basisDays: n };
  if (n === 0 || total === 0n) return { dailyFen: 0, daysLeft: null, runOutDate: null, basisDays: n };

  let free = big(input.freeLeft);
  let mtd = big(input.monthToDate);
  let date = input.today;
  const used = [0n, 0n, 0n, 0n]; // cumulative per rate
  for (let k = 1; k <= 366; k++) {
    if (k > 1) {
      date = nextDay(date);
      if (date.endsWith('-01')) mtd = 0n;
    }
    const day = perRate.map((r, i) => {
      const upTo = (big(k) * r) / big(n);
      const part = upTo - used[i];
      used[i] = upTo;
      return part;
    });
    const c = day[0] + day[1] + day[2] + day[3];
    const f = c < free ? c : free;
    const billable = c - f;
    free -= f;
    let cost = 0n;
    if (billable > 0n) {
      if (tariff.kind === 'tou') cost = halfUp(day.reduce((s, r, i) => s + r * prices[i], 0n) * billable, c * 100n);
      else if (tiered) {
        const span = refTiered(tariff.tiers!, mtd + c, 1n) - refTiered(tariff.tiers!, mtd + f, 1n);
        cost = span > 0n ? halfUp(span, 100n) : 0n;
      } else cost = halfUp(billable * prices[2], 100n);
    }
    mtd += c;
    credit -= cost;
    if (credit <= 0n) return { dailyFen: Number(dailyFen), daysLeft: k - 1, runOutDate: date, basisDays: n };
  }
  return { dailyFen: Number(dailyFen), daysLeft: null, runOutDate: null, basisDays: n };
}

// ---- generators ------------------------------------------------------------------------------------

const price = fc.integer({ min: 0, max: 3000 });
const tiersArb: fc.Arbitrary<Tier[]> = fc.integer({ min: 1, max: 4 }).chain((count) => fc.tuple(
  fc.uniqueArray(fc.integer({ min: 1, max: 60_000 }), { minLength: count - 1, maxLength: count - 1 }),
  fc.array(price, { minLength: count, maxLength: count }),
).map(([caps, prices]) => {
  const sorted = [...caps].sort((a, b) => a - b).map((c) => c / 100); // kWh with two decimals
  return prices.map((priceFen, i) => ({ upTo: i < sorted.length ? sorted[i] : null, priceFen }));
}));
const tariffArb: fc.Arbitrary<Tariff> = fc.oneof(
  fc.record({ kind: fc.constant('single' as const), sharpFen: price, peakFen: price, flatFen: price, valleyFen: price }),
  fc.record({ kind: fc.constant('tou' as const), sharpFen: price, peakFen: price, flatFen: price, valleyFen: price }),
  fc.record({ kind: fc.constant('tiered' as const), sharpFen: price, peakFen: price, flatFen: price, valleyFen: price, tiers: tiersArb }),
  fc.record({ kind: fc.constant('tiered' as const), sharpFen: price, peakFen: price, flatFen: price, valleyFen: price, tiers: fc.constantFrom<Tier[] | null>(null, []) }),
);
const use = fc.integer({ min: 0, max: 3000 });
const dayArb: fc.Arbitrary<ForecastDay> = fc.oneof(
  // With rate registers that add up.
  fc.tuple(use, use, use, use).map(([sharp, peak, flat, valley]) => ({ sharp, peak, flat, valley, usage: sharp + peak + flat + valley })),
  // No registers.
  fc.integer({ min: 0, max: 8000 }).map((usage) => ({ sharp: 0, peak: 0, flat: 0, valley: 0, usage })),
  // Registers that do not add up (all flat then).
  fc.tuple(use, use, use, use, fc.integer({ min: 0, max: 8000 })).map(([sharp, peak, flat, valley, usage]) => ({ sharp, peak, flat, valley, usage })),
  fc.constant({ sharp: 0, peak: 0, flat: 0, valley: 0, usage: 0 }),
);
/** Dates from 2024 to 2028, most of them in a month's last days (tiers reset on the walk). */
const todayArb = fc.tuple(fc.integer({ min: 2024, max: 2028 }), fc.integer({ min: 1, max: 12 }), fc.boolean(), fc.integer({ min: 0, max: 27 })).map(([y, m, nearEnd, d]) => {
  const day = nearEnd ? daysIn(y, m) - (d % 4) : d + 1;
  return `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
});
const inputArb: fc.Arbitrary<ForecastInput> = fc.record({
  balanceFen: fc.oneof(fc.integer({ min: -50_000, max: 50_000 }), fc.integer({ min: 0, max: 2_000_000 })),
  overdraftFen: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000 })),
  freeLeft: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50_000 })),
  tariff: tariffArb,
  days: fc.array(dayArb, { minLength: 0, maxLength: 30 }),
  monthToDate: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 150_000 })),
  today: todayArb,
});

const single = (flatFen: number): Tariff => ({ kind: 'single', sharpFen: flatFen, peakFen: flatFen, flatFen, valleyFen: flatFen });
const flatDays = (count: number, usage: number): ForecastDay[] => Array.from({ length: count }, () => ({ sharp: 0, peak: 0, flat: 0, valley: 0, usage }));
const base = (over: Partial<ForecastInput>): ForecastInput => ({
  balanceFen: 0, overdraftFen: 0, freeLeft: 0, tariff: single(100), days: flatDays(30, 1000), monthToDate: 0, today: '2026-11-21', ...over,
});

describe('forecastCredit against the reference simulation', () => {
  it('agrees on random tariffs, basis days, balances, allowances and month ends', () => {
    fc.assert(fc.property(inputArb, (input) => {
      expect(forecastCredit(input)).toEqual(reference(input));
    }), { numRuns: 300 });
  });

  it('agrees where the credit runs out within the year (balances scaled to the use)', () => {
    const scaled = inputArb.chain((input) => fc.integer({ min: 1, max: 400 }).map((days) => {
      const daily = Math.max(1, reference({ ...input, balanceFen: 1, overdraftFen: 0, freeLeft: 0 }).dailyFen);
      return { ...input, balanceFen: daily * days - input.overdraftFen };
    }));
    fc.assert(fc.property(scaled, (input) => {
      expect(forecastCredit(input)).toEqual(reference(input));
    }), { numRuns: 200 });
  });

  it('a day of the walk is charged as the engine charges a reading (chargeOf, re-exported by the server)', () => {
    // common/pricing.ts moved, server/domain/billing.ts re-exports the very same functions.
    fc.assert(fc.property(tariffArb, use, use, use, use, fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 100_000 }), (tariff, a, b, c, d, freeLeft, monthToDate) => {
      const serverTariff: ServerTariff = tariff;
      const consumption = a + b + c + d;
      const day = { sharp: a, peak: b, flat: c, valley: d, usage: consumption };
      const charged = chargeOfServer({ tariff: serverTariff, consumption, rates: [a, b, c, d], freeLeft, monthToDate }).costFen;
      // One basis day repeated: day 1 of the walk consumes exactly it; a credit of the charge runs out today.
      const input = { overdraftFen: 0, freeLeft, tariff, days: [day], monthToDate, today: '2026-11-10' };
      if (charged > 0) {
        expect(forecastCredit({ ...input, balanceFen: charged })).toMatchObject({ daysLeft: 0, runOutDate: '2026-11-10' });
        expect(forecastCredit({ ...input, balanceFen: charged + 1 }).daysLeft).not.toBe(0);
      }
    }), { numRuns: 200 });
  });

  it('more credit never runs out sooner', () => {
    fc.assert(fc.property(inputArb, fc.integer({ min: 0, max: 100_000 }), (input, more) => {
      const less = forecastCredit(input);
      const richer = forecastCredit({ ...input, balanceFen: input.balanceFen + more });
      if (less.daysLeft === null) expect(richer.daysLeft).toBeNull();
      else if (richer.daysLeft !== null) expect(richer.daysLeft).toBeGreaterThanOrEqual(less.daysLeft);
    }), { numRuns: 200 });
  });
});

describe('forecastCredit by hand', () => {
  it('¥1/kWh, 10 kWh a day, ¥95: 9 days left, running out on today + 9', () => {
    expect(forecastCredit(base({ balanceFen: 9500 }))).toEqual({ dailyFen: 1000, daysLeft: 9, runOutDate: '2026-11-30', basisDays: 30 });
    // The overdraft is credit too: the supply is cut at −overdraft.
    expect(forecastCredit(base({ balanceFen: 9500, overdraftFen: 500 }))).toMatchObject({ daysLeft: 9, runOutDate: '2026-11-30' });
    expect(forecastCredit(base({ balanceFen: 9500, overdraftFen: 501 }))).toMatchObject({ daysLeft: 10, runOutDate: '2026-12-01' });
    // A credit that a day's charge exhausts today: 0 days, today.
    expect(forecastCredit(base({ balanceFen: 1000 }))).toMatchObject({ daysLeft: 0, runOutDate: '2026-11-21' });
  });

  it('already in arrears: 0 days, today', () => {
    expect(forecastCredit(base({ balanceFen: -100 }))).toEqual({ dailyFen: 1000, daysLeft: 0, runOutDate: '2026-11-21', basisDays: 30 });
    expect(forecastCredit(base({ balanceFen: -300, overdraftFen: 300 }))).toMatchObject({ daysLeft: 0, runOutDate: '2026-11-21' });
    // The supply is cut: often why there is no use.
    expect(forecastCredit(base({ balanceFen: -300, days: flatDays(30, 0) }))).toEqual({ dailyFen: 0, daysLeft: 0, runOutDate: '2026-11-21', basisDays: 30 });
  });

  it('the free allowance delays the start of the charges', () => {
    // 25 kWh free: days 1 and 2 free, day 3 half free (¥5), then ¥10 a day: 9500 − 500 − 1000 × 9 = 0 on day 12.
    expect(forecastCredit(base({ balanceFen: 9500, freeLeft: 2500 }))).toEqual({ dailyFen: 1000, daysLeft: 11, runOutDate: '2026-12-02', basisDays: 30 });
  });

  it('tiers: later days dearer within the month, cheaper again after the 1st', () => {
    const tariff: Tariff = { kind: 'tiered', sharpFen: 0, peakFen: 0, flatFen: 0, valleyFen: 0, tiers: [{ upTo: 100, priceFen: 50 }, { upTo: null, priceFen: 100 }] };
    const tiered = (balanceFen: number, monthToDate = 5000) => forecastCredit(base({ tariff, balanceFen, monthToDate }));
    // Nov 21–25: ¥5 a day (up to 100 kWh), Nov 26–30: ¥10, Dec 1–10: ¥5 again, then ¥10.
    expect(tiered(7500)).toEqual({ dailyFen: 500, daysLeft: 9, runOutDate: '2026-11-30', basisDays: 30 });
    expect(tiered(7501)).toMatchObject({ daysLeft: 10, runOutDate: '2026-12-01' });
    expect(tiered(12_000)).toMatchObject({ daysLeft: 18, runOutDate: '2026-12-09' });
    expect(tiered(15_500)).toMatchObject({ daysLeft: 22, runOutDate: '2026-12-13' });
    // The average day across the tier's edge: 5 kWh at ¥0.5, 5 at ¥1.
    expect(tiered(100_000, 9500).dailyFen).toBe(750);
  });

  it('time of use: each rate at its price', () => {
    const tariff: Tariff = { kind: 'tou', sharpFen: 200, peakFen: 120, flatFen: 80, valleyFen: 40 };
    const days = Array.from({ length: 30 }, () => ({ sharp: 0, peak: 400, flat: 0, valley: 600, usage: 1000 }));
    expect(forecastCredit(base({ tariff, days, balanceFen: 7200 }))).toEqual({ dailyFen: 720, daysLeft: 9, runOutDate: '2026-11-30', basisDays: 30 });
    // Without registers a tou day is all flat.
    expect(forecastCredit(base({ tariff, balanceFen: 8000 })).dailyFen).toBe(800);
  });

  it('a fractional average day does not drift', () => {
    // 10 kWh over 3 days at 1 fen a hundredth: ¥33.33… a day; ¥100 lasts exactly 30 days (not 31 of ¥33.33).
    const days = [...flatDays(1, 1000), ...flatDays(2, 0)];
    expect(forecastCredit(base({ days, balanceFen: 10_000 }))).toEqual({ dailyFen: 333, daysLeft: 29, runOutDate: '2026-12-20', basisDays: 3 });
    expect(forecastCredit(base({ days, balanceFen: 10_001 }))).toMatchObject({ daysLeft: 30 });
  });

  it('no use, no basis, or more than a year of credit: no run-out date', () => {
    expect(forecastCredit(base({ balanceFen: 9500, days: flatDays(30, 0) }))).toEqual({ dailyFen: 0, daysLeft: null, runOutDate: null, basisDays: 30 });
    expect(forecastCredit(base({ balanceFen: 9500, days: [] }))).toEqual({ dailyFen: 0, daysLeft: null, runOutDate: null, basisDays: 0 });
    expect(forecastCredit(base({ balanceFen: 365 * 1000 }))).toMatchObject({ daysLeft: 364, runOutDate: '2027-11-20' });
    expect(forecastCredit(base({ balanceFen: 366 * 1000 }))).toMatchObject({ daysLeft: 365, runOutDate: '2027-11-21' });
    expect(forecastCredit(base({ balanceFen: 366 * 1000 + 1 }))).toEqual({ dailyFen: 1000, daysLeft: null, runOutDate: null, basisDays: 30 });
    // A tariff that charges nothing.
    expect(forecastCredit(base({ balanceFen: 100, tariff: single(0) }))).toEqual({ dailyFen: 0, daysLeft: null, runOutDate: null, basisDays: 30 });
  });
});

// ---- the server's figures --------------------------------------------------------------------------

describe('forecastOf on the database', () => {
  let backend: TestBackend;
  type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

  beforeAll(async () => {
    backend = await startTestBackend();
  }, 120_000);
  afterAll(async () => {
    await backend?.close();
  });

  const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  it('reads the account, the engine\'s tariff and 30 days of daily_usage, limited by the tenancy', async () => {
    const [room] = await rows(sql`
      SELECT m.id AS meter_id, m.room_id, m.area_id FROM electric_meters m
      JOIN accounts a ON a.room_id = m.room_id AND a.utility = 'electric'
      JOIN tenant_bindings b ON b.room_id = m.room_id AND b.end_date IS NULL
      WHERE m.room_id IS NOT NULL ORDER BY m.id LIMIT 1`);
    expect(room).toBeDefined();
    const roomId = Number(room.room_id);
    const areaId = Number(room.area_id);
    const tiers = [{ upTo: 150, priceFen: 60 }, { upTo: 300.5, priceFen: 90 }, { upTo: null, priceFen: 130 }];
    const [table] = await rows(sql`INSERT INTO price_tables (area_id, name, kind, sharp_fen, peak_fen, flat_fen, valley_fen, tiers)
      VALUES (${areaId}, 'forecast test', 'tiered', 0, 0, 0, 0, ${JSON.stringify(tiers)}::jsonb) RETURNING id`);
    await rows(sql`UPDATE electric_meters SET price_table_id = ${Number(table.id)} WHERE room_id = ${roomId}`);
    await rows(sql`UPDATE accounts SET balance_fen = 23456, overdraft_fen = 1000, free_left = 12.34 WHERE room_id = ${roomId} AND utility = 'electric'`);

    // The room's daily use, on two meters (the second a meter id of no row: daily_usage sums any).
    const today = '2026-11-21'; // TEST_NOW in Asia/Shanghai
    expect(TEST_NOW.toISOString()).toBe('2026-11-21T02:00:00.000Z');
    await rows(sql`DELETE FROM daily_usage WHERE room_id = ${roomId} AND utility = 'electric'`);
    const use = new Map<string, ForecastDay>();
    for (let i = -45; i <= 0; i++) {
      const day = addDays(today, i);
      if (((i % 7) + 7) % 7 === 3) continue; // days with no row count as no use
      const a = ((i * 7919) % 900 + 900) % 900;
      const b = ((i * 104729) % 500 + 500) % 500;
      const registered = i % 2 === 0;
      const meters = [
        registered ? { sharp: a, peak: b, flat: 100, valley: 37, usage: a + b + 137 } : { sharp: 0, peak: 0, flat: a + b, valley: 0, usage: a + b },
        { sharp: 0, peak: 0, flat: 250, valley: 0, usage: 250 },
      ];
      const sum: ForecastDay = { sharp: 0, peak: 0, flat: 0, valley: 0, usage: 0 };
      for (const [k, m] of meters.entries()) {
        await rows(sql`INSERT INTO daily_usage (utility, area_id, day, room_id, meter_id, usage_h, sharp_h, peak_h, flat_h, valley_h, readings)
          VALUES ('electric', ${areaId}, ${day}::date, ${roomId}, ${Number(room.meter_id) + k * 1_000_000}, ${m.usage}, ${m.sharp}, ${m.peak}, ${m.flat}, ${m.valley}, 1)`);
        for (const key of ['sharp', 'peak', 'flat', 'valley', 'usage'] as const) sum[key] += m[key];
      }
      use.set(day, sum);
    }
    // Another room's use on the same days is not this room's.
    await rows(sql`INSERT INTO daily_usage (utility, area_id, day, room_id, meter_id, usage_h, flat_h, readings)
      VALUES ('electric', ${areaId}, ${addDays(today, -1)}::date, ${roomId + 100_000}, 1, 99999, 99999, 1)`);

    const zero: ForecastDay = { sharp: 0, peak: 0, flat: 0, valley: 0, usage: 0 };
    const daysFrom = (from: string) => {
      const days: ForecastDay[] = [];
      for (let day = from; day < today; day = addDays(day, 1)) days.push(use.get(day) ?? zero);
      return days;
    };
    let monthToDate = 0;
    for (const [day, sum] of use) if (day >= '2026-11-01') monthToDate += sum.usage;
    const expected = (from: string) => forecastCredit({
      balanceFen: 23456, overdraftFen: 1000, freeLeft: 1234, tariff: { kind: 'tiered', sharpFen: 0, peakFen: 0, flatFen: 0, valleyFen: 0, tiers }, days: daysFrom(from), monthToDate, today,
    });

    // A tenancy older than the basis: the 30 days before today.
    await rows(sql`UPDATE tenant_bindings SET start_date = '2020-01-01' WHERE room_id = ${roomId} AND end_date IS NULL`);
    const whole = await forecastOf(backend.database.db, roomId, 'electric', TEST_NOW);
    expect(whole).toEqual(expected(addDays(today, -30)));
    expect(whole!.basisDays).toBe(30);
    expect(whole!.daysLeft).not.toBeNull();

    // A tenancy that started 10 days ago: only its days.
    await rows(sql`UPDATE tenant_bindings SET start_date = ${addDays(today, -10)}::date WHERE room_id = ${roomId} AND end_date IS NULL`);
    const recent = await forecastOf(backend.database.db, roomId, 'electric', TEST_NOW);
    expect(recent).toEqual(expected(addDays(today, -10)));
    expect(recent!.basisDays).toBe(10);
    expect(recent).not.toEqual(whole);

    // Starting today: no basis yet.
    await rows(sql`UPDATE tenant_bindings SET start_date = ${today}::date WHERE room_id = ${roomId} AND end_date IS NULL`);
    expect(await forecastOf(backend.database.db, roomId, 'electric', TEST_NOW)).toEqual({ dailyFen: 0, daysLeft: null, runOutDate: null, basisDays: 0 });

    // Both utilities at once; a room with no meter of a utility has no forecast.
    const both = await forecastsOfRoom(backend.database.db, roomId, TEST_NOW);
    expect(both.electric).toEqual({ dailyFen: 0, daysLeft: null, runOutDate: null, basisDays: 0 });
    const [noWater] = await rows(sql`SELECT r.id FROM rooms r WHERE NOT EXISTS (SELECT 1 FROM water_meters w WHERE w.room_id = r.id) ORDER BY r.id LIMIT 1`);
    if (noWater) expect(await forecastOf(backend.database.db, Number(noWater.id), 'water', TEST_NOW)).toBeNull();
  }, 60_000);
});
