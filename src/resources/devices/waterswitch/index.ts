import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

/**
 * 水表开关: open or close valves, one meter or all the filters match. The valve calls are the water
 * archive's (updateWaterStatus / updateWaterStatusAll, through its resource's actions).
 */
export default defineResource({
  name: 'waterswitch',
  endpoints: { getList: get('webWaterArchive/findByCondition') },
  ...lazyList(() => import('./WaterSwitchList')),
  firstReads: [['waterswitch', firstPageRead()], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});
