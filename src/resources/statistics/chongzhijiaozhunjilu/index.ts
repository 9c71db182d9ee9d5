import { recordResource } from '../records/resource';

export const CALIBRATION_SORT = { field: 'createdAt', order: 'DESC' } as const;

/** 充值校准记录: the corrections of recharge calibration (before, after, difference, reason, operator). */
export default recordResource('chongzhijiaozhunjilu', 'rechargeCalibration/findByCondition', CALIBRATION_SORT, () => import('./CalibrationRecordList'));
