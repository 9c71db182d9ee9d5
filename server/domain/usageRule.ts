import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf, vacuumAnalyze } from '../db/rows';
import { rebuildDailyAggregates } from './aggregates';
import { monthKeyOf } from './billing';
import { writeMonthEnd } from './statements';

/**
 * The one rule every figure of usage and money follows (issue 39, "Numbers that reconcile"). The SQL
 * side is migrations 0036, 0037 and 0042 (`usage_day_parts`, `usage_hour_parts`, `usage_part`, `usage_in`,
 * `usage_h_in`; the readings' trigger with the pieces written out); the daily, hourly and monthly aggregates, the dashboards, the reports, the
 * statements and the monthly settlement all use it, and none computes its own version.
 *
 * **Which day a reading's usage belongs to.** A reading holds the usage of its interval
 * (since_at, read_at]: since_at is the reading it was counted from. That usage is spread evenly over
 * the interval's time, and the part of it in any span [a, b) is
 *
 *     trunc(T × F(b)) − trunc(T × F(a))
 *
 * where T is the figure (hundredths of a kWh or m³ for each rate register, fen for its charge), F(x)
 * the share of the interval elapsed at instant x (0 up to its start, 1 from its end, in whole
 * milliseconds between) and trunc the integer toward zero, so a negative figure (a charge in the
 * ledger) splits as its positive twin (the reading's cost) does, negated. The parts of consecutive
 * spans add up to T exactly (the terms telescope), so
 * hours add up to days, days to months, and any range to the sum of its days: two screens that show
 * one quantity agree to the hundredth. A reading's usage in a span is the sum of its four rate
 * registers' parts (a reading without registers has all of it flat). A reading with no interval (the
 * first of a count: since_at null) lies at its instant. A reading counts (as one reading) on the day it
 * was taken, as the reading lists show it.
 *
 * So a meter read once a day at 00:00 has its usage on the day before the reading (the day it was
 * used), not on the day it was read; a reading after a gap of three days shares its usage over them.
 * This is how the time-of-use engine already treats an interval (it splits at the periods' edges by
 * time), and it is the only rule under which a day's usage does not depend on when the meter happened
 * to be read.
 *
 * **Which month a ledger entry belongs to: a charge goes with its usage.** An entry that prices usage
 * — the charge of a reading, a deleted reading's refund, a restored reading's charge, a recount's
 * correction (`ref_type` 'reading', 'reading_delete', 'reading_restore', 'reading_recount': the
 * reading's interval as it stands) or a charge that names its interval (`usage_from`, `usage_to`: the
 * demo seed's period charges) — is spread over that interval by the same rule; every other entry
 * (recharges, voids, gifts, refunds, opening balances, calibrations, settlements) belongs to the
 * instant it was posted. Why: a statement must show, in one row, the usage and what that usage cost
 * (a meter read at 00:00 on the 1st is charged on the 1st for the month before, and a reading two
 * days late is charged in the next month for this one). Posting time would put that charge in the
 * month after its usage, and no report could then agree with the statements. The price of the choice
 * is that a closed month's figures still move when a late reading, a deletion or a restore changes
 * its usage: the database marks every month a change to a reading or the ledger touches
 * (`statement_stale_months`, migration 0039), the month-end job writes those months again with the
 * month just ended and the running one on every run, and the opening balance of each month is always
 * the closing of the one before, so statements chain whatever moves. Months are not frozen "as
 * closed": a correction shows as its own line, with its own date, in the month its usage belongs to.
 */

import { USAGE_RULE_VERSION } from '../db/monthEnd';

export { READING_MONEY_REFS, USAGE_RULE_VERSION } from '../db/monthEnd';


/** The rule's version the database's aggregates and statements were written by. */
export async function storedUsageRule(db: Db): Promise<number> {
  const [row] = rowsOf<{ usage_rule: number }>(await db.execute(sql`SELECT usage_rule FROM aggregate_settings WHERE id = 1`));
  return Number(row?.usage_rule ?? USAGE_RULE_VERSION);
}

/** Marks the aggregates and statements as written by this rule (the seeds, after writing them so). */
export async function markUsageRule(db: Db): Promise<void> {
  await db.execute(sql`UPDATE aggregate_settings SET usage_rule = ${USAGE_RULE_VERSION} WHERE id = 1`);
}

/**
 * A figure's part in the span [a, b) of a reading interval (since, read] — the TypeScript twin of the
 * SQL function `usage_in`, in exact integer arithmetic (times in ms).
 */
export function usageIn(total: number, since: number | null, read: number, a: number, b: number): number {
  if (since === null || since >= read) return read >= a && read < b ? total : 0;
  const length = BigInt(read - since);
  const elapsed = (x: number) => BigInt(Math.min(Math.max(x - since, 0), read - since));
  const t = BigInt(total);
  // BigInt division is toward zero, as the rule's.
  return Number((t * elapsed(b)) / length - (t * elapsed(a)) / length);
}

export interface UsageRuleUpgrade { from: number; to: number; usageRows: number; months: string[]; statementsChanged: number }

/**
 * Brings a database written by an older rule to this one, once (at the server's start): the daily,
 * hourly and monthly aggregates rebuilt from the readings, and every stored month's statements and
 * settlements written again; the operation log of each area says what changed. Idempotent: a
 * database already at this rule is left alone (undefined).
 */
export async function upgradeUsageRule(db: Db, now: Date, timeZone: string): Promise<UsageRuleUpgrade | undefined> {
  const from = await storedUsageRule(db);
  if (from >= USAGE_RULE_VERSION) return undefined;
  const { usageRows } = await rebuildDailyAggregates(db);
  const months = rowsOf<{ month: string }>(await db.execute(sql`SELECT DISTINCT month FROM room_statements ORDER BY month`)).map((row) => row.month);
  let statementsChanged = 0;
  for (const month of months) {
    const before = rowsOf<Record<string, string>>(await db.execute(sql`
      SELECT room_id || ':' || utility AS key, concat_ws(',', usage, charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen, opening_reading, closing_reading, meter_lines::text) AS figures
      FROM room_statements WHERE month = ${month}`));
    await writeMonthEnd(db, month, now, timeZone, { running: month === monthKeyOf(now, timeZone) });
    const after = rowsOf<Record<string, string>>(await db.execute(sql`
      SELECT room_id || ':' || utility AS key, concat_ws(',', usage, charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen, opening_reading, closing_reading, meter_lines::text) AS figures
      FROM room_statements WHERE month = ${month}`));
    const old = new Map(before.map((row) => [row.key, row.figures]));
    statementsChanged += after.filter((row) => old.get(row.key) !== row.figures).length;
  }
  const result = { from, to: USAGE_RULE_VERSION, usageRows, months, statementsChanged };
  // Said in each area's operation log when it changed anything (an empty database changes nothing).
  if (usageRows > 0 || statementsChanged > 0) await db.execute(sql`
    INSERT INTO operation_log (area_id, user_id, user_name, action, entity, entity_id, before, after)
    SELECT id, NULL, 'system', 'recount', 'usage_rule', ${String(USAGE_RULE_VERSION)}, ${JSON.stringify({ usageRule: from })}::jsonb, ${JSON.stringify(result)}::jsonb FROM areas`);
  await markUsageRule(db);
  // Every stored month was just written again: none is stale.
  await db.execute(sql`DELETE FROM statement_stale_months WHERE month <= ${months[months.length - 1] ?? ''}`);
  // The readings (migration 0036 gave each its interval) and the aggregates were rewritten: until
  // VACUUM marks their pages all-visible again, the lists' index-only page walks visit the table for
  // entry (5,000 rooms × 60 days on PostgreSQL: page 400 of the readings took 18 ms after the upgrade,
  // 6 ms after VACUUM ANALYZE, as before it), and the planner has no statistics of the new values.
  if (usageRows > 0 || statementsChanged > 0) await vacuumAnalyze(db);
  return result;
}
