import { deletedReadingResource } from '../../statistics/readings/resource';

/** 删除抄表记录: the deleted meter readings, restored or purged after a confirmation (audited). */
export default deletedReadingResource('shanchuchaobiaojilu', () => import('./DeletedReadingList'));
