import { lazy } from 'react';
import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { electricListEndpoints } from '../electric/endpoints';
import { ROOM_SORT } from '../electric/model';
import { writtenSetIds } from './queueSets';

const list = electricListEndpoints();

/** The fields the form edits (the list's joined columns are read-only). */
const EDITABLE = ['address', 'moduleId', 'channel', 'roomId', 'model', 'phase', 'ctRatio', 'priceTableId', 'remark'] as const;
/** The record's fields; a parameter set chosen goes to the meter by command after the save (queueSets.ts), a cleared one is saved. */
const editable = (data: Record<string, unknown>) => ({
  ...Object.fromEntries(EDITABLE.filter((key) => data[key] !== undefined).map((key) => [key, data[key] === '' ? null : data[key]])),
  ...writtenSetIds(data),
});

/** 电表管理 (meter management): CRUD of electric meters, import from CSV, device actions. */
export default defineResource({
  name: 'dianbiaoguanli',
  endpoints: {
    ...list,
    create: post('electricMeter/addElectricMeter', { request: editable }),
    update: post('electricMeter/updateElectricMeter', { request: (data) => ({ id: data.id, ...editable(data) }) }),
    delete: post('electricMeter/deleteElectricMeter', { request: ({ id, confirm }) => ({ id, confirm }) }),
    deleteMany: post('electricMeter/deleteElectricMeter', { request: ({ ids, confirm }) => ({ ids: String(ids).split(',').map(Number), confirm }) }),
    actions: {
      ...list.actions,
      deleteImpact: get('electricMeter/findDeleteImpact'),
      importMeters: post('electricMeter/importElectricMeters', { timeoutMs: 120_000 }),
      modules: get('electricMeter/findModules'),
      formOptions: get('electricMeter/findFormOptions'),
      areaDefaults: get('areaDefaults/findAreaDefaults'),
      queueSet: post('command/create'),
      // The sets sent to a meter (the record panel and the row action: components/devices/SetHistory.tsx).
      setHistory: get('parameterAssignment/findByMeter'),
    },
  },
  ...lazyList(() => import('./ElectricMeterList')),
  firstReads: [['dianbiaoguanli', firstPageRead(ROOM_SORT)], ...PROJECT_BUILDING_READS],
  create: lazy(() => import('./ElectricMeterCreate')),
  edit: lazy(() => import('./ElectricMeterEdit')),
  recordRepresentation: 'address',
});
