/**
 * Billing of a reading (DOMAIN.md rule 1, server/domain/billing.ts) against a reference written here
 * unit by unit: every hundredth of a kWh or m³ is either free (the allowance first) or priced by its
 * rate, its tier (by its place in the month) or the single price.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chargeOf, monthKeyOf, monthStart, scheduleWeights, splitUnits, type Tariff, type Tier } from '../../server/domain/billing';
import { crossedLevels, noticeText } from '../../server/domain/billingEngine';

/** Reference: the price (fen per whole unit) of the hundredth at month position u (0-based) under tiers. */
function tierPrice(tiers: Tier[], u: number) {
  for (const tier of tiers) if (tier.upTo === null || u < tier.upTo * 100) return tier.priceFen;
  return tiers[tiers.length - 1].priceFen;
}

/** Reference charge in fen (exact, before rounding) and the free units used. */
function reference(tariff: Tariff, consumption: number, rates: number[] | null, freeLeft: number, monthToDate: number) {
  const free = Math.min(consumption, Math.max(0, freeLeft));
  const billable = consumption - free;
  let exact = 0; // fen × 100
  if (tariff.kind === 'tiered' && tariff.tiers?.length) {
    for (let u = monthToDate + free; u < monthToDate + consumption; u++) exact += tierPrice(tariff.tiers, u);
    return { free, exact: exact / 100 };
  }
  if (tariff.kind === 'tou' && consumption > 0) {
    const r = rates ?? [0, 0, consumption, 0];
    const prices = [tariff.sharpFen, tariff.peakFen, tariff.flatFen, tariff.valleyFen];
    // The free part is taken evenly from the rates: each rate's share of the billable units.
    for (let i = 0; i < 4; i++) exact += (r[i] * prices[i] * billable) / consumption;
    return { free, exact: exact / 100 };
  }
  return { free, exact: (billable * tariff.flatFen) / 100 };
}

const priceArb = fc.integer({ min: 0, max: 3000 });
const tariffArb: fc.Arbitrary<Tariff> = fc.oneof(
  fc.record({ kind: fc.constant('single' as const), sharpFen: priceArb, peakFen: priceArb, flatFen: priceArb, valleyFen: priceArb }),
  fc.record({ kind: fc.constant('tou' as const), sharpFen: priceArb, peakFen: priceArb, flatFen: priceArb, valleyFen: priceArb }),
  fc.tuple(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 200 }), priceArb, priceArb, priceArb).map(([a, b, p1, p2, p3]) => ({
    kind: 'tiered' as const, sharpFen: p1, peakFen: p1, flatFen: p1, valleyFen: p1,
    tiers: [{ upTo: a, priceFen: p1 }, { upTo: a + b, priceFen: p2 }, { upTo: null, priceFen: p3 }],
  })),
);
const readingArb = fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.tuple(fc.nat(100), fc.nat(100), fc.nat(100), fc.nat(100)))
  .map(([consumption, w]) => {
    const sum = w.reduce((a, b) => a + b, 0) || 1;
    const rates = w.slice(0, 3).map((x) => Math.floor((consumption * x) / sum));
    rates.push(consumption - rates[0] - rates[1] - rates[2]);
    return { consumption, rates };
  });

describe('billing', () => {
  it('each charge is the reference rounded to the fen, never negative; the free allowance is used first', () => {
    fc.assert(fc.property(tariffArb, readingArb, fc.nat(5000), fc.nat(50_000), (tariff, { consumption, rates }, freeLeft, monthToDate) => {
      const charge = chargeOf({ tariff, consumption, rates, freeLeft, monthToDate });
      const ref = reference(tariff, consumption, rates, freeLeft, monthToDate);
      expect(charge.costFen).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(charge.costFen)).toBe(true);
      expect(charge.free).toBe(ref.free);
      expect(charge.billable).toBe(consumption - ref.free);
      expect(Math.abs(charge.costFen - ref.exact)).toBeLessThanOrEqual(0.5 + 1e-9);
      if (charge.billable === 0) expect(charge.costFen).toBe(0);
    }), { numRuns: 1000 });
  });

  it('over a month of readings: free units = min(total, allowance), taken by the first readings; charges sum to the reference within the rounding', () => {
    fc.assert(fc.property(tariffArb, fc.array(readingArb, { maxLength: 30 }), fc.nat(5000), (tariff, list, allowance) => {
      let freeLeft = allowance;
      let mtd = 0;
      let charged = 0;
      let freeUsed = 0;
      for (const { consumption, rates } of list) {
        const charge = chargeOf({ tariff, consumption, rates, freeLeft, monthToDate: mtd });
        // Free first: no charge while the allowance lasts.
        if (freeLeft >= consumption) expect(charge.costFen).toBe(0);
        freeLeft -= charge.free;
        freeUsed += charge.free;
        mtd += consumption;
        charged += charge.costFen;
      }
      const total = list.reduce((a, b) => a + b.consumption, 0);
      expect(freeUsed).toBe(Math.min(total, allowance));
      if (tariff.kind === 'tiered' || tariff.kind === 'single') {
        // The month as one reading, within half a fen per reading.
        const whole = reference(tariff, total, null, allowance, 0).exact;
        expect(Math.abs(charged - whole)).toBeLessThanOrEqual(list.length * 0.5 + 1e-9);
      }
    }), { numRuns: 500 });
  });

  it('examples of the demo tables', () => {
    const tou: Tariff = { kind: 'tou', sharpFen: 110, peakFen: 95, flatFen: 65, valleyFen: 35 };
    // 1 kWh of each rate: 1.10 + 0.95 + 0.65 + 0.35 = ¥3.05.
    expect(chargeOf({ tariff: tou, consumption: 400, rates: [100, 100, 100, 100], freeLeft: 0, monthToDate: 0 }).costFen).toBe(305);
    // Half of it free: half the money.
    expect(chargeOf({ tariff: tou, consumption: 400, rates: [100, 100, 100, 100], freeLeft: 200, monthToDate: 0 })).toEqual({ costFen: 153, free: 200, billable: 200 });
    const tiered: Tariff = { kind: 'tiered', sharpFen: 56, peakFen: 56, flatFen: 56, valleyFen: 56, tiers: [{ upTo: 100, priceFen: 56 }, { upTo: 200, priceFen: 61 }, { upTo: null, priceFen: 86 }] };
    // 99 → 102 kWh this month: 1 kWh at 0.56, 2 kWh at 0.61.
    expect(chargeOf({ tariff: tiered, consumption: 300, freeLeft: 0, monthToDate: 9900 }).costFen).toBe(178);
    expect(chargeOf({ tariff: { kind: 'single', sharpFen: 60, peakFen: 60, flatFen: 60, valleyFen: 60 }, consumption: 1234, freeLeft: 0, monthToDate: 0 }).costFen).toBe(740);
    // Rates that do not add up are billed at the flat price.
    expect(chargeOf({ tariff: tou, consumption: 100, rates: [1, 2, 3, 4], freeLeft: 0, monthToDate: 0 }).costFen).toBe(65);
  });

  it('months in China Standard Time', () => {
    expect(monthStart(new Date('2026-11-30T17:00:00Z')).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(monthStart(new Date('2026-11-30T15:59:59Z')).toISOString()).toBe('2026-10-31T16:00:00.000Z');
  });
});

describe('billing rules of issue 29 (edges)', () => {
  const TOU = [{ start: '00:00', rate: 'valley' }, { start: '08:00', rate: 'peak' }, { start: '11:00', rate: 'sharp' }, { start: '13:00', rate: 'flat' }, { start: '23:00', rate: 'valley' }];
  const at = (local: string) => Date.parse(`${local}+08:00`);
  const hours = (w: number[]) => w.map((x) => x / 3_600_000);

  it('an interval crossing a period edge is split at the edge; one inside a period is all of its rate', () => {
    expect(hours(scheduleWeights(at('2026-11-26T07:30:00'), at('2026-11-26T08:30:00'), TOU))).toEqual([0, 0.5, 0, 0.5]);
    expect(hours(scheduleWeights(at('2026-11-26T08:00:00'), at('2026-11-26T11:00:00'), TOU))).toEqual([0, 3, 0, 0]);
    // Over midnight and a whole day: 2 h sharp, 3.5 h peak, 10 h flat, 9.5 h valley.
    expect(hours(scheduleWeights(at('2026-11-26T07:30:00'), at('2026-11-27T08:30:00'), TOU))).toEqual([2, 3.5, 10, 9.5]);
    // A schedule that does not start at 00:00: its last segment runs on past midnight.
    expect(hours(scheduleWeights(at('2026-11-26T01:00:00'), at('2026-11-26T03:00:00'), [{ start: '02:00', rate: 'peak' }, { start: '22:00', rate: 'valley' }]))).toEqual([0, 1, 0, 1]);
    // The schedule is read in the platform's time zone: 00:00–08:00 UTC is 08:00–16:00 in Shanghai.
    expect(hours(scheduleWeights(Date.parse('2026-11-26T00:00:00Z'), Date.parse('2026-11-26T08:00:00Z'), TOU, 'Asia/Shanghai'))).toEqual([2, 3, 3, 0]);
    expect(hours(scheduleWeights(Date.parse('2026-11-26T00:00:00Z'), Date.parse('2026-11-26T08:00:00Z'), TOU, 'UTC'))).toEqual([0, 0, 0, 8]);
    // On/off segments and an empty schedule count as flat.
    expect(hours(scheduleWeights(at('2026-11-26T00:00:00'), at('2026-11-26T02:00:00'), []))).toEqual([0, 0, 2, 0]);
  });

  it('time-of-use without registers: charged by the time in each period', () => {
    const tou: Tariff = { kind: 'tou', sharpFen: 110, peakFen: 95, flatFen: 65, valleyFen: 35 };
    // 2 kWh over 07:30–08:30: 1 kWh valley (0.35) + 1 kWh peak (0.95) = 1.30 yuan.
    const weights = scheduleWeights(at('2026-11-26T07:30:00'), at('2026-11-26T08:30:00'), TOU);
    expect(chargeOf({ tariff: tou, consumption: 200, weights, freeLeft: 0, monthToDate: 0 }).costFen).toBe(130);
    // Registers win over the schedule when they add up.
    expect(chargeOf({ tariff: tou, consumption: 200, rates: [200, 0, 0, 0], weights, freeLeft: 0, monthToDate: 0 }).costFen).toBe(220);
    expect(splitUnits(200, weights)).toEqual([0, 100, 0, 100]);
    expect(splitUnits(100, [1, 1, 1, 0])).toEqual([34, 33, 33, 0]);
  });

  it('tier edges within the month, the free allowance first and exhausted mid-reading', () => {
    const tiered: Tariff = { kind: 'tiered', sharpFen: 56, peakFen: 56, flatFen: 56, valleyFen: 56, tiers: [{ upTo: 100, priceFen: 56 }, { upTo: 200, priceFen: 61 }, { upTo: null, priceFen: 86 }] };
    // Exactly to the edge: all in tier 1; 1 kWh used earlier in the month: the last kWh at tier 2.
    expect(chargeOf({ tariff: tiered, consumption: 10_000, freeLeft: 0, monthToDate: 0 }).costFen).toBe(5600);
    expect(chargeOf({ tariff: tiered, consumption: 10_000, freeLeft: 0, monthToDate: 100 }).costFen).toBe(5605);
    // Free units are the first of the reading (they fill the lower tier): 50 kWh free of 150 at mtd 0 → 50 kWh at 0.56 + 50 at 0.61.
    expect(chargeOf({ tariff: tiered, consumption: 15_000, freeLeft: 5_000, monthToDate: 0 })).toEqual({ costFen: 5850, free: 5000, billable: 10_000 });
    // Allowance exhausted mid-reading: 0.3 kWh free, 0.7 kWh charged at the single price.
    const single: Tariff = { kind: 'single', sharpFen: 60, peakFen: 60, flatFen: 60, valleyFen: 60 };
    expect(chargeOf({ tariff: single, consumption: 100, freeLeft: 30, monthToDate: 0 })).toEqual({ costFen: 42, free: 30, billable: 70 });
  });

  it('billing months in a configured time zone', () => {
    expect(monthKeyOf(new Date('2026-11-30T16:00:00Z'))).toBe('2026-12');
    expect(monthKeyOf(new Date('2026-11-30T15:59:59Z'))).toBe('2026-11');
    expect(monthKeyOf(new Date('2026-11-30T16:00:00Z'), 'UTC')).toBe('2026-11');
    expect(monthStart(new Date('2026-12-15T00:00:00Z'), 'UTC').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(monthStart(new Date('2026-07-15T00:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('alarm crossings: one per level crossed downwards, none while below', () => {
    const levels = { alarm1Fen: 2000, alarm2Fen: 500 };
    expect(crossedLevels(2100, 1900, levels)).toEqual([1]);
    expect(crossedLevels(1900, 1800, levels)).toEqual([]);
    expect(crossedLevels(2100, 2000, levels)).toEqual([1]);
    expect(crossedLevels(2100, 400, levels)).toEqual([1, 2]);
    expect(crossedLevels(400, 300, levels)).toEqual([]);
    expect(crossedLevels(300, 3000, levels)).toEqual([]);
    expect(noticeText('water', 2, { tenant: '李明', room: 'A栋101', balanceFen: 420, levelFen: 500 })).toBe('【水费提醒】李明您好，A栋101的水费余额为4.20元，已低于二级报警金额5.00元，欠费将自动关阀，请尽快充值。');
  });
});

describe('billing settings', () => {
  it('BILLING_TIME_ZONE and BILLING_INTERVAL_SECONDS: defaults, and a bad value refuses to start naming the variable', async () => {
    const { configFromEnv } = await import('../../server/config');
    expect(configFromEnv({})).toMatchObject({ billingTimeZone: 'Asia/Shanghai', billingIntervalSeconds: 60 });
    expect(configFromEnv({ BILLING_TIME_ZONE: 'Europe/Berlin', BILLING_INTERVAL_SECONDS: '300' })).toMatchObject({ billingTimeZone: 'Europe/Berlin', billingIntervalSeconds: 300 });
    expect(() => configFromEnv({ BILLING_TIME_ZONE: 'Mars/Olympus' })).toThrow('BILLING_TIME_ZONE');
    expect(() => configFromEnv({ BILLING_INTERVAL_SECONDS: '1' })).toThrow('BILLING_INTERVAL_SECONDS');
  });
});

