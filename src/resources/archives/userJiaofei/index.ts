import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';

/** 用户缴费: find a room, see both accounts, take a recharge, print the receipt (account/* calls of issue 10). */
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
    },
  },
  ...lazyList(() => import('./UserPayment')),
});
