import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { HttpError, STATUS_MESSAGES } from '../http/errors';
import { i18nProvider } from '../i18n/i18nProvider';
import { download, fetchBlob, isErrorEnvelope, request } from '../http/client';
import { MAX_PAGE_SIZE } from '../config';
import type { CallSpec, EndpointMap, Params } from './endpoints';
import { readKey, rememberRead, takeAnswer, takeRead, type ListRead } from './prefetch';

/** `{ records, total }`: the list convention of the API. */
// Records are whatever the endpoint returns; react-admin's generic record type is left to the caller.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRecord = any;

interface Page {
  records: AnyRecord[];
  total: number;
  /** The server stopped counting at its cap: `total` is a lower bound ("10,000+"). */
  totalCapped?: boolean;
  /** Figures of the whole filtered set (a statistics list's totals row: sums in fen, kWh, m³). */
  totals?: Record<string, number>;
}

/**
 * A capped total travels to the list as `meta.totalCapped` (see ListPagination), a list's totals
 * as `meta.totals` (see ListTotals).
 */
const metaOf = (result: Page) => (result.totalCapped || result.totals
  ? { meta: { ...(result.totalCapped ? { totalCapped: true } : {}), ...(result.totals ? { totals: result.totals } : {}) } }
  : {});

/** A page of the API as react-admin's list result. */
const listResult = (result: Page) => ({ data: result.records, total: result.total, ...metaOf(result) });

export interface MeteringDataProvider extends DataProvider {
  /** Calls a named extra endpoint of a resource's map (`actions`). */
  invoke<T = unknown>(resource: string, action: string, payload?: Record<string, unknown>): Promise<T>;
  /** Starts list reads a screen is about to make; its own identical reads then take their answers. Settles once all have. */
  prefetchLists(reads: ListRead[]): Promise<void>;
  /**
   * A list read's answer if a read started ahead has already brought it (taken once, as the read
   * itself would): the query client gives it to the screen's list query as its first data, so the
   * list renders its rows at once instead of a loading table first. Undefined otherwise.
   */
  answeredList(resource: string, params: GetListParams): { data: AnyRecord[]; total: number; meta?: { totalCapped?: boolean; totals?: Record<string, number> } } | undefined;
}

/** A named extra call a resource's map does not have (optional calls, such as `deleteImpact`, are asked for this way). */
export class NoSuchAction extends Error {
  constructor(resource: string, action: string) {
    super(`Resource "${resource}" has no action "${action}"`);
  }
}

/** A call's payload as sent, where it goes, and the identity of a read (GET with parameters). */
function shape(spec: CallSpec, payload: Record<string, unknown>) {
  const shaped = spec.request ? spec.request(payload) : payload;
  const as = spec.as ?? (spec.method === 'get' || spec.method === 'delete' ? 'params' : 'body');
  return { shaped, as, key: spec.method === 'get' && as === 'params' ? readKey(spec.path, shaped) : undefined };
}

/** Runs one call of a map: payload placement and shaping, and error envelopes turned into errors. */
export async function call<T>(spec: CallSpec, payload: Record<string, unknown> = {}, options: { prefetch?: boolean } = {}): Promise<T> {
  if (spec.download) {
    const { filename, ...rest } = payload;
    const { shaped } = shape(spec, rest);
    await download({ url: spec.path, params: shaped as Params, filename: String(filename ?? 'export.csv') }).catch((error: unknown) => { throw readable(error); });
    return undefined as T;
  }
  if (spec.blob) {
    const { shaped } = shape(spec, payload);
    return fetchBlob({ url: spec.path, params: shaped as Params, timeoutMs: spec.timeoutMs }).catch((error: unknown) => { throw readable(error); }) as Promise<T>;
  }
  // A read started ahead (src/data/prefetch.ts) answers the same read once.
  const { shaped, as, key } = shape(spec, payload);
  const send = () => request({
    method: spec.method,
    url: spec.path,
    params: as === 'params' ? (shaped as Params) : undefined,
    data: as === 'params' ? undefined : shaped,
    form: as === 'form' || !!spec.formHeader,
    // react-admin shows the error itself (once), with the message below.
    quiet: true,
    timeoutMs: spec.timeoutMs,
  });
  let result: unknown;
  try {
    if (key && options.prefetch) {
      const early = send();
      rememberRead(key, early);
      result = await early;
    } else {
      result = await ((key && takeRead(key)) || send());
    }
  } catch (error) {
    throw readable(error);
  }
  if (isErrorEnvelope(result)) throw new HttpError(result.msg ?? `code ${result.code}`, result.code, result);
  return (spec.response ? spec.response(result) : result) as T;
}

/** An error whose message is the server's text, or the catalogue message of its status, translated. */
function readable(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  if (error.body?.msg) return new HttpError(error.body.msg, error.status, error.body, error.sentToken);
  const key = error.status === 0 ? 'http.network' : STATUS_MESSAGES[error.status] ?? 'http.unknown';
  return new HttpError(i18nProvider.translate(key, { url: '', status: error.status }), error.status, error.body, error.sentToken);
}

function listParams(params: GetListParams, page: number, perPage: number): Record<string, unknown> {
  const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
  return { ...params.filter, pageNum: page, pageSize: perPage, sortField: field, sortOrder: order?.toLowerCase() };
}

/**
 * The generic data provider: each resource is a declarative endpoint map. Lists follow the API's
 * convention (pageNum from 1, pageSize ≤ 100, sortField, sortOrder, filters by name → { records,
 * total }); a larger page (an export) is fetched 100 rows at a time.
 */
export function createDataProvider(maps: Record<string, EndpointMap>): MeteringDataProvider {
  const mapOf = (resource: string) => {
    const map = maps[resource];
    if (!map) throw new Error(`No endpoint map for resource "${resource}"`);
    return map;
  };
  const need = (resource: string, method: keyof Omit<EndpointMap, 'actions'>) => {
    const spec = mapOf(resource)[method];
    if (!spec) throw new Error(`Resource "${resource}" has no "${method}" endpoint`);
    return spec;
  };

  const getList = async (resource: string, params: GetListParams, options: { prefetch?: boolean } = {}) => {
    const spec = need(resource, 'getList');
    const { page = 1, perPage = 10 } = params.pagination ?? {};
    if (perPage <= MAX_PAGE_SIZE) {
      return listResult(await call<Page>(spec, listParams(params, page, perPage), options));
    }
    // A page larger than the API allows: fetch its rows in chunks of MAX_PAGE_SIZE.
    const first = (page - 1) * perPage;
    const rows: AnyRecord[] = [];
    let last: Page = { records: [], total: 0 };
    for (let chunk = Math.floor(first / MAX_PAGE_SIZE) + 1; rows.length < perPage; chunk++) {
      last = await call<Page>(spec, listParams(params, chunk, MAX_PAGE_SIZE));
      rows.push(...last.records);
      // A capped total is a lower bound: the rows end where a chunk comes back short.
      if (last.records.length < MAX_PAGE_SIZE || (!last.totalCapped && chunk * MAX_PAGE_SIZE >= last.total)) break;
    }
    const data = rows.slice(first % MAX_PAGE_SIZE, (first % MAX_PAGE_SIZE) + perPage);
    // Past a capped count, the rows read are the better figure.
    const total = last.totalCapped ? Math.max(last.total, (Math.floor(first / MAX_PAGE_SIZE)) * MAX_PAGE_SIZE + rows.length) : last.total;
    return { data, total, ...metaOf(last) };
  };

  return {
    getList: getList as DataProvider['getList'],

    async getOne(resource, params) {
      const map = mapOf(resource);
      if (map.getOne) return { data: await call<AnyRecord>(map.getOne, { id: params.id }) };
      const { data } = await getList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: { id: params.id } });
      if (!data.length) throw new HttpError('ra.notification.item_doesnt_exist', 404);
      return { data: data[0] };
    },

    async getMany(resource, params) {
      const map = mapOf(resource);
      if (map.getMany) return { data: await call<AnyRecord[]>(map.getMany, { ids: params.ids.join(',') }) };
      const { data } = await getList(resource, { pagination: { page: 1, perPage: params.ids.length || 1 }, sort: { field: 'id', order: 'ASC' }, filter: { ids: params.ids.join(',') } });
      return { data };
    },

    async getManyReference(resource, params) {
      return getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },

    async create(resource, params) {
      return { data: await call(need(resource, 'create'), params.data) };
    },

    async update(resource, params) {
      const data = await call<RaRecord | null>(need(resource, 'update'), { ...params.data, id: params.id });
      return { data: data && typeof data === 'object' ? data : { ...params.previousData, ...params.data, id: params.id } };
    },

    async updateMany(resource, params) {
      const spec = need(resource, 'update');
      for (const id of params.ids) await call(spec, { ...params.data, id });
      return { data: params.ids };
    },

    async delete(resource, params) {
      // `meta` carries what the call needs beside the id (e.g. a typed confirmation).
      await call(need(resource, 'delete'), { id: params.id, ...params.meta });
      return { data: params.previousData as never };
    },

    async deleteMany(resource, params) {
      const map = mapOf(resource);
      if (map.deleteMany) await call(map.deleteMany, { ids: params.ids.join(','), ...params.meta });
      else for (const id of params.ids) await call(need(resource, 'delete'), { id, ...params.meta });
      return { data: params.ids };
    },

    answeredList(resource: string, params: GetListParams) {
      const spec = maps[resource]?.getList;
      const { page = 1, perPage = 10 } = params.pagination ?? {};
      if (!spec || perPage > MAX_PAGE_SIZE) return undefined;
      const { key } = shape(spec, listParams(params, page, perPage));
      const answer = key ? takeAnswer(key) : undefined;
      if (!answer || isErrorEnvelope(answer.value)) return undefined;
      return listResult((spec.response ? spec.response(answer.value) : answer.value) as Page);
    },

    prefetchLists(reads: ListRead[]) {
      // Quiet: a read that fails here is simply made again by the screen.
      return Promise.all(reads.map(([resource, params]) => getList(resource, params, { prefetch: true }).catch(() => undefined))).then(() => undefined);
    },

    async invoke<T>(resource: string, action: string, payload: Record<string, unknown> = {}) {
      const spec = mapOf(resource).actions?.[action];
      if (!spec) throw new NoSuchAction(resource, action);
      return call<T>(spec, payload);
    },
  };
}
