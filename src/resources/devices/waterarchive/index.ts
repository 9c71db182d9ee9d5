import { lazy } from 'react';
import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

/** 水表档案: the water meter archive, on the water archive calls of SPEC.md section 7. */
export default defineResource({
  name: 'waterarchive',
  endpoints: {
    getList: get('webWaterArchive/findByCondition'),
    create: post('webWaterArchive/addWebWaterArchive'),
    update: put('webWaterArchive/updateWebWaterArchive', {
      // Only the editable fields go out (the list's joined columns are read-only).
      request: ({ id, address, meterType, roomId, moduleId, priceFen, freeAllowance, remark }) => ({ id, address, meterType, roomId, moduleId, priceFen, freeAllowance, remark }),
    }),
    delete: del('webWaterArchive/deleteWebWaterArchive'),
    deleteMany: del('webWaterArchive/deleteWebWaterArchive'),
    actions: {
      openAccounts: post('webWaterArchive/updateOpenAnAccountInBatches'),
      setValve: put('webWaterArchive/updateWaterStatus'),
      setValveAll: put('webWaterArchive/updateWaterStatusAll'),
      resetFree: put('webWaterArchive/updateFreeAll'),
      unboundRooms: get('webWaterArchive/findUserUnBind'),
      deleteImpact: get('webWaterArchive/findDeleteImpact'),
    },
  },
  ...lazyList(() => import('./WaterArchiveList')),
  // The list's first page and its project and building filters.
  firstReads: [['waterarchive', firstPageRead()], ...PROJECT_BUILDING_READS],
  create: lazy(() => import('./WaterArchiveCreate')),
  edit: lazy(() => import('./WaterArchiveEdit')),
  recordRepresentation: 'address',
});
