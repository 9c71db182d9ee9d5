import { lazy } from 'react';
import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_SORT } from './sort';

/** 项目管理: CRUD of projects. */
export default defineResource({
  name: 'project',
  endpoints: {
    getList: get('project/findByCondition'),
    create: post('project/addProject'),
    update: put('project/updateProject', {
      request: ({ id, name, address, contact, phone, remark }) => ({ id, name, address, contact, phone, remark }),
    }),
    delete: del('project/deleteProject'),
  },
  ...lazyList(() => import('./ProjectList')),
  firstReads: [['project', firstPageRead(PROJECT_SORT)]],
  create: lazy(() => import('./ProjectCreate')),
  edit: lazy(() => import('./ProjectEdit')),
  recordRepresentation: 'name',
});
