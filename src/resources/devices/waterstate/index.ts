import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

/** 水表状态: valve, battery, last reading and online state of the water meters, and "read now" (the water archive's list call). */
export default defineResource({
  name: 'waterstate',
  endpoints: {
    getList: get('webWaterArchive/findByCondition'),
    actions: { read: post('command/create') },
  },
  ...lazyList(() => import('./WaterStateList')),
  firstReads: [['waterstate', firstPageRead()], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});
