import { lazy } from 'react';
import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';

const loadList = () => import('./ProjectOverview');

/** 分区管理 (project overview): a card of live figures per project, drilling down to its buildings and rooms. */
export default defineResource({
  name: 'fenquguanli',
  endpoints: {
    actions: { overview: get('project/findOverview') },
  },
  list: lazy(loadList),
  preload: loadList,
});
