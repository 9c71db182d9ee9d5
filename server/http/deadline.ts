import { serverMessage, type Lang } from './i18n';

/**
 * Calls that may run longer than the console's 5-second wait (the console gives them their own,
 * longer timeout): CSV imports, backups and restores. The deadline does not apply to them.
 */
export const LONG_CALL = /^\/api\/v1\/electricity\/\w+\/(?:import[A-Z]\w*|\w*(?:[Bb]ackup|[Rr]estore)\w*)$/;

/** How long an API call may take before it is answered 503 (REQUEST_DEADLINE_MS): inside the console's 5 s. */
export const REQUEST_DEADLINE_MS_DEFAULT = 4_500;

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/** The caller's language, as `langOf` reads it, from a bare request (no Hono context here). */
function langOfRequest(request: Request): Lang {
  const cookie = /(?:^|;\s*)lang=([\w-]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  if (cookie === 'zh-chs' || cookie === 'zh-cht' || cookie === 'en' || cookie === 'ja') return cookie;
  const accept = (request.headers.get('accept-language') ?? '').toLowerCase();
  if (accept.startsWith('en')) return 'en';
  if (accept.startsWith('ja')) return 'ja';
  if (accept.includes('zh-tw') || accept.includes('zh-hk') || accept.includes('hant')) return 'zh-cht';
  return 'zh-chs';
}

/**
 * Every API call answers within `ms`: one still running then (its database stalled: packets held,
 * no connection closed, so that a query waits out its 10 s timeout, a session read and a query one
 * after the other) is answered 503 with Retry-After in SPEC.md's envelope, instead of leaving the
 * operator with no answer until the console gives up at 5 s. The call itself runs on and ends by
 * its own timeouts; what it answers then is dropped. Wraps the app's `fetch`, outside Hono's
 * context, so that the late answer and the 503 never share one. `skip`: calls without a deadline
 * besides LONG_CALL (the websocket; the login, which the login page waits for without a timeout).
 */
export function withDeadline<F extends Fetch>(fetch: F, ms: number, skip: (path: string) => boolean, log: (message: string) => void): F {
  return (async (request: Request, ...rest: never[]) => {
    const path = new URL(request.url).pathname;
    if (!path.startsWith('/api/') || skip(path) || LONG_CALL.test(path)) return fetch(request, ...rest);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); });
    const answer = Promise.resolve(fetch(request, ...rest));
    try {
      const first = await Promise.race([answer, late]);
      if (first) return first;
    } finally {
      clearTimeout(timer);
    }
    // The late answer is dropped (its body cancelled), its failure already handled by the app.
    answer.then((response) => response.body?.cancel().catch(() => undefined), () => undefined);
    log(`${request.method} ${path}: no answer within ${ms} ms (database stalled?), answered 503`);
    const retryAfter = String(Math.max(1, Math.ceil(ms / 1000)));
    return new Response(JSON.stringify({ code: 503, msg: serverMessage(langOfRequest(request), 'errors.dbUnavailable') }), {
      status: 503,
      headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Retry-After': retryAfter, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
    });
  }) as F;
}
