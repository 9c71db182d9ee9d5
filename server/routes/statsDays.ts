/**
 * Days and months of the platform's calendar for the statistics' aggregates (issue 31): a range of
 * whole days split into the whole months it covers (read from a monthly aggregate) and the days
 * left at its ends (read from a daily one), computed here as dates rather than in the SQL, so that
 * the planner sees the bounds: with bounds computed in the statement it guessed a third of the daily
 * aggregate's rows for a part that reads none, planned in parallel and compiled the query (JIT, two
 * seconds of a call at city scale).
 */

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone. */
export function dayOf(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `day` plus `days` days (`YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first day of the month `day` is in. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
/** The first day of the month after the one `day` is in. */
const nextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};

/** A range of days `[from, to)`; a missing bound is open. */
export interface DayRange { from?: string; to?: string }

/**
 * The days `[from, to)` as the whole months they cover (`months`: their first days, `[from, to)`,
 * absent when none) and the days of partly covered months (`days`, at most two ranges).
 */
export function splitMonths(range: DayRange): { months?: DayRange; days: DayRange[] } {
  const firstMonth = range.from === undefined ? undefined : range.from === monthOf(range.from) ? range.from : nextMonth(range.from);
  const endMonth = range.to === undefined ? undefined : monthOf(range.to);
  if (firstMonth !== undefined && endMonth !== undefined && firstMonth >= endMonth) return { days: [range] };
  const days: DayRange[] = [];
  if (range.from !== undefined && firstMonth !== undefined && range.from < firstMonth) days.push({ from: range.from, to: firstMonth });
  if (range.to !== undefined && endMonth !== undefined && endMonth < range.to) days.push({ from: endMonth, to: range.to });
  return { months: { from: firstMonth, to: endMonth }, days };
}

/** The whole days a range of instants touches: the day its start falls on, and the day after the one of the instant before its end. */
export function daysTouched(from: string | undefined, to: string | undefined, timeZone: string): DayRange {
  return {
    from: from ? dayOf(new Date(from), timeZone) : undefined,
    to: to ? addDays(dayOf(new Date(new Date(to).getTime() - 1), timeZone), 1) : undefined,
  };
}
