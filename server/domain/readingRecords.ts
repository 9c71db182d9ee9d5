import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import type { Session } from '../auth/session';
import { audit } from '../audit';
import { conflict, notFound, refused, type Refusal } from './results';
import { lockAccount, postLedger, type Utility } from './ledger';
import { applyRecount, planRecount } from './readingRecount';
import type { RecountRecord } from '../../common/readingRecount';

const { readings } = schema;

/**
 * Reading records (issues 31 and 33): a wrong reading is deleted softly, with a reason, into the
 * deleted readings' list, from where it is restored or purged. Its charge is never undone silently:
 * the operator chooses, when deleting, whether the charge is refunded (one `refund` ledger entry of
 * what the reading cost); a restore charges back exactly what the deletion refunded (one
 * `deduction` entry), so that the account's ledger always holds the reading's charge once while it
 * stands and never more than once. Every step locks the reading, is audited, and a repeated step
 * (a second delete, a restore of a reading that stands) is refused and changes nothing.
 *
 * A refund takes the reading out of its meter's count: the readings after it are counted again from
 * the one before it, each difference charged or refunded by its own ledger entry, and the free
 * allowance it used goes back (server/domain/readingRecount.ts); its restore counts it in again and
 * undoes that. Keeping the charge keeps the reading in the count: nothing else changes.
 */

/** What a reading's state is, for the money rule: its charge, whether it is deleted, what its deletion refunded. */
export interface ReadingMoney { costFen: number; deleted: boolean; refundedFen: number | null }

export type ReadingStep = { kind: 'delete'; refund: boolean } | { kind: 'restore' } | { kind: 'purge' };

/** What a step does to the reading's account and to the reading: the signed posting (0: none) and what it leaves. */
export interface StepEffect { postingFen: number; after: ReadingMoney | null }

/**
 * The money rule of a step, pure: a delete of a standing reading refunds its whole charge or none of
 * it; a restore of a deleted reading charges back what was refunded; a purge of a deleted reading
 * moves no money (what was refunded stays refunded, the ledger keeps both entries). A step on a
 * reading in the wrong state is a refusal (a conflict: nothing is posted, nothing changes).
 */
export function readingStep(reading: ReadingMoney, step: ReadingStep): StepEffect | Refusal {
  if (!Number.isSafeInteger(reading.costFen) || reading.costFen < 0) throw new Error(`reading: cost ${reading.costFen} is not whole fen ≥ 0`);
  if (step.kind === 'delete') {
    if (reading.deleted) return { outcome: 'conflict', key: 'errors.readingAlreadyDeleted' };
    const refundedFen = step.refund ? reading.costFen : 0;
    return { postingFen: refundedFen, after: { costFen: reading.costFen, deleted: true, refundedFen } };
  }
  if (!reading.deleted) return { outcome: 'conflict', key: 'errors.readingNotDeleted' };
  if (step.kind === 'restore') return { postingFen: 0 - (reading.refundedFen ?? 0), after: { costFen: reading.costFen, deleted: false, refundedFen: null } };
  return { postingFen: 0, after: null };
}

const isRefusal = (value: StepEffect | Refusal): value is Refusal => 'outcome' in value;

/** A reading of the caller's areas, locked for the rest of the transaction (404 otherwise). */
async function lockReading(tx: Db, session: Session, id: number) {
  const [row] = await tx.select().from(readings)
    .where(and(eq(readings.id, id), sql`${readings.areaId} IN (${sql.join(session.areaIds.map((areaId) => sql`${areaId}`), sql`, `)})`))
    .for('update');
  if (!row) throw notFound('errors.recordNotFound');
  return row;
}

const moneyOf = (row: typeof readings.$inferSelect): ReadingMoney => ({ costFen: Number(row.costFen), deleted: !!row.deletedAt, refundedFen: row.refundedFen === null ? null : Number(row.refundedFen) });

const auditView = (row: typeof readings.$inferSelect) => ({
  utility: row.utility, meterId: row.meterId, roomId: row.roomId, readAt: row.readAt, total: row.total, consumption: row.consumption, costFen: row.costFen,
  deletedAt: row.deletedAt, deletedBy: row.deletedBy, deleteReason: row.deleteReason, refundedFen: row.refundedFen,
});

/** Posts a step's money on the reading's room account; a refund the room has no account for is refused. */
async function postStep(tx: Db, session: Session, row: typeof readings.$inferSelect, amountFen: number, kind: 'refund' | 'deduction', remark: string | null, now: Date) {
  if (amountFen === 0) return null;
  const account = row.roomId ? await lockAccount(tx, row.roomId, row.utility as Utility) : undefined;
  if (!account) throw refused('errors.readingNoAccount');
  return postLedger(tx, {
    accountId: account.id, kind, amountFen, energy: Number(row.consumption),
    refType: kind === 'refund' ? 'reading_delete' : 'reading_restore', refId: String(row.id), operatorId: session.userId, remark,
  }, now);
}

/** The result of a step, with what a refund recounted (null when nothing was). */
export interface StepResult { id: number; refundedFen: number | null; postedFen: number; balanceFen: number | null; recount: RecountRecord | null }

/** A reading of the caller's areas, not locked (404 otherwise). */
async function findReading(tx: Db, session: Session, id: number) {
  const [row] = await tx.select().from(readings)
    .where(and(eq(readings.id, id), sql`${readings.areaId} IN (${sql.join(session.areaIds.map((areaId) => sql`${areaId}`), sql`, `)})`));
  if (!row) throw notFound('errors.recordNotFound');
  return row;
}

/**
 * What deleting a reading would do, written nowhere (the delete dialog's preview): refunding its
 * charge and recounting the readings after it (each one's usage and charge before → after, the free
 * allowance given back), or keeping its charge (nothing else changes).
 */
export async function previewDelete(db: Db, session: Session, id: number) {
  return db.transaction(async (tx) => {
    const row = await findReading(tx, session, id);
    if (row.deletedAt) throw conflict('errors.readingAlreadyDeleted', { id });
    const plan = await planRecount(tx, row, 'delete', { lock: false, operatorId: session.userId, reason: null });
    return { id: Number(row.id), costFen: Number(row.costFen), refund: plan.record };
  });
}

/** Deletes a reading softly with a reason, refunding its charge (and recounting the readings after it) or keeping it (the operator's choice). */
export async function deleteReading(db: Db, session: Session, id: number, reason: string, refund: boolean, now: Date): Promise<StepResult> {
  return db.transaction(async (tx) => {
    if (refund) {
      const found = await findReading(tx, session, id);
      if (found.deletedAt) throw conflict('errors.readingAlreadyDeleted', { id });
      const plan = await planRecount(tx, found, 'delete', { lock: true, operatorId: session.userId, reason });
      const row = plan.target;
      const effect = readingStep(moneyOf(row), { kind: 'delete', refund });
      if (isRefusal(effect)) throw conflict(effect.key, { id });
      const balanceBefore = row.roomId ? await balanceOf(tx, row.roomId, row.utility) : null;
      const balances = await applyRecount(tx, plan, now);
      const [after] = await tx.update(readings).set({ deletedAt: now, deletedBy: session.userId, deleteReason: reason, refundedFen: effect.after!.refundedFen, recount: plan.record })
        .where(eq(readings.id, row.id)).returning();
      const balanceFen = row.roomId ? balances.get(row.roomId) ?? balanceBefore : null;
      await audit(tx, session, {
        action: 'delete', entity: 'reading', entityId: row.id,
        before: { ...auditView(row), balanceFen: balanceBefore },
        after: { ...auditView(after), balanceFen, refund, recount: plan.record },
      });
      return { id: row.id, refundedFen: effect.after!.refundedFen, postedFen: plan.record.postedFen, balanceFen, recount: plan.record };
    }
    const row = await lockReading(tx, session, id);
    const effect = readingStep(moneyOf(row), { kind: 'delete', refund });
    if (isRefusal(effect)) throw conflict(effect.key, { id });
    const posted = await postStep(tx, session, row, effect.postingFen, 'refund', reason, now);
    const [after] = await tx.update(readings).set({ deletedAt: now, deletedBy: session.userId, deleteReason: reason, refundedFen: effect.after!.refundedFen })
      .where(eq(readings.id, row.id)).returning();
    await audit(tx, session, {
      action: 'delete', entity: 'reading', entityId: row.id,
      before: { ...auditView(row), balanceFen: posted?.balanceBeforeFen ?? null },
      after: { ...auditView(after), balanceFen: posted?.balanceFen ?? null, refund },
    });
    return { id: row.id, refundedFen: effect.after!.refundedFen, postedFen: effect.postingFen, balanceFen: posted?.balanceFen ?? null, recount: null };
  });
}

async function balanceOf(tx: Db, roomId: number, utility: string) {
  const [account] = await tx.select({ balanceFen: schema.accounts.balanceFen }).from(schema.accounts).where(and(eq(schema.accounts.roomId, roomId), eq(schema.accounts.utility, utility)));
  return account ? Number(account.balanceFen) : null;
}

/** Restores a deleted reading: it stands again, and what its deletion refunded is charged back (and what it recounted is counted back). */
export async function restoreReading(db: Db, session: Session, id: number, reason: string | null, now: Date): Promise<StepResult> {
  return db.transaction(async (tx) => {
    const found = await findReading(tx, session, id);
    if (found.deletedAt && found.recount) {
      const plan = await planRecount(tx, found, 'restore', { lock: true, operatorId: session.userId, reason });
      const row = plan.target;
      const effect = readingStep(moneyOf(row), { kind: 'restore' });
      if (isRefusal(effect)) throw conflict(effect.key, { id });
      const balanceBefore = row.roomId ? await balanceOf(tx, row.roomId, row.utility) : null;
      const balances = await applyRecount(tx, plan, now);
      const [after] = await tx.update(readings).set({ deletedAt: null, deletedBy: null, deleteReason: null, refundedFen: null, recount: null }).where(eq(readings.id, row.id)).returning();
      const balanceFen = row.roomId ? balances.get(row.roomId) ?? balanceBefore : null;
      await audit(tx, session, {
        action: 'restore', entity: 'reading', entityId: row.id,
        before: { ...auditView(row), balanceFen: balanceBefore, recount: row.recount },
        after: { ...auditView(after), balanceFen, reason, recount: plan.record },
      });
      return { id: row.id, refundedFen: null, postedFen: plan.record.postedFen, balanceFen, recount: plan.record };
    }
    const row = await lockReading(tx, session, id);
    const effect = readingStep(moneyOf(row), { kind: 'restore' });
    if (isRefusal(effect)) throw conflict(effect.key, { id });
    const posted = await postStep(tx, session, row, effect.postingFen, 'deduction', reason, now);
    const [after] = await tx.update(readings).set({ deletedAt: null, deletedBy: null, deleteReason: null, refundedFen: null }).where(eq(readings.id, row.id)).returning();
    await audit(tx, session, {
      action: 'restore', entity: 'reading', entityId: row.id,
      before: { ...auditView(row), balanceFen: posted?.balanceBeforeFen ?? null },
      after: { ...auditView(after), balanceFen: posted?.balanceFen ?? null, reason },
    });
    return { id: row.id, refundedFen: null, postedFen: effect.postingFen, balanceFen: posted?.balanceFen ?? null, recount: null };
  });
}

/**
 * Purges a deleted reading for good: the row goes, its ledger entries stay (the charge and the
 * refund, if any, still explain the balance) and the operation log keeps the whole row.
 */
export async function purgeReading(db: Db, session: Session, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const row = await lockReading(tx, session, id);
    const effect = readingStep(moneyOf(row), { kind: 'purge' });
    if (isRefusal(effect)) throw conflict(effect.key, { id });
    await tx.delete(readings).where(eq(readings.id, row.id));
    await audit(tx, session, { action: 'purge', entity: 'reading', entityId: row.id, before: auditView(row), after: null });
    return { id: row.id };
  });
}
