import { hashString, unit } from './model';

/** Length of one outage window in simulated minutes: a module that goes offline stays away this long (or a multiple). */
export const OUTAGE_WINDOW_MINUTES = 40;

/**
 * Whether a module is offline at `now`: time is cut into windows of OUTAGE_WINDOW_MINUTES simulated
 * minutes (OUTAGE_WINDOW_MINUTES / timeScale real minutes); in each window a module is away with
 * chance `rate`, from a hash of its address and the window's number. So about `rate` of the modules
 * are offline at any moment, each for tens of simulated minutes at a time, and they come back.
 * Deterministic: the same address at the same moment gives the same answer in every process.
 */
export function moduleOffline(address: string, now: Date, rate: number, timeScale = 1): boolean {
  if (!(rate > 0)) return false;
  const windowMs = (OUTAGE_WINDOW_MINUTES * 60_000) / timeScale;
  return unit(hashString(`module:${address}`), Math.floor(now.getTime() / windowMs)) < rate;
}
