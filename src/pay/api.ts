/**
 * The public payment calls (server/routes/pay.ts, issue 41) as the pay page makes them: JSON, no
 * cookie (the page is no operator's session; the server then reads the language from
 * Accept-Language, which the page sets to its own), a time limit, and the `{ code, msg, data }`
 * envelope read into data or a PayCallError carrying the server's message in that language. The
 * signed-in tenant page (src/pay/tenant/api.ts) makes its calls through the same callApi.
 */
import { HTML_LANG, type PayLang } from './i18n';

export const PAY_API = '/api/v1/pay';
/** A pay code: 32 characters of base64url (server/domain/payCodes.ts). */
export const PAY_CODE = /^[A-Za-z0-9_-]{32}$/;
/** How long a call may take before the page calls it failed (and may try again). */
export const CALL_TIMEOUT_MS = 15_000;

export type Utility = 'electric' | 'water';
export type Provider = 'wechat' | 'alipay';
export type PayStatus = 'pending' | 'paid' | 'credited' | 'closed' | 'refunding' | 'refunded' | 'conflict';
/** States after which nothing more happens for the tenant to wait for. */
export const FINAL_STATUSES: readonly PayStatus[] = ['credited', 'closed', 'refunding', 'refunded', 'conflict'];

export interface PayRoom {
  room: string;
  utilities: { utility: Utility; balanceFen: number; state: string | null }[];
  providers: Provider[];
}

export interface CreatedOrder {
  orderNo: string;
  provider: Provider;
  qrCode: string;
  expiresAt: string;
  payUrl: string | null;
}

export interface OrderState {
  orderNo: string;
  status: PayStatus;
  amountFen: number;
  paidAt: string | null;
  creditedAt: string | null;
  expiresAt: string;
  utility: Utility;
  provider: Provider;
  balanceFen?: number | null;
  supplyState?: string | null;
}

/** What the tenant chose for an order, whichever page makes it (orderApi.ts). */
export interface OrderChoice {
  utility: Utility;
  amountFen: number;
  provider: Provider;
  requestId: string;
}

export interface OrderRequest {
  payCode: string;
  utility: Utility;
  amountFen: number;
  provider: Provider;
  requestId: string;
}

/**
 * A call that did not answer data: `status` 0 when the server was not reached (or not in time),
 * else the HTTP status; `message` the server's, already in the page's language ('' if none).
 */
export class PayCallError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'PayCallError';
  }
}

/** The server's clock minus the phone's, from the last answer's Date header (an order's time left is the server's). */
let clockOffsetMs = 0;
export const serverNow = () => Date.now() + clockOffsetMs;

/** What a call may add to the pay page's own request: its headers, and a look at the answer's. */
export interface CallInit {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Sees the answer (its headers) before it is read. */
  onResponse?(response: Response): void;
}

async function send(path: string, lang: PayLang, init: CallInit, accept: string): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALL_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
      headers: { Accept: accept, 'Accept-Language': HTML_LANG[lang], ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    });
  } catch {
    throw new PayCallError(0, '');
  } finally {
    clearTimeout(timer);
  }
  // The Date header is whole seconds: its middle is the best guess; a phone within 2 s is left as it is.
  const date = Date.parse(response.headers.get('date') ?? '');
  if (Number.isFinite(date)) {
    const skew = date + 500 - Date.now();
    clockOffsetMs = Math.abs(skew) > 2_000 ? skew : 0;
  }
  init.onResponse?.(response);
  return response;
}

/** The `{ code, msg }` envelope of a failed answer as a PayCallError. */
async function failure(response: Response, body?: { code?: number; msg?: string }): Promise<PayCallError> {
  if (body === undefined) {
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
  }
  return new PayCallError(response.ok ? body?.code ?? 500 : response.status, typeof body?.msg === 'string' ? body.msg : '');
}

/** One JSON call of the pay page's (or the tenant page's) API: its data, or a PayCallError. */
export async function callApi<T>(path: string, lang: PayLang, init: CallInit = {}): Promise<T> {
  const response = await send(path, lang, init, 'application/json');
  let body: { code?: number; msg?: string; data?: T } | undefined;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok && body?.code === 200) return body.data as T;
  throw await failure(response, body ?? {});
}

/** A file of the API (a PDF): its bytes, or a PayCallError with the server's message. */
export async function callForBlob(path: string, lang: PayLang, init: CallInit = {}): Promise<Blob> {
  const response = await send(path, lang, init, '*/*');
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('application/json')) return response.blob();
  throw await failure(response);
}

const call = callApi;

export const fetchRoom = (payCode: string, lang: PayLang) =>
  call<PayRoom>(`${PAY_API}/room?${new URLSearchParams({ payCode })}`, lang);

export const createOrder = (order: OrderRequest, lang: PayLang) =>
  call<CreatedOrder>(`${PAY_API}/orders`, lang, { method: 'POST', body: order });

export const fetchOrder = (orderNo: string, payCode: string, lang: PayLang) =>
  call<OrderState>(`${PAY_API}/orders/${encodeURIComponent(orderNo)}?${new URLSearchParams({ payCode })}`, lang);

/** A request id for one attempt at an order (8–64 of [A-Za-z0-9_.:-]): 128 random bits in hex; crypto.getRandomValues works on plain http too. */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `pay-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
