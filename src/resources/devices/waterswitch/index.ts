import { lazy } from 'react';
import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

const loadList = () => import('./WaterSwitchList');

/**
 * 水表开关: open or close valves, one meter or all the filters match. The valve calls are the water
 * archive's (updateWaterStatus / updateWaterStatusAll, through its resource's actions).
 */
export default defineResource({
  name: 'waterswitch',
  endpoints: { getList: get('webWaterArchive/findByCondition') },
  list: lazy(loadList),
  preload: loadList,
  firstReads: [['waterswitch', firstPageRead()], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});
