import { lazy } from 'react';
import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { SET_SCREENS, type SetRoute } from './kinds';

/**
 * The six parameter-set screens (功率 / 控制 / 负载 / 夜间小功率 / 定时通断 / 免费电赠送), one
 * resource each on `parameterSet/<kind>/*`; `push` queues `set_parameter` commands (command/create).
 */
const setResource = (name: SetRoute) => {
  const base = `parameterSet/${SET_SCREENS[name].kind}`;
  const body = ({ name: setName, values, remark }: Record<string, unknown>) => ({ name: setName, values, remark: remark ?? null });
  return defineResource({
    name,
    endpoints: {
      getList: get(`${base}/findByCondition`),
      create: post(`${base}/addParameterSet`, { request: body }),
      update: put(`${base}/updateParameterSet`, { request: (payload) => ({ id: payload.id, ...body(payload) }) }),
      delete: del(`${base}/deleteParameterSet`),
      deleteMany: del(`${base}/deleteParameterSet`),
      actions: { usedBy: get(`${base}/findUsedBy`), push: post('command/create') },
    },
    ...lazyList(() => import('./ParameterSetList')),
    firstReads: [[name, firstPageRead()]],
    create: lazy(() => import('./ParameterSetCreate')),
    edit: lazy(() => import('./ParameterSetEdit')),
    recordRepresentation: 'name',
  });
};

export const gonglvcanshu = setResource('gonglvcanshu');
export const kongzhicanshu = setResource('kongzhicanshu');
export const fuzaicanshu = setResource('fuzaicanshu');
export const night = setResource('night');
export const dstongduancanshu = setResource('dstongduancanshu');
export const mianfeidianzscs = setResource('mianfeidianzscs');
