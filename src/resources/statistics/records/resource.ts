import type { SortPayload } from 'react-admin';
import { get, type CallSpec } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import type { ComponentType } from 'react';

/**
 * A read-only statistics record screen on one `findByCondition` call (a fixed parameter such as the
 * utility added to every read), its list in a chunk of its own.
 */
export const recordResource = (name: string, path: string, sort: SortPayload, load: () => Promise<{ default: ComponentType }>, fixed: Record<string, unknown> = {}, actions: Record<string, CallSpec> = {}) => defineResource({
  name,
  endpoints: {
    getList: get(path, Object.keys(fixed).length ? { request: (params) => ({ ...params, ...fixed }) } : {}),
    // The server's CSV of the filtered set, beside the list call (`findByCondition` → `exportByCondition`).
    actions: { export: get(path.replace(/findByCondition$/, 'exportByCondition'), { request: (params) => ({ ...params, ...fixed }), download: true }), ...actions },
  },
  ...lazyList(load),
  firstReads: [[name, firstPageRead(sort)], ...PROJECT_BUILDING_READS],
});
