import type { Method, Params } from '../http/client';

/**
 * One call of an endpoint map: the verb and path (relative to /api/v1/electricity), where its
 * payload goes, and optional shaping of what is sent and what comes back.
 */
export interface CallSpec {
  method: Method;
  path: string;
  /** Where the payload goes: query params, JSON body (default for post/put) or form body. */
  as?: 'params' | 'body' | 'form';
  /** Shape the outgoing payload (default: as given). */
  request?: (payload: Record<string, unknown>) => Record<string, unknown>;
  /** Shape the result (default: as returned). */
  response?: (data: unknown) => unknown;
  /** Wait longer than the client's 5 s for this call (CSV imports of many rows). */
  timeoutMs?: number;
  /** Params only, yet sent with the form content type (SPEC.md: DELETE resourse/deleteResourse). */
  formHeader?: boolean;
  /** The answer is a file (a CSV export the server streams): saved under the payload's `filename`, not parsed. */
  download?: boolean;
  /** The answer is bytes to show (a report's photo): returned as a Blob, not parsed. */
  blob?: boolean;
}

/** The declarative endpoint map of one resource: the one place a deployer adapts to another backend. */
export interface EndpointMap {
  getList?: CallSpec;
  getOne?: CallSpec;
  getMany?: CallSpec;
  create?: CallSpec;
  update?: CallSpec;
  delete?: CallSpec;
  deleteMany?: CallSpec;
  /** Named extra calls of the resource (e.g. `openAccounts`), reached with `dataProvider.invoke`. */
  actions?: Record<string, CallSpec>;
}

export const get = (path: string, extra: Partial<CallSpec> = {}): CallSpec => ({ method: 'get', path, as: 'params', ...extra });
export const post = (path: string, extra: Partial<CallSpec> = {}): CallSpec => ({ method: 'post', path, as: 'body', ...extra });
export const put = (path: string, extra: Partial<CallSpec> = {}): CallSpec => ({ method: 'put', path, as: 'body', ...extra });
export const del = (path: string, extra: Partial<CallSpec> = {}): CallSpec => ({ method: 'delete', path, as: 'params', ...extra });

export type { Params };
