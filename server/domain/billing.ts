/**
 * Billing of a reading (DOMAIN.md rule 1), as the demo seed computes its charges
 * (server/db/seed/estate.ts) on the price tables of schema billing.ts. All quantities are integer
 * hundredths of a kWh or m³ (the meters' two decimals), all money integer fen:
 * - the free allowance left on the account is used first: free = min(consumption, freeLeft);
 * - `single` (and water, at the meter's price per m³): round(billable × price / 100);
 * - `tou`: the reading's consumption per rate register × that rate's price, the billable share of it:
 *   round(Σ register × price × billable / (consumption × 100)) (the free part is taken evenly from the rates);
 *   a reading without rate registers is split by the day schedule in force over its interval (from the
 *   previous reading to this one, cut at every period edge): each rate weighs the time spent in it,
 *   round(Σ time × price × billable / (interval × 100)) (scheduleWeights; consumption taken as even in time);
 * - `tiered`: tiers by month-to-date consumption (the month in UTC+8, free units included); the
 *   billable part is the top of this reading's span: round((F(mtd + consumption) − F(mtd + free)) / 100),
 *   F(x) = Σ over tiers of the units of x in the tier × its price. No tiers: the flat price.
 * A charge is never negative.
 */

export interface Tier { upTo: number | null; priceFen: number }

export interface Tariff {
  kind: 'single' | 'tou' | 'tiered';
  sharpFen: number;
  peakFen: number;
  flatFen: number;
  valleyFen: number;
  tiers?: Tier[] | null;
}

export interface ChargeInput {
  tariff: Tariff;
  /** Consumption of this reading (hundredths, ≥ 0). */
  consumption: number;
  /** Per rate (sharp, peak, flat, valley; hundredths), summing to `consumption`; else `weights`, else all of it is flat. */
  rates?: readonly number[] | null;
  /** Time-of-use without registers: the weight of each rate (sharp, peak, flat, valley), e.g. ms in it (scheduleWeights). */
  weights?: readonly number[] | null;
  /** Free allowance left on the account (hundredths). */
  freeLeft: number;
  /** Consumption of the meter earlier this month (hundredths). */
  monthToDate: number;
}

export interface Charge {
  costFen: number;
  /** Free units used (hundredths). */
  free: number;
  /** Units charged (hundredths). */
  billable: number;
}

const nonNegativeInt = (n: number) => (Number.isFinite(n) && n > 0 ? Math.round(n) : 0);
/** round(a / b) for non-negative integers (half up). */
const roundDiv = (a: bigint, b: bigint) => Number((2n * a + b) / (2n * b));

/** F(x): the tiered price of the first x hundredths of the month, in fen × 100. */
export function tieredAmount(tiers: readonly Tier[], x: number): number {
  let previous = 0;
  let sum = 0;
  for (const tier of tiers) {
    const cap = tier.upTo === null ? Infinity : Math.round(tier.upTo * 100);
    if (x > previous) sum += (Math.min(x, cap) - previous) * tier.priceFen;
    if (x <= cap) break;
    previous = cap;
  }
  return sum;
}

export function chargeOf(input: ChargeInput): Charge {
  const consumption = nonNegativeInt(input.consumption);
  const free = Math.min(consumption, nonNegativeInt(input.freeLeft));
  const billable = consumption - free;
  const { tariff } = input;
  if (billable === 0) return { costFen: 0, free, billable };
  let costFen: number;
  if (tariff.kind === 'tou') {
    const given = input.rates?.map(nonNegativeInt);
    const weights = input.weights?.map(nonNegativeInt);
    const rates = given && given.length === 4 && given.reduce((a, b) => a + b, 0) === consumption ? given
      : weights && weights.length === 4 && weights.some((w) => w > 0) ? weights : [0, 0, consumption, 0];
    const total = rates.reduce((a, b) => a + b, 0);
    const prices = [tariff.sharpFen, tariff.peakFen, tariff.flatFen, tariff.valleyFen];
    const weighted = rates.reduce((sum, r, i) => sum + BigInt(r) * BigInt(Math.max(0, prices[i])), 0n);
    costFen = roundDiv(weighted * BigInt(billable), BigInt(total) * 100n);
  } else if (tariff.kind === 'tiered' && tariff.tiers?.length) {
    const mtd = nonNegativeInt(input.monthToDate);
    costFen = roundDiv(BigInt(tieredAmount(tariff.tiers, mtd + consumption) - tieredAmount(tariff.tiers, mtd + free)), 100n);
  } else {
    costFen = roundDiv(BigInt(billable) * BigInt(Math.max(0, tariff.flatFen)), 100n);
  }
  return { costFen: Math.max(0, costFen), free, billable };
}

/** The platform's time zone for billing months and schedules (BILLING_TIME_ZONE) unless a caller names one. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether a time zone name is one the platform knows (Intl). */
export function validTimeZone(timeZone: string): boolean {
  try {
    formatOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The offset of a time zone at an instant: local wall time − UTC, in ms. */
export function zoneOffsetMs(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatOf(timeZone).formatToParts(new Date(at))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/** The UTC instant of a wall time in a zone (the offset of the zone around that time). */
function instantOfWall(wall: number, timeZone: string): number {
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(guess, timeZone);
}

/** The first moment of the month of `now` in the platform's time zone (default Asia/Shanghai). */
export function monthStart(now: Date, timeZone = DEFAULT_TIME_ZONE): Date {
  const local = new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone));
  return new Date(instantOfWall(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1), timeZone));
}

/** The billing month of an instant, YYYY-MM, in the platform's time zone. */
export function monthKeyOf(now: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const local = new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone));
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A day schedule's segment (time_periods.segments): from `start` (HH:mm) to the next segment's start. */
export interface Segment { start: string; rate: string }

export const RATES = ['sharp', 'peak', 'flat', 'valley'] as const;

/** Minutes after midnight of an HH:mm start (undefined when malformed). */
function minuteOf(start: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(start);
  if (!match) return undefined;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute >= 0 && minute < 1440 && Number(match[2]) < 60 ? minute : undefined;
}

const DAY_MS = 86_400_000;

/**
 * The time (ms) an interval spends in each rate [sharp, peak, flat, valley] under a day schedule in
 * a time zone: the interval is cut at every segment start (local wall time). Before the day's first
 * start the previous day's last segment runs on (a schedule need not start at 00:00); a segment whose
 * rate is not a price rate (on / off), and an empty schedule, count as flat.
 */
export function scheduleWeights(from: number, to: number, segments: readonly Segment[], timeZone = DEFAULT_TIME_ZONE): number[] {
  const weights = [0, 0, 0, 0];
  if (!(to > from)) return weights;
  const starts = segments.map((s) => ({ minute: minuteOf(s.start), rate: RATES.indexOf(s.rate as (typeof RATES)[number]) }))
    .filter((s): s is { minute: number; rate: number } => s.minute !== undefined).sort((a, b) => a.minute - b.minute);
  const rateIndex = (s: { rate: number }) => (s.rate < 0 ? 2 : s.rate);
  if (!starts.length) {
    weights[2] = to - from;
    return weights;
  }
  let t = from;
  while (t < to) {
    const offset = zoneOffsetMs(t, timeZone);
    const wall = t + offset;
    const dayStart = Math.floor(wall / DAY_MS) * DAY_MS;
    const msOfDay = wall - dayStart;
    let current = starts[starts.length - 1];
    let nextWall = dayStart + DAY_MS + starts[0].minute * 60_000;
    for (let i = 0; i < starts.length; i++) {
      const at = starts[i].minute * 60_000;
      if (at <= msOfDay) current = starts[i];
      else { nextWall = dayStart + at; break; }
    }
    const edge = Math.min(to, Math.max(t + 1, instantOfWall(nextWall, timeZone)));
    weights[rateIndex(current)] += edge - t;
    t = edge;
  }
  return weights;
}

export { splitUnits } from '../../common/money';

/** Hundredths of a quantity with two decimals. */
export const hundredthsOf = (value: number) => Math.round(value * 100);
