import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { electricListEndpoints } from '../electric/endpoints';
import { ROOM_SORT } from '../electric/model';

/** 电表实时记录 (meter query): choose meters, read them now, watch the values arrive. */
export default defineResource({
  name: 'dianbiaoshishijilu',
  endpoints: electricListEndpoints(),
  ...lazyList(() => import('./MeterQueryList')),
  firstReads: [['dianbiaoshishijilu', firstPageRead(ROOM_SORT)], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});
