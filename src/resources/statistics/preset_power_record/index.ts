import { recordResource } from '../records/resource';

/** 预置电量记录: one row per preset energy command's result (meter, room, kWh, operator, result, time). */
export default recordResource('preset_power_record', 'presetEnergyRecord/findByCondition', { field: 'createdAt', order: 'DESC' }, () => import('./PresetRecordList'));
