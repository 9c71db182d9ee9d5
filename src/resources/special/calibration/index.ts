import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { electricListEndpoints } from '../../devices/electric/endpoints';
import { ROOM_SORT } from '../../devices/electric/model';

/** 校准时间 (time calibration): the electric meter list and time_sync commands, per meter or broadcast. */
export const jiaozhunshijian = defineResource({
  name: 'jiaozhunshijian',
  endpoints: electricListEndpoints(),
  ...lazyList(() => import('./TimeSyncList')),
  firstReads: [['jiaozhunshijian', firstPageRead(ROOM_SORT)], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});

/**
 * 充值校准 (recharge calibration): the electric meter list; compare chosen meters with the platform
 * (rechargeCalibration/compare, findComparison), then correct the ticked ones (correct).
 */
export const chongzhijiaozhun = defineResource({
  name: 'chongzhijiaozhun',
  endpoints: (() => {
    const endpoints = electricListEndpoints();
    return {
      ...endpoints,
      actions: {
        ...endpoints.actions,
        compare: post('rechargeCalibration/compare'),
        findComparison: get('rechargeCalibration/findComparison'),
        correct: post('rechargeCalibration/correct'),
      },
    };
  })(),
  ...lazyList(() => import('./RechargeCalibrationList')),
  firstReads: [['chongzhijiaozhun', firstPageRead(ROOM_SORT)], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});
