import { lazy } from 'react';
import { defineResource } from '../../defineResource';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { electricListEndpoints } from '../electric/endpoints';
import { ROOM_SORT } from '../electric/model';

const loadList = () => import('./RelayControlList');

/** 通断控制 (on/off control): trip, close allowed, direct close, keep supply on/off on chosen meters. */
export default defineResource({
  name: 'tongduankongzhi',
  endpoints: electricListEndpoints(),
  list: lazy(loadList),
  preload: loadList,
  firstReads: [['tongduankongzhi', firstPageRead(ROOM_SORT)], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});
