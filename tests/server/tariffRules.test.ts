import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DAY_MINUTES, SCHEDULE_MAX_SEGMENTS, clockOf, rateAt, scheduleProblem, tiersProblem, withEnds, type Segment, type Tier } from '../../common/tariffs';

/**
 * Property tests of the shared template rules (common/tariffs.ts) against references written here:
 * a schedule is valid exactly when its 1–8 non-empty segments cover each minute of the day once;
 * tiers are valid exactly when thresholds rise strictly and only the last is open.
 */

/** Reference: paint every minute of the day and count the coats. */
function coversDayOnce(segments: { start: number; end: number }[]): boolean {
  if (segments.length < 1 || segments.length > SCHEDULE_MAX_SEGMENTS) return false;
  const coats = new Array<number>(DAY_MINUTES).fill(0);
  for (const { start, end } of segments) {
    if (!(start < end) || start < 0 || end > DAY_MINUTES) return false;
    for (let m = start; m < end; m++) coats[m]++;
  }
  return coats.every((n) => n === 1);
}

const RATES = ['sharp', 'peak', 'flat', 'valley'] as const;
const minute = fc.integer({ min: 0, max: DAY_MINUTES });
const randomSegments = fc.array(fc.record({ start: minute, end: minute, rate: fc.constantFrom(...RATES) }), { minLength: 0, maxLength: 10 });

/** Valid schedules, cut from the day at random points, in any order, plus small perturbations. */
const cutDay = fc.uniqueArray(fc.integer({ min: 1, max: DAY_MINUTES - 1 }), { maxLength: 9 }).chain((cuts) => {
  const points = [0, ...[...cuts].sort((a, b) => a - b), DAY_MINUTES];
  const segments = points.slice(1).map((end, i) => ({ start: points[i], end, rate: 'flat' as string }));
  return fc.tuple(fc.shuffledSubarray(segments, { minLength: segments.length, maxLength: segments.length }), fc.integer({ min: -3, max: 3 }), fc.nat({ max: 9 }));
}).map(([segments, shift, which]) => {
  if (shift === 0 || !segments.length) return segments;
  const copy = segments.map((s) => ({ ...s }));
  const target = copy[which % copy.length];
  target.end = Math.min(DAY_MINUTES, Math.max(0, target.end + shift));
  return copy;
});

const asText = (segments: { start: number; end: number; rate: string }[]): Segment[] =>
  segments.map((s) => ({ start: s.start === DAY_MINUTES ? '24:00' : clockOf(s.start), end: clockOf(s.end), rate: s.rate }));

describe('schedule coverage rule', () => {
  it('accepts exactly the schedules that cover every minute once (random segments)', () => {
    fc.assert(fc.property(randomSegments, (segments) => {
      expect(scheduleProblem(asText(segments)) === undefined).toBe(coversDayOnce(segments));
    }), { numRuns: 2000 });
  });

  it('accepts exactly the schedules that cover every minute once (the day cut, shuffled, one end moved)', () => {
    fc.assert(fc.property(cutDay, (segments) => {
      expect(scheduleProblem(asText(segments)) === undefined).toBe(coversDayOnce(segments));
    }), { numRuns: 2000 });
  });

  it('names a segment of the schedule in its problem', () => {
    fc.assert(fc.property(randomSegments, (segments) => {
      const problem = scheduleProblem(asText(segments));
      if (problem) expect(problem.field).toMatch(/^segments(\.\d+\.(start|end|rate))?$/);
    }));
  });

  it('a valid schedule gives each minute the rate of the one segment covering it (stored start-only rows too)', () => {
    fc.assert(fc.property(cutDay.filter((s) => coversDayOnce(s)), fc.integer({ min: 0, max: DAY_MINUTES - 1 }), (segments, at) => {
      const rated = segments.map((s, i) => ({ ...s, rate: RATES[i % 4] }));
      const expected = rated.find((s) => at >= s.start && at < s.end)!.rate;
      expect(rateAt(asText(rated), at)).toBe(expected);
      const startOnly = asText(rated).map(({ start, rate }) => ({ start, rate }));
      expect(rateAt(startOnly, at)).toBe(expected);
      expect(scheduleProblem(withEnds(startOnly))).toBeUndefined();
    }));
  });
});

/** Reference: thresholds strictly rising, the last open, prices whole fen 0…100000, 1–8 tiers. */
function tiersValid(tiers: Tier[]): boolean {
  if (tiers.length < 1 || tiers.length > 8) return false;
  if (!tiers.every((t) => Number.isInteger(t.priceFen) && t.priceFen >= 0 && t.priceFen <= 100_000)) return false;
  if (tiers[tiers.length - 1].upTo !== null) return false;
  const bounded = tiers.slice(0, -1).map((t) => t.upTo);
  if (bounded.some((u) => u === null || !(u > 0))) return false;
  return bounded.every((u, i) => i === 0 || (u as number) > (bounded[i - 1] as number));
}

describe('tier rule', () => {
  const tier = fc.record({
    upTo: fc.option(fc.integer({ min: -5, max: 500 }).map((n) => n / 2), { nil: null, freq: 4 }),
    priceFen: fc.oneof(fc.integer({ min: -2, max: 200 }), fc.constant(1.5)),
  });
  const rising = fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 0, maxLength: 7 }).chain((limits) => {
    const sorted = [...limits].sort((a, b) => a - b);
    return fc.tuple(...[...sorted, null].map((upTo) => fc.integer({ min: 0, max: 200 }).map((priceFen) => ({ upTo, priceFen }))));
  });

  it('agrees with the reference on random tiers', () => {
    fc.assert(fc.property(fc.array(tier, { maxLength: 9 }), (tiers) => {
      expect(tiersProblem(tiers) === undefined).toBe(tiersValid(tiers));
    }), { numRuns: 3000 });
  });

  it('accepts every rising table with an open last tier, and refuses it with two tiers swapped', () => {
    fc.assert(fc.property(rising, (tiers) => {
      expect(tiersProblem(tiers)).toBeUndefined();
      if (tiers.length >= 3) {
        const swapped = [tiers[1], tiers[0], ...tiers.slice(2)];
        expect(tiersProblem(swapped)?.field).toBe('tiers.1.upTo');
      }
    }));
  });
});
