import { lazy } from 'react';
import { defineResource } from '../../defineResource';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { electricListEndpoints } from '../electric/endpoints';
import { ROOM_SORT } from '../electric/model';

const loadList = () => import('./MeterQueryList');

/** 电表实时记录 (meter query): choose meters, read them now, watch the values arrive. */
export default defineResource({
  name: 'dianbiaoshishijilu',
  endpoints: electricListEndpoints(),
  list: lazy(loadList),
  preload: loadList,
  firstReads: [['dianbiaoshishijilu', firstPageRead(ROOM_SORT)], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});
