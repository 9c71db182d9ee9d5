/**
 * Billing of a reading (DOMAIN.md rule 1): the pure pricing — Tier, Tariff, chargeOf, tieredAmount —
 * lives in common/pricing.ts (shared with the console and the credit forecast, common/creditForecast.ts)
 * and is re-exported here, so every existing import keeps working. Below: the platform's time zone,
 * billing months and time-of-use schedules.
 */
export { chargeOf, tieredAmount, type Charge, type ChargeInput, type Tariff, type Tier } from '../../common/pricing';

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
