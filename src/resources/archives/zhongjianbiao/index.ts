import { lazy } from 'react';
import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

const loadList = () => import('./RoomMeterList');

/** 房间绑定 (中间表): rooms and their electric and water meters; attach, detach, move. */
export default defineResource({
  name: 'zhongjianbiao',
  endpoints: {
    getList: get('roomMeter/findByCondition'),
    actions: {
      attach: post('roomMeter/attachMeter'),
      detach: post('roomMeter/detachMeter'),
      move: post('roomMeter/moveMeter'),
    },
  },
  list: lazy(loadList),
  preload: loadList,
  firstReads: [['zhongjianbiao', firstPageRead()], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'roomCode',
});
