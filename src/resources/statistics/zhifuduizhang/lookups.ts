import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import type { PaymentConflict } from './model';

type ConflictRow = Omit<PaymentConflict, 'conflictId'>;

/**
 * The reconciliation screen's second list: `payment/findConflicts`, open ones only unless the
 * operator asks for all (`all`). Conflict orders and payments no order claims come from two tables
 * whose ids may be equal: a row's id is its kind and id.
 */
export const paymentLookups = [
  defineResource({
    name: 'paymentConflicts',
    endpoints: {
      getList: get('payment/findConflicts', {
        request: ({ all, ...params }) => ({ ...params, ...(all ? {} : { open: true }) }),
        response: (data) => {
          const page = data as { records: ConflictRow[]; total: number };
          return { ...page, records: page.records.map((row) => ({ ...row, conflictId: row.id, id: `${row.kind}-${row.id}` })) };
        },
      }),
    },
    recordRepresentation: 'orderNo',
  }),
];
