import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

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
  ...lazyList(() => import('./RoomMeterList')),
  firstReads: [['zhongjianbiao', firstPageRead()], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'roomCode',
});
