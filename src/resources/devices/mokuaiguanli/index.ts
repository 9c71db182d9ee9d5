import { lazy } from 'react';
import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';

/** The fields an operator may send (online state and heartbeat are the device path's). */
const editable = ({ address, name, kind, protocol, host, port, projectId, settings, remark }: Record<string, unknown>) => {
  const gateway = kind === 'tcp-gateway';
  return {
    address, name: name || null, kind, protocol, projectId: projectId ?? null, remark: remark || null,
    // Only a TCP gateway has a host and port (the server refuses them for the other kinds).
    host: gateway ? host : null, port: gateway ? port : null,
    settings: cleanSettings(settings),
  };
};

/** Settings as sent: empty fields left out (the drivers' defaults apply); none at all is null. */
const cleanSettings = (settings: unknown) => {
  const given = Object.entries((settings ?? {}) as Record<string, unknown>).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return given.length ? Object.fromEntries(given) : null;
};

/** 模块管理: communication modules (concentrators, TCP gateways, DTUs) and the meters on each. */
export default defineResource({
  name: 'mokuaiguanli',
  endpoints: {
    getList: get('module/findByCondition'),
    getOne: get('module/findById'),
    create: post('module/addModule', { request: editable }),
    update: post('module/updateModule', { request: (payload) => ({ id: payload.id, ...editable(payload) }) }),
    delete: post('module/deleteModule', { request: ({ id }) => ({ id }) }),
    actions: {
      // "Test connection": a read of one of its meters (command/create).
      read: post('command/create'),
    },
  },
  ...lazyList(() => import('./ModuleList')),
  firstReads: [['mokuaiguanli', firstPageRead()], PROJECT_BUILDING_READS[0]],
  create: lazy(() => import('./ModuleCreate')),
  edit: lazy(() => import('./ModuleEdit')),
  recordRepresentation: 'address',
});
