import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { queueArrearsNotices } from './arrearsNotices';

const { accounts, ledgerEntries } = schema;

export type Utility = 'electric' | 'water';

/**
 * What moves a balance (DOMAIN.md, Account): every change is one of these, one ledger row each.
 * `void` takes back a voided recharge (negative; it was a negative `refund` before migration 0036).
 * `opening` is the balance an account had when the platform took it over; `settlement` records an
 * unbinding (0 when the balance is carried over to the next tenant).
 */
export const LEDGER_KINDS = ['opening', 'recharge', 'void', 'deduction', 'gift', 'calibration', 'refund', 'settlement'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface Posting {
  accountId: number;
  kind: LedgerKind;
  /** Signed integer fen: + credits the account, − debits it. */
  amountFen: number;
  energy?: number | null;
  refType?: string | null;
  refId?: string | null;
  operatorId?: number | null;
  remark?: string | null;
  /** The reading a deduction charges (unique in the ledger: a reading is charged at most once). */
  readingId?: number | null;
}

export interface Posted {
  entryId: number;
  accountId: number;
  roomId: number;
  utility: Utility;
  balanceBeforeFen: number;
  balanceFen: number;
}

/**
 * Moves an account's balance and writes its ledger row, inside the caller's transaction: the only
 * way a balance changes, so that the balance always equals the sum of its ledger. The balance is
 * moved with one `UPDATE … RETURNING` (a row lock): concurrent postings to one account queue up
 * behind each other and each row's `balanceAfterFen` is exact.
 *
 * A debit that crosses alarm level 1 or 2 queues rule 2's notices, one per level crossed
 * (arrearsNotices.ts), in the same transaction: a voided recharge, a deleted reading restored, any
 * debit a caller posts here. `notices: false` for a fall that warns nobody (an unbinding paying the
 * balance out to the tenant who leaves). Charges go through postLedgerMany, whose callers queue them.
 */
export async function postLedger(tx: Db, posting: Posting, now: Date, options: { roomLocked?: boolean; notices?: boolean } = {}): Promise<Posted> {
  if (!Number.isSafeInteger(posting.amountFen)) throw new Error(`ledger: amount ${posting.amountFen} is not integer fen`);
  if (posting.amountFen === 0 && posting.kind !== 'settlement') throw new Error('ledger: only a settlement may post 0');
  // The room first, then its account (see lockAccount): the balance copies on the room row are
  // written by a trigger on accounts, so every path takes the two locks in this one order. A caller
  // that holds them already (lockAccount in this transaction) says so.
  if (!options.roomLocked) await tx.execute(sql`SELECT 1 FROM rooms WHERE id = (SELECT room_id FROM accounts WHERE id = ${posting.accountId}) FOR UPDATE`);
  const [account] = await tx
    .update(accounts)
    .set({ balanceFen: sql`${accounts.balanceFen} + ${posting.amountFen}` })
    .where(eq(accounts.id, posting.accountId))
    .returning({ areaId: accounts.areaId, roomId: accounts.roomId, utility: accounts.utility, balanceFen: accounts.balanceFen, alarm1Fen: accounts.alarm1Fen, alarm2Fen: accounts.alarm2Fen });
  if (!account) throw new Error(`ledger: account ${posting.accountId} does not exist`);
  const [entry] = await tx.insert(ledgerEntries).values({
    areaId: account.areaId, accountId: posting.accountId, roomId: account.roomId, utility: account.utility,
    kind: posting.kind, amountFen: posting.amountFen, balanceAfterFen: account.balanceFen,
    energy: posting.energy ?? null, refType: posting.refType ?? null, refId: posting.refId ?? null,
    operatorId: posting.operatorId ?? null, remark: posting.remark ?? null, readingId: posting.readingId ?? null, createdAt: now,
  }).returning({ id: ledgerEntries.id });
  const posted: Posted = {
    entryId: entry.id, accountId: posting.accountId, roomId: account.roomId, utility: account.utility as Utility,
    balanceBeforeFen: account.balanceFen - posting.amountFen, balanceFen: account.balanceFen,
  };
  if (posting.amountFen < 0 && options.notices !== false) await queueArrearsNotices(tx, posted, account, now);
  return posted;
}

/**
 * The account of a room for a utility, locked for the rest of the transaction (undefined when none).
 * The room's row is locked first: a change of balance also writes the room (the balance copies of
 * migration 0006, by trigger), and a binding change locks the room before its accounts, so taking
 * room → account everywhere keeps a recharge and an unbinding of one room from deadlocking.
 */
export async function lockAccount(tx: Db, roomId: number, utility: Utility) {
  await tx.execute(sql`SELECT 1 FROM rooms WHERE id = ${roomId} FOR UPDATE`);
  const [account] = await tx.select().from(accounts).where(and(eq(accounts.roomId, roomId), eq(accounts.utility, utility))).for('update');
  return account;
}

/** An account's limits, as a control parameter set holds them (values.overdraftFen, alarm1Fen, alarm2Fen, hoardLimitFen). */
export interface AccountLimits { overdraftFen?: number; alarm1Fen?: number; alarm2Fen?: number; hoardLimitFen?: number }

const LIMIT_KEYS = ['overdraftFen', 'alarm1Fen', 'alarm2Fen', 'hoardLimitFen'] as const;

/** The limits a control set's values give (only whole, non-negative fen; the rest keep the column defaults). */
export function limitsOf(values: Record<string, unknown> | null | undefined): AccountLimits {
  const limits: AccountLimits = {};
  for (const key of LIMIT_KEYS) {
    const value = values?.[key];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) limits[key] = value;
  }
  return limits;
}

/**
 * The limits a new account of a room takes (issues 29 and 40): its utility's own — an electric
 * account those of its meter's control set, else of the area's default control set
 * (areas.default_control_set_id); a water account those of the area's water default
 * (areas.default_water_control_set_id) — else none (the column defaults). Every path that opens an
 * account comes here: a recharge, the billing, an electric meter put in a room, the water archive's
 * account opening (one or many).
 */
export async function openingLimits(tx: Db, areaId: number, roomId: number | null, utility: Utility): Promise<AccountLimits> {
  const chosen = utility === 'electric'
    ? sql`coalesce((SELECT m.control_set_id FROM electric_meters m WHERE m.room_id = ${roomId} AND m.control_set_id IS NOT NULL ORDER BY m.id LIMIT 1),
        (SELECT a.default_control_set_id FROM areas a WHERE a.id = ${areaId}))`
    : sql`(SELECT a.default_water_control_set_id FROM areas a WHERE a.id = ${areaId})`;
  const result = (await tx.execute(sql`
    SELECT p.values FROM parameter_sets p WHERE p.kind = 'control' AND p.id = ${chosen}`)) as unknown as { rows: { values: Record<string, unknown> | string | null }[] };
  const raw = result.rows[0]?.values;
  return limitsOf(typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown>) : raw);
}

/**
 * The account of a room for a utility, opened (balance 0, no ledger row yet) when the room has none,
 * with the limits of its meter's control set (openingLimits). Concurrent callers get the same account
 * (the unique room × utility index decides).
 */
export async function ensureAccount(tx: Db, areaId: number, roomId: number, utility: Utility) {
  const existing = await lockAccount(tx, roomId, utility);
  if (existing) return existing;
  await tx.insert(accounts).values({ areaId, roomId, utility, ...(await openingLimits(tx, areaId, roomId, utility)) }).onConflictDoNothing();
  return (await lockAccount(tx, roomId, utility))!;
}

/**
 * Several postings to one account in one move (inside the caller's transaction, the room and the
 * account locked by the caller: lockAccount): one `UPDATE … RETURNING` of the balance by their sum
 * and one insert of their rows, each row with the balance after it, in the order given. The billing
 * job posts a room's charges this way. Answers one Posted per posting, in order.
 */
export async function postLedgerMany(tx: Db, accountId: number, postings: Omit<Posting, 'accountId'>[], now: Date): Promise<Posted[]> {
  if (!postings.length) return [];
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amountFen)) throw new Error(`ledger: amount ${posting.amountFen} is not integer fen`);
    if (posting.amountFen === 0 && posting.kind !== 'settlement') throw new Error('ledger: only a settlement may post 0');
  }
  const total = postings.reduce((sum, posting) => sum + posting.amountFen, 0);
  const [account] = await tx
    .update(accounts)
    .set({ balanceFen: sql`${accounts.balanceFen} + ${total}` })
    .where(eq(accounts.id, accountId))
    .returning({ areaId: accounts.areaId, roomId: accounts.roomId, utility: accounts.utility, balanceFen: accounts.balanceFen });
  if (!account) throw new Error(`ledger: account ${accountId} does not exist`);
  let balance = account.balanceFen - total;
  const rows = postings.map((posting) => {
    const before = balance;
    balance += posting.amountFen;
    return { before, row: {
      areaId: account.areaId, accountId, roomId: account.roomId, utility: account.utility,
      kind: posting.kind, amountFen: posting.amountFen, balanceAfterFen: balance,
      energy: posting.energy ?? null, refType: posting.refType ?? null, refId: posting.refId ?? null,
      operatorId: posting.operatorId ?? null, remark: posting.remark ?? null, readingId: posting.readingId ?? null, createdAt: now,
    } };
  });
  const entries = await tx.insert(ledgerEntries).values(rows.map((r) => r.row)).returning({ id: ledgerEntries.id, readingId: ledgerEntries.readingId });
  // A charge's row is found by its reading (RETURNING's order is not a promise of SQL's).
  const byReading = new Map(entries.filter((e) => e.readingId !== null).map((e) => [Number(e.readingId), e.id]));
  return rows.map((r, i) => ({
    entryId: (r.row.readingId !== null ? byReading.get(r.row.readingId) : undefined) ?? entries[i].id, accountId, roomId: account.roomId, utility: account.utility as Utility,
    balanceBeforeFen: r.before, balanceFen: r.row.balanceAfterFen,
  }));
}
