import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { DEFAULT_TIME_ZONE, monthKeyOf, monthStart } from './billing';
import { billingSettings } from './billingEngine';
import { PeriodicJob } from './periodic';
import { writeMonthStatements, type MonthEndResult } from '../db/monthEnd';

export type { MonthEndResult };

/**
 * Month end (issue 29; rewritten for issue 39, "Numbers that reconcile"): the room billing statements
 * (`room_statements`, per room, utility and month) and the multi-rate monthly settlement per electric
 * meter (`monthly_settlements`), computed from the ledger and the readings by the rule of
 * server/domain/usageRule.ts, so a month can be written again at any time with the same result (rows
 * upserted on their unique keys). The billing month is the platform's time zone's. The demo seed
 * writes its months through this same function.
 *
 * A statement, for an account opened before the month's end:
 * - the month's money by kind, each entry in the month the rule puts it: `charge_fen` the usage's
 *   charges (deductions and the refunds, restores and recounts of readings, net; positive),
 *   `recharge_fen` recharges, `void_fen` voided recharges (positive), `refund_fen` other refunds
 *   (positive), `gift_fen` gifts, `adjust_fen` the rest, signed (opening balances taken over,
 *   calibrations, settlements and payouts at a tenant's move-out);
 * - `closing_balance_fen` the balance less every entry's part after the month, and
 *   `opening_balance_fen` the balance less every entry's part from the month's start. So
 *   closing = opening + recharge − void − charge + refund + gift + adjust exactly, each month's
 *   opening is the month before's closing, and the current month's closing is the balance now;
 * - `usage` the month's usage of the room's readings of the utility (the monthly aggregates, so the
 *   same figure as the days of the month summed; the usage the charges priced), and the readings of
 *   the room's meter at the month's start and end (the last reading at or before each instant: a
 *   reading taken at 00:00 on the 1st closes the month before, and one month's closing reading is
 *   the next one's opening).
 * The current month is written as `running` (to its `created_at`) and closed by the month-end job
 * into the same row, computed by the same statement: no jump.
 *
 * A settlement: per rate, the month's units of the meter (the monthly aggregates' rate registers) and
 * money (the month's charge of its readings, shared over the rates in proportion to units × the
 * meter's current price of that rate, largest remainder, so the rates add up to the total).
 */
/** The bounds of a billing month 'YYYY-MM' in a time zone. */
export function monthBounds(month: string, timeZone = DEFAULT_TIME_ZONE): { start: Date; end: Date } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) throw new Error(`month ${month}: expected YYYY-MM`);
  const y = Number(match[1]);
  const m = Number(match[2]);
  // Mid-month instants (safe from any zone's offset), to the start of their month in the zone.
  const start = monthStart(new Date(Date.UTC(y, m - 1, 15)), timeZone);
  const end = monthStart(new Date(Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 15)), timeZone);
  return { start, end };
}

/** The month before the one of `now`. */
export function previousMonth(now: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return monthKeyOf(new Date(monthStart(now, timeZone).getTime() - 1), timeZone);
}

/** Writes (or writes again) a month's statements and settlements; `running` for the current month. */
export async function writeMonthEnd(db: Db, month: string, now: Date, timeZone = billingSettings.timeZone, options: { running?: boolean } = {}): Promise<MonthEndResult> {
  return writeMonthStatements(db, month, monthBounds(month, timeZone), now, options);
}

/**
 * Writes again, oldest first, the months before `before` whose statements a change touched since they
 * were written (`statement_stale_months`, marked by the readings' and the ledger's triggers: migration
 * 0039), among the months that have statements, and clears each mark unless it was marked again
 * meanwhile. Returns the months written.
 */
export async function writeStaleMonths(db: Db, before: string, now: Date, timeZone: string): Promise<string[]> {
  const stale = rowsOf<{ month: string; marked_at: string }>(await db.execute(sql`
    SELECT month, marked_at::text AS marked_at FROM statement_stale_months
    WHERE month < ${before} AND month >= (SELECT min(month) FROM room_statements) ORDER BY month`));
  for (const { month, marked_at: markedAt } of stale) {
    await writeMonthEnd(db, month, now, timeZone, { running: false });
    await db.execute(sql`DELETE FROM statement_stale_months WHERE month = ${month} AND marked_at = ${markedAt}::timestamptz`);
  }
  // Marks of months before the first statement have nothing to write.
  await db.execute(sql`DELETE FROM statement_stale_months WHERE month < coalesce((SELECT min(month) FROM room_statements), '')`);
  return stale.map((row) => row.month);
}

/**
 * The month-end job: on every run, writes again every month a change touched since it was last
 * written (a late reading, a deletion, a restore or a recount moves the months its interval spans:
 * usageRule.ts), the month just ended, and the current month as running; so the month that ends is
 * closed, within a run, by the same statement that showed it running, and a change to an older month
 * reaches its statement before the next one's opening balance is read against it. Rerunnable: every
 * process may do it; the result is the same.
 */
export class MonthEndJob extends PeriodicJob<MonthEndResult | undefined> {
  private delay?: NodeJS.Timeout;

  constructor(private db: Db, private now: () => Date, private options: { everyMs: number; firstAfterMs?: number; log?: (message: string, error?: unknown) => void }) {
    super('month end', options.log);
  }

  /** Starts after `firstAfterMs` (the month's rewrite is one long transaction: not in the way of a starting server). */
  start() {
    this.delay = setTimeout(() => void this.startEvery(this.options.everyMs), this.options.firstAfterMs ?? 0);
    this.delay.unref();
  }

  async tick(): Promise<MonthEndResult | undefined> {
    return this.runNow();
  }

  override async stop() {
    clearTimeout(this.delay);
    await super.stop();
  }

  protected async runOnce() {
    const now = this.now();
    const month = previousMonth(now, billingSettings.timeZone);
    const current = monthKeyOf(now, billingSettings.timeZone);
    const [{ at: startedAt }] = rowsOf<{ at: string }>(await this.db.execute(sql`SELECT clock_timestamp()::text AS at`));
    await writeStaleMonths(this.db, month, now, billingSettings.timeZone);
    const result = await writeMonthEnd(this.db, month, now, billingSettings.timeZone, { running: false });
    await writeMonthEnd(this.db, current, now, billingSettings.timeZone, { running: true });
    // The two months just written are up to date (a mark made while they were written stays).
    await this.db.execute(sql`DELETE FROM statement_stale_months WHERE month IN (${month}, ${current}) AND marked_at < ${startedAt}::timestamptz`);
    return result;
  }
}
