import { lazy } from 'react';
import { get, post, put, del } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';

/** The fields an administrator's form sends (never the hash; the password only on create). */
const FIELDS = ['userName', 'realName', 'phone', 'roleId', 'areaId', 'state', 'remark'] as const;
const pick = (payload: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => payload[name] !== undefined).map((name) => [name, payload[name] === '' ? null : payload[name]]));

/** 管理员 (/sysuser): SPEC.md's sysUser/* calls. */
export default defineResource({
  name: 'sysuser',
  endpoints: {
    getList: get('sysUser/queryUser'),
    create: post('sysUser/saveUser', { request: (payload) => ({ ...pick(payload, FIELDS), password: payload.password }) }),
    update: put('sysUser/updateUser', { request: (payload) => ({ id: payload.id, ...pick(payload, FIELDS) }) }),
    delete: del('sysUser/deleteUser'),
    actions: {
      options: get('sysUser/queryOptions'),
      setState: put('sysUser/updateUser'),
      resetPassword: put('sysUser/updateUser'),
    },
  },
  ...lazyList(() => import('./SysUserList')),
  firstReads: [['sysuser', firstPageRead()]],
  create: lazy(() => import('./SysUserCreate')),
  edit: lazy(() => import('./SysUserEdit')),
  recordRepresentation: 'userName',
});
