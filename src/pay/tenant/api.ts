/**
 * The signed-in tenant's calls (issue 42; the contract: server/routes/tenantPortal.ts, base
 * `/api/v1/tenant`), made through the pay page's callApi (JSON, no cookie, the page's language,
 * a time limit, the `{ code, msg, data }` envelope). The session token is kept in localStorage and
 * sent as `X-Tenant-Token`; a 401 on a signed-in call ends the session (the client's
 * `unauthorized`). An answer the service worker served from its cache (offline) carries
 * `X-From-Cache: <ISO time>`, passed on to `served`.
 */
import { callApi, callForBlob, type CallInit, type CreatedOrder, type OrderState, type Provider, type Utility } from '../api';
import type { PayLang } from '../i18n';
import type { OrderApi } from '../orderApi';

export const TENANT_API = '/api/v1/tenant';
export const TOKEN_HEADER = 'X-Tenant-Token';
export const FROM_CACHE_HEADER = 'X-From-Cache';
const TOKEN_KEY = 'tenant.token';

/** A mainland mobile number: 11 digits, 1 then 3–9. */
export const PHONE = /^1[3-9]\d{9}$/;
/** A sign-in code: 6 digits. */
export const CODE = /^\d{6}$/;

/** A number as typed: spaces, dashes and a +86 / 0086 prefix dropped, full-width digits read. */
export function normalPhone(text: string): string {
  const digits = text.replace(/[\uff10-\uff19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[\s\-()]/g, '');
  return digits.replace(/^(\+86|0086)/, '');
}

export type SupplyReason = 'arrears' | 'manual' | 'overload' | 'malignant_load' | 'night_limit' | 'timed' | 'keep_supply_released';
export type SupplyState = 'on' | 'off' | 'close_pending' | 'open' | 'closed' | 'abnormal';

export interface Forecast {
  dailyFen: number;
  daysLeft: number | null;
  runOutDate: string | null;
  basisDays: number;
}

export interface TenantUtility {
  utility: Utility;
  unit: 'kWh' | 'm³';
  canPay: boolean;
  balanceFen: number;
  freeLeft: number;
  overdraftFen: number;
  alarm1Fen: number;
  alarm2Fen: number;
  state: SupplyState | null;
  reason: SupplyReason | null;
  online: boolean | null;
  forecast: Forecast | null;
}

export interface TenantRoom {
  roomId: number;
  room: string;
  project: string | null;
  since: string;
  providers: Provider[];
  utilities: TenantUtility[];
}

export interface NoticeSettings {
  lowBalance: boolean;
  daysLeft: boolean;
  daysLeftThreshold: number;
  credited: boolean;
  supply: boolean;
}

export interface Me {
  phone: string;
  settings: NoticeSettings;
}

export type UsagePeriod = 'day' | 'month';
export interface UsagePoint {
  period: string;
  electric: number | null;
  water: number | null;
  electricFen: number | null;
  waterFen: number | null;
}
export interface Usage {
  period: UsagePeriod;
  points: UsagePoint[];
}

export type PaymentKind = 'recharge' | 'void' | 'refund' | 'gift' | 'charge' | 'adjust';
export type Channel = 'cash' | 'wechat' | 'alipay' | 'card';
export interface PaymentLine {
  id: string;
  at: string;
  utility: Utility;
  kind: PaymentKind;
  amountFen: number;
  balanceAfterFen: number;
  orderId: string | null;
  channel: Channel | null;
}
export interface Payments {
  total: number;
  list: PaymentLine[];
}

export interface StatementUtility {
  utility: Utility;
  unit: 'kWh' | 'm³';
  openingFen: number;
  rechargeFen: number;
  voidFen: number;
  chargeFen: number;
  refundFen: number;
  giftFen: number;
  adjustFen: number;
  closingFen: number;
  usage: number;
}
export interface StatementMonth {
  month: string;
  running: boolean;
  utilities: StatementUtility[];
}
export interface Statement extends StatementMonth {
  from: string;
  to: string;
  room: string;
  project: string | null;
  tenantName: string | null;
  issuer: { company: string | null; address: string | null; phone: string | null };
  lines: PaymentLine[];
}

export type FaultKind = 'no_power' | 'no_water' | 'meter' | 'billing' | 'other';
export const FAULT_KINDS: readonly FaultKind[] = ['no_power', 'no_water', 'meter', 'billing', 'other'];
export interface Fault {
  id: number;
  kind: FaultKind;
  text: string;
  createdAt: string;
  state: 'open' | 'resolved';
  resolvedAt: string | null;
  resolution: string | null;
  hasPhoto: boolean;
}
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';
export interface FaultReport {
  kind: FaultKind;
  text: string;
  photo?: { type: PhotoType; data: string };
}

const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

export function storedToken(): string | undefined {
  try {
    return storage()?.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeToken(token: string | undefined) {
  try {
    if (token) storage()?.setItem(TOKEN_KEY, token);
    else storage()?.removeItem(TOKEN_KEY);
  } catch {
    // Private mode: signed in for this page only.
  }
}

/** The two calls before a session. */
export const sendCode = (phone: string, lang: PayLang) =>
  callApi<{ expiresInSeconds: number; resendAfterSeconds: number }>(`${TENANT_API}/login/code`, lang, { body: { phone } });
export const signIn = (phone: string, code: string, lang: PayLang) =>
  callApi<{ token: string; expiresAt: string }>(`${TENANT_API}/login`, lang, { body: { phone, code } });

export interface ClientHooks {
  /** A signed-in call answered 401: the session is over. */
  unauthorized(): void;
  /** A GET answered: from the service worker's cache (its time) or from the server (null). */
  served(fromCache: string | null): void;
}

const room = (roomId: number) => `${TENANT_API}/rooms/${roomId}`;

/** The signed-in calls of one session (token) in one language. */
export function tenantClient(token: string, lang: PayLang, hooks: ClientHooks) {
  const init = (extra: CallInit = {}): CallInit => ({
    ...extra,
    headers: { [TOKEN_HEADER]: token },
    onResponse: (response) => {
      if ((extra.method ?? 'GET') === 'GET' && response.ok) hooks.served(response.headers.get(FROM_CACHE_HEADER));
    },
  });
  const guard = async <T>(call: Promise<T>): Promise<T> => {
    try {
      return await call;
    } catch (error) {
      if ((error as { status?: number }).status === 401) hooks.unauthorized();
      throw error;
    }
  };
  const get = <T>(path: string) => guard(callApi<T>(path, lang, init()));
  const send = <T>(method: string, path: string, body?: unknown) => guard(callApi<T>(path, lang, init({ method, body })));
  return {
    token,
    lang,
    logout: () => send<Record<string, never>>('POST', `${TENANT_API}/logout`, {}),
    me: () => get<Me>(`${TENANT_API}/me`),
    saveSettings: (settings: NoticeSettings) => send<NoticeSettings>('PUT', `${TENANT_API}/settings`, settings),
    rooms: () => get<TenantRoom[]>(`${TENANT_API}/rooms`),
    usage: (roomId: number, period: UsagePeriod) => get<Usage>(`${room(roomId)}/usage?${new URLSearchParams({ period })}`),
    payments: (roomId: number, pageNum: number, pageSize = PAGE_SIZE) =>
      get<Payments>(`${room(roomId)}/payments?${new URLSearchParams({ pageNum: String(pageNum), pageSize: String(pageSize) })}`),
    statements: (roomId: number) => get<StatementMonth[]>(`${room(roomId)}/statements`),
    statement: (roomId: number, month: string) => get<Statement>(`${room(roomId)}/statements/${encodeURIComponent(month)}`),
    statementPdf: (roomId: number, month: string) => guard(callForBlob(`${room(roomId)}/statements/${encodeURIComponent(month)}/pdf`, lang, init())),
    faults: (roomId: number) => get<Fault[]>(`${room(roomId)}/faults`),
    reportFault: (roomId: number, report: FaultReport) => send<{ id: number }>('POST', `${room(roomId)}/faults`, report),
    faultPhoto: (roomId: number, id: number) => guard(callForBlob(`${room(roomId)}/faults/${id}/photo`, lang, init())),
    orders: (roomId: number): OrderApi => ({
      key: `tenant-${roomId}`,
      followSupply: true,
      create: (order, orderLang) => guard(callApi<CreatedOrder>(`${room(roomId)}/orders`, orderLang, init({ method: 'POST', body: order }))),
      get: (orderNo, orderLang) => guard(callApi<OrderState>(`${room(roomId)}/orders/${encodeURIComponent(orderNo)}`, orderLang, init())),
    }),
  };
}

export type TenantClient = ReturnType<typeof tenantClient>;

/** Payments per page of the list ("load more" asks for the next). */
export const PAGE_SIZE = 20;
