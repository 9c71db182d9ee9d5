import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';

/** 分区管理 (project overview): a card of live figures per project, drilling down to its buildings and rooms. */
export default defineResource({
  name: 'fenquguanli',
  endpoints: {
    actions: { overview: get('project/findOverview') },
  },
  ...lazyList(() => import('./ProjectOverview')),
});
