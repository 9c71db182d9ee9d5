/**
 * What the parameter sets a simulated electric meter holds make it do (issue 29, DOMAIN.md rule 6):
 * pure functions of the set values, the moment and the meter's demand, so the same meter at the same
 * moment always decides the same way (deterministic with the backend clock).
 *
 * - power `{ maxPowerW }` and load `{ maxLoadW }`: demand above the limit trips (cause `overload`);
 * - load `{ malignantThresholdW, action: 'trip' }`: demand at or above the malignant-load threshold
 *   (and not above the maximum) trips (cause `malignant_load`); with `action: 'alarm'` it does not;
 * - night `{ start, end, maxW }`: inside the window (it may cross midnight) demand above `maxW` trips
 *   (cause `night_limit`);
 * - timed `{ days (Monday = 1 … Sunday = 7), segments }`: an `off` segment of a listed day trips
 *   (cause `timed`); the relay closes when the segment ends.
 * The meter looks once a minute (calendar minutes, UTC+8 as the rest of the model). A trip by demand
 * ends as prepaid meters do it: the meter tries to reclose after a delay and closes when the demand
 * is back under the limit (a night trip also ends with the window); a timed trip ends with its
 * segment. `demandW` is the appliances' demand (what the room would draw with the relay on).
 */
import { minutesOf, rateAt, type Segment } from '../../../common/tariffs';

export type ParameterCause = 'overload' | 'malignant_load' | 'night_limit' | 'timed';

export interface MeterParameters {
  power?: { maxPowerW: number };
  load?: { maxLoadW: number; malignantThresholdW: number; action: string };
  night?: { start: string; end: string; maxW: number };
  timed?: { days: number[]; segments: Segment[] };
}

/** The kinds a simulated meter acts on (control and gift sets are the platform's: accounts and billing). */
export const ACTING_KINDS = ['power', 'load', 'night', 'timed'] as const;
export type ActingKind = (typeof ACTING_KINDS)[number];

/** Simulated minutes a meter waits after a trip by demand before it tries to reclose. */
export const RECLOSE_MINUTES = 5;

const CST_MS = 8 * 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/** Local minute of the day (0 … 1439) and ISO weekday (Monday 1 … Sunday 7) at `ms`. */
export function localClock(ms: number): { minute: number; isoWeekday: number } {
  const local = ms + CST_MS;
  const minute = Math.floor(local / MINUTE_MS) % DAY_MINUTES;
  const weekday = (Math.floor(local / 86_400_000) + 4) % 7; // 0 Sunday (1970-01-01 was a Thursday)
  return { minute, isoWeekday: weekday === 0 ? 7 : weekday };
}

/** Whether a local minute is inside a window [start, end) that may cross midnight. */
export function inWindow(start: string, end: string, minute: number): boolean {
  const s = minutesOf(start);
  const e = minutesOf(end, true);
  if (s === undefined || e === undefined || s === e) return false;
  return s < e ? minute >= s && minute < e : minute >= s || minute < e;
}

/** Whether the timed set holds the relay open at `ms`. */
export function timedOff(timed: MeterParameters['timed'], ms: number): boolean {
  if (!timed?.segments?.length) return false;
  const { minute, isoWeekday } = localClock(ms);
  return timed.days.includes(isoWeekday) && rateAt(timed.segments, minute) === 'off';
}

/** The cause that trips the relay at `ms` with this demand, or undefined (in order: timed, overload, malignant load, night). */
export function tripCauseAt(p: MeterParameters, ms: number, demandW: number): ParameterCause | undefined {
  if (timedOff(p.timed, ms)) return 'timed';
  if (p.power && demandW > p.power.maxPowerW) return 'overload';
  if (p.load && demandW > p.load.maxLoadW) return 'overload';
  if (p.load && p.load.action === 'trip' && demandW >= p.load.malignantThresholdW) return 'malignant_load';
  if (p.night && inWindow(p.night.start, p.night.end, localClock(ms).minute) && demandW > p.night.maxW) return 'night_limit';
  return undefined;
}

/** Whether the cause of a trip has ended at `ms` (a trip by demand only once `ms` ≥ its reclose moment). */
export function causeEnded(p: MeterParameters, cause: ParameterCause, ms: number, demandW: number, recloseAt: number): boolean {
  switch (cause) {
    case 'timed':
      return !timedOff(p.timed, ms);
    case 'night_limit':
      if (!p.night || !inWindow(p.night.start, p.night.end, localClock(ms).minute)) return true;
      return ms >= recloseAt && demandW <= p.night.maxW;
    case 'overload':
      return ms >= recloseAt && !(p.power && demandW > p.power.maxPowerW) && !(p.load && demandW > p.load.maxLoadW);
    case 'malignant_load':
      return ms >= recloseAt && !(p.load && p.load.action === 'trip' && demandW >= p.load.malignantThresholdW);
  }
}

/**
 * The simulated meter's parameters of one kind from a set's values (and, for a timed set, its day
 * schedule's segments), or undefined when the values do not make sense (then the meter refuses the
 * write, as a meter refuses a malformed parameter).
 */
export function parametersOf(kind: string, values: Record<string, unknown> | undefined, segments?: unknown): Partial<MeterParameters> | undefined {
  if (!values) return undefined;
  const n = (key: string) => (typeof values[key] === 'number' && Number.isFinite(values[key]) ? (values[key] as number) : undefined);
  switch (kind) {
    case 'power': {
      const maxPowerW = n('maxPowerW');
      return maxPowerW === undefined ? undefined : { power: { maxPowerW } };
    }
    case 'load': {
      const maxLoadW = n('maxLoadW');
      const malignantThresholdW = n('malignantThresholdW');
      if (maxLoadW === undefined || malignantThresholdW === undefined) return undefined;
      return { load: { maxLoadW, malignantThresholdW, action: String(values.action ?? 'trip') } };
    }
    case 'night': {
      const maxW = n('maxW');
      if (maxW === undefined || minutesOf(values.start) === undefined || minutesOf(values.end) === undefined) return undefined;
      return { night: { start: String(values.start), end: String(values.end), maxW } };
    }
    case 'timed': {
      const days = Array.isArray(values.days) ? values.days.filter((d): d is number => Number.isInteger(d)) : [];
      if (!Array.isArray(segments) || !segments.length) return undefined;
      return { timed: { days, segments: segments as Segment[] } };
    }
    default:
      return undefined;
  }
}

/**
 * The parameters a meter holds from several `set_parameter` payloads (`setKind`, `values`, a timed
 * set's `segments`): each acting kind that makes sense, the rest left out.
 */
export function parametersFromPayloads(payloads: Record<string, unknown>[]): Partial<MeterParameters> {
  let params: Partial<MeterParameters> = {};
  for (const payload of payloads) {
    const kind = String(payload.setKind ?? '');
    if (!(ACTING_KINDS as readonly string[]).includes(kind)) continue;
    const part = parametersOf(kind, payload.values as Record<string, unknown> | undefined, payload.segments);
    if (part) params = { ...params, ...part };
  }
  return params;
}
