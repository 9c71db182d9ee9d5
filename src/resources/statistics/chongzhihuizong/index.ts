import { groupedResource } from '../readings/resource';

/** 充值汇总: recharge orders summed by day, month, channel, operator or project, chart and table. */
export default groupedResource('chongzhihuizong', 'rechargeSummary', { field: 'key', order: 'ASC' }, () => import('./RechargeSummaryList'));
