import { lazy } from 'react';
import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

/** 用户档案: the user archive (tenants); on a tenant's record, their use of the tenant's page (租户端). */
export default defineResource({
  name: 'userdangan',
  endpoints: {
    getList: get('tenant/findByCondition'),
    create: post('tenant/addTenant', {
      request: ({ name, phone, idType, idNumber, remark }) => ({ name, phone: phone || null, idType, idNumber: idNumber || null, remark: remark || null }),
    }),
    update: put('tenant/updateTenant', {
      // Only the editable fields go out (rooms and counts are read-only).
      request: ({ id, name, phone, idType, idNumber, remark }) => ({ id, name, phone: phone || null, idType, idNumber: idNumber || null, remark: remark || null }),
    }),
    delete: del('tenant/deleteTenant'),
    actions: {
      importTenants: post('tenant/importTenants', { timeoutMs: 120_000 }),
      // The tenant's page (issue 42): the phone's sign-ins and notice choices, and signing it out.
      portal: get('tenant/findPortal'),
      endPortalSessions: put('tenant/endPortalSessions'),
    },
  },
  ...lazyList(() => import('./TenantList')),
  firstReads: [['userdangan', firstPageRead()], ...PROJECT_BUILDING_READS],
  create: lazy(() => import('./TenantCreate')),
  edit: lazy(() => import('./TenantEdit')),
  recordRepresentation: 'name',
});
