import { sql } from 'drizzle-orm';
import type { Db } from './index';
import { rowsOf } from './rows';
import { splitUnits } from '../../common/money';

/**
 * The month's statements and settlements as the database computes them (issue 39): the statement
 * shared by the month-end job (server/domain/statements.ts, which documents the figures) and the demo
 * seed, so both follow one rule (server/domain/usageRule.ts).
 */

/** The ledger's reference types whose money prices a reading: its interval is the reading's. */
export const READING_MONEY_REFS = ['reading', 'reading_delete', 'reading_restore', 'reading_recount'] as const;

/** The version of the rule the stored aggregates and statements are written by (aggregate_settings.usage_rule; usageRule.ts): 2, usage by the time it was used (0036, 0037); 3, statements' readings per meter (0038). */
export const USAGE_RULE_VERSION = 3;

export interface MonthEndResult { month: string; statements: number; settlements: number }

/** Far enough ahead of any entry: an entry's part "after the month" is its part in [end, FAR). */
const FAR = new Date('9999-01-01T00:00:00Z');

const readingRefs = sql.join(READING_MONEY_REFS.map((ref) => sql`${ref}`), sql`, `);

/**
 * The money of one reading goes with its usage as one sum: its entries (the charge, a refund, a
 * restore's charge, recounts' corrections) are spread over its interval as their running total, each
 * entry's part the part of the total after it less the part of the total before it. So a month holds
 * the part of the reading's net money (a standing reading's: its charge; the parts of its entries
 * spread one by one would each round apart), and each entry's parts still add up to its amount.
 * `cum` is that running total over the entries of the reading (`r`) in id order, an entry's own
 * amount for one that prices no reading.
 */
const cumulative = sql`sum(l.amount_fen) OVER (PARTITION BY l.account_id, CASE WHEN r.id IS NOT NULL THEN r.id ELSE -l.id END ORDER BY l.id)`;
/** An entry's part of [a, b) by its running total (`cum`, `amount_fen`, interval `f`–`t`). */
const partOf = (a: ReturnType<typeof sql>, b: ReturnType<typeof sql>) => sql`(usage_in(cum, f, t, ${a}, ${b}) - usage_in(cum - amount_fen, f, t, ${a}, ${b}))`;

/**
 * The ledger entries posted since `start` of some accounts, each with whether it prices usage
 * (`priced`), the usage interval it is spread over (`f`–`t`: its reading's, or the one it names) and
 * its running total over its reading's entries (`cum`): what `partOf` divides between spans. The
 * statements' figures and the tenant's statement lines (server/domain/tenantStatements.ts) read it.
 */
export function moneyEntries(start: Date, accounts: ReturnType<typeof sql>, sinceEntryId?: number) {
  return sql`
      SELECT l.id, l.account_id, l.utility, l.kind, l.ref_type, l.ref_id, l.amount_fen, l.balance_after_fen, l.created_at,
        (l.kind = 'deduction' OR coalesce(l.ref_type IN (${readingRefs}), false) OR l.usage_to IS NOT NULL) AS priced,
        CASE WHEN l.ref_type IN (${readingRefs}) THEN r.since_at ELSE l.usage_from END AS f,
        CASE WHEN l.ref_type IN (${readingRefs}) THEN r.read_at ELSE l.usage_to END AS t,
        ${cumulative} AS cum
      FROM ledger_entries l
      LEFT JOIN readings r ON l.ref_type IN (${readingRefs}) AND r.utility = l.utility
        AND r.id = coalesce(l.reading_id, CASE WHEN l.ref_id ~ '^[0-9]{1,18}$' THEN l.ref_id::bigint END)
      WHERE l.created_at >= ${start} AND ${accounts} ${sinceEntryId !== undefined ? sql`AND l.id >= ${sinceEntryId}` : sql``}`;
}

/** An entry's part of [a, b) by its running total (`cum`, `amount_fen`, interval `f`–`t`), exported for the tenant's statement lines. */
export const entryPartOf = (a: ReturnType<typeof sql>, b: ReturnType<typeof sql>) => partOf(a, b);

/**
 * The CTEs (`rd`, `runs`, `ml`) of a month's readings per meter (common/meterLines.ts) for the accounts
 * of `acc`: the room's standing readings that the month touches — its last reading at or before the
 * month's start (the opening), those after it up to the end, and those after the end whose interval
 * starts before it (their usage is partly the month's) — cut into runs of a meter's readings, a run
 * starting at a reading counted from nothing (since_at null: the meter's first reading, or its first
 * after a replacement or reset). Per run: the first reading (opening), the last up to the month's end
 * (closing), and the usage in the month by the rule (`usage_h_in`). `ml` per account: the lines in time
 * order, the first line's opening (the room's last reading at or before the start) and the latest
 * closing (its last reading up to the end), so one month's closing reading is the next one's opening, a
 * meter replaced or not. A run whose first reading was deleted may show only a reading after the month
 * (its interval starts in the month): its line has that reading as its opening and no closing.
 */
function meterLines(start: Date, end: Date) {
  const cols = sql`r.id, r.meter_id, r.read_at, r.since_at, r.total, r.consumption, r.usage_rates`;
  return sql`
    rd AS (
      SELECT a.id AS account_id, a.utility, x.* FROM acc a CROSS JOIN LATERAL (
        (SELECT ${cols} FROM readings r WHERE r.room_id = a.room_id AND r.utility = a.utility AND r.deleted_at IS NULL AND r.read_at <= ${start}
          ORDER BY r.read_at DESC, r.id DESC LIMIT 1)
        UNION ALL
        (SELECT ${cols} FROM readings r WHERE r.room_id = a.room_id AND r.utility = a.utility AND r.deleted_at IS NULL AND r.read_at > ${start}
          AND (r.read_at <= ${end} OR r.since_at < ${end}))) x),
    runs AS (
      SELECT account_id, utility, meter_id, run, min(read_at) AS opening_at,
        (array_agg(total ORDER BY read_at, id))[1] AS opening,
        max(read_at) FILTER (WHERE read_at <= ${end}) AS closing_at,
        (array_agg(total ORDER BY read_at DESC, id DESC) FILTER (WHERE read_at <= ${end}))[1] AS closing,
        sum(usage_h_in(consumption, usage_rates, since_at, read_at, ${start}, ${end})) AS usage_h
      FROM (SELECT rd.*, count(*) FILTER (WHERE since_at IS NULL) OVER (PARTITION BY account_id, meter_id ORDER BY read_at, id) AS run FROM rd) s
      GROUP BY account_id, utility, meter_id, run),
    ml AS (
      SELECT account_id,
        jsonb_agg(jsonb_build_object('meterId', meter_id,
          'address', CASE WHEN utility = 'electric' THEN (SELECT m.address FROM electric_meters m WHERE m.id = meter_id) ELSE (SELECT w.address FROM water_meters w WHERE w.id = meter_id) END,
          'openingAt', opening_at, 'openingReading', opening, 'closingAt', closing_at, 'closingReading', closing, 'usage', round(usage_h / 100.0, 2))
          ORDER BY opening_at, meter_id, run) AS lines,
        (array_agg(opening ORDER BY opening_at, meter_id, run))[1] AS opening_reading,
        (array_agg(closing ORDER BY closing_at DESC, opening_at DESC, meter_id DESC, run DESC) FILTER (WHERE closing IS NOT NULL))[1] AS closing_reading
      FROM runs GROUP BY account_id)`;
}

/**
 * The statement figures of a month for the accounts opened before its end (optionally one area), as
 * rows of the statement's columns: one statement, shared by the month-end job, the running month and
 * the seeds. Money from the ledger entries posted since the month's start (an entry posted before it
 * has no part in it or after it: a reading is charged after it was read). `sinceEntryId` (one account):
 * only its entries from that one on — a tenancy's first month from its first line (issue 42), the
 * vacancy's settlement written at the same instant just before it left out.
 */
export function statementFigures(month: string, start: Date, end: Date, options: { areaId?: number; accountIds?: number[]; sinceEntryId?: number } = {}) {
  const monthDay = `${month}-01`;
  const accountFilter = options.accountIds
    ? sql`a.id IN (${sql.join(options.accountIds.map((id) => sql`${id}`), sql`, `)})`
    : options.areaId !== undefined ? sql`a.area_id = ${options.areaId}` : sql`true`;
  return sql`
    WITH acc AS MATERIALIZED (
      SELECT a.id, a.area_id, a.room_id, a.utility, a.balance_fen FROM accounts a WHERE a.created_at < ${end} AND ${accountFilter}),
    e AS (${moneyEntries(start, sql`l.account_id IN (SELECT id FROM acc)`, options.sinceEntryId)}),
    parts AS (
      SELECT account_id, kind, ref_type, amount_fen, priced,
        CASE WHEN t IS NULL THEN CASE WHEN created_at < ${end} THEN amount_fen ELSE 0 END ELSE ${partOf(sql`${start}`, sql`${end}`)} END AS m,
        CASE WHEN t IS NULL THEN CASE WHEN created_at >= ${end} THEN amount_fen ELSE 0 END ELSE ${partOf(sql`${end}`, sql`${FAR}`)} END AS after
      FROM e),
    money AS (
      SELECT account_id, sum(m + after) AS from_start, sum(after) AS after_end,
        -sum(m) FILTER (WHERE priced) AS charge,
        sum(m) FILTER (WHERE NOT priced AND kind = 'recharge') AS recharge,
        -sum(m) FILTER (WHERE NOT priced AND kind = 'void') AS void,
        sum(m) FILTER (WHERE NOT priced AND kind = 'refund' AND amount_fen > 0) AS refund,
        sum(m) FILTER (WHERE NOT priced AND kind = 'gift') AS gift,
        sum(m) FILTER (WHERE NOT priced AND kind NOT IN ('recharge', 'void', 'gift') AND NOT (kind = 'refund' AND amount_fen > 0)) AS adjust
      FROM parts GROUP BY account_id),
    ${meterLines(start, end)}
    SELECT a.area_id, a.room_id, a.utility, ml.opening_reading, ml.closing_reading, ml.lines AS meter_lines,
      coalesce((SELECT sum(u.usage_h) FROM monthly_usage u WHERE u.utility = a.utility AND u.area_id = a.area_id AND u.month = ${monthDay}::date AND u.room_id = a.room_id), 0) / 100.0 AS usage,
      coalesce(mo.charge, 0)::bigint AS charge_fen, coalesce(mo.recharge, 0)::bigint AS recharge_fen, coalesce(mo.void, 0)::bigint AS void_fen,
      coalesce(mo.refund, 0)::bigint AS refund_fen, coalesce(mo.gift, 0)::bigint AS gift_fen, coalesce(mo.adjust, 0)::bigint AS adjust_fen,
      (a.balance_fen - coalesce(mo.from_start, 0))::bigint AS opening_balance_fen,
      (a.balance_fen - coalesce(mo.after_end, 0))::bigint AS closing_balance_fen
    FROM acc a
    LEFT JOIN money mo ON mo.account_id = a.id
    LEFT JOIN ml ON ml.account_id = a.id`;
}

/**
 * Writes (or writes again) a month's statements and settlements (its bounds in the billing zone);
 * `running` for the current month (written again by the month-end job until it ends, then closed by
 * the same statement).
 */
export async function writeMonthStatements(db: Db, month: string, bounds: { start: Date; end: Date }, now: Date,
  options: { running?: boolean; areaId?: number; onlyMissing?: boolean } = {}): Promise<MonthEndResult> {
  const { start, end } = bounds;
  const running = options.running ?? now.getTime() < end.getTime();
  return db.transaction(async (tx) => {
    const statements = rowsOf<{ id: number }>(await tx.execute(sql`
      INSERT INTO room_statements (area_id, room_id, utility, month, opening_reading, closing_reading, meter_lines, usage,
        charge_fen, recharge_fen, void_fen, refund_fen, gift_fen, adjust_fen, opening_balance_fen, closing_balance_fen, running, created_at)
      SELECT f.area_id, f.room_id, f.utility, ${month}, f.opening_reading, f.closing_reading, f.meter_lines, f.usage,
        f.charge_fen, f.recharge_fen, f.void_fen, f.refund_fen, f.gift_fen, f.adjust_fen, f.opening_balance_fen, f.closing_balance_fen, ${running}, ${now}
      FROM (${statementFigures(month, start, end, { areaId: options.areaId })}) f
      ORDER BY f.room_id, f.utility
      ON CONFLICT (room_id, utility, month) ${options.onlyMissing ? sql`DO NOTHING` : sql`DO UPDATE SET
        area_id = excluded.area_id, opening_reading = excluded.opening_reading, closing_reading = excluded.closing_reading, meter_lines = excluded.meter_lines, usage = excluded.usage,
        charge_fen = excluded.charge_fen, recharge_fen = excluded.recharge_fen, void_fen = excluded.void_fen, refund_fen = excluded.refund_fen,
        gift_fen = excluded.gift_fen, adjust_fen = excluded.adjust_fen, opening_balance_fen = excluded.opening_balance_fen,
        closing_balance_fen = excluded.closing_balance_fen, running = excluded.running, created_at = excluded.created_at`}
      RETURNING id`));

    // Settlements: each electric meter's month from the monthly aggregates, per rate.
    const months = rowsOf<{ meter_id: number; room_id: number; area_id: number; sharp_h: string | number; peak_h: string | number; flat_h: string | number; valley_h: string | number;
      cost_fen: string | number; sharp_fen: number | null; peak_fen: number | null; flat_fen: number | null; valley_fen: number | null }>(await tx.execute(sql`
      SELECT u.meter_id, max(u.room_id) AS room_id, max(u.area_id) AS area_id, sum(u.sharp_h) AS sharp_h, sum(u.peak_h) AS peak_h, sum(u.flat_h) AS flat_h, sum(u.valley_h) AS valley_h, sum(u.cost_fen) AS cost_fen,
        max(p.sharp_fen) AS sharp_fen, max(p.peak_fen) AS peak_fen, max(p.flat_fen) AS flat_fen, max(p.valley_fen) AS valley_fen
      FROM monthly_usage u JOIN electric_meters m ON m.id = u.meter_id LEFT JOIN price_tables p ON p.id = m.price_table_id
      WHERE u.utility = 'electric' AND u.month = ${`${month}-01`}::date AND u.room_id <> 0 ${options.areaId !== undefined ? sql`AND u.area_id = ${options.areaId}` : sql``}
      GROUP BY u.meter_id
      ORDER BY u.meter_id`));
    let settlements = 0;
    for (let i = 0; i < months.length; i += 500) {
      const chunk = months.slice(i, i + 500);
      const values = chunk.map((row) => {
        const units = [row.sharp_h, row.peak_h, row.flat_h, row.valley_h].map(Number);
        const cost = Number(row.cost_fen);
        const prices = [row.sharp_fen, row.peak_fen, row.flat_fen, row.valley_fen].map((p) => Math.max(0, Number(p ?? 0)));
        const priced = units.map((u, k) => u * prices[k]);
        const fen = splitUnits(cost, priced.some((w) => w > 0) ? priced : units.some((u) => u > 0) ? units : [0, 0, 1, 0]);
        return sql`(${Number(row.area_id)}, ${Number(row.meter_id)}, ${Number(row.room_id)}, ${month}, ${units[0] / 100}, ${units[1] / 100}, ${units[2] / 100}, ${units[3] / 100},
          ${fen[0]}, ${fen[1]}, ${fen[2]}, ${fen[3]}, ${cost}, ${now})`;
      });
      const written = rowsOf<{ id: number }>(await tx.execute(sql`
        INSERT INTO monthly_settlements (area_id, meter_id, room_id, month, sharp_kwh, peak_kwh, flat_kwh, valley_kwh, sharp_fen, peak_fen, flat_fen, valley_fen, total_fen, created_at)
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (meter_id, month) ${options.onlyMissing ? sql`DO NOTHING` : sql`DO UPDATE SET
          area_id = excluded.area_id, room_id = excluded.room_id, sharp_kwh = excluded.sharp_kwh, peak_kwh = excluded.peak_kwh, flat_kwh = excluded.flat_kwh,
          valley_kwh = excluded.valley_kwh, sharp_fen = excluded.sharp_fen, peak_fen = excluded.peak_fen, flat_fen = excluded.flat_fen,
          valley_fen = excluded.valley_fen, total_fen = excluded.total_fen, created_at = excluded.created_at`}
        RETURNING id`));
      settlements += written.length;
    }
    return { month, statements: statements.length, settlements };
  });
}

/**
 * The ledger entries (those matching `where`, on the ledger's columns) with their part in the span
 * [start, end) by the rule: (id, kind, amount_fen, part). An entry that prices usage takes its
 * reading's interval (or its own), as its part of the reading's running total (`cumulative`); any
 * other, its posting instant.
 */
export function ledgerParts(start: Date, end: Date, where: ReturnType<typeof sql>) {
  return sql`
    SELECT id, kind, ref_type, amount_fen, created_at,
      CASE WHEN t IS NULL THEN CASE WHEN created_at >= ${start} AND created_at < ${end} THEN amount_fen ELSE 0 END ELSE ${partOf(sql`${start}`, sql`${end}`)} END AS part
    FROM (
      SELECT l.id, l.kind, l.ref_type, l.amount_fen, l.created_at, CASE WHEN r.read_at IS NULL THEN l.usage_from ELSE r.since_at END AS f,
        coalesce(r.read_at, l.usage_to) AS t, ${cumulative} AS cum
      FROM ledger_entries l
      LEFT JOIN readings r ON coalesce(l.ref_type IN (${readingRefs}), false) AND r.utility = l.utility
        AND r.id = coalesce(l.reading_id, CASE WHEN l.ref_id ~ '^[0-9]{1,18}$' THEN l.ref_id::bigint END)
      WHERE l.created_at >= ${start} AND ${where}) x`;
}
