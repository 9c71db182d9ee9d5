import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { entryPartOf, moneyEntries } from '../db/monthEnd';
import { zoneOffsetMs } from './billing';
import { dayIn } from './sms';

/**
 * The charges of a tenancy's usage per day or month (issue 42), by the statements' one rule: the
 * tenant's usage view, a statement's lines and its figures show one charge for one day.
 */

/** A span of time to share charges into: [a, b), named `key` (a day 'YYYY-MM-DD', a month 'YYYY-MM'). */
export interface Span { key: string; a: Date; b: Date }

/** The days of [from, to) in a time zone, the first and last cut to the range. */
export function daySpans(from: Date, to: Date, timeZone: string): Span[] {
  const spans: Span[] = [];
  let day = dayIn(from, timeZone);
  for (let guard = 0; guard < 1000; guard++) {
    const [y, m, d] = day.split('-').map(Number);
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    const start = zoneMidnight(day, timeZone);
    const end = zoneMidnight(next, timeZone);
    if (start.getTime() >= to.getTime()) break;
    spans.push({ key: day, a: start.getTime() < from.getTime() ? from : start, b: end.getTime() > to.getTime() ? to : end });
    day = next;
  }
  return spans;
}

/** 00:00 of a day in a time zone, as an instant. */
export function zoneMidnight(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d);
  // The zone's offset at that wall time (twice: an offset change on the day is found the second time).
  let at = guess - zoneOffsetMs(guess, timeZone);
  at = guess - zoneOffsetMs(at, timeZone);
  return new Date(at);
}

/**
 * The charges of an account's usage in each span, by the statements' rule (server/db/monthEnd.ts):
 * each priced ledger entry's part of the span (an entry that names no interval, in the span it was
 * posted in). So the days of a month add up to the month's charge, and the tenant's usage view, the
 * statement's lines and its figures show one charge for one day. `sinceEntryId`: the account's entries
 * from that one on (a tenancy's first line). Amounts as the ledger signs them (a charge is negative).
 */
export async function chargesBySpan(db: Db, account: { accountId: number; sinceEntryId?: number }, spans: Span[]): Promise<(Span & { amountFen: number })[]> {
  if (!spans.length) return [];
  const values = sql.join(spans.map((span) => sql`(${span.key}::text, ${span.a}::timestamptz, ${span.b}::timestamptz)`), sql`, `);
  // The entries posted from the first span on, as a statement takes those posted from its start (a
  // reading is charged after it was read: an entry posted before has no part in the spans).
  const since = spans[0].a;
  const rows = rowsOf<{ key: string; amount_fen: string | number }>(await db.execute(sql`
    WITH e AS (${moneyEntries(since, sql`l.account_id = ${account.accountId}`, account.sinceEntryId)}),
    spans (key, a, b) AS (VALUES ${values})
    SELECT spans.key, sum(CASE WHEN e.t IS NULL THEN e.amount_fen ELSE ${entryPartOf(sql`spans.a`, sql`spans.b`)} END) AS amount_fen
    FROM e JOIN spans ON (e.t IS NULL AND e.created_at >= spans.a AND e.created_at < spans.b)
      OR (e.t IS NOT NULL AND e.t >= spans.a AND coalesce(e.f, e.t) <= spans.b)
    WHERE e.priced GROUP BY spans.key`));
  const byKey = new Map(rows.map((row) => [row.key, Number(row.amount_fen)]));
  return spans.map((span) => ({ ...span, amountFen: byKey.get(span.key) ?? 0 }));
}
