import { lazy } from 'react';
import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';

const blankIsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** 权限管理 (bumen): roles, their menu resources and read-only or read-write, through the binding role/* calls. */
export default defineResource({
  name: 'bumen',
  endpoints: {
    getList: get('role/findByCondition'),
    getOne: get('role/findById'),
    create: post('role/addRole', {
      request: ({ name, readOnly, resourceIds, areaId, remark }) => ({ name, readOnly: !!readOnly, resourceIds: resourceIds ?? [], areaId, remark: blankIsNull(remark) }),
    }),
    update: put('role/updateRole', {
      request: ({ id, name, readOnly, resourceIds, remark }) => ({ id, name, readOnly: !!readOnly, resourceIds: resourceIds ?? [], remark: blankIsNull(remark) }),
    }),
    delete: del('role/deleteRole'),
    actions: {
      resources: get('resourse/queryResourse'),
      options: get('sysUser/queryOptions'),
    },
  },
  ...lazyList(() => import('./RoleList')),
  firstReads: [['bumen', firstPageRead()]],
  create: lazy(() => import('./RoleCreate')),
  edit: lazy(() => import('./RoleEdit')),
  recordRepresentation: 'name',
});
