import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';

/*
 * A tenancy's money (issue 40, "Money and supply at the edges"). A room's account outlives its
 * tenants: it holds the vacancy's money between two tenancies (a landlord's top-up, a balance carried
 * over at a move-out). So that a tenant is neither given nor charged what was there before them:
 * - binding a tenant to a room whose account is not at zero asks the operator what becomes of it
 *   (`balanceAtBinding`): `settle` closes it first — a refund to the owner, or a write-off — as the
 *   vacancy's own ledger line (ref `vacancySettlement`), `carry` hands it to the tenancy;
 * - every account of the room then gets the tenancy's first line (ref `tenancyStart`, a 0 settlement
 *   whose balance after is what the tenancy starts with: the carried balance, or 0);
 * - the tenant's views (the payment screen's ledger, the tenant page to come) start at that line;
 * - a move-out pays out (or collects) what the tenancy holds: the balance less what the account held
 *   for the vacancy before it. For a tenancy with its first line that is nothing (the vacancy was
 *   settled or carried at binding); a binding made before this rule has none, and the vacancy's part
 *   is the balance the account had just before the binding was recorded, which stays with the room.
 */

/** Ledger ref of a tenancy's first line (refId: the binding's id). */
export const TENANCY_START_REF = 'tenancyStart';
/** Ledger ref of a vacancy's balance closed at a binding (refId: the binding's id). */
export const VACANCY_SETTLEMENT_REF = 'vacancySettlement';

/** Where a current tenancy of an account's room starts in its ledger. */
export interface TenancyStart {
  bindingId: number;
  tenantName: string | null;
  startDate: string;
  /** The tenancy's first ledger line of this account (null: a binding made before the rule). */
  firstEntryId: number | null;
  /** When the binding was recorded (the start of the tenant's view when there is no first line). */
  createdAt: Date;
  /** What the tenancy started with: the first line's balance after, or (before the rule) 0. */
  openingFen: number;
  /** The vacancy's part of the balance (kept by the room at move-out). */
  retainedFen: number;
}

/** The current tenancy of an account's room, as the account's ledger sees it (undefined: vacant). */
export async function tenancyOfAccount(db: Db, accountId: number): Promise<TenancyStart | undefined> {
  const [row] = rowsOf<{ binding_id: number; tenant_name: string | null; start_date: string; created_at: string | Date; first_entry_id: string | number | null; opening_fen: string | number | null; before_fen: string | number | null }>(await db.execute(sql`
    SELECT b.id AS binding_id, t.name AS tenant_name, b.start_date::text AS start_date, b.created_at,
      s.id AS first_entry_id, s.balance_after_fen AS opening_fen,
      (SELECT l.balance_after_fen FROM ledger_entries l WHERE l.account_id = a.id AND l.created_at < b.created_at
        ORDER BY l.created_at DESC, l.id DESC LIMIT 1) AS before_fen
    FROM accounts a
    JOIN tenant_bindings b ON b.room_id = a.room_id AND b.end_date IS NULL
    LEFT JOIN tenants t ON t.id = b.tenant_id
    LEFT JOIN LATERAL (SELECT l.id, l.balance_after_fen FROM ledger_entries l
      WHERE l.account_id = a.id AND l.ref_type = ${TENANCY_START_REF} AND l.ref_id = b.id::text ORDER BY l.id LIMIT 1) s ON true
    WHERE a.id = ${accountId}`));
  if (!row) return undefined;
  const first = row.first_entry_id === null ? null : Number(row.first_entry_id);
  return {
    bindingId: Number(row.binding_id), tenantName: row.tenant_name, startDate: row.start_date,
    firstEntryId: first, createdAt: new Date(row.created_at),
    openingFen: first === null ? 0 : Number(row.opening_fen),
    retainedFen: first === null ? Number(row.before_fen ?? 0) : 0,
  };
}

/** The SQL condition of a ledger row (table `ledger_entries`) belonging to a tenancy. */
export const inTenancy = (tenancy: TenancyStart) => tenancy.firstEntryId !== null
  ? sql`ledger_entries.id >= ${tenancy.firstEntryId}`
  : sql`ledger_entries.created_at >= ${tenancy.createdAt.toISOString()}::timestamptz`;
