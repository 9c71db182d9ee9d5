import { lazy } from 'react';
import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { BUILDING_SORT } from './sort';

/** 建筑管理: CRUD of buildings, filtered by project; a building's sheet of pay stickers. */
export default defineResource({
  name: 'jianzhuguanli',
  endpoints: {
    getList: get('building/findByCondition'),
    create: post('building/addBuilding'),
    update: put('building/updateBuilding', {
      request: ({ id, projectId, name, floors, remark }) => ({ id, projectId, name, floors, remark }),
    }),
    delete: del('building/deleteBuilding'),
    // Online payments (issue 41): every room's pay link, for a sheet of QR stickers.
    actions: { stickers: get('payLink/findByBuilding') },
  },
  ...lazyList(() => import('./BuildingList')),
  firstReads: [['jianzhuguanli', firstPageRead(BUILDING_SORT)], PROJECT_BUILDING_READS[0]],
  create: lazy(() => import('./BuildingCreate')),
  edit: lazy(() => import('./BuildingEdit')),
  recordRepresentation: 'name',
});
