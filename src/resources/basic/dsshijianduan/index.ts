import { lazy } from 'react';
import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';

const body = ({ name, segments, remark }: Record<string, unknown>) => ({ name, segments, remark: remark ?? null });

/** 时间段: day schedules (time-of-use rate registers, or on/off for timed control), on timePeriod/*. */
export default defineResource({
  name: 'dsshijianduan',
  endpoints: {
    getList: get('timePeriod/findByCondition'),
    create: post('timePeriod/addTimePeriod', { request: body }),
    update: put('timePeriod/updateTimePeriod', { request: (payload) => ({ id: payload.id, ...body(payload) }) }),
    delete: del('timePeriod/deleteTimePeriod'),
    deleteMany: del('timePeriod/deleteTimePeriod'),
    actions: { usedBy: get('timePeriod/findUsedBy') },
  },
  ...lazyList(() => import('./ScheduleList')),
  firstReads: [['dsshijianduan', firstPageRead()]],
  create: lazy(() => import('./ScheduleCreate')),
  edit: lazy(() => import('./ScheduleEdit')),
  recordRepresentation: 'name',
});
