import { recordResource } from '../records/resource';

/** 复费率月结算: the multi-rate settlement per meter and month. */
export default recordResource('monthly_order', 'monthlySettlement/findByCondition', { field: 'month', order: 'DESC' }, () => import('./SettlementList'));
