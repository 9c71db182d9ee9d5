import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';

const { accounts, ledgerEntries } = schema;

export type Utility = 'electric' | 'water';

/**
 * What moves a balance (DOMAIN.md, Account): every change is one of these, one ledger row each.
 * `opening` is the balance an account had when the platform took it over; `settlement` records an
 * unbinding (0 when the balance is carried over to the next tenant).
 */
export const LEDGER_KINDS = ['opening', 'recharge', 'deduction', 'gift', 'calibration', 'refund', 'settlement'] as const;
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
 */
export async function postLedger(tx: Db, posting: Posting, now: Date): Promise<Posted> {
  if (!Number.isSafeInteger(posting.amountFen)) throw new Error(`ledger: amount ${posting.amountFen} is not integer fen`);
  if (posting.amountFen === 0 && posting.kind !== 'settlement') throw new Error('ledger: only a settlement may post 0');
  // The room first, then its account (see lockAccount): the balance copies on the room row are
  // written by a trigger on accounts, so every path takes the two locks in this one order.
  await tx.execute(sql`SELECT 1 FROM rooms WHERE id = (SELECT room_id FROM accounts WHERE id = ${posting.accountId}) FOR UPDATE`);
  const [account] = await tx
    .update(accounts)
    .set({ balanceFen: sql`${accounts.balanceFen} + ${posting.amountFen}` })
    .where(eq(accounts.id, posting.accountId))
    .returning({ areaId: accounts.areaId, roomId: accounts.roomId, utility: accounts.utility, balanceFen: accounts.balanceFen });
  if (!account) throw new Error(`ledger: account ${posting.accountId} does not exist`);
  const [entry] = await tx.insert(ledgerEntries).values({
    areaId: account.areaId, accountId: posting.accountId, roomId: account.roomId, utility: account.utility,
    kind: posting.kind, amountFen: posting.amountFen, balanceAfterFen: account.balanceFen,
    energy: posting.energy ?? null, refType: posting.refType ?? null, refId: posting.refId ?? null,
    operatorId: posting.operatorId ?? null, remark: posting.remark ?? null, createdAt: now,
  }).returning({ id: ledgerEntries.id });
  return {
    entryId: entry.id, accountId: posting.accountId, roomId: account.roomId, utility: account.utility as Utility,
    balanceBeforeFen: account.balanceFen - posting.amountFen, balanceFen: account.balanceFen,
  };
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

/**
 * The account of a room for a utility, opened (balance 0, no ledger row yet) when the room has none.
 * Concurrent callers get the same account (the unique room × utility index decides).
 */
export async function ensureAccount(tx: Db, areaId: number, roomId: number, utility: Utility) {
  await tx.insert(accounts).values({ areaId, roomId, utility }).onConflictDoNothing();
  return (await lockAccount(tx, roomId, utility))!;
}
