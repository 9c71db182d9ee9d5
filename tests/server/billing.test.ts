/**
 * Billing of a reading (DOMAIN.md rule 1, server/domain/billing.ts) against a reference written here
 * unit by unit: every hundredth of a kWh or m³ is either free (the allowance first) or priced by its
 * rate, its tier (by its place in the month) or the single price.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chargeOf, monthStart, type Tariff, type Tier } from '../../server/domain/billing';

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
