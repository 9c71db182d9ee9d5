import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';

/** 用户缴费: find a room, see both accounts, take a recharge, print the receipt (account/* calls of issue 10);
 * an online payment's line refunded (payment/* calls of issue 41). */
export default defineResource({
  name: 'userJiaofei',
  endpoints: {
    actions: {
      findRooms: get('account/findRooms'),
      accounts: get('account/findByRoom'),
      recharge: post('account/recharge'),
      ledger: get('account/ledger'),
      // A water meter takes money once its account is opened: offered right on the payment screen.
      openWaterAccount: post('webWaterArchive/updateOpenAnAccountInBatches'),
      receiptIssuer: get('account/findReceiptIssuer'),
      // An order's receipt printed again (the ledger here, the order lists, the room billing details).
      receipt: get('account/findReceipt'),
      // An online payment's refund from its ledger line (issue 41): the order lists' calls.
      refund: post('payment/refund'),
      refunds: get('payment/findRefunds'),
    },
  },
  ...lazyList(() => import('./UserPayment')),
});
