import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';

/** 图形报表: nivo charts of usage, recharges and top rooms over a date range (graphicReport/findReport, issue 32). */
export default defineResource({
  name: 'tuxingbaobiao',
  endpoints: { actions: { report: get('graphicReport/findReport') } },
  ...lazyList(() => import('./GraphicReports')),
});
