import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

/**
 * 用户参数设置 (issue 30): each room account's alarm levels 1 and 2, overdraft and hoarding limit,
 * listed with its balance (userParameter/findByCondition) and set on one account or the selected
 * ones (userParameter/updateUserParameters), checked against each account's balance.
 */
export default defineResource({
  name: 'basicUserParameters',
  endpoints: {
    getList: get('userParameter/findByCondition'),
    actions: { setLimits: post('userParameter/updateUserParameters') },
  },
  ...lazyList(() => import('./UserParameterList')),
  firstReads: [['basicUserParameters', firstPageRead({ field: 'id', order: 'ASC' })], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'roomCode',
});
