import { lazy } from 'react';
import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

const loadList = () => import('./WaterStateList');

/** 水表状态: valve, battery, last reading and online state of the water meters, and "read now" (the water archive's list call). */
export default defineResource({
  name: 'waterstate',
  endpoints: {
    getList: get('webWaterArchive/findByCondition'),
    actions: { read: post('command/create') },
  },
  list: lazy(loadList),
  preload: loadList,
  firstReads: [['waterstate', firstPageRead()], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});
