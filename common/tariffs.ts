/**
 * Tariff and parameter-template rules that the console's forms and the server both apply (issue 29,
 * DOMAIN.md "Price table", "Time periods", "Parameter sets"). Pure functions: each answers the first
 * problem it finds as `{ field, key, params }` (the field path as the API names it, a message key of
 * `server.validation.*` / the console's `tariffs.validation.*`, its parameters), or undefined.
 */

export interface RuleProblem {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

/** The rate registers of a time-of-use meter (尖峰平谷). */
export const RATE_REGISTERS = ['sharp', 'peak', 'flat', 'valley'] as const;
export type RateRegister = (typeof RATE_REGISTERS)[number];
/** What a timed on/off schedule's segments say. */
export const SWITCH_STATES = ['on', 'off'] as const;
export type SegmentRate = RateRegister | (typeof SWITCH_STATES)[number];

/** The most segments a day schedule holds (DOMAIN.md). */
export const SCHEDULE_MAX_SEGMENTS = 8;
/** Minutes in a day: a schedule covers [0, 1440). */
export const DAY_MINUTES = 24 * 60;
/** The highest price per kWh or m³ a table takes, in fen (¥1,000). */
export const PRICE_MAX_FEN = 100_000;
/** The most tiers a tiered table holds. */
export const TIERS_MAX = 8;

/** 'HH:mm' (00:00 … 23:59, and 24:00 where `allowEnd`) → minutes, else undefined. */
export function minutesOf(text: unknown, allowEnd = false): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > DAY_MINUTES || (minutes === DAY_MINUTES && !allowEnd)) return undefined;
  return minutes;
}

/** Minutes → 'HH:mm' (1440 → '24:00'). */
export const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export interface Segment {
  start: string;
  /** Optional in stored rows written before issue 29 (then the next segment's start, or 24:00). */
  end?: string;
  rate: string;
}

/**
 * The segments with their ends filled in (rows written before the ends were stored say only their
 * start: each runs to the next start, the last to 24:00), in start order.
 */
export function withEnds(segments: readonly Segment[]): Required<Segment>[] {
  const sorted = [...segments].sort((a, b) => (minutesOf(a.start) ?? 0) - (minutesOf(b.start) ?? 0));
  return sorted.map((segment, i) => ({ start: segment.start, rate: segment.rate, end: segment.end ?? (sorted[i + 1]?.start ?? '24:00') }));
}

/**
 * A day schedule: 1 to 8 segments, each `start` < `end` ('HH:mm', end up to 24:00), that together
 * cover the 24 hours with no overlap and no gap; each segment's rate one of `rates` (rate registers
 * for time-of-use pricing, on/off for timed control). Segments may come in any order. The problem
 * names the segment by its index as given (`segments.2.start`).
 */
export function scheduleProblem(segments: readonly Segment[], rates: readonly string[] = RATE_REGISTERS): RuleProblem | undefined {
  if (!segments.length) return { field: 'segments', key: 'validation.tariff.scheduleEmpty' };
  if (segments.length > SCHEDULE_MAX_SEGMENTS) return { field: 'segments', key: 'validation.tariff.scheduleTooMany', params: { max: SCHEDULE_MAX_SEGMENTS } };
  const spans: { i: number; start: number; end: number }[] = [];
  for (const [i, segment] of segments.entries()) {
    const start = minutesOf(segment.start);
    if (start === undefined) return { field: `segments.${i}.start`, key: 'validation.tariff.clock' };
    const end = minutesOf(segment.end, true);
    if (end === undefined) return { field: `segments.${i}.end`, key: 'validation.tariff.clock' };
    if (end <= start) return { field: `segments.${i}.end`, key: 'validation.tariff.segmentEndBeforeStart' };
    if (!rates.includes(segment.rate)) return { field: `segments.${i}.rate`, key: 'validation.oneOf', params: { values: rates.join(', ') } };
    spans.push({ i, start, end });
  }
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  let covered = 0;
  for (const span of spans) {
    if (span.start < covered) return { field: `segments.${span.i}.start`, key: 'validation.tariff.segmentOverlap', params: { at: clockOf(span.start) } };
    if (span.start > covered) return { field: `segments.${span.i}.start`, key: 'validation.tariff.segmentGap', params: { from: clockOf(covered), to: clockOf(span.start) } };
    covered = span.end;
  }
  if (covered < DAY_MINUTES) return { field: `segments.${spans[spans.length - 1].i}.end`, key: 'validation.tariff.segmentGap', params: { from: clockOf(covered), to: '24:00' } };
  return undefined;
}

/** The rate in force at a minute of the day (a valid schedule). */
export function rateAt(segments: readonly Segment[], minute: number): string | undefined {
  for (const segment of withEnds(segments)) {
    if (minute >= (minutesOf(segment.start) ?? 0) && minute < (minutesOf(segment.end, true) ?? DAY_MINUTES)) return segment.rate;
  }
  return undefined;
}

/** Whether a schedule's segments are all rate registers (usable by a time-of-use table) or all on/off (timed control). */
export const scheduleUse = (segments: readonly Segment[]): 'tou' | 'onoff' | 'mixed' =>
  segments.every((s) => (RATE_REGISTERS as readonly string[]).includes(s.rate)) ? 'tou'
    : segments.every((s) => (SWITCH_STATES as readonly string[]).includes(s.rate)) ? 'onoff' : 'mixed';

/** A price in integer fen per kWh or m³: 0 … PRICE_MAX_FEN. */
export function priceProblem(field: string, value: unknown): RuleProblem | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return { field, key: 'validation.tariff.priceFen' };
  if (value < 0 || value > PRICE_MAX_FEN) return { field, key: 'validation.tariff.priceRange', params: { max: PRICE_MAX_FEN } };
  return undefined;
}

export interface Tier {
  /** The month's consumption up to which this tier's price applies (kWh or m³), null for the last (open) tier. */
  upTo: number | null;
  priceFen: number;
}

/**
 * Tiers of a tiered table: 1 to TIERS_MAX, thresholds positive and strictly ascending, the last
 * one open (`upTo: null`) and only the last; each price a valid fen price.
 */
export function tiersProblem(tiers: readonly Tier[] | null | undefined): RuleProblem | undefined {
  if (!tiers || !tiers.length) return { field: 'tiers', key: 'validation.tariff.tiersEmpty' };
  if (tiers.length > TIERS_MAX) return { field: 'tiers', key: 'validation.tariff.tiersTooMany', params: { max: TIERS_MAX } };
  let previous = 0;
  for (const [i, tier] of tiers.entries()) {
    const price = priceProblem(`tiers.${i}.priceFen`, tier.priceFen);
    if (price) return price;
    const last = i === tiers.length - 1;
    if (last) {
      if (tier.upTo !== null) return { field: `tiers.${i}.upTo`, key: 'validation.tariff.tierLastOpen' };
    } else {
      if (tier.upTo === null || typeof tier.upTo !== 'number' || !Number.isFinite(tier.upTo)) return { field: `tiers.${i}.upTo`, key: 'validation.tariff.tierThreshold' };
      if (tier.upTo <= previous) return { field: `tiers.${i}.upTo`, key: 'validation.tariff.tierAscending', params: { after: previous } };
      previous = tier.upTo;
    }
  }
  return undefined;
}

export const PRICE_KINDS = ['single', 'tou', 'tiered'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export interface PriceTableInput {
  kind: PriceKind;
  sharpFen?: number;
  peakFen?: number;
  flatFen?: number;
  valleyFen?: number;
  waterFen?: number;
  tiers?: Tier[] | null;
  scheduleId?: number | null;
}

/**
 * A price table as a whole: a single rate needs `flatFen`; time-of-use needs the four register
 * prices and a day schedule; tiered needs its tiers. Every price given is a valid fen price.
 */
export function priceTableProblem(table: PriceTableInput): RuleProblem | undefined {
  const needed: (keyof PriceTableInput)[] = table.kind === 'tou' ? ['sharpFen', 'peakFen', 'flatFen', 'valleyFen'] : table.kind === 'single' ? ['flatFen'] : [];
  for (const field of needed) if (table[field] === undefined || table[field] === null) return { field, key: 'validation.required' };
  for (const field of ['sharpFen', 'peakFen', 'flatFen', 'valleyFen', 'waterFen'] as const) {
    if (table[field] !== undefined && table[field] !== null) {
      const problem = priceProblem(field, table[field]);
      if (problem) return problem;
    }
  }
  if (table.kind === 'tou' && !table.scheduleId) return { field: 'scheduleId', key: 'validation.tariff.touNeedsSchedule' };
  if (table.kind === 'tiered') return tiersProblem(table.tiers);
  return undefined;
}

/** The electricity prices of a table that are zero (the form asks the operator to confirm free energy; a table without a water price is common). */
export function zeroPrices(table: PriceTableInput): string[] {
  const fields = table.kind === 'tou' ? ['sharpFen', 'peakFen', 'flatFen', 'valleyFen'] : table.kind === 'single' ? ['flatFen'] : [];
  const zero = fields.filter((field) => table[field as keyof PriceTableInput] === 0);
  if (table.kind === 'tiered') (table.tiers ?? []).forEach((tier, i) => { if (tier.priceFen === 0) zero.push(`tiers.${i}.priceFen`); });
  return zero;
}

// ---- parameter sets ------------------------------------------------------------------------------

export const PARAMETER_KINDS = ['power', 'control', 'load', 'night', 'timed', 'gift'] as const;
export type ParameterKind = (typeof PARAMETER_KINDS)[number];
export const LOAD_ACTIONS = ['trip', 'alarm'] as const;
export const GIFT_UNITS = ['kWh', 'm3'] as const;
/** A gift day is 1 … 28 (every month has it). */
export const GIFT_DAY_MAX = 28;
export const POWER_MAX_W = 1_000_000;
export const MONEY_LIMIT_MAX_FEN = 100_000_000;

const isInt = (value: unknown, min: number, max: number) => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const intProblem = (field: string, value: unknown, min: number, max: number): RuleProblem | undefined =>
  isInt(value, min, max) ? undefined : { field, key: 'validation.tariff.intRange', params: { min, max } };

/**
 * The values of a parameter set of a kind (stored in `parameter_sets.values`):
 * - power `{ maxPowerW }`;
 * - control `{ alarm1Fen, alarm2Fen, overdraftFen, hoardLimitFen, autoTrip }` (alarm 1 above alarm 2,
 *   a hoarding limit of 0 = none, else above alarm 1);
 * - load `{ maxLoadW, malignantThresholdW, action: trip | alarm }` (the threshold at most the maximum);
 * - night `{ start, end, maxW }` (a window that may cross midnight, start ≠ end);
 * - timed `{ timePeriodId, days: 1…7 (Monday = 1) }`;
 * - gift `{ amount, unit: kWh | m3, dayOfMonth 1…28, carryOverCap }` (amount > 0, two decimals at most).
 * Fields are named as `values.<name>`.
 */
export function parameterValuesProblem(kind: ParameterKind, values: Record<string, unknown>): RuleProblem | undefined {
  const v = values;
  const f = (name: string) => `values.${name}`;
  switch (kind) {
    case 'power':
      return intProblem(f('maxPowerW'), v.maxPowerW, 1, POWER_MAX_W);
    case 'control': {
      for (const name of ['alarm1Fen', 'alarm2Fen', 'overdraftFen', 'hoardLimitFen']) {
        const problem = intProblem(f(name), v[name], 0, MONEY_LIMIT_MAX_FEN);
        if (problem) return problem;
      }
      if (typeof v.autoTrip !== 'boolean') return { field: f('autoTrip'), key: 'validation.boolean' };
      if ((v.alarm1Fen as number) <= (v.alarm2Fen as number)) return { field: f('alarm2Fen'), key: 'validation.tariff.alarmOrder' };
      if ((v.hoardLimitFen as number) !== 0 && (v.hoardLimitFen as number) <= (v.alarm1Fen as number)) return { field: f('hoardLimitFen'), key: 'validation.tariff.hoardAboveAlarm' };
      return undefined;
    }
    case 'load':
      return intProblem(f('maxLoadW'), v.maxLoadW, 1, POWER_MAX_W)
        ?? intProblem(f('malignantThresholdW'), v.malignantThresholdW, 1, POWER_MAX_W)
        ?? ((v.malignantThresholdW as number) > (v.maxLoadW as number) ? { field: f('malignantThresholdW'), key: 'validation.tariff.thresholdAboveMax' } : undefined)
        ?? ((LOAD_ACTIONS as readonly unknown[]).includes(v.action) ? undefined : { field: f('action'), key: 'validation.oneOf', params: { values: LOAD_ACTIONS.join(', ') } });
    case 'night': {
      const start = minutesOf(v.start);
      if (start === undefined) return { field: f('start'), key: 'validation.tariff.clock' };
      const end = minutesOf(v.end);
      if (end === undefined) return { field: f('end'), key: 'validation.tariff.clock' };
      if (start === end) return { field: f('end'), key: 'validation.tariff.windowEmpty' };
      return intProblem(f('maxW'), v.maxW, 1, POWER_MAX_W);
    }
    case 'timed': {
      if (!isInt(v.timePeriodId, 1, 2_147_483_647)) return { field: f('timePeriodId'), key: 'validation.required' };
      const days = v.days;
      if (!Array.isArray(days) || !days.length) return { field: f('days'), key: 'validation.tariff.daysEmpty' };
      if (!days.every((day) => isInt(day, 1, 7)) || new Set(days).size !== days.length) return { field: f('days'), key: 'validation.tariff.days' };
      return undefined;
    }
    case 'gift': {
      const amount = v.amount;
      if (typeof amount !== 'number' || !(amount > 0) || amount > 100_000 || Math.round(amount * 100) !== amount * 100) return { field: f('amount'), key: 'validation.tariff.giftAmount' };
      if (!(GIFT_UNITS as readonly unknown[]).includes(v.unit)) return { field: f('unit'), key: 'validation.oneOf', params: { values: GIFT_UNITS.join(', ') } };
      return intProblem(f('dayOfMonth'), v.dayOfMonth, 1, GIFT_DAY_MAX)
        ?? (typeof v.carryOverCap === 'number' && v.carryOverCap >= 0 && v.carryOverCap <= 100_000 ? undefined : { field: f('carryOverCap'), key: 'validation.tariff.carryOverCap' });
    }
  }
}

/** The meter column that holds a set of a kind (electric_meters.<kind>_set_id; water meters have only the gift set). */
export const SET_FIELD: Record<ParameterKind, string> = {
  power: 'powerSetId', control: 'controlSetId', load: 'loadSetId', night: 'nightSetId', timed: 'timedSetId', gift: 'giftSetId',
};
