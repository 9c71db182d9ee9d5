import { groupedResource } from '../readings/resource';
import { SUMMARY_SORT } from './sort';

/** 充值汇总: recharge orders summed by day, month, channel, operator or project, chart and table. */
export default groupedResource('chongzhihuizong', 'rechargeSummary', SUMMARY_SORT, () => import('./RechargeSummaryList'));
