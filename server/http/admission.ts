import type { MiddlewareHandler } from 'hono';
import { langOf, serverMessage } from './i18n';

/** How many API requests run at once, and how long one may wait for its turn. */
export interface AdmissionLimits {
  /** Requests running at the same time (the rest wait in arrival order). */
  maxActive: number;
  /** A request that has waited this long is answered 503 at once, before it touches anything. */
  maxWaitMs: number;
}

/**
 * Admission control of the API. Under more load than the database can serve, requests no longer
 * pile up until clients give up (and then go on writing after nobody waits for them): at most
 * `maxActive` run, the others wait in arrival order, and one that cannot start within `maxWaitMs`
 * gets a quick 503 with Retry-After and has changed nothing. Every request is answered.
 */
export function admission(limits: AdmissionLimits, skip: (path: string) => boolean = () => false) {
  let active = 0;
  const waiting: { admit: () => void; timer: NodeJS.Timeout }[] = [];
  const release = () => {
    const next = waiting.shift();
    if (!next) {
      active -= 1;
      return;
    }
    // The slot passes to the first in line (the count of active requests stays the same).
    clearTimeout(next.timer);
    next.admit();
  };
  const turn = () => new Promise<boolean>((resolve) => {
    const entry = {
      admit: () => resolve(true),
      timer: setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        resolve(false);
      }, limits.maxWaitMs),
    };
    waiting.push(entry);
  });
  const middleware: MiddlewareHandler = async (c, next) => {
    if (skip(c.req.path)) return next();
    if (active < limits.maxActive) active += 1;
    else if (!(await turn())) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(limits.maxWaitMs / 1000))));
      return c.json({ code: 503, msg: serverMessage(langOf(c), 'errors.busy') }, 503);
    } else if (c.req.raw.signal?.aborted) {
      // The client gave up while it waited: nothing of it runs.
      release();
      return c.body(null, 503);
    }
    try {
      await next();
    } finally {
      release();
    }
  };
  return Object.assign(middleware, { stats: () => ({ active, waiting: waiting.length }) });
}
