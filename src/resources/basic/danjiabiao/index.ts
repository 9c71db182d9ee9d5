import { lazy } from 'react';
import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';

/** The fields the price table calls take (binding: priceTable/addPriceTable, updatePriceTable); the last tier is open. */
const priceBody = ({ name, kind, sharpFen, peakFen, flatFen, valleyFen, waterFen, tiers, scheduleId, remark }: Record<string, unknown>) => ({
  name, kind, flatFen, waterFen, remark: remark ?? null,
  ...(kind === 'tou' ? { sharpFen, peakFen, valleyFen, scheduleId } : { scheduleId: null }),
  tiers: kind === 'tiered' && Array.isArray(tiers)
    ? tiers.map((tier: { upTo?: number | null; priceFen: number }, i, all) => ({ upTo: i === all.length - 1 ? null : tier.upTo ?? null, priceFen: tier.priceFen }))
    : null,
});

/** 单价表: price tables (single rate, time of use on a day schedule, tiered), on the binding priceTable calls. */
export default defineResource({
  name: 'danjiabiao',
  endpoints: {
    getList: get('priceTable/findByCondition'),
    create: post('priceTable/addPriceTable', { request: priceBody }),
    update: put('priceTable/updatePriceTable', { request: (payload) => ({ id: payload.id, ...priceBody(payload) }) }),
    delete: del('priceTable/deletePriceTable'),
    deleteMany: del('priceTable/deletePriceTable'),
    actions: {
      usedBy: get('priceTable/findUsedBy'),
      areaDefaults: get('areaDefaults/findAreaDefaults'),
      updateAreaDefaults: put('areaDefaults/updateAreaDefaults'),
    },
  },
  ...lazyList(() => import('./PriceTableList')),
  firstReads: [['danjiabiao', firstPageRead()]],
  create: lazy(() => import('./PriceTableCreate')),
  edit: lazy(() => import('./PriceTableEdit')),
  recordRepresentation: 'name',
});
