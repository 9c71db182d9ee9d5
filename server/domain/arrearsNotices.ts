import type { Db } from '../db';
import type { Posted, Utility } from './ledger';
import { yuanText } from '../../common/money';
import { queueTenantNotice, recipientOf } from './tenantNotices';

/**
 * DOMAIN.md rule 2's notices: a balance at or below alarm level 1 or 2 → one SMS per level crossing.
 *
 * Where the rule lives, and how it reads here: every fall of a balance is weighed on its own, from
 * the balance before it to the balance after it, and it queues one notice for each level it crossed
 * downwards (from above the level to at or below it). A fall that crosses both levels at once
 * (¥22.83 → ¥1.70 with levels ¥20 and ¥5) queues two notices, level 1 then level 2, in the same
 * transaction as the fall: level 2 does not stand in for level 1, nor level 1 for level 2.
 *
 * Every path that debits an account applies it: a reading's charge (billingEngine.chargeBatch), a
 * recount's postings (readingRecount), and every other debit through ledger.postLedger (a voided
 * recharge, a deleted reading restored): postLedger calls queueArrearsNotices itself unless its
 * caller says the fall warns nobody (an unbinding paying the balance out to the tenant who leaves).
 * The demo seed's balance simulation (server/db/seed/estate.ts, `simulate`) follows the same rule.
 */

/** The alarm levels a balance move crossed downwards: from above a level to at or below it (both when it crossed both). */
export function crossedLevels(beforeFen: number, afterFen: number, levels: { alarm1Fen: number; alarm2Fen: number }): (1 | 2)[] {
  const crossed: (1 | 2)[] = [];
  if (beforeFen > levels.alarm1Fen && afterFen <= levels.alarm1Fen) crossed.push(1);
  if (beforeFen > levels.alarm2Fen && afterFen <= levels.alarm2Fen) crossed.push(2);
  return crossed;
}

/** The notice texts per utility and level: {tenant}, {room}, {balance} and {level} (yuan) filled in. */
export const NOTICE_TEMPLATES: Record<Utility, Record<1 | 2, string>> = {
  electric: {
    1: '【电费提醒】{tenant}您好，{room}的电费余额为{balance}元，已低于一级报警金额{level}元，请及时充值。',
    2: '【电费提醒】{tenant}您好，{room}的电费余额为{balance}元，已低于二级报警金额{level}元，欠费将自动断电，请尽快充值。',
  },
  water: {
    1: '【水费提醒】{tenant}您好，{room}的水费余额为{balance}元，已低于一级报警金额{level}元，请及时充值。',
    2: '【水费提醒】{tenant}您好，{room}的水费余额为{balance}元，已低于二级报警金额{level}元，欠费将自动关阀，请尽快充值。',
  },
};

export function noticeText(utility: Utility, level: 1 | 2, values: { tenant: string; room: string; balanceFen: number; levelFen: number }) {
  return NOTICE_TEMPLATES[utility][level]
    .replace('{tenant}', values.tenant).replace('{room}', values.room)
    .replace('{balance}', yuanText(values.balanceFen)).replace('{level}', yuanText(values.levelFen));
}

/**
 * Rule 2's notices for one balance move: one notice per level it crossed (crossedLevels) in the SMS
 * outbox (sms_records, state queued, auto, reason alarm1 / alarm2, level 1 first) for the room's
 * current tenant, in the same transaction as the move: a balance that stays below sends nothing
 * more; a recharge above the level and a new fall is a new crossing. A room without a tenant (no
 * phone) gets none. Returns the ids written.
 */
export async function queueArrearsNotices(db: Db, posted: Posted, levels: { alarm1Fen: number; alarm2Fen: number }, now: Date): Promise<number[]> {
  const crossed = crossedLevels(posted.balanceBeforeFen, posted.balanceFen, levels);
  if (!crossed.length) return [];
  const recipient = await recipientOf(db, posted.roomId);
  if (!recipient) return [];
  // Each level a notice of the tenant's (issue 42): their switch, the area's template of the kind, else this wording.
  const ids: number[] = [];
  for (const level of crossed) {
    const levelFen = level === 1 ? levels.alarm1Fen : levels.alarm2Fen;
    const id = await queueTenantNotice(db, {
      roomId: posted.roomId, utility: posted.utility, kind: level === 1 ? 'lowBalance1' : 'lowBalance2', balanceFen: posted.balanceFen, levelFen,
      fallback: noticeText(posted.utility, level, { tenant: '{tenant}', room: '{room}', balanceFen: posted.balanceFen, levelFen }),
    }, now);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}
