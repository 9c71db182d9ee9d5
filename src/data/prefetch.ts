import type { GetListParams } from 'react-admin';
import { readCookie } from '../auth/cookies';

/**
 * Reads started ahead of the screen that needs them (the first screen's data on the login click,
 * sent together with the menu instead of after the screen's code has loaded): the data provider's
 * next identical GET takes the answer instead of asking again. Each answer is taken once, within
 * PREFETCH_TTL_MS, by the session that asked for it, so that no screen ever shows older data.
 */
export const PREFETCH_TTL_MS = 10_000;

/** A read started ahead: when, its promise, and its answer once it has come. */
interface Entry {
  at: number;
  result: Promise<unknown>;
  answer?: { value: unknown };
}

const pending = new Map<string, Entry>();

/** The identity of a GET: path, the parameters that are sent (empty ones are not) and the session. */
export function readKey(path: string, params: Record<string, unknown>): string {
  const sent = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(',') : String(value)}`)
    .sort();
  return `${readCookie('token') ?? ''} ${path}?${sent.join('&')}`;
}

/** Keeps a read's answer for the next identical read (a failed one is not kept). */
export function rememberRead(key: string, result: Promise<unknown>) {
  const entry: Entry = { at: Date.now(), result };
  pending.set(key, entry);
  result.then(
    (value) => {
      entry.answer = { value };
    },
    () => {
      if (pending.get(key) === entry) pending.delete(key);
    },
  );
}

/** The answer of a read started ahead, once; undefined when there is none or it is too old. */
export function takeRead(key: string): Promise<unknown> | undefined {
  const entry = pending.get(key);
  pending.delete(key);
  return entry && Date.now() - entry.at <= PREFETCH_TTL_MS ? entry.result : undefined;
}

/**
 * The answer of a read started ahead if it has already come, once (as `takeRead`); undefined while
 * it is on its way (the read then takes the promise) or when there is none.
 */
export function takeAnswer(key: string): { value: unknown } | undefined {
  const entry = pending.get(key);
  if (!entry?.answer || Date.now() - entry.at > PREFETCH_TTL_MS) return undefined;
  pending.delete(key);
  return entry.answer;
}

/** Forgets every read started ahead (logout, a new session). */
export const forgetReads = () => pending.clear();

/** A list read a screen makes when it opens: resource and react-admin's list parameters. */
export type ListRead = [resource: string, params: GetListParams];
