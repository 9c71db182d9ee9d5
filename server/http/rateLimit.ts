import { ApiError } from './errors';

/**
 * A fixed-window request counter per key (an address, a pay code), in this process's memory: enough
 * to keep a public call from being hammered or a pay code from being guessed at. `take` counts a
 * request and answers whether it is within the limit; old windows are dropped as they pass.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(readonly limit: number, readonly windowMs: number) {}

  take(key: string, now = Date.now()): boolean {
    if (now - this.lastSweep > this.windowMs) {
      for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
      this.lastSweep = now;
    }
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    window.count++;
    return window.count <= this.limit;
  }

  /** Throws a 429 (`errors.tooManyRequests`) when the key is over its limit. */
  check(key: string, now = Date.now()) {
    if (!this.take(key, now)) throw new ApiError(429, 'errors.tooManyRequests');
  }
}
