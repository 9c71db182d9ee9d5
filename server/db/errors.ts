/**
 * Database failures as the server reports and logs them: a lost or stalled connection is "the
 * database is away" (HTTP 503, the client may retry), and no log line ever carries a query's
 * parameters (user names typed at login, phone numbers, passwords never reach SQL but names do).
 */

const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN',
  // SQLSTATE: admin/crash shutdown, cannot connect now, connection exceptions, too many connections.
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300',
]);
const CONNECTION_MESSAGES = /Connection terminated|Connection ended|timeout exceeded when trying to connect|Query read timeout|connection error|Client was closed|Cannot use a pool after calling end|connect ECONNREFUSED|read ECONNRESET|socket hang up|canceling statement due to statement timeout/i;

function* chain(error: unknown): Generator<Record<string, unknown>> {
  const seen = new Set<unknown>();
  let current = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Whether an error means the database cannot be reached (or did not answer in time). */
export function isConnectionError(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
    if (Array.isArray(e.errors) && e.errors.some(isConnectionError)) return true; // AggregateError of a multi-address connect
  }
  return false;
}

/** The SQLSTATE of a failed query (the error or its cause), if any. */
export function sqlState(error: unknown): string | undefined {
  for (const e of chain(error)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** Quoted values and `Key (col)=(value)` details of PostgreSQL messages, replaced. */
const redact = (text: string) => text.replace(/\([^()]*\)=\([^()]*\)/g, '(…)=(…)').replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");

/**
 * One log line for an error, never with SQL parameters: a failed query gives its SQL text
 * (placeholders only) and the database's error code and (redacted) message; other errors give
 * their name, message and first stack frames.
 */
export function describeError(error: unknown): string {
  if (!error || typeof error !== 'object') return String(error ?? '');
  const e = error as { name?: string; message?: string; query?: unknown; params?: unknown; cause?: unknown; stack?: string };
  if (typeof e.query === 'string' && 'params' in e) {
    return `query failed: ${e.query.slice(0, 500)} — ${e.cause ? describeCause(e.cause) : 'no cause'}`;
  }
  if (e.cause) return `${e.name ?? 'Error'}: ${redact(e.message ?? '')} (cause: ${describeError(e.cause)})`;
  if (typeof (e as { code?: unknown }).code === 'string') return describeCause(e);
  const frames = (e.stack ?? '').split('\n').slice(1, 5).map((l) => l.trim()).join(' | ');
  return `${e.name ?? 'Error'}: ${e.message ?? ''}${frames ? ` [${frames}]` : ''}`;
}

function describeCause(cause: unknown): string {
  const c = cause as { name?: string; code?: string; message?: string };
  return `${c.name ?? 'Error'}${c.code ? ` ${c.code}` : ''}: ${redact(String(c.message ?? ''))}`;
}
