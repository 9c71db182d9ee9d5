import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

/** 用户绑定: tenants bound to rooms, current and past; bind, unbind with settlement. */
export default defineResource({
  name: 'userbangding',
  endpoints: {
    getList: get('tenantBinding/findByCondition'),
    actions: {
      bind: post('tenantBinding/bindTenant'),
      unbind: post('tenantBinding/unbindTenant'),
      preview: get('tenantBinding/findSettlementPreview'),
    },
  },
  ...lazyList(() => import('./BindingList')),
  firstReads: [['userbangding', firstPageRead({ field: 'id', order: 'DESC' })], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'roomCode',
});
