import { lazy } from 'react';
import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

const loadList = () => import('./BindingList');

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
  list: lazy(loadList),
  preload: loadList,
  firstReads: [['userbangding', firstPageRead({ field: 'id', order: 'DESC' })], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'roomCode',
});
