/**
 * "Days of credit left" (issue 42, the tenant's page): how long a room's credit lasts for one utility,
 * forecast from its recent use at its tariff. Pure: the server reads the figures
 * (server/domain/creditForecast.ts), this works them out. Quantities are integer hundredths of a kWh
 * or m³, money integer fen, as in the billing (common/pricing.ts).
 *
 * The rule:
 * - The basis is the given days (oldest first), `basisDays` = their number. A day's rate registers
 *   (sharp, peak, flat, valley) count when they add up to its `usage`; else all of its usage is flat
 *   (chargeOf's rule for a reading without registers, and the daily aggregates').
 * - The average day = the basis days' use summed per rate / basisDays. No basis day, or no use at all:
 *   dailyFen 0, daysLeft null, runOutDate null — unless the credit is already gone (below).
 * - The credit = balanceFen + overdraftFen: supply is cut when the balance is at or below −overdraft
 *   (recharge.ts liftsArrears). A credit already ≤ 0: daysLeft 0, runOutDate today (whatever the use:
 *   the supply is already cut, which is often why there was no use).
 * - Else walk forward day by day from today. Today counts as day 1 with a full average day (what is
 *   already used and charged today is in the balance; the forecast takes the whole day to come, the
 *   careful side). Each day consumes the average day's units: the free allowance first, then charged at
 *   the tariff exactly as chargeOf charges a reading of that consumption with those rate registers (the
 *   free part taken evenly from the rates; tiered: by month-to-date, starting from `monthToDate`, free
 *   units included, reset to 0 on the 1st of each month after today); the charge is taken off the credit.
 *   The first day whose end leaves the credit ≤ 0 is the run-out date; daysLeft = the whole days before
 *   it (run-out on today + n → daysLeft n). No run-out within today + 365 (more than 365 days of credit,
 *   or a tariff that charges nothing) → daysLeft null, runOutDate null.
 * - dailyFen = the charge of one average day with no free allowance at the current month-to-date,
 *   computed on the exact (fractional) average and rounded to the fen (half up).
 *
 * Exact in integers: the engine charges whole hundredths, so the walk does too, and the average day is
 * not rounded once and repeated (which would drift by up to half a hundredth a day, per rate). Day k of
 * the walk (k = 1 today) gets, of each rate's basis total R over N basis days, floor(k·R/N) −
 * floor((k−1)·R/N) hundredths: any N consecutive days of the walk consume exactly the basis (R per
 * rate), and after k days the walk has consumed floor(k·R/N), never more than a hundredth per rate off
 * the exact k·R/N — no drift over a year. (The same spreading as the daily aggregates' "usage where it
 * was used", migration 0036: floor(T·F(b)) − floor(T·F(a)).) Each such day is then charged by chargeOf
 * itself, rounded to the fen per day as the engine rounds per reading.
 */
import { chargeOf, type Tariff } from './pricing';

export type { Tariff, Tier } from './pricing';

/** One basis day's use (hundredths): per rate register and in total. */
export interface ForecastDay { sharp: number; peak: number; flat: number; valley: number; usage: number }

export interface ForecastInput {
  balanceFen: number;
  overdraftFen: number;
  /** Free allowance left on the account (hundredths). */
  freeLeft: number;
  /** The tariff the billing engine charges the room's meter at (water: `single` at its price). */
  tariff: Tariff;
  /** The basis days' use in hundredths, oldest first; `usage` the total (the rates may all be 0 when the meter has no registers). */
  days: readonly ForecastDay[];
  /** Hundredths used so far this month (tiers). */
  monthToDate: number;
  /** 'YYYY-MM-DD' in the platform's time zone. */
  today: string;
}

export interface Forecast {
  /** The charge of one average day at the tariff (no free allowance, the current month-to-date), fen. */
  dailyFen: number;
  /** Whole days before the run-out date (0: the credit is gone already); null: no use, or more than 365 days. */
  daysLeft: number | null;
  /** The first day whose end leaves the credit ≤ 0, 'YYYY-MM-DD'; null with daysLeft null. */
  runOutDate: string | null;
  /** The number of days the average was taken over. */
  basisDays: number;
}

/** The farthest run-out date a forecast names: today + 365. */
export const FORECAST_HORIZON_DAYS = 365;

const DAY_MS = 86_400_000;
const nonNegativeInt = (n: number) => (Number.isFinite(n) && n > 0 ? Math.round(n) : 0);
/** floor(a / b) for non-negative integers (exact below 2^53). */
const floorDiv = (a: number, b: number) => (a - (a % b)) / b;
/** round(a / b), half up, for a ≥ 0, b > 0. */
const roundDiv = (a: bigint, b: bigint) => Number((2n * a + b) / (2n * b));

function dayNumberOf(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const day = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || !Number.isFinite(day) || new Date(day).toISOString().slice(0, 10) !== date) throw new RangeError(`forecastCredit: today must be YYYY-MM-DD, got ${date}`);
  return day / DAY_MS;
}

const dateOf = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** The basis summed per rate [sharp, peak, flat, valley] (hundredths), a day without matching registers all flat. */
export function basisTotals(days: readonly ForecastDay[]): number[] {
  const totals = [0, 0, 0, 0];
  for (const day of days) {
    const usage = nonNegativeInt(day.usage);
    const rates = [day.sharp, day.peak, day.flat, day.valley].map(nonNegativeInt);
    const registered = rates.reduce((a, b) => a + b, 0) === usage;
    if (registered) rates.forEach((r, i) => { totals[i] += r; });
    else totals[2] += usage;
  }
  return totals;
}

/** N × F(x / N): the tiered price (fen × 100) of x / N hundredths, scaled by N to stay in integers. */
function scaledTieredAmount(tariff: Tariff, x: bigint, n: bigint): bigint {
  let previous = 0n;
  let sum = 0n;
  for (const tier of tariff.tiers ?? []) {
    const cap = tier.upTo === null ? null : BigInt(Math.round(tier.upTo * 100)) * n;
    const top = cap === null || x < cap ? x : cap;
    if (x > previous) sum += (top - previous) * BigInt(tier.priceFen);
    if (cap === null || x <= cap) break;
    previous = cap;
  }
  return sum;
}

/** The charge (fen, half up) of the exact average day — totals / n — with no free allowance at month-to-date `mtd`. */
function averageDayFen(tariff: Tariff, totals: readonly number[], n: number, mtd: number): number {
  const total = totals.reduce((a, b) => a + b, 0);
  if (total === 0 || n === 0) return 0;
  const N = BigInt(n);
  let scaled: bigint; // the charge × 100 × n
  if (tariff.kind === 'tou') {
    const prices = [tariff.sharpFen, tariff.peakFen, tariff.flatFen, tariff.valleyFen];
    scaled = totals.reduce((sum, r, i) => sum + BigInt(r) * BigInt(Math.max(0, prices[i])), 0n);
  } else if (tariff.kind === 'tiered' && tariff.tiers?.length) {
    const start = BigInt(mtd) * N;
    scaled = scaledTieredAmount(tariff, start + BigInt(total), N) - scaledTieredAmount(tariff, start, N);
  } else {
    scaled = BigInt(total) * BigInt(Math.max(0, tariff.flatFen));
  }
  return scaled > 0n ? roundDiv(scaled, 100n * N) : 0;
}

/** The forecast of a room's credit for one utility (the rule: the file's comment). */
export function forecastCredit(input: ForecastInput): Forecast {
  const today = dayNumberOf(input.today);
  const basisDays = input.days.length;
  const totals = basisTotals(input.days);
  const total = totals.reduce((a, b) => a + b, 0);
  let monthToDate = nonNegativeInt(input.monthToDate);
  const dailyFen = averageDayFen(input.tariff, totals, basisDays, monthToDate);
  let credit = input.balanceFen + input.overdraftFen;
  if (credit <= 0) return { dailyFen, daysLeft: 0, runOutDate: input.today, basisDays };
  if (basisDays === 0 || total === 0) return { dailyFen: 0, daysLeft: null, runOutDate: null, basisDays };

  let freeLeft = nonNegativeInt(input.freeLeft);
  for (let k = 1; k <= FORECAST_HORIZON_DAYS + 1; k++) {
    const dayNumber = today + k - 1;
    if (k > 1 && new Date(dayNumber * DAY_MS).getUTCDate() === 1) monthToDate = 0;
    const rates = totals.map((r) => floorDiv(k * r, basisDays) - floorDiv((k - 1) * r, basisDays));
    const consumption = rates.reduce((a, b) => a + b, 0);
    const charge = chargeOf({ tariff: input.tariff, consumption, rates, freeLeft, monthToDate });
    freeLeft -= charge.free;
    monthToDate += consumption;
    credit -= charge.costFen;
    if (credit <= 0) return { dailyFen, daysLeft: k - 1, runOutDate: dateOf(dayNumber), basisDays };
  }
  return { dailyFen, daysLeft: null, runOutDate: null, basisDays };
}
