import { lazy } from 'react';
import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_SORT } from './sort';

const loadList = () => import('./ProjectList');

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
  list: lazy(loadList),
  preload: loadList,
  firstReads: [['project', firstPageRead(PROJECT_SORT)]],
  create: lazy(() => import('./ProjectCreate')),
  edit: lazy(() => import('./ProjectEdit')),
  recordRepresentation: 'name',
});
