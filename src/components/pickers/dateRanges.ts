import { PLATFORM_TIME_ZONE } from '../../config';

/** The quick ranges of the date range picker; `custom` lets the operator type both days. */
export const QUICK_RANGES = ['today', 'thisWeek', 'thisMonth', 'lastMonth', 'custom'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** A calendar day `YYYY-MM-DD` as it is in the platform's time zone at `at`. */
export function dayIn(at: Date, zone = PLATFORM_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The zone's offset from UTC at `at`, as `+08:00`. */
export function offsetIn(at: Date, zone = PLATFORM_TIME_ZONE): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
}

/** The first instant of a calendar day in the zone, as an ISO timestamp with the zone's offset. */
export function startOfDay(day: string, zone = PLATFORM_TIME_ZONE): string {
  // The offset of that day's noon, so that a day starting on a transition still gets its own.
  return `${day}T00:00:00${offsetIn(new Date(`${day}T12:00:00Z`), zone)}`;
}

/** `day` moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A quick range as days [from, to) in the platform's time zone: today; this week (from Monday);
 * this month; last month. Undefined for `custom`.
 */
export function quickRange(range: QuickRange, now = new Date(), zone = PLATFORM_TIME_ZONE): { from: string; to: string } | undefined {
  const today = dayIn(now, zone);
  const [year, month] = today.split('-').map(Number);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  switch (range) {
    case 'today':
      return { from: today, to: addDays(today, 1) };
    case 'thisWeek': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
      return { from: addDays(today, -weekday), to: addDays(today, 7 - weekday) };
    }
    case 'thisMonth': {
      const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
      return { from: firstOfMonth, to: next };
    }
    case 'lastMonth': {
      const previous = month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;
      return { from: previous, to: firstOfMonth };
    }
    default:
      return undefined;
  }
}
