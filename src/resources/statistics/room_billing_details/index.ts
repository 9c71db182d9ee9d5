import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { LINE_SORT } from './model';

/** 房间结算明细: the lines of room statements, the accounts' ledger entries (SPEC.md findRoomBillingDetailsPage). */
export default defineResource({
  name: 'room_billing_details',
  endpoints: {
    actions: { export: get('roomBillingStatement/exportRoomBillingDetails', { download: true }) },
    getList: get('roomBillingStatement/findRoomBillingDetailsPage'),
  },
  ...lazyList(() => import('./LineList')),
  firstReads: [['room_billing_details', firstPageRead(LINE_SORT)], ...PROJECT_BUILDING_READS],
});
