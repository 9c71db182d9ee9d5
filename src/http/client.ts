import { API_BASE, API_PREFIX, DEFAULT_LOCALE, REQUEST_TIMEOUT_MS } from '../config';
import { clearSessionCookies, readCookie, SESSION_COOKIES } from '../auth/cookies';
import { emitHttpEvent } from './events';
import { HttpError, STATUS_MESSAGES } from './errors';
import { recordFrontError } from './frontLog';
import { saveFile } from './saveFile';

export type Method = 'get' | 'post' | 'put' | 'delete';
export type Params = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

export interface RequestOptions {
  method: Method;
  /** Relative to base and prefix: `webWaterArchive/findByCondition`. */
  url: string;
  params?: Params;
  data?: unknown;
  /** Send `data` form-encoded (SPEC.md: where a call is form-encoded). */
  form?: boolean;
  /** Skip the 5-second error message (the caller shows its own). */
  quiet?: boolean;
  /** A longer wait than REQUEST_TIMEOUT_MS, for the few calls that work through many rows (CSV imports). */
  timeoutMs?: number;
}

/** The response body shape of the API: code, msg, data. */
export interface Envelope<T = unknown> {
  code: number;
  msg?: string;
  data?: T;
  [key: string]: unknown;
}

export const apiUrl = (url: string) => `${API_BASE.replace(/\/$/, '')}${API_PREFIX}/${url.replace(/^\//, '')}`;

function encode(values: Params): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search;
}

/** The console's languages as the language tags the API reads (server/http/i18n.ts `langOf`). */
const LANGUAGE_TAGS: Record<string, string> = { 'zh-chs': 'zh-CN', 'zh-cht': 'zh-TW', en: 'en', ja: 'ja' };

/**
 * The console's language for the API's Accept-Language: the `lang` cookie (the operator's choice),
 * else the console's default. The server answers its messages (refusals, export headers) in the
 * cookie's language, else in Accept-Language's: without this header a console in its default
 * Chinese, never switched, got the browser's own language (English on an English system).
 */
export const acceptLanguage = (): string => LANGUAGE_TAGS[readCookie('lang') ?? ''] ?? LANGUAGE_TAGS[DEFAULT_LOCALE];

/** SPEC.md section 3: every request is enriched with areaid, areaId and subareaId from the cookie. */
function withArea(params: Params = {}): Params {
  const area = readCookie('areaid');
  return area ? { ...params, areaid: area, areaId: area, subareaId: area } : params;
}

/** The response header with the version of the caller's menu (its role's grants; server/http/grants.ts). */
export const MENU_VERSION_HEADER = 'X-Menu-Version';
let menuVersion: string | undefined;

/**
 * Notes the menu version an answer carries: when it differs from the one seen before in this
 * session, the role's grants changed while signed in, and the shell reads the menu again.
 */
function noteMenuVersion(response: Response) {
  const version = response.headers.get(MENU_VERSION_HEADER);
  if (!version) return;
  const before = menuVersion;
  menuVersion = version;
  if (before !== undefined && before !== version) emitHttpEvent({ type: 'menuChanged' });
}

/** A new session starts without a known menu version. */
export const forgetMenuVersion = () => {
  menuVersion = undefined;
};

/**
 * Back to login, unless the answer belongs to a session that has already been replaced: a request
 * sent with another token than the current one (a late answer from before a logout and a new
 * login) must not end the new session.
 */
function relogin(sentToken: string | undefined) {
  if (sentToken !== readCookie('token')) return;
  clearSessionCookies(SESSION_COOKIES);
  emitHttpEvent({ type: 'relogin' });
}

function showStatus(status: number, url: string, body: Envelope | undefined, quiet?: boolean) {
  if (quiet) return;
  // The server's own message says more than the status line (e.g. which field is wrong).
  if (body?.msg && status !== 404 && status !== 500) {
    emitHttpEvent({ type: 'message', key: STATUS_MESSAGES[status] ?? 'http.unknown', text: body.msg, params: { status, url } });
  } else {
    emitHttpEvent({ type: 'message', key: STATUS_MESSAGES[status] ?? 'http.unknown', params: { status, url } });
  }
}

/**
 * The console's only way to the API (SPEC.md sections 6–8): base /api/, prefix /v1/electricity,
 * 5000 ms timeout, X-Token, area params; code 0 → the whole body, code 200 → its data, other
 * codes → the body; body code 500/502 or no response → login; HTTP errors → a 5-second message.
 */
export async function request<T = unknown>(options: RequestOptions): Promise<T> {
  const token = readCookie('token');
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': acceptLanguage() };
  if (token) headers['X-Token'] = token;
  let body: BodyInit | undefined;
  if (options.data !== undefined && options.method !== 'get') {
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = encode(options.data as Params).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.data);
    }
  } else if (options.form) {
    // SPEC.md: some parameter-only calls (deleteResourse) still declare the form content type.
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  }
  const query = encode(withArea(options.params)).toString();
  const url = `${apiUrl(options.url)}${query ? `?${query}` : ''}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { method: options.method.toUpperCase(), headers, body, signal: controller.signal, credentials: 'same-origin' });
  } catch (error) {
    if (controller.signal.aborted) {
      showStatus(408, url, undefined, options.quiet);
      throw new HttpError('http.408', 408);
    }
    // No response at all: SPEC.md sends the user to login.
    if (!options.quiet) emitHttpEvent({ type: 'message', key: 'http.network' });
    relogin(token);
    throw new HttpError('http.network', 0, undefined, token);
  } finally {
    clearTimeout(timer);
  }

  noteMenuVersion(response);
  const text = await response.text();
  let parsed: Envelope | undefined;
  try {
    parsed = text ? (JSON.parse(text) as Envelope) : undefined;
  } catch {
    parsed = undefined;
  }

  if (!response.ok) {
    showStatus(response.status, url, parsed, options.quiet);
    // Failed requests go to the front-end log (not refusals of bad input or an ended session).
    if (response.status >= 500 || response.status === 404) recordFrontError(`HTTP ${response.status} ${options.method.toUpperCase()} ${url}`);
    throw new HttpError(parsed?.msg ?? STATUS_MESSAGES[response.status] ?? 'http.unknown', response.status, parsed, token);
  }
  if (!parsed || typeof parsed !== 'object') return parsed as T;
  if (parsed.code === 0) return parsed as T;
  if (parsed.code === 200) return parsed.data as T;
  if (parsed.code === 500 || parsed.code === 502) {
    relogin(token);
    throw new HttpError(parsed.msg ?? STATUS_MESSAGES[parsed.code], parsed.code, parsed, token);
  }
  return parsed as T;
}

/** True when a value is an API envelope with an error code (the "other codes return the body" case). */
export const isErrorEnvelope = (value: unknown): value is Envelope =>
  !!value && typeof value === 'object' && 'code' in value && typeof (value as Envelope).code === 'number' && ![0, 200].includes((value as Envelope).code);

/** How long a file answer (a whole filtered result as CSV) may take to arrive in full. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * A file the server answers (a CSV export it streams, a tenant's report photo), fetched with the
 * session's token and area params: the Blob. Errors are those of `request`: a refused filter gets its
 * message naming the field (`quiet`: none shown, the caller shows its own), and the promise rejects.
 */
async function fetchFile(options: { url: string; params?: Params; accept: string; timeoutMs?: number; quiet?: boolean }): Promise<Blob> {
  const token = readCookie('token');
  const headers: Record<string, string> = { Accept: options.accept, 'Accept-Language': acceptLanguage() };
  if (token) headers['X-Token'] = token;
  const query = encode(withArea(options.params)).toString();
  const url = `${apiUrl(options.url)}${query ? `?${query}` : ''}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(url, { method: 'GET', headers, signal: controller.signal, credentials: 'same-origin' });
    } catch {
      if (!options.quiet) emitHttpEvent({ type: 'message', key: controller.signal.aborted ? 'http.408' : 'http.network' });
      throw new HttpError(controller.signal.aborted ? 'http.408' : 'http.network', controller.signal.aborted ? 408 : 0);
    }
    noteMenuVersion(response);
    if (!response.ok) {
      let parsed: Envelope | undefined;
      try {
        parsed = (await response.json()) as Envelope;
      } catch {
        parsed = undefined;
      }
      if (!options.quiet) showStatus(response.status, url, parsed);
      throw new HttpError(parsed?.msg ?? STATUS_MESSAGES[response.status] ?? 'http.unknown', response.status, parsed, token);
    }
    return await response.blob();
  } finally {
    clearTimeout(timer);
  }
}

/** Fetches a file the server writes (a CSV export it streams) and saves it under `filename`. */
export async function download(options: { url: string; params?: Params; filename: string }): Promise<void> {
  saveFile(await fetchFile({ url: options.url, params: options.params, accept: 'text/csv, application/json' }), options.filename);
}

/** Fetches a file the server answers as bytes (a tenant's report photo): the Blob, its type as the server said; quiet (a 404 is no photo). */
export const fetchBlob = (options: { url: string; params?: Params; timeoutMs?: number }): Promise<Blob> =>
  fetchFile({ ...options, accept: 'image/*, application/json', quiet: true });
