import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';

/** 操作记录 (caozuojilu): the operation log, read only (it is append-only: no call changes it). */
export default defineResource({
  name: 'caozuojilu',
  endpoints: {
    getList: get('operationLog/findByCondition'),
    getOne: get('operationLog/findById'),
    actions: { entities: get('operationLog/entities') },
  },
  ...lazyList(() => import('./OperationLogList')),
  firstReads: [['caozuojilu', firstPageRead({ field: 'createdAt', order: 'DESC' })]],
});
