import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { electricListEndpoints } from '../electric/endpoints';
import { ROOM_SORT } from '../electric/model';

/** 通断控制 (on/off control): trip, close allowed, direct close, keep supply on/off on chosen meters. */
export default defineResource({
  name: 'tongduankongzhi',
  endpoints: electricListEndpoints(),
  ...lazyList(() => import('./RelayControlList')),
  firstReads: [['tongduankongzhi', firstPageRead(ROOM_SORT)], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});
