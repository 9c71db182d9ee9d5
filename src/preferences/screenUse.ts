import { SCREEN_USE_PRIOR } from '../../common/menuKeywords';

/**
 * How often the operator opens each screen (a per-user preference, kept in localStorage with the
 * others): the menu search ranks the screens a query finds by it, so that what the operator uses
 * most comes first. Before their own use is known, a built-in prior stands in (common/menuKeywords.ts:
 * the counter, 用户缴费, first).
 */

/** Beyond this many opens of one screen every count is halved: recent habits still change the order. */
const HALVE_ABOVE = 200;

/** The counts after one more opening of `route`. */
export function recordUse(use: Record<string, number>, route: string): Record<string, number> {
  const next = { ...use, [route]: (use[route] ?? 0) + 1 };
  if (next[route] <= HALVE_ABOVE) return next;
  return Object.fromEntries(Object.entries(next).map(([name, count]) => [name, Math.floor(count / 2)]).filter(([, count]) => (count as number) > 0));
}

/** A screen's weight in the search's ranking: the operator's opens plus the built-in prior. */
export const useScore = (use: Record<string, number>, route: string | undefined) =>
  route === undefined ? 0 : (use[route] ?? 0) + (SCREEN_USE_PRIOR[route] ?? 0);
