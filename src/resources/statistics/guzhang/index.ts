import { recordResource } from '../records/resource';

/** 故障记录: device faults, open and cleared, by kind and state. */
export default recordResource('guzhang', 'fault/findByCondition', { field: 'openedAt', order: 'DESC' }, () => import('./FaultList'));
