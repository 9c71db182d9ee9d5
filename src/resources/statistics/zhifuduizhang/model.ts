import type { RaRecord, SortPayload } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';

/**
 * The online payments' reconciliation (issue 41) as the payment calls answer it: a reconciled day
 * of one provider, its differences, and the payments that did not settle by themselves. Money is
 * integer fen.
 */
export type ProviderName = 'wechat' | 'alipay';
export type ResolveAction = 'credit' | 'refund' | 'accept';

/** A reconciled day (`payment/findReconciliations`, `payment/reconcile`). */
export interface Reconciliation extends RaRecord {
  provider: ProviderName; billDate: string; status: 'matched' | 'differences' | 'failed';
  matched: number; missingOnPlatform: number; missingAtProvider: number; amountMismatch: number;
  providerFen: number; platformFen: number; ledgerFen: number; error?: string | null; ranAt: string;
  /** Differences nobody has decided on yet (the list's rows). */
  open?: number;
}

/** One difference of a day (`payment/findReconciliationItems`). */
export interface ReconciliationItem {
  id: number; kind: 'missingOnPlatform' | 'missingAtProvider' | 'amountMismatch'; line: 'payment' | 'refund';
  orderNo: string; refundNo: string | null; transactionId: string | null;
  providerFen: number | null; platformFen: number | null; ledgerFen: number | null;
  cause: string; resolution: 'credited' | 'refunded' | 'accepted' | null; resolutionNote: string | null; resolvedAt: string | null;
}

/** A payment a person must decide on (`payment/findConflicts`); `id` made unique across the two kinds. */
export interface PaymentConflict extends RaRecord {
  kind: 'order' | 'unmatched'; conflictId: number; orderNo: string; provider: ProviderName; roomId: number | null; room: string | null;
  utility: 'electric' | 'water' | null; amountFen: number | null; paidFen: number | null; transactionId: string | null; paidAt: string | null;
  reason: string; status: string; resolution: string | null; resolutionNote: string | null; resolvedAt: string | null;
}

export const RECONCILIATION_SORT: SortPayload = { field: 'billDate', order: 'DESC' };
export const CONFLICT_SORT: SortPayload = { field: 'paidAt', order: 'DESC' };

const P = 'payments';
const styles = (prefix: string, colors: Record<string, StateStyle['color']>): Record<string, StateStyle> =>
  Object.fromEntries(Object.entries(colors).map(([value, color]) => [value, { label: `${P}.${prefix}.${value}`, color }]));

export const PROVIDER = styles('provider', { wechat: 'success', alipay: 'info' });
export const RECON_STATUS = styles('reconStatus', { matched: 'success', differences: 'warning', failed: 'error' });
export const DIFFERENCE_KIND = styles('kind', { missingOnPlatform: 'warning', missingAtProvider: 'error', amountMismatch: 'warning' });
export const LINE = styles('line', { payment: 'default', refund: 'primary' });
export const RESOLUTION = styles('resolution', { open: 'warning', credited: 'success', refunded: 'info', accepted: 'default' });
export const CONFLICT_KIND = styles('conflictKind', { order: 'primary', unmatched: 'error' });
export const CONFLICT_REASON = styles('reason', { amount: 'warning', merchant: 'error', afterClose: 'warning', cannotCredit: 'warning', unknownOrder: 'error' });
export const PAY_STATUS = styles('payStatus', {
  pending: 'default', paid: 'info', credited: 'success', closed: 'default', refunding: 'warning', refunded: 'secondary', conflict: 'error',
});
export const UTILITY: Record<string, StateStyle> = {
  electric: { label: 'stats.utility.electric', color: 'warning' },
  water: { label: 'stats.utility.water', color: 'info' },
};

/** A difference's cause in words: `order.<status>` names the order's online state. */
export function causeText(cause: string, translate: (key: string, options?: object) => string) {
  if (cause.startsWith('order.')) {
    const status = cause.slice('order.'.length);
    return translate(`${P}.cause.order`, { status: translate(PAY_STATUS[status]?.label ?? status, { _: status }) });
  }
  return translate(`${P}.cause.${cause}`, { _: cause });
}

/**
 * What a person may decide on a difference still open (the server refuses the rest, saying why):
 * - credit: a payment the provider has and the platform has not credited (an order it knows, not yet credited);
 * - refund: a payment whose money the provider holds (never a refund line: that would pay back twice);
 * - accept: any difference, with a note.
 */
export function itemActions(item: ReconciliationItem): ResolveAction[] {
  if (item.resolution) return [];
  if (item.line === 'refund') return ['accept'];
  const actions: ResolveAction[] = [];
  const uncredited = item.kind === 'missingOnPlatform' && item.cause !== 'unknownOrder' && item.cause !== 'order.credited';
  if (uncredited) actions.push('credit');
  if (item.kind !== 'missingAtProvider') actions.push('refund');
  actions.push('accept');
  return actions;
}

/** What may be decided on a conflict: nothing once decided; a payment no order claims names no room to credit. */
export function conflictActions(conflict: PaymentConflict): ResolveAction[] {
  if (conflict.resolution || conflict.status !== 'conflict') return [];
  return conflict.kind === 'order' ? ['credit', 'refund', 'accept'] : ['refund', 'accept'];
}

/** The money a decision is about: what the provider holds, else what the platform has. */
export const itemAmount = (item: Pick<ReconciliationItem, 'providerFen' | 'platformFen'>) => item.providerFen ?? item.platformFen;
