import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { STATEMENT_SORT } from './model';

/** 房间结算统计: room statements per room, utility and month (SPEC.md findRoomBillingStatementPage); each drills down to its lines. */
export default defineResource({
  name: 'room_billing_statement',
  endpoints: {
    actions: { export: get('roomBillingStatement/exportRoomBillingStatement', { download: true }) },
    getList: get('roomBillingStatement/findRoomBillingStatementPage'),
  },
  ...lazyList(() => import('./StatementList')),
  firstReads: [['room_billing_statement', firstPageRead(STATEMENT_SORT)], ...PROJECT_BUILDING_READS],
  recordRepresentation: (record) => `${String(record.roomCode ?? '')} ${String(record.month ?? '')}`,
});
