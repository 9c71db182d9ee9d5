import type { KeyObject } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { NotificationRefused, ProviderError, type BillLine, type PaymentEvent, type PaymentProvider, type QueriedTrade, type RefundResult } from './provider';
import { authorization, decryptResource, verifyAnswer, type EncryptedResource, type SignatureRefusal } from './wechatpaySignature';
import { billHashMatches, parseTradeBill } from './wechatpayBill';

/**
 * WeChat Pay API v3 in merchant mode (../shared/PAYMENTS.md): Native (QR-code) orders, query, close,
 * refund, the daily trade bill, and notifications. Every request is signed with the merchant key;
 * every answer but the bill's download is taken only when signed by the configured WeChat Pay public
 * key. The same client speaks to the real provider, the simulated one and the tests' fake: only the
 * base URL and the keys differ.
 */

export interface WechatpayOptions {
  baseUrl: string;
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPrivateKey: KeyObject;
  apiV3Key: string;
  publicKey: KeyObject;
  publicKeyId: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

const USER_AGENT = 'prepaid-cloud-platform/1.0 (WeChat Pay API v3; Node.js)';

const TRADE_STATES: Record<string, QueriedTrade['state']> = {
  SUCCESS: 'paid', REFUND: 'refunded', NOTPAY: 'pending', USERPAYING: 'pending', CLOSED: 'closed', REVOKED: 'closed', PAYERROR: 'closed',
};
const REFUND_STATUSES: Record<string, RefundResult['status']> = { PROCESSING: 'processing', SUCCESS: 'success', CLOSED: 'closed', ABNORMAL: 'abnormal' };
const REFUND_EVENTS: Record<string, 'success' | 'abnormal' | 'closed'> = { 'REFUND.SUCCESS': 'success', 'REFUND.ABNORMAL': 'abnormal', 'REFUND.CLOSED': 'closed' };

/** RFC 3339 in China's time, as WeChat Pay prints it: 2026-11-29T10:34:56+08:00. */
export function beijingRfc3339(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

const REFUSALS: Record<SignatureRefusal, string> = {
  missing: 'a Wechatpay-Timestamp, -Nonce, -Signature or -Serial header is missing',
  serial: 'Wechatpay-Serial is not the configured WeChat Pay public key id',
  timestamp: 'Wechatpay-Timestamp is more than 5 minutes from now',
  signature: 'Wechatpay-Signature does not verify with the WeChat Pay public key',
};

/** A bill line's time, `yyyy-MM-dd HH:mm:ss` in UTC+8. */
const beijingTime = (text: string) => {
  if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)) throw new ProviderError(`WeChat Pay bill: time "${text}" unreadable`);
  return new Date(`${text.replace(' ', 'T')}+08:00`);
};

export function createWechatpay(options: WechatpayOptions): PaymentProvider {
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const base = options.baseUrl.replace(/\/+$/, '');
  const merchant = { mchid: options.mchid, serialNo: options.merchantSerial, privateKey: options.merchantPrivateKey };
  const wechatpay = { publicKeyId: options.publicKeyId, publicKey: options.publicKey };

  /** A signed request; `url` is a path under the base URL, or an absolute URL (the bill's download). */
  async function request(method: 'GET' | 'POST', url: string, body?: object): Promise<Response> {
    const target = new URL(url.startsWith('/') ? base + url : url);
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = {
      Authorization: authorization(merchant, method, target.pathname + target.search, text, Math.floor(now().getTime() / 1000)),
      Accept: 'application/json',
      'User-Agent': USER_AGENT,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await send(target.toString(), { method, headers, body: body === undefined ? undefined : text });
    } catch (error) {
      throw new ProviderError(`WeChat Pay ${method} ${target.pathname}: ${(error as Error).message}`, 'NETWORK');
    }
  }

  /** A request whose answer must be WeChat Pay's (signed) and a success; its JSON (undefined for an empty body). */
  async function call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const response = await request(method, path, body);
    const text = await response.text();
    const header = (name: string) => response.headers.get(name);
    const refusal = verifyAnswer({ timestamp: header('Wechatpay-Timestamp'), nonce: header('Wechatpay-Nonce'), signature: header('Wechatpay-Signature'), serial: header('Wechatpay-Serial') },
      text, wechatpay, now().getTime());
    // An unsigned error is not trusted either: its code would decide ('unknown' order, no bill).
    if (refusal) throw new ProviderError(`WeChat Pay's answer to ${method} ${path.split('?')[0]} (HTTP ${response.status}) is refused: ${REFUSALS[refusal]}`);
    let json: Record<string, unknown> | undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ProviderError(`WeChat Pay's answer to ${method} ${path.split('?')[0]} is not JSON`);
    }
    if (!response.ok) {
      throw new ProviderError(`WeChat Pay ${method} ${path.split('?')[0]}: HTTP ${response.status} ${String(json?.message ?? '')}`.trim(), typeof json?.code === 'string' ? json.code : undefined);
    }
    return json as T;
  }

  const orderPath = (orderNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}`;

  async function bill(date: string): Promise<BillLine[]> {
    let answer: { hash_type: string; hash_value: string; download_url: string };
    try {
      answer = await call('GET', `/v3/bill/tradebill?bill_date=${encodeURIComponent(date)}&bill_type=ALL`);
    } catch (error) {
      if (error instanceof ProviderError && error.code === 'NO_STATEMENT_EXIST') return [];
      throw error;
    }
    // The download is authorized like any request, but its answer is not signed: its SHA1 is the check.
    const response = await request('GET', answer.download_url);
    if (!response.ok) throw new ProviderError(`WeChat Pay bill download: HTTP ${response.status}`);
    let bytes = new Uint8Array(await response.arrayBuffer());
    // fetch undoes a Content-Encoding: gzip itself; a .gzip file served as such still starts with 1f 8b.
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = new Uint8Array(gunzipSync(bytes));
    if (!billHashMatches(bytes, answer.hash_type, answer.hash_value)) throw new ProviderError(`WeChat Pay bill of ${date}: the file's ${answer.hash_type} is not the one announced`, 'BILL_HASH');
    let lines;
    try {
      lines = parseTradeBill(new TextDecoder('utf-8').decode(bytes)).lines;
    } catch (error) {
      throw new ProviderError(`WeChat Pay bill of ${date}: ${(error as Error).message}`, 'BILL_FORMAT');
    }
    return lines.flatMap((line): BillLine[] => {
      const base = { orderNo: line.outTradeNo, transactionId: line.transactionId, at: beijingTime(line.tradeTime) };
      if (line.outRefundNo && line.refundState === 'SUCCESS') return [{ kind: 'refund', ...base, amountFen: line.refundFen, refundNo: line.outRefundNo }];
      if (line.tradeState === 'SUCCESS') return [{ kind: 'payment', ...base, amountFen: line.settledFen }];
      return [];
    });
  }

  function readNotification(notification: { headers: Record<string, string | undefined>; body: string }, at: Date): PaymentEvent {
    const { headers, body } = notification;
    const signed = { timestamp: headers['wechatpay-timestamp'] ?? null, nonce: headers['wechatpay-nonce'] ?? null, signature: headers['wechatpay-signature'] ?? null, serial: headers['wechatpay-serial'] ?? null };
    const refusal = verifyAnswer(signed, body, wechatpay, at.getTime());
    if (refusal === 'missing') {
      const missing = Object.entries(signed).filter(([, value]) => !value).map(([name]) => `Wechatpay-${name[0].toUpperCase()}${name.slice(1)}`);
      throw new NotificationRefused(`notification refused: missing ${missing.join(', ')} header`);
    }
    if (refusal) throw new NotificationRefused(`notification refused: ${REFUSALS[refusal]}`);
    let event: { event_type?: string; resource?: EncryptedResource };
    let plain: Record<string, unknown>;
    try {
      event = JSON.parse(body);
    } catch {
      throw new NotificationRefused('notification refused: the body is not JSON');
    }
    if (!event?.resource || typeof event.resource.ciphertext !== 'string') throw new NotificationRefused('notification refused: no resource');
    try {
      plain = JSON.parse(decryptResource(event.resource, options.apiV3Key));
    } catch (error) {
      throw new NotificationRefused(`notification refused: the resource does not decrypt with the APIv3 key (${(error as Error).message})`);
    }
    const text = (name: string) => {
      if (typeof plain[name] !== 'string' || plain[name] === '') throw new NotificationRefused(`notification refused: the resource has no ${name}`);
      return plain[name] as string;
    };
    const amount = (plain.amount ?? {}) as Record<string, unknown>;
    const fen = (name: string) => {
      if (!Number.isSafeInteger(amount[name])) throw new NotificationRefused(`notification refused: amount.${name} is not an amount in fen`);
      return amount[name] as number;
    };
    if (event.event_type === 'TRANSACTION.SUCCESS') {
      const paidAt = new Date(text('success_time'));
      if (Number.isNaN(paidAt.getTime())) throw new NotificationRefused('notification refused: success_time unreadable');
      return {
        kind: 'paid', orderNo: text('out_trade_no'), transactionId: text('transaction_id'), amountFen: fen('total'),
        currency: typeof amount.currency === 'string' ? amount.currency : '', appId: text('appid'), merchantId: text('mchid'), paidAt,
      };
    }
    const status = REFUND_EVENTS[event.event_type ?? ''];
    if (status) {
      return { kind: 'refund', orderNo: text('out_trade_no'), refundNo: text('out_refund_no'), providerRefundId: text('refund_id'), status, amountFen: fen('refund') };
    }
    throw new NotificationRefused(`notification refused: event type ${String(event.event_type)} is not handled`);
  }

  return {
    name: 'wechat',
    identity: { appId: options.appid, merchantId: options.mchid },

    async createOrder(input) {
      const answer = await call<{ code_url?: string }>('POST', '/v3/pay/transactions/native', {
        appid: options.appid, mchid: options.mchid, description: input.description, out_trade_no: input.orderNo,
        time_expire: beijingRfc3339(input.expiresAt), notify_url: input.notifyUrl, amount: { total: input.amountFen, currency: 'CNY' },
      });
      if (typeof answer?.code_url !== 'string') throw new ProviderError('WeChat Pay answered the order without a code_url');
      return { qrCode: answer.code_url };
    },

    async query(orderNo) {
      let trade: { trade_state?: string; transaction_id?: string; success_time?: string; appid?: string; mchid?: string; amount?: { total?: number } };
      try {
        trade = await call('GET', `${orderPath(orderNo)}?mchid=${encodeURIComponent(options.mchid)}`);
      } catch (error) {
        if (error instanceof ProviderError && error.code === 'ORDER_NOT_EXIST') return { orderNo, state: 'unknown' };
        throw error;
      }
      const state = TRADE_STATES[trade?.trade_state ?? ''];
      if (!state) throw new ProviderError(`WeChat Pay answered trade_state ${String(trade?.trade_state)} for ${orderNo}`);
      const result: QueriedTrade = { orderNo, state, appId: trade.appid, merchantId: trade.mchid, transactionId: trade.transaction_id, amountFen: trade.amount?.total };
      if (trade.success_time) result.paidAt = new Date(trade.success_time);
      return result;
    },

    async close(orderNo) {
      await call('POST', `${orderPath(orderNo)}/close`, { mchid: options.mchid });
    },

    async refund(input) {
      const answer = await call<{ refund_id?: string; status?: string }>('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.orderNo, out_refund_no: input.refundNo, reason: input.reason, notify_url: input.notifyUrl,
        amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
      });
      const status = REFUND_STATUSES[answer?.status ?? ''];
      if (!status) throw new ProviderError(`WeChat Pay answered refund status ${String(answer?.status)}`);
      return { refundNo: input.refundNo, providerRefundId: answer.refund_id, status };
    },

    bill,
    readNotification,
    acknowledge: () => ({ status: 204, contentType: 'application/json', body: '' }),
    refuse: (message, status = 400) => ({ status, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) }),
  };
}
