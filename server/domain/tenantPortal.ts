import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { accountSide, type AccountView } from './recharge';
import { tenancyOfAccount, type TenancyStart } from './tenancy';
import { billingSettings } from './billingEngine';
import { dayIn } from './sms';
import { forecastOf } from './creditForecast';
import type { Tenancy } from './tenantAuth';
import type { Utility } from './ledger';
import { chargesBySpan, daySpans, zoneMidnight, type Span } from './tenantCharges';

/**
 * What a signed-in tenant sees of a room they are bound to now (issue 42): each utility's balance and
 * supply, the forecast, the usage by day and month, and the ledger since their tenancy began. Every
 * figure is read from the same tables the operators' reports read (the accounts, the daily aggregates
 * `daily_usage` with their charge `cost_fen`, the ledger), by the same rule (server/domain/usageRule.ts),
 * so the tenant's page and the operator's screens agree to the fen and the hundredth. Nothing from
 * before the tenancy: the ledger from the tenancy's first line (server/domain/tenancy.ts), usage from
 * the day the binding starts.
 */

export const UTILITIES = ['electric', 'water'] as const;
export const UNIT: Record<Utility, string> = { electric: 'kWh', water: 'm³' };

/** Why a supply is off: the open power cut's cause (electric); for water, arrears when the balance is past the overdraft, else manual. */
async function reasonOf(db: Db, side: AccountView): Promise<string | null> {
  if (side.meterId === null) return null;
  if (side.utility === 'electric') {
    if (side.relayState === 'on') return null;
    const [cut] = rowsOf<{ cause: string }>(await db.execute(sql`SELECT cause FROM power_cuts WHERE meter_id = ${side.meterId} AND on_at IS NULL ORDER BY off_at DESC LIMIT 1`));
    return cut?.cause ?? (side.balanceFen !== null && side.balanceFen <= -(side.overdraftFen ?? 0) ? 'arrears' : 'manual');
  }
  if (side.valveState === 'open' || side.valveState === 'abnormal') return null;
  return side.balanceFen !== null && side.balanceFen <= -(side.overdraftFen ?? 0) ? 'arrears' : 'manual';
}

const hundredths = (value: number | string | null | undefined) => Number(value ?? 0) / 100;

/** One utility of a room as the tenant sees it (undefined: no meter of it). */
async function utilityView(db: Db, roomId: number, utility: Utility, now: Date, payable: boolean) {
  const side = await accountSide(db, roomId, utility);
  if (side.meterId === null) return undefined;
  const state = (utility === 'electric' ? side.relayState : side.valveState) ?? null;
  return {
    utility, unit: UNIT[utility], canPay: payable && side.accountOpened,
    balanceFen: side.balanceFen ?? 0, freeLeft: hundredths(side.freeLeft),
    overdraftFen: side.overdraftFen ?? 0, alarm1Fen: side.alarm1Fen ?? 0, alarm2Fen: side.alarm2Fen ?? 0,
    state, reason: await reasonOf(db, side), online: side.online,
    forecast: side.accountId === null ? null : await forecastOf(db, roomId, utility, now),
  };
}

export type TenantUtility = NonNullable<Awaited<ReturnType<typeof utilityView>>>;

/** A room's name as the tenant reads it ("3号楼 101") and its project. */
export async function roomPlaceOf(db: Db, roomId: number) {
  const [room] = rowsOf<{ room: string; project: string | null }>(await db.execute(sql`
    SELECT trim(coalesce(b.name, '') || ' ' || r.room_code) AS room, p.name AS project
    FROM rooms r LEFT JOIN buildings b ON b.id = r.building_id LEFT JOIN projects p ON p.id = r.project_id WHERE r.id = ${roomId}`));
  return { room: room?.room ?? '', project: room?.project ?? null };
}

/** A room of the tenant: its name, the tenancy's start, the payment providers, the utilities with a meter. */
export async function tenantRoomView(db: Db, tenancy: Tenancy, now: Date, providers: readonly string[]) {
  const room = await roomPlaceOf(db, tenancy.roomId);
  const utilities: TenantUtility[] = [];
  for (const utility of UTILITIES) {
    const view = await utilityView(db, tenancy.roomId, utility, now, providers.length > 0);
    if (view) utilities.push(view);
  }
  return { roomId: tenancy.roomId, room: room.room, project: room.project, since: tenancy.startDate, providers: [...providers], utilities };
}

/** The room's accounts with where the tenancy starts in each (accounts not opened: none). */
export async function tenancyAccounts(db: Db, tenancy: Tenancy) {
  const rows = rowsOf<{ id: number; utility: Utility }>(await db.execute(sql`SELECT id, utility FROM accounts WHERE room_id = ${tenancy.roomId} ORDER BY utility`));
  const out: { accountId: number; utility: Utility; start: TenancyStart | undefined }[] = [];
  for (const row of rows) {
    const start = await tenancyOfAccount(db, Number(row.id));
    // The account's current tenancy must be this one (a binding ended and made again is another).
    out.push({ accountId: Number(row.id), utility: row.utility, start: start && start.bindingId === tenancy.bindingId ? start : undefined });
  }
  return out;
}

/** The SQL condition of ledger rows (alias `l`) of the tenancy: each account from its tenancy's first line. */
export function tenancyLedger(accounts: Awaited<ReturnType<typeof tenancyAccounts>>, tenancy: Tenancy): SQL {
  const parts = accounts.map(({ accountId, start }) => (start?.firstEntryId != null
    ? sql`(l.account_id = ${accountId} AND l.id >= ${start.firstEntryId})`
    : sql`(l.account_id = ${accountId} AND l.created_at >= ${(start?.createdAt ?? tenancy.createdAt).toISOString()}::timestamptz)`));
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`;
}

/** Days back from today (zone) as YYYY-MM-DD, oldest first. */
function lastDays(today: string, count: number): string[] {
  const [y, m, d] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1, d - (count - 1 - i))).toISOString().slice(0, 10));
}

function lastMonths(today: string, count: number): string[] {
  const [y, m] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1)).toISOString().slice(0, 7));
}

/**
 * Usage and its charge per day (the last 30 days, today included) or month (the last 12, this one
 * included), counting only the tenancy: usage from the daily aggregates — the figures of the operators'
 * room usage report — from the binding's start date; the charges by the statements' rule
 * (server/domain/tenantCharges.ts), so a day's charge here is the one the month's statement shows for
 * it, from the tenancy's first ledger line. null for a utility the room has no meter of.
 */
export async function tenantUsage(db: Db, tenancy: Tenancy, period: 'day' | 'month', now: Date) {
  const timeZone = billingSettings.timeZone;
  const today = dayIn(now, timeZone);
  const periods = period === 'day' ? lastDays(today, 30) : lastMonths(today, 12);
  const from = period === 'day' ? periods[0] : `${periods[0]}-01`;
  const key = period === 'day' ? sql.raw(`to_char(day, 'YYYY-MM-DD')`) : sql.raw(`to_char(day, 'YYYY-MM')`);
  const rows = rowsOf<{ p: string; utility: Utility; usage_h: string | number }>(await db.execute(sql`
    SELECT ${key} AS p, utility, sum(usage_h) AS usage_h FROM daily_usage
    WHERE room_id = ${tenancy.roomId} AND area_id = ${tenancy.areaId} AND day >= ${from}::date AND day >= ${tenancy.startDate}::date AND day <= ${today}::date
    GROUP BY 1, 2`));
  const has = rowsOf<{ electric: boolean; water: boolean }>(await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM electric_meters WHERE room_id = ${tenancy.roomId}) AS electric, EXISTS (SELECT 1 FROM water_meters WHERE room_id = ${tenancy.roomId}) AS water`))[0];
  // The charges: the days (or months) of the window from the tenancy's start, each account from its first line.
  const windowStart = zoneMidnight(from, timeZone);
  const charges = new Map<string, number>();
  for (const account of await tenancyAccounts(db, tenancy)) {
    if (!account.start) continue;
    const start = new Date(Math.max(windowStart.getTime(), account.start.createdAt.getTime()));
    const days = daySpans(start, new Date(now.getTime() + 1), timeZone);
    const spans = period === 'day' ? days : monthSpansOf(days);
    for (const span of await chargesBySpan(db, { accountId: account.accountId, sinceEntryId: account.start.firstEntryId ?? undefined }, spans)) {
      charges.set(`${account.utility}:${span.key}`, -span.amountFen);
    }
  }
  const usage = (p: string, utility: Utility) => hundredths(rows.find((row) => row.p === p && row.utility === utility)?.usage_h);
  return {
    period,
    points: periods.map((p) => ({
      period: p,
      electric: has.electric ? usage(p, 'electric') : null,
      water: has.water ? usage(p, 'water') : null,
      electricFen: has.electric ? charges.get(`electric:${p}`) ?? 0 : null,
      waterFen: has.water ? charges.get(`water:${p}`) ?? 0 : null,
    })),
  };
}

/** Days grouped into their months ('YYYY-MM'), each month from its first day's start to its last day's end. */
function monthSpansOf(days: Span[]): Span[] {
  const months = new Map<string, Span>();
  for (const day of days) {
    const key = day.key.slice(0, 7);
    const month = months.get(key);
    if (month) month.b = day.b;
    else months.set(key, { key, a: day.a, b: day.b });
  }
  return [...months.values()];
}

export type LedgerLineKind = 'recharge' | 'void' | 'refund' | 'gift' | 'charge' | 'adjust';

/** The ledger kinds as the statements class them (server/db/monthEnd.ts statementFigures). */
const lineKind = sql`CASE WHEN priced THEN 'charge' WHEN kind IN ('recharge', 'void', 'gift') THEN kind WHEN kind = 'refund' AND amount_fen > 0 THEN 'refund' ELSE 'adjust' END`;

/**
 * The tenancy's ledger, newest first: each recharge, void, refund, gift and adjustment on its own line,
 * and a day's charges of a utility as one line (the day in the platform's zone, at its last charge).
 * `within`: only lines posted in [from, to).
 */
export async function tenantLedger(db: Db, tenancy: Tenancy, page: { pageNum: number; pageSize: number }, within?: { from: Date; to: Date }) {
  const accounts = await tenancyAccounts(db, tenancy);
  const timeZone = billingSettings.timeZone;
  const condition = sql`${tenancyLedger(accounts, tenancy)} ${within ? sql`AND l.created_at >= ${within.from} AND l.created_at < ${within.to}` : sql``}`;
  const grouped = sql`
    WITH e AS (
      SELECT l.id, l.utility, l.kind, l.amount_fen, l.balance_after_fen, l.created_at, l.ref_type, l.ref_id,
        (l.kind = 'deduction' OR coalesce(l.ref_type IN ('reading', 'reading_delete', 'reading_restore', 'reading_recount'), false) OR l.usage_to IS NOT NULL) AS priced
      FROM ledger_entries l WHERE ${condition}),
    g AS (
      SELECT CASE WHEN priced THEN 'c:' || utility || ':' || to_char(created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') ELSE 'e:' || id END AS key,
        utility, ${lineKind} AS line_kind, amount_fen, balance_after_fen, created_at, id, ref_type, ref_id
      FROM e)
    SELECT key, utility, min(line_kind) AS kind, sum(amount_fen) AS amount_fen, (array_agg(balance_after_fen ORDER BY id DESC))[1] AS balance_after_fen,
      max(created_at) AS at, max(id) AS last_id,
      max(CASE WHEN ref_type = 'recharge_order' THEN ref_id END) AS order_id
    FROM g GROUP BY key, utility`;
  const [{ total }] = rowsOf<{ total: number | string }>(await db.execute(sql`SELECT count(*) AS total FROM (${grouped}) x`));
  const rows = rowsOf<{ key: string; utility: Utility; kind: LedgerLineKind; amount_fen: string | number; balance_after_fen: string | number; at: string | Date; order_id: string | null; channel: string | null }>(await db.execute(sql`
    SELECT x.*, o.channel FROM (${grouped}) x LEFT JOIN recharge_orders o ON o.order_id = x.order_id
    ORDER BY x.at DESC, x.last_id DESC LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`));
  return {
    total: Number(total),
    list: rows.map((row) => ({
      id: row.key, at: new Date(row.at).toISOString(), utility: row.utility, kind: row.kind, amountFen: Number(row.amount_fen),
      balanceAfterFen: Number(row.balance_after_fen), orderId: row.order_id, channel: row.channel ?? null,
    })),
  };
}
