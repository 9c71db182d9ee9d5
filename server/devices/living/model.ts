/**
 * The consumption model of the living simulated estate: pure, deterministic functions of a meter's
 * address and of time. Calendar logic uses China Standard Time (UTC+8, no DST), as the seed does.
 *
 * Energy is counted in integer units of 0.0001 kWh (electric) or 0.0001 m³ (water). Each meter has an
 * hourly amount S(h) for every hour h (from a hash of its address and h: base load of its room
 * profile × hour-of-day weight × weekday/weekend factor × season (month) × noise), spread evenly
 * over the hour. What a meter uses between two moments a < b is Σ over the hours between them, with
 * the first and last hour counted in proportion, each proportion rounded down:
 *   use(a, b) = C(b) − C(a), C(t) = Σ_{hours before t} S(h) + ⌊S(hour(t)) × (t − hourStart) / 1 h⌋.
 * So use(a, t) + use(t, b) = use(a, b) exactly: the values never depend on when the meter was
 * looked at, only on the address and the moments the relay or valve changed.
 *
 * Time-of-use day schedule of the rate registers (the demo's 峰谷分时时段, server/db/seed/estate.ts):
 * valley 00–08, flat 08–10, peak 10–11, sharp 11–13, flat 13–19, sharp 19–21, peak 21–23, valley 23–24.
 */

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
const DAY_MS = 24 * HOUR_MS;
const CST_MS = 8 * HOUR_MS;
/** Registers count in units of 1/10,000 kWh or m³ (a register shows 1/100: units / 100, rounded down). */
export const UNITS_PER_HUNDREDTH = 100;
export const UNITS_PER_WHOLE = 10_000;

export type Rate = 0 | 1 | 2 | 3; // sharp, peak, flat, valley
export const RATE_NAMES = ['sharp', 'peak', 'flat', 'valley'] as const;

/** The time-of-use schedule: rate index per local hour (see the module comment). */
export const TOU_BY_HOUR: readonly Rate[] = [
  3, 3, 3, 3, 3, 3, 3, 3, // 00–08 valley
  2, 2, // 08–10 flat
  1, // 10–11 peak
  0, 0, // 11–13 sharp
  2, 2, 2, 2, 2, 2, // 13–19 flat
  0, 0, // 19–21 sharp
  1, 1, // 21–23 peak
  3, // 23–24 valley
];

// ---- hashing --------------------------------------------------------------------------------------

/** FNV-1a of a string (32 bits). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit mix of a seed and an integer (murmur3 finalizer). */
export function mix(seed: number, n: number): number {
  let h = (seed ^ Math.imul(n | 0, 0x9e3779b1) ^ Math.imul((n / 4294967296) | 0, 0x85ebca77)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) from a seed and an integer. */
export const unit = (seed: number, n: number) => mix(seed, n) / 4294967296;

// ---- calendar (UTC+8) -----------------------------------------------------------------------------

export const hourIndex = (ms: number) => Math.floor(ms / HOUR_MS);
export const localHour = (ms: number) => Math.floor((ms + CST_MS) / HOUR_MS) % 24;
/** 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
export const localWeekday = (ms: number) => (Math.floor((ms + CST_MS) / DAY_MS) + 4) % 7;
/** 0 January … 11 December. */
export const localMonth = (ms: number) => new Date(ms + CST_MS).getUTCMonth();

// ---- room profiles --------------------------------------------------------------------------------

export interface Profile {
  name: 'apartment' | 'dorm' | 'shop' | 'office';
  /** Relative use per local hour [h, h+1). */
  hours: number[];
  /** Factor per weekday, 0 Sunday. */
  weekday: number[];
  /** Average kWh per day, range (the meter's own base is drawn from it by its address). */
  dailyKwh: [number, number];
  /** Average m³ of water per day, range. */
  dailyM3: [number, number];
}

export const PROFILES: Profile[] = [
  {
    name: 'apartment',
    hours: [0.45, 0.4, 0.35, 0.35, 0.35, 0.4, 0.6, 0.9, 0.8, 0.6, 0.55, 0.6, 0.75, 0.65, 0.6, 0.6, 0.7, 0.9, 1.3, 1.6, 1.7, 1.6, 1.3, 0.8],
    weekday: [1.15, 0.95, 0.95, 0.95, 0.95, 1.0, 1.15], dailyKwh: [3, 9], dailyM3: [0.12, 0.35],
  },
  {
    name: 'dorm',
    hours: [0.3, 0.2, 0.15, 0.15, 0.15, 0.15, 0.3, 0.8, 0.6, 0.4, 0.4, 0.5, 0.9, 0.8, 0.5, 0.5, 0.6, 0.8, 1.2, 1.4, 1.5, 1.5, 1.4, 0.9],
    weekday: [0.85, 1.05, 1.05, 1.05, 1.05, 0.95, 0.8], dailyKwh: [1.8, 4.5], dailyM3: [0.25, 0.6],
  },
  {
    name: 'shop',
    hours: [0.15, 0.12, 0.12, 0.12, 0.12, 0.15, 0.2, 0.4, 0.9, 1.4, 1.6, 1.7, 1.7, 1.7, 1.7, 1.7, 1.6, 1.5, 1.5, 1.4, 1.2, 0.9, 0.4, 0.2],
    weekday: [1.25, 0.92, 0.92, 0.92, 0.95, 1.05, 1.3], dailyKwh: [10, 30], dailyM3: [0.03, 0.3],
  },
  {
    name: 'office',
    hours: [0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.3, 1.2, 1.6, 1.7, 1.6, 1.3, 1.5, 1.7, 1.7, 1.6, 1.4, 1.0, 0.5, 0.3, 0.2, 0.1, 0.1],
    weekday: [0.35, 1.1, 1.1, 1.1, 1.1, 1.05, 0.4], dailyKwh: [5, 15], dailyM3: [0.02, 0.08],
  },
];
const HOUR_SUM = PROFILES.map((p) => p.hours.reduce((a, b) => a + b, 0));
/** Water use through the day (all profiles): morning and evening peaks, little at night. */
const WATER_HOURS = [0.2, 0.1, 0.05, 0.05, 0.05, 0.2, 1.2, 2.0, 1.6, 0.9, 0.7, 0.8, 1.1, 0.9, 0.6, 0.6, 0.7, 0.9, 1.5, 1.9, 1.8, 1.5, 1.0, 0.5];
const WATER_SUM = WATER_HOURS.reduce((a, b) => a + b, 0);
/** Season by month: electric (heating in winter, air conditioning in summer), cold and hot water. */
const SEASON_ELECTRIC = [1.25, 1.15, 0.95, 0.85, 0.9, 1.1, 1.35, 1.4, 1.1, 0.9, 0.95, 1.15];
const SEASON_COLD = [0.9, 0.9, 0.95, 1.0, 1.05, 1.1, 1.15, 1.15, 1.1, 1.0, 0.95, 0.9];
const SEASON_HOT = [1.3, 1.25, 1.1, 0.95, 0.85, 0.75, 0.7, 0.7, 0.8, 0.95, 1.1, 1.25];

/** What the model knows of one meter: all of it follows from the address. */
export interface MeterModel {
  seed: number;
  profile: Profile;
  /** Average use per day (kWh or m³), before hour, weekday and season. */
  daily: number;
  utility: 'electric' | 'water';
  hot: boolean;
}

export function meterModel(address: string, utility: 'electric' | 'water', hot = false): MeterModel {
  const seed = hashString(`${utility}:${address}`);
  const pick = mix(seed, 1) % 10;
  const profile = PROFILES[pick < 6 ? 0 : pick < 8 ? 1 : pick < 9 ? 2 : 3];
  const [lo, hi] = utility === 'electric' ? profile.dailyKwh : hot ? [0.05, 0.15] as [number, number] : profile.dailyM3;
  return { seed, profile, daily: lo + (hi - lo) * unit(seed, 2), utility, hot };
}

/** S(h): what the meter uses in hour h (integer units), before the time scale. */
export function hourUnits(model: MeterModel, hour: number): number {
  const ms = hour * HOUR_MS;
  const h = localHour(ms);
  const p = model.profile;
  const weight = model.utility === 'electric' ? p.hours[h] / HOUR_SUM[PROFILES.indexOf(p)] : WATER_HOURS[h] / WATER_SUM;
  const day = model.utility === 'electric' ? p.weekday[localWeekday(ms)] : 0.6 * p.weekday[localWeekday(ms)] + 0.4;
  const season = (model.utility === 'electric' ? SEASON_ELECTRIC : model.hot ? SEASON_HOT : SEASON_COLD)[localMonth(ms)];
  const noise = 0.6 + 0.8 * unit(model.seed, hour);
  return Math.round(model.daily * weight * day * season * noise * UNITS_PER_WHOLE);
}

/**
 * Adds what the meter uses over [a, b) to `into` (per rate for electric; water counts in `into[0]`),
 * at `scale` × the model's pace. Additive: splitting [a, b) anywhere gives the same sums.
 */
export function integrate(model: MeterModel, a: number, b: number, scale: number, into: number[]): void {
  let t = a;
  while (t < b) {
    const hour = hourIndex(t);
    const start = hour * HOUR_MS;
    const end = start + HOUR_MS;
    const s = Math.round(hourUnits(model, hour) * scale);
    const from = Math.floor((s * (t - start)) / HOUR_MS);
    const to = b >= end ? s : Math.floor((s * (b - start)) / HOUR_MS);
    const slot = model.utility === 'electric' ? TOU_BY_HOUR[localHour(start)] : 0;
    into[slot] += to - from;
    t = Math.min(b, end);
  }
}

/** The instant load at `ms` (kW or m³/h) at `scale`, with a little noise per minute. */
export function instantLoad(model: MeterModel, ms: number, scale: number): number {
  const hour = hourIndex(ms);
  const minuteNoise = 0.85 + 0.3 * unit(model.seed ^ 0x5bd1e995, Math.floor(ms / MINUTE_MS));
  return (hourUnits(model, hour) / UNITS_PER_WHOLE) * scale * minuteNoise;
}

/** Mains voltage at `ms`: 220 V ± 6 V, one decimal, per minute. */
export const voltageAt = (model: MeterModel, ms: number) =>
  Math.round((220 + (unit(model.seed ^ 0x27d4eb2f, Math.floor(ms / MINUTE_MS)) - 0.5) * 12) * 10) / 10;

/** A deterministic start value (kWh or m³, two decimals) for a meter seen without a platform reading. */
export function startValue(model: MeterModel): number {
  const [lo, hi] = model.utility === 'electric' ? [500, 9000] : [20, 600];
  return Math.round((lo + (hi - lo) * unit(model.seed, 3)) * 100) / 100;
}

/** Shares of a starting total among sharp, peak, flat, valley (the rest goes to valley). */
export const START_SHARES = [0.12, 0.28, 0.35] as const;
