import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { statementFigures } from '../db/monthEnd';
import { billingSettings } from './billingEngine';
import { monthKeyOf } from './billing';
import { monthBounds } from './statements';
import { tenancyAccounts, tenantLedger, UNIT } from './tenantPortal';
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

const dayOf = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

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
    const usage = await usageOf(db, tenancy, dayOf(bounds.start, timeZone), dayOf(bounds.end, timeZone));
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
    out.push({ month, running, from, to: running ? now : bounds.end, utilities });
  }
  return out;
}

/** One month's statement with its ledger lines (the lines posted in the month, from the tenancy's start). */
export async function tenantStatement(db: Db, tenancy: Tenancy, month: string, now: Date) {
  const [statement] = await tenantStatements(db, tenancy, now, month);
  if (!statement) return undefined;
  const lines = await tenantLedger(db, tenancy, { pageNum: 1, pageSize: 2000 }, { from: statement.from, to: statement.running ? new Date(now.getTime() + 1) : statement.to });
  return { ...statement, lines: lines.list };
}
