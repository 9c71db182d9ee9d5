import { get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { ORDER_SORT } from './sort';

/**
 * A recharge order screen on SPEC.md's statistics order calls: the list (`findRechargeOrderByParams`,
 * with the screen's utility), the server's streamed CSV of the filtered set, and the void
 * (`updateRechargeOrderById`, form-encoded orderId and orderStatus=0, with the operator's reason) of a
 * counter order, and the refund of an online one (`payment/refund`, its earlier refunds `payment/findRefunds`).
 */
export const rechargeOrderResource = (name: 'chongzhidingdan' | 'chongzhiwater', utility: 'electric' | 'water') => defineResource({
  name,
  endpoints: {
    getList: get('webStatsanalysisOrder/findRechargeOrderByParams', { request: (params) => ({ ...params, utility }) }),
    actions: {
      export: get('webStatsanalysisOrder/exportRechargeOrderByParams', { request: (params) => ({ ...params, utility }), download: true }),
      void: put('webStatsanalysisOrder/updateRechargeOrderById', { as: 'form' }),
      // Online orders (issue 41): given back through their provider, in full or in part, never voided.
      refund: post('payment/refund'),
      refunds: get('payment/findRefunds'),
    },
  },
  ...lazyList(() => import('./RechargeOrderList')),
  firstReads: [[name, firstPageRead(ORDER_SORT)], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'orderId',
});
