import { groupedResource } from '../readings/resource';

/** 房间用电统计: electricity used per room and day or month, chart and table. */
export default groupedResource('chaobiao', 'roomUsage', { field: 'period', order: 'DESC' }, () => import('./RoomUsageList'));
