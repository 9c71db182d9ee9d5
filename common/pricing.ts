/**
 * Billing of a reading (DOMAIN.md rule 1): the pure pricing, shared by the server (re-exported by
 * server/domain/billing.ts, whose billing engine charges readings with it) and the credit forecast
 * (common/creditForecast.ts). As the demo seed computes its charges
 * (server/db/seed/estate.ts) on the price tables of schema billing.ts. All quantities are integer
 * hundredths of a kWh or m³ (the meters' two decimals), all money integer fen:
 * - the free allowance left on the account is used first: free = min(consumption, freeLeft);
 * - `single` (and water, at the meter's price per m³): round(billable × price / 100);
 * - `tou`: the reading's consumption per rate register × that rate's price, the billable share of it:
 *   round(Σ register × price × billable / (consumption × 100)) (the free part is taken evenly from the rates);
 *   a reading without rate registers is split by the day schedule in force over its interval (from the
 *   previous reading to this one, cut at every period edge): each rate weighs the time spent in it,
 *   round(Σ time × price × billable / (interval × 100)) (server/domain/billing.ts scheduleWeights; consumption taken as even in time);
 * - `tiered`: tiers by month-to-date consumption (the month in the platform's time zone, default UTC+8; free units included); the
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
