import { get, put } from '../../../data/endpoints';
import { recordResource } from '../records/resource';

/** 故障记录: device faults and tenants' fault reports (报修, issue 42), open and cleared, by kind and state; a report resolved here. */
export default recordResource('guzhang', 'fault/findByCondition', { field: 'openedAt', order: 'DESC' }, () => import('./FaultList'), {}, {
  report: get('fault/findReport'),
  reportPhoto: get('fault/findReportPhoto', { blob: true }),
  resolveReport: put('fault/resolveReport'),
});
