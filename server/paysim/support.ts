/**
 * What both simulated providers share (issue 41): China time (UTC+8, the providers' clock and bill
 * day), timers that never hold the process open, and notifications delivered with the provider's
 * retry schedule, shortened by the time factor.
 */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A moment as China reads it: `YYYY-MM-DD`, `HH:mm:ss` and milliseconds. */
export function chinaTime(at: Date) {
  const d = new Date(at.getTime() + 8 * 3_600_000);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
    millis: pad(d.getUTCMilliseconds(), 3),
  };
}

/** RFC 3339 in China time, as WeChat Pay writes it: `2026-11-29T10:34:56+08:00`. */
export const rfc3339 = (at: Date) => `${chinaTime(at).date}T${chinaTime(at).time}+08:00`;

/** Alipay's `yyyy-MM-dd HH:mm:ss`, China time. */
export const alipayTime = (at: Date) => `${chinaTime(at).date} ${chinaTime(at).time}`;

/** Alipay's `yyyy-MM-dd HH:mm:ss` read as China time; undefined when it is not one. */
export function parseAlipayTime(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const at = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}+08:00`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

const sorted = (value: unknown): unknown => (Array.isArray(value) ? value.map(sorted)
  : typeof value === 'object' && value !== null
    ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])])) : value);

/** A request's JSON with its keys sorted: what a repeated request (same out_trade_no, out_refund_no) is compared by. */
export const canonical = (value: unknown) => JSON.stringify(sorted(value));

/** Timers that do not keep the process alive; `stop()` clears them and refuses new ones. */
export function createTimers() {
  const pending = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;
  return {
    after(ms: number, run: () => void) {
      if (stopped) return;
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!stopped) run();
      }, Math.max(0, ms));
      timer.unref?.();
      pending.add(timer);
    },
    get stopped() {
      return stopped;
    },
    stop() {
      stopped = true;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}
export type Timers = ReturnType<typeof createTimers>;

/** WeChat Pay's retry schedule after a notification not acknowledged, in seconds (24 h 4 m in all). */
export const WECHATPAY_RETRIES = [15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600];
/** Alipay's: 4m, 10m, 10m, 1h, 2h, 6h, 15h (8 attempts within 25 hours). */
export const ALIPAY_RETRIES = [240, 600, 600, 3600, 7200, 21600, 54000];

export interface NotifierOptions {
  fetch: typeof fetch;
  timers: Timers;
  /** Seconds between attempts. */
  schedule: readonly number[];
  /** Simulated seconds per real second. */
  timeFactor: number;
  /** Whether the receiver's answer acknowledges the notification. */
  accepted(response: Response): Promise<boolean>;
}

/**
 * Delivers notifications: the first attempt at once, then one after each delay of the schedule
 * (divided by the time factor) until one is acknowledged. `request` is called for every attempt,
 * so each is signed afresh. `send` answers whether the first attempt was acknowledged.
 */
export function createNotifier(options: NotifierOptions) {
  const attempt = async (url: string, request: () => RequestInit): Promise<boolean> => {
    try {
      // The providers wait about 5 seconds for an answer.
      const response = await options.fetch(url, { ...request(), signal: AbortSignal.timeout(5_000) });
      return await options.accepted(response);
    } catch {
      return false;
    }
  };
  const retry = (url: string, request: () => RequestInit, index: number) => {
    if (index >= options.schedule.length) return;
    options.timers.after((options.schedule[index] * 1000) / options.timeFactor, () => {
      void attempt(url, request).then((ok) => {
        if (!ok) retry(url, request, index + 1);
      });
    });
  };
  return {
    async send(url: string, request: () => RequestInit): Promise<boolean> {
      if (options.timers.stopped) return false;
      const ok = await attempt(url, request);
      if (!ok) retry(url, request, 0);
      return ok;
    },
  };
}
