import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';

/** 操作记录 (rizhi): the device command log, read only. */
export default defineResource({
  name: 'rizhi',
  endpoints: { getList: get('commandLog/findByCondition') },
  ...lazyList(() => import('./CommandLogList')),
  firstReads: [['rizhi', firstPageRead({ field: 'createdAt', order: 'DESC' })]],
});
