import type { ComponentType } from 'react';
import type { SortPayload } from 'react-admin';
import { del, get, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

export const READING_SORT: SortPayload = { field: 'readAt', order: 'DESC' };

/**
 * A reading record screen (`MeterReadingRecordDetails` electric, `chaobiao_water` water) on
 * `meterReadingRecord/*`: the standing readings of its utility, the server's CSV of the filtered
 * set, and the soft delete of a wrong reading (with its reason and the refund choice).
 */
export const readingResource = (name: string, utility: 'electric' | 'water') => defineResource({
  name,
  endpoints: {
    getList: get('meterReadingRecord/findByCondition', { request: (params) => ({ ...params, utility }) }),
    actions: {
      export: get('meterReadingRecord/exportByCondition', { request: (params) => ({ ...params, utility }), download: true }),
      previewDelete: get('meterReadingRecord/previewDelete'),
      deleteReading: del('meterReadingRecord/deleteReading'),
    },
  },
  ...lazyList(() => import('./ReadingList')),
  firstReads: [[name, firstPageRead(READING_SORT)], ...PROJECT_BUILDING_READS],
});

/**
 * A statistics screen on a grouped call (`findByCondition` a page of groups with totals,
 * `findSeries` every group for the chart, `exportByCondition` the CSV), with `fixed` parameters.
 */
export const groupedResource = (name: string, controller: string, sort: SortPayload, load: () => Promise<{ default: ComponentType }>) => defineResource({
  name,
  endpoints: {
    getList: get(`${controller}/findByCondition`),
    actions: {
      series: get(`${controller}/findSeries`),
      export: get(`${controller}/exportByCondition`, { download: true }),
    },
  },
  ...lazyList(load),
  firstReads: [[name, firstPageRead(sort)], ...PROJECT_BUILDING_READS],
});

/** The deleted readings (`shanchuchaobiaojilu`): list, CSV, restore and purge. */
export const deletedReadingResource = (name: string, load: () => Promise<{ default: ComponentType }>) => defineResource({
  name,
  endpoints: {
    getList: get('meterReadingRecord/findDeletedByCondition'),
    actions: {
      export: get('meterReadingRecord/exportDeletedByCondition', { download: true }),
      restore: put('meterReadingRecord/restoreReading'),
      purge: del('meterReadingRecord/purgeReading'),
    },
  },
  ...lazyList(load),
  firstReads: [[name, firstPageRead({ field: 'deletedAt', order: 'DESC' })], ...PROJECT_BUILDING_READS],
});
