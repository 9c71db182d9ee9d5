import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { ORDER_STATUS } from '../../common/states';

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
