import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { moneyEntries, statementFigures } from '../db/monthEnd';
import { chargesBySpan, daySpans } from './tenantCharges';
import { billingSettings } from './billingEngine';
import { monthKeyOf } from './billing';
import { dayIn } from './sms';
import { monthBounds } from './statements';
import { tenancyAccounts, UNIT, type LedgerLineKind } from './tenantPortal';
import type { Tenancy } from './tenantAuth';
import type { Utility } from './ledger';

/**
 * The tenant's monthly statements (issue 42): one per month from the tenancy's first month to the
 * current one, per utility, by the statements' own rule (server/db/monthEnd.ts statementFigures, the
 * month-end job's; server/domain/statements.ts documents the figures). A month wholly inside the
 * tenancy and ended is the operator's statement of the room (`room_statements`, the same row the room
 * billing screens show); the tenancy's first month is the same statement from the tenancy's first
 * ledger line (nothing of the tenant before), and the current month is computed now, to date. So
 * closing = opening + recharge − void − charge + refund + gift + adjust, each month opens with the last
 * one's closing, and the current month closes at the balance now. Usage: the daily aggregates of the
 * tenancy's days of the month (the month's usage for a whole month).
 */

export interface StatementUtility {
  utility: Utility; unit: string;
  openingFen: number; rechargeFen: number; voidFen: number; chargeFen: number; refundFen: number; giftFen: number; adjustFen: number; closingFen: number;
  usage: number;
}

export interface TenantStatement { month: string; running: boolean; from: Date; to: Date; utilities: StatementUtility[] }

type FigureRow = { utility: Utility; usage: string | number; charge_fen: string | number; recharge_fen: string | number; void_fen: string | number; refund_fen: string | number;
  gift_fen: string | number; adjust_fen: string | number; opening_balance_fen: string | number; closing_balance_fen: string | number };

const figures = (row: FigureRow, usage: number): StatementUtility => ({
  utility: row.utility, unit: UNIT[row.utility],
  openingFen: Number(row.opening_balance_fen), rechargeFen: Number(row.recharge_fen), voidFen: Number(row.void_fen), chargeFen: Number(row.charge_fen),
  refundFen: Number(row.refund_fen), giftFen: Number(row.gift_fen), adjustFen: Number(row.adjust_fen), closingFen: Number(row.closing_balance_fen), usage,
});

/** The months 'YYYY-MM' from `first` to `last`, both included. */
function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number);
  const end = last;
  for (let guard = 0; guard < 1200; guard++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > end) break;
    out.push(key);
    m += 1;
    if (m > 12) { m = 1; y += 1; }
  }
  return out;
}

/** The tenancy's usage per utility in [fromDay, toDay) from the daily aggregates, in hundredths. */
async function usageOf(db: Db, tenancy: Tenancy, fromDay: string, toDay: string) {
  const rows = rowsOf<{ utility: Utility; usage_h: string | number }>(await db.execute(sql`
    SELECT utility, sum(usage_h) AS usage_h FROM daily_usage
    WHERE room_id = ${tenancy.roomId} AND area_id = ${tenancy.areaId} AND day >= ${fromDay}::date AND day >= ${tenancy.startDate}::date AND day < ${toDay}::date
    GROUP BY utility`));
  return (utility: Utility) => Number(rows.find((row) => row.utility === utility)?.usage_h ?? 0) / 100;
}


/** The tenancy's statements, newest first (`onlyMonth`: that month alone, if it is one of them). */
export async function tenantStatements(db: Db, tenancy: Tenancy, now: Date, onlyMonth?: string): Promise<TenantStatement[]> {
  const timeZone = billingSettings.timeZone;
  const accounts = (await tenancyAccounts(db, tenancy)).filter((account) => account.start);
  const current = monthKeyOf(now, timeZone);
  // The tenancy's first instant: its first ledger line (the earliest of the accounts'), else when the binding was recorded.
  const starts = accounts.map((account) => account.start!.createdAt.getTime());
  const firstLines = accounts.filter((account) => account.start!.firstEntryId !== null).map((account) => account.start!.firstEntryId!);
  let tenancyStart = starts.length ? new Date(Math.min(...starts)) : tenancy.createdAt;
  if (firstLines.length) {
    const [row] = rowsOf<{ at: string | Date }>(await db.execute(sql`SELECT min(created_at) AS at FROM ledger_entries WHERE id IN (${sql.join(firstLines.map((id) => sql`${id}`), sql`, `)})`));
    if (row?.at) tenancyStart = new Date(row.at);
  }
  const firstMonth = [monthKeyOf(tenancyStart, timeZone), tenancy.startDate.slice(0, 7)].sort()[0];
  const months = monthsBetween(firstMonth, current).filter((month) => !onlyMonth || month === onlyMonth).reverse();
  const out: TenantStatement[] = [];
  for (const month of months) {
    const bounds = monthBounds(month, timeZone);
    const running = month === current;
    const from = bounds.start.getTime() > tenancyStart.getTime() ? bounds.start : tenancyStart;
    const usage = await usageOf(db, tenancy, dayIn(bounds.start, timeZone), dayIn(bounds.end, timeZone));
    const utilities: StatementUtility[] = [];
    for (const account of accounts) {
      let row: FigureRow | undefined;
      if (!running && from === bounds.start) {
        // A whole, ended month of the tenancy: the operator's statement of the room.
        [row] = rowsOf<FigureRow>(await db.execute(sql`
          SELECT utility, usage, charge_fen, recharge_fen, void_fen, refund_fen, gift_fen, adjust_fen, opening_balance_fen, closing_balance_fen
          FROM room_statements WHERE room_id = ${tenancy.roomId} AND utility = ${account.utility} AND month = ${month} AND NOT running`));
      }
      // The tenancy's first month starts at its first line (by id: the vacancy's settlement shares its instant).
      const sinceEntryId = from === bounds.start ? undefined : account.start!.firstEntryId ?? undefined;
      row ??= rowsOf<FigureRow>(await db.execute(statementFigures(month, from, bounds.end, { accountIds: [account.accountId], sinceEntryId })))[0];
      if (row) utilities.push(figures({ ...row, utility: account.utility }, usage(account.utility)));
    }
    utilities.sort((a, b) => (a.utility === b.utility ? 0 : a.utility === 'electric' ? -1 : 1));
    // A month before the room had an account has no statement.
    if (utilities.length) out.push({ month, running, from, to: running ? now : bounds.end, utilities });
  }
  return out;
}

export interface StatementLine {
  id: string; at: string; utility: Utility; kind: LedgerLineKind; amountFen: number; balanceAfterFen: number; orderId: string | null; channel: string | null;
}

/**
 * A month's lines by the statement's own rule, so that they add up to its figures to the fen: each
 * recharge, void, refund, gift and adjustment posted in the period on its own line, and the usage's
 * charges per day of use (each priced entry's part of the day, as the figures take its part of the
 * month: server/db/monthEnd.ts) — not by the day they were posted (a reading taken at 00:00 on the 1st
 * is charged for the month before). The balance after each line runs from the statement's opening, so
 * the last line of a utility is its closing balance. Newest first.
 */
async function statementLines(db: Db, statement: TenantStatement, accounts: { accountId: number; utility: Utility; sinceEntryId?: number }[], timeZone: string): Promise<StatementLine[]> {
  const { from, to } = statement;
  const lines: (StatementLine & { order: number })[] = [];
  for (const account of accounts) {
    const rows = rowsOf<{ key: string; kind: LedgerLineKind; amount_fen: string | number; at: string | Date; order_id: string | null; channel: string | null; ord: number }>(await db.execute(sql`
      WITH e AS (${moneyEntries(from, sql`l.account_id = ${account.accountId}`, account.sinceEntryId)})
      SELECT 'e:' || e.id AS key, CASE WHEN e.kind IN ('recharge', 'void', 'gift') THEN e.kind WHEN e.kind = 'refund' AND e.amount_fen > 0 THEN 'refund' ELSE 'adjust' END AS kind,
        e.amount_fen, e.created_at AS at, CASE WHEN e.ref_type = 'recharge_order' THEN e.ref_id END AS order_id, o.channel, 0 AS ord
      FROM e LEFT JOIN recharge_orders o ON e.ref_type = 'recharge_order' AND o.order_id = e.ref_id
      WHERE NOT e.priced AND e.created_at < ${to}`));
    for (const charge of await chargesBySpan(db, account, daySpans(from, to, timeZone))) {
      if (charge.amountFen !== 0) rows.push({ key: `c:${account.utility}:${charge.key}`, kind: 'charge', amount_fen: charge.amountFen, at: new Date(charge.b.getTime() - 1), order_id: null, channel: null, ord: 1 });
    }
    for (const row of rows) {
      lines.push({
        id: row.key, at: new Date(row.at).toISOString(), utility: account.utility, kind: row.kind, amountFen: Number(row.amount_fen), balanceAfterFen: 0,
        orderId: row.order_id, channel: row.channel ?? null, order: Number(row.ord),
      });
    }
  }
  lines.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order || a.id.localeCompare(b.id));
  const running = new Map(statement.utilities.map((u) => [u.utility, u.openingFen]));
  for (const line of lines) {
    const balance = (running.get(line.utility) ?? 0) + line.amountFen;
    running.set(line.utility, balance);
    line.balanceAfterFen = balance;
  }
  return lines.reverse().map(({ order: _order, ...line }) => line);
}

/** One month's statement with its lines (statementLines: they add up to its figures). */
export async function tenantStatement(db: Db, tenancy: Tenancy, month: string, now: Date) {
  const [statement] = await tenantStatements(db, tenancy, now, month);
  if (!statement) return undefined;
  const timeZone = billingSettings.timeZone;
  const bounds = monthBounds(month, timeZone);
  const accounts = (await tenancyAccounts(db, tenancy)).filter((account) => account.start).map((account) => ({
    accountId: account.accountId, utility: account.utility,
    sinceEntryId: statement.from.getTime() === bounds.start.getTime() ? undefined : account.start!.firstEntryId ?? undefined,
  }));
  return { ...statement, lines: await statementLines(db, statement, accounts, timeZone) };
}
