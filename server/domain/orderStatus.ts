import { sql } from 'drizzle-orm';
import type { Db } from '../db';

/**
 * The status set of a recharge order (DOMAIN.md, "Recharge order"), in one place:
 * - 0 void: the order was voided; its amount was reversed by a `refund` ledger entry.
 * - 1 paid: the money is on the account (the platform's balance); no meter write pending or needed.
 * - 2 written to meter: the order's restore command (close-allowed / valve open, queued when the
 *   recharge lifted an account out of arrears) succeeded on the meter.
 * - 3 failed: that restore command failed or expired (the money stays on the account; a retried
 *   command that succeeds moves the order to 2).
 * SPEC.md's status update call sets 0 (void). A void order keeps 0 whatever its commands do.
 */
export const ORDER_STATUS = { void: 0, paid: 1, written: 2, failed: 3 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/**
 * Makes the orders of finished commands follow their outcome: a command queued for an order carries
 * `payload.orderId` (retries copy it). Called where command results are recorded (commands.ts),
 * inside the same transaction.
 */
export async function followCommandOutcome(db: Db, commandIds: number[], outcome: 'succeeded' | 'failed'): Promise<void> {
  if (!commandIds.length) return;
  const status = outcome === 'succeeded' ? ORDER_STATUS.written : ORDER_STATUS.failed;
  await db.execute(sql`UPDATE recharge_orders SET order_status = ${status}
    WHERE order_status <> ${ORDER_STATUS.void} AND order_id IN (
      SELECT payload->>'orderId' FROM commands WHERE id IN (${sql.join(commandIds.map((id) => sql`${id}`), sql`, `)}) AND payload ? 'orderId')`);
}
