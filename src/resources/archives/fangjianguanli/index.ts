import { lazy } from 'react';
import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { ROOM_SORT } from './sort';

/** 房间管理: CRUD of rooms, bulk creation, CSV import, balances, each room's pay code (QR sticker). */
export default defineResource({
  name: 'fangjianguanli',
  endpoints: {
    getList: get('room/findByCondition'),
    create: post('room/addRoom', {
      // The project picker only narrows the buildings: the building says the project.
      request: ({ buildingId, roomCode, floor, size, remark }) => ({ buildingId, roomCode, floor, size, remark }),
    }),
    update: put('room/updateRoom', {
      request: ({ id, buildingId, roomCode, floor, size, remark }) => ({ id, buildingId, roomCode, floor, size, remark }),
    }),
    delete: del('room/deleteRoom'),
    deleteMany: del('room/deleteRoom'),
    actions: {
      previewBulk: post('room/previewRoomsInBulk'),
      addBulk: post('room/addRoomsInBulk'),
      importRooms: post('room/importRooms', { timeoutMs: 120_000 }),
      // Online payments (issue 41): the room's pay link (its QR sticker) and a new one in its place.
      payLink: get('payLink/findByRoom'),
      renewPayLink: post('payLink/renew'),
    },
  },
  ...lazyList(() => import('./RoomList')),
  firstReads: [['fangjianguanli', firstPageRead(ROOM_SORT)], ...PROJECT_BUILDING_READS],
  create: lazy(() => import('./RoomCreate')),
  edit: lazy(() => import('./RoomEdit')),
  recordRepresentation: 'roomCode',
});
