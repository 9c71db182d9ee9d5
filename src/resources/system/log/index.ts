import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';

/** 前端日志 (log): the errors the console's shell recorded, tokens masked. */
export default defineResource({
  name: 'log',
  endpoints: { getList: get('frontLog/findByCondition') },
  ...lazyList(() => import('./FrontLogList')),
  firstReads: [['log', firstPageRead({ field: 'createdAt', order: 'DESC' })]],
});
