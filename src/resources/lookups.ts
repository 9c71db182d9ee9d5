import { get, post } from '../data/endpoints';
import { defineResource } from './defineResource';
import { bindingLookups } from './archives/bindingLookups';
import { paymentLookups } from './statistics/zhifuduizhang/lookups';

/** Helper resources for reference inputs and filters (not routes of their own). */
export const lookupResources = [
  defineResource({ name: 'projects', endpoints: { getList: get('project/findByCondition') }, recordRepresentation: 'name' }),
  defineResource({ name: 'buildings', endpoints: { getList: get('building/findByCondition') }, recordRepresentation: 'name' }),
  defineResource({
    name: 'waterUnboundRooms',
    endpoints: {
      getList: get('webWaterArchive/findUserUnBind', {
        response: (data) => {
          const page = data as { records: { roomId: number }[]; total: number };
          return { ...page, records: page.records.map((room) => ({ id: room.roomId, ...room })) };
        },
      }),
    },
    recordRepresentation: 'roomCode',
  }),
  // Rooms for pickers and lookups (the room list: code, building, tenant, balances).
  defineResource({ name: 'rooms', endpoints: { getList: get('room/findByCondition') }, recordRepresentation: 'roomCode' }),
  defineResource({ name: 'commands', endpoints: { getMany: get('command/findByIds'), actions: { retry: post('command/retry') } } }),
  defineResource({ name: 'modules', endpoints: { getList: get('module/findByCondition') }, recordRepresentation: 'address' }),
  defineResource({ name: 'waterReadings', endpoints: { getList: get('webWaterReadMeterRecord/findByCondition') } }),
  ...bindingLookups,
  ...paymentLookups,
];
