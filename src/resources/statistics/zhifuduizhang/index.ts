import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { addDays, dayIn } from '../../../components/pickers/dateRanges';
import { RECONCILIATION_SORT } from './model';

/**
 * The date range filter's instants (`billDateFrom` inclusive, `billDateTo` exclusive, platform time)
 * as the reconciliation list's days (`dateFrom`, `dateTo`, both inclusive).
 */
export function reconciliationParams({ billDateFrom, billDateTo, ...params }: Record<string, unknown>): Record<string, unknown> {
  const day = (value: unknown) => dayIn(new Date(String(value)));
  return {
    ...params,
    ...(billDateFrom ? { dateFrom: day(billDateFrom) } : {}),
    ...(billDateTo ? { dateTo: addDays(day(billDateTo), -1) } : {}),
  };
}

/**
 * 支付对账 (issue 41): the providers' bills reconciled day by day with the platform's orders and
 * the ledger (the list, a day reconciled on demand, its differences), the payments that did not
 * settle by themselves (the conflicts, a lookup resource of its own: `paymentConflicts`), and a
 * person's decision on either (credit, refund, accept with a note).
 */
export default defineResource({
  name: 'zhifuduizhang',
  endpoints: {
    getList: get('payment/findReconciliations', { request: reconciliationParams }),
    actions: {
      reconcile: post('payment/reconcile'),
      items: get('payment/findReconciliationItems'),
      resolve: post('payment/resolve'),
    },
  },
  ...lazyList(() => import('./PaymentReconciliation')),
  firstReads: [['zhifuduizhang', firstPageRead(RECONCILIATION_SORT)]],
});
