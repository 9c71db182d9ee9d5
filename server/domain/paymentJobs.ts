import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { PeriodicJob } from './periodic';
import { pollDueOrders, type Payments } from './onlinePayments';
import { PROVIDER_DAY_ZONE, reconcileDay } from './payReconcile';
import { PROVIDERS } from '../payments/provider';

const { payReconciliations } = schema;

/** How often the payment job looks for orders to query and days to reconcile. */
export const PAYMENT_JOB_MS = 15_000;

/** The providers' day (YYYY-MM-DD) and time (HH:MM) of an instant. */
export function providerClock(now: Date) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: PROVIDER_DAY_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(now).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The day before a YYYY-MM-DD day. */
export const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The payments' background work (issue 41): the orders whose notification has not come are queried
 * at their provider (onlinePayments.ts: after a minute, then backing off, until expiry, then closed),
 * and each morning after `reconcileAt` (PAY_RECONCILE_AT, the providers' time, UTC+8; their bills are
 * ready about 10:00) the previous day is reconciled for each provider once (a failed run, say a bill
 * not ready yet, is tried again on the next round).
 */
export class PaymentJob extends PeriodicJob<void> {
  /** The last day found reconciled for every provider: not asked again every round until the next day. */
  private reconciledDay?: string;

  constructor(private readonly db: Db, private readonly payments: Payments, private readonly options: { now: () => Date; reconcileAt?: string; commandsQueued: () => void; log: (message: string, error?: unknown) => void }) {
    super('payments', options.log);
  }

  start(everyMs = PAYMENT_JOB_MS) {
    return this.startEvery(everyMs);
  }

  protected async runOnce() {
    const now = this.options.now();
    const commandIds = await pollDueOrders(this.db, this.payments, now);
    if (commandIds.length) this.options.commandsQueued();
    if (!this.options.reconcileAt) return;
    const clock = providerClock(now);
    if (clock.time < this.options.reconcileAt) return;
    const day = dayBefore(clock.day);
    if (this.reconciledDay === day) return;
    const done = await this.db.select({ provider: payReconciliations.provider }).from(payReconciliations)
      .where(and(eq(payReconciliations.billDate, day), inArray(payReconciliations.status, ['matched', 'differences'])));
    const due = PROVIDERS.filter((name) => !done.some((row) => row.provider === name));
    if (!due.length) this.reconciledDay = day;
    for (const provider of due) {
      try {
        const run = await reconcileDay(this.db, this.payments, provider, day, null, now);
        if (run.status === 'differences') this.options.log(`payments: ${provider} ${day} does not reconcile: ${run.items.length} difference(s) (支付对账)`);
      } catch (error) {
        this.options.log(`payments: ${provider} ${day} not reconciled yet`, error);
      }
    }
  }
}
