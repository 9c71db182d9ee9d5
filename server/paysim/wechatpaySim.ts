import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { rsaSign, rsaVerify } from '../payments/rsa';
import { answerMessage, encryptResource, nonceString, parseAuthorization } from '../payments/wechatpaySignature';
import { randomDigits, randomText, type SimulatorKeys } from './keys';
import { mountPayPage, type PayView } from './payPage';
import { WECHATPAY_RETRIES, canonical, chinaTime, createNotifier, createTimers, rfc3339 } from './support';
import { tradeBillText, type BillEntry } from './wechatpayBillText';

/**
 * A simulated WeChat Pay API v3 (merchant mode, Native payments; issue 41), in the platform's own
 * process: the platform's real client cannot tell it from the real one but for its base URL and keys.
 * Requests must carry the merchant's signature; every answer and notification is signed with the
 * simulated platform key; notifications are retried on WeChat Pay's schedule divided by `timeFactor`.
 * Orders live in memory. Error codes and messages follow the real API's.
 */

export interface WechatpaySimOptions {
  keys: SimulatorKeys;
  notifyFetch?: typeof fetch;
  now?: () => Date;
  /** Simulated seconds per real second (retries, refund processing); 60 by default. */
  timeFactor?: number;
  /** Where the simulator itself is reached, e.g. http://localhost:8080/sim/wechatpay. */
  publicUrl: string;
}

export interface WechatpaySim { app: Hono; payPageUrl(qrCode: string): string; pay(orderNo: string): Promise<void>; stop(): void }

type TradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
interface Order {
  request: string; appid: string; description: string; outTradeNo: string; notifyUrl: string; total: number; expiresAt: Date;
  codeUrl: string; state: TradeState; openid: string; refundedFen: number; transactionId?: string; successAt?: Date;
}
interface Refund { request: string; order: Order; refundId: string; outRefundNo: string; amount: number; notifyUrl: string; createdAt: Date; successAt?: Date; status: 'PROCESSING' | 'SUCCESS' }

const STATE_DESC: Record<TradeState, string> = { NOTPAY: '订单未支付', SUCCESS: '支付成功', CLOSED: '订单已关闭', REFUND: '订单发生过退款' };
const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;
/** Seconds (simulated) a refund stays PROCESSING. */
const REFUND_SECONDS = 5;
const BILLS_KEPT = 20;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const parse = (text: string): Json | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
};
const positive = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const notifyUrlProblem = (value: unknown) => {
  if (typeof value !== 'string' || value.length > 256) return 'notify_url 必须是不超过256个字符的URL';
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'notify_url 必须是 https 地址';
    if (url.search) return 'notify_url 不能携带查询串';
  } catch {
    return 'notify_url 不是合法的URL';
  }
  return undefined;
};

export function createWechatpaySim(options: WechatpaySimOptions): WechatpaySim {
  const w = options.keys.wechatpay;
  const now = options.now ?? (() => new Date());
  const timeFactor = options.timeFactor ?? 60;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const prefix = new URL(publicUrl).pathname.replace(/\/+$/, '');
  const timers = createTimers();
  const notifier = createNotifier({
    fetch: options.notifyFetch ?? ((input, init) => fetch(input, init)), timers, schedule: WECHATPAY_RETRIES, timeFactor,
    accepted: async (response) => {
      await response.arrayBuffer().catch(() => undefined);
      return response.status === 200 || response.status === 204;
    },
  });
  const orders = new Map<string, Order>();
  const byCode = new Map<string, Order>();
  const refunds = new Map<string, Refund>();
  const bills = new Map<string, Uint8Array<ArrayBuffer>>();
  const app = new Hono();

  /** Signature headers over `timestamp\nnonce\nbody\n` with the simulated platform key. */
  const signedHeaders = (text: string) => {
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const nonce = nonceString();
    return { 'Wechatpay-Timestamp': timestamp, 'Wechatpay-Nonce': nonce, 'Wechatpay-Signature': rsaSign(answerMessage(timestamp, nonce, text), w.platformPrivateKey), 'Wechatpay-Serial': w.publicKeyId };
  };
  const answer = (status: number, body?: unknown) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = { ...signedHeaders(text), 'Request-ID': randomText(32) };
    if (text) headers['Content-Type'] = 'application/json; charset=utf-8';
    return new Response(status === 204 ? null : text, { status, headers });
  };
  const fail = (status: number, code: string, message: string) => answer(status, { code, message });

  /** Why a request's Authorization is refused; undefined when it is the merchant's. */
  const signatureProblem = (c: Context, body: string) => {
    const auth = parseAuthorization(c.req.header('authorization'));
    if (!auth) return 'Authorization 头缺失或格式不正确';
    if (auth.mchid !== w.mchid) return '商户号与签名不匹配';
    if (auth.serial_no !== w.merchantSerial) return '商户证书序列号有误';
    if (!/^\d{1,12}$/.test(auth.timestamp) || Math.abs(now().getTime() / 1000 - Number(auth.timestamp)) > 300) return '请求时间戳与当前时间相差超过5分钟';
    // The URL as sent: the path under the simulator's mount, or (the base URL being the API's root) the path after it.
    const full = c.req.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
    const urls = prefix && full.startsWith(`${prefix}/`) ? [full, full.slice(prefix.length)] : [full];
    const signed = urls.some((url) => rsaVerify(`${c.req.method}\n${url}\n${auth.timestamp}\n${auth.nonce_str}\n${body}\n`, auth.signature, w.merchantPublicKey));
    return signed ? undefined : '签名错误，验签失败';
  };
  const signed = (handle: (c: Context, body: string) => Response | Promise<Response>) => async (c: Context) => {
    const body = c.req.method === 'GET' ? '' : await c.req.text();
    const problem = signatureProblem(c, body);
    return problem ? fail(401, 'SIGN_ERROR', problem) : handle(c, body);
  };
  const mchidProblem = (mchid: unknown) => (mchid === undefined || mchid === '' ? '输入源“mchid”映射到字段“直连商户号”必填性规则校验失败，此字段为必填项'
    : mchid !== w.mchid ? 'mchid 与请求的商户号不一致' : undefined);

  /** An unpaid order past its time_expire is closed. */
  const refresh = (order: Order) => {
    if (order.state === 'NOTPAY' && now().getTime() > order.expiresAt.getTime()) order.state = 'CLOSED';
    return order;
  };
  const paid = (order: Order) => order.state === 'SUCCESS' || order.state === 'REFUND';
  const transaction = (order: Order) => {
    refresh(order);
    const payment = paid(order)
      ? { transaction_id: order.transactionId, trade_type: 'NATIVE', bank_type: 'OTHERS', success_time: rfc3339(order.successAt!), payer: { openid: order.openid } }
      : {};
    return {
      appid: order.appid, mchid: w.mchid, out_trade_no: order.outTradeNo, ...payment, trade_state: order.state, trade_state_desc: STATE_DESC[order.state], attach: '',
      amount: paid(order) ? { total: order.total, payer_total: order.total, currency: 'CNY', payer_currency: 'CNY' } : { total: order.total, currency: 'CNY', payer_currency: 'CNY' },
    };
  };

  /** A notification: its body made once (one id for every retry), its headers signed at each attempt. */
  const notify = (url: string, event: string, summary: string, kind: 'transaction' | 'refund', plaintext: unknown) => {
    const body = JSON.stringify({
      id: `EV-${randomDigits(19)}`, create_time: rfc3339(now()), resource_type: 'encrypt-resource', event_type: event, summary,
      resource: encryptResource(JSON.stringify(plaintext), w.apiV3Key, kind, kind),
    });
    return notifier.send(url, () => ({
      method: 'POST', body,
      headers: { ...signedHeaders(body), 'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048', 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/4.0' },
    }));
  };

  const settle = async (order: Order) => {
    if (refresh(order).state !== 'NOTPAY') return;
    order.state = 'SUCCESS';
    order.successAt = now();
    order.transactionId = `4200${randomDigits(6)}${chinaTime(order.successAt).date.replace(/-/g, '')}${randomDigits(10)}`;
    const { trade_state, trade_state_desc, ...rest } = transaction(order);
    await notify(order.notifyUrl, 'TRANSACTION.SUCCESS', '支付成功', 'transaction', { ...rest, trade_state, trade_state_desc });
  };

  app.post('/v3/pay/transactions/native', signed((_c, text) => {
    const body = parse(text);
    if (!body) return fail(400, 'PARAM_ERROR', '请求体不是合法的JSON对象');
    const amount = isObject(body.amount) ? body.amount : {};
    const problem = body.appid !== w.appid || body.mchid !== w.mchid ? 'appid和mch_id不匹配，请检查appid与mchid是否有绑定关系'
      : typeof body.description !== 'string' || body.description === '' || [...body.description].length > 127 ? 'description 必填，不超过127个字符'
        : typeof body.out_trade_no !== 'string' || !OUT_TRADE_NO.test(body.out_trade_no) ? 'out_trade_no 要求6-32个字符，只能是数字、大小写字母_-|*'
          : !positive(amount.total) ? 'amount.total 必须是大于0的整数（单位：分）'
            : amount.currency !== undefined && amount.currency !== 'CNY' ? 'amount.currency 只支持CNY'
              : body.time_expire !== undefined && (typeof body.time_expire !== 'string' || !RFC3339.test(body.time_expire) || Number.isNaN(Date.parse(body.time_expire)))
                ? 'time_expire 必须是rfc3339格式' : notifyUrlProblem(body.notify_url);
    if (problem) return fail(400, 'PARAM_ERROR', problem);
    const outTradeNo = body.out_trade_no as string;
    const existing = orders.get(outTradeNo);
    if (existing) {
      refresh(existing);
      if (paid(existing)) return fail(400, 'ORDER_PAID', '该订单已支付');
      if (existing.state === 'CLOSED') return fail(400, 'ORDER_CLOSED', '订单已关闭');
      if (existing.request !== canonical(body)) return fail(400, 'INVALID_REQUEST', '201 商户订单号重复，同一商户订单号的请求参数不一致');
      return answer(200, { code_url: existing.codeUrl });
    }
    const order: Order = {
      request: canonical(body), appid: w.appid, description: body.description as string, outTradeNo, notifyUrl: body.notify_url as string,
      total: amount.total as number, codeUrl: `weixin://wxpay/bizpayurl?pr=${randomText(10)}`, state: 'NOTPAY', openid: `o${randomText(27)}`, refundedFen: 0,
      // Without a time_expire, the code stays payable for 2 hours.
      expiresAt: typeof body.time_expire === 'string' ? new Date(body.time_expire) : new Date(now().getTime() + 2 * 3_600_000),
    };
    orders.set(outTradeNo, order);
    byCode.set(order.codeUrl, order);
    return answer(200, { code_url: order.codeUrl });
  }));

  const queried = (c: Context, order: Order | undefined) => {
    const problem = mchidProblem(c.req.query('mchid'));
    if (problem) return fail(400, 'PARAM_ERROR', problem);
    return order ? answer(200, transaction(order)) : fail(404, 'ORDER_NOT_EXIST', '订单不存在');
  };
  app.get('/v3/pay/transactions/out-trade-no/:no', signed((c) => queried(c, orders.get(c.req.param('no')!))));
  app.get('/v3/pay/transactions/id/:id', signed((c) => queried(c, [...orders.values()].find((order) => order.transactionId === c.req.param('id')))));

  app.post('/v3/pay/transactions/out-trade-no/:no/close', signed((c, text) => {
    const body = parse(text);
    const problem = body ? mchidProblem(body.mchid) : '请求体不是合法的JSON对象';
    if (problem) return fail(400, 'PARAM_ERROR', problem);
    const order = orders.get(c.req.param('no')!);
    if (!order) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (paid(refresh(order))) return fail(400, 'ORDER_PAID', '订单已支付，不能关闭');
    order.state = 'CLOSED';
    return answer(204);
  }));

  const refundBody = (refund: Refund) => ({
    refund_id: refund.refundId, out_refund_no: refund.outRefundNo, transaction_id: refund.order.transactionId, out_trade_no: refund.order.outTradeNo,
    channel: 'ORIGINAL', user_received_account: '支付用户零钱', success_time: refund.successAt && rfc3339(refund.successAt), create_time: rfc3339(refund.createdAt),
    status: refund.status, funds_account: 'AVAILABLE', promotion_detail: [],
    amount: { total: refund.order.total, refund: refund.amount, from: [], payer_total: refund.order.total, payer_refund: refund.amount, settlement_refund: refund.amount,
      settlement_total: refund.order.total, discount_refund: 0, currency: 'CNY', refund_fee: 0 },
  });
  const completeRefund = (refund: Refund) => {
    refund.status = 'SUCCESS';
    refund.successAt = now();
    refund.order.state = 'REFUND';
    const { amount } = refundBody(refund);
    void notify(refund.notifyUrl, 'REFUND.SUCCESS', '退款成功', 'refund', {
      mchid: w.mchid, out_trade_no: refund.order.outTradeNo, transaction_id: refund.order.transactionId, out_refund_no: refund.outRefundNo, refund_id: refund.refundId,
      refund_status: 'SUCCESS', success_time: rfc3339(refund.successAt), user_received_account: '支付用户零钱',
      amount: { total: amount.total, refund: amount.refund, payer_total: amount.payer_total, payer_refund: amount.payer_refund },
    });
  };

  app.post('/v3/refund/domestic/refunds', signed((_c, text) => {
    const body = parse(text);
    if (!body) return fail(400, 'PARAM_ERROR', '请求体不是合法的JSON对象');
    const amount = isObject(body.amount) ? body.amount : {};
    const problem = body.out_trade_no === undefined && body.transaction_id === undefined ? 'out_trade_no 与 transaction_id 必须填写其一'
      : typeof body.out_refund_no !== 'string' || !OUT_REFUND_NO.test(body.out_refund_no) ? 'out_refund_no 要求1-64个字符，只能是数字、大小写字母_-|*@'
        : !positive(amount.refund) || !positive(amount.total) ? 'amount.refund 与 amount.total 必须是大于0的整数（单位：分）'
          : amount.currency !== 'CNY' ? 'amount.currency 必填，只支持CNY'
            : body.notify_url !== undefined ? notifyUrlProblem(body.notify_url) : undefined;
    if (problem) return fail(400, 'PARAM_ERROR', problem);
    const existing = refunds.get(body.out_refund_no as string);
    if (existing) return existing.request === canonical(body) ? answer(200, refundBody(existing)) : fail(400, 'INVALID_REQUEST', '同一退款单号的请求参数不一致');
    const order = body.out_trade_no !== undefined ? orders.get(String(body.out_trade_no)) : [...orders.values()].find((o) => o.transactionId === body.transaction_id);
    if (!order) return fail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (!paid(refresh(order))) return fail(400, 'INVALID_REQUEST', '订单未支付，不能退款');
    if (amount.total !== order.total) return fail(400, 'INVALID_REQUEST', '订单金额与原订单金额不一致');
    if (order.refundedFen + (amount.refund as number) > order.total) return fail(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    order.refundedFen += amount.refund as number;
    const refund: Refund = {
      request: canonical(body), order, refundId: `50${randomDigits(27)}`, outRefundNo: body.out_refund_no as string, amount: amount.refund as number,
      notifyUrl: typeof body.notify_url === 'string' ? body.notify_url : order.notifyUrl, createdAt: now(), status: 'PROCESSING',
    };
    refunds.set(refund.outRefundNo, refund);
    timers.after((REFUND_SECONDS * 1000) / timeFactor, () => completeRefund(refund));
    return answer(200, refundBody(refund));
  }));
  app.get('/v3/refund/domestic/refunds/:no', signed((c) => {
    const refund = refunds.get(c.req.param('no')!);
    return refund ? answer(200, refundBody(refund)) : fail(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
  }));

  app.get('/v3/bill/tradebill', signed((c) => {
    const date = c.req.query('bill_date') ?? '';
    const type = c.req.query('bill_type') ?? 'ALL';
    const tar = c.req.query('tar_type');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) return fail(400, 'PARAM_ERROR', 'bill_date 格式为yyyy-MM-DD');
    if (!['ALL', 'SUCCESS', 'REFUND'].includes(type) || (tar !== undefined && tar !== 'GZIP')) return fail(400, 'PARAM_ERROR', 'bill_type 或 tar_type 取值不正确');
    if (date > chinaTime(now()).date) return fail(400, 'INVALID_REQUEST', '账单日期不能晚于今天');
    const onDate = (at?: Date) => at !== undefined && chinaTime(at).date === date;
    const entries: BillEntry[] = [];
    const line = (order: Order) => ({ appid: order.appid, mchid: w.mchid, transactionId: order.transactionId!, outTradeNo: order.outTradeNo, openid: order.openid, description: order.description });
    if (type !== 'REFUND') for (const order of orders.values()) if (onDate(order.successAt)) entries.push({ kind: 'payment', at: order.successAt!, amountFen: order.total, ...line(order) });
    if (type !== 'SUCCESS') for (const refund of refunds.values()) {
      if (onDate(refund.successAt)) entries.push({ kind: 'refund', at: refund.successAt!, amountFen: refund.amount, refundId: refund.refundId, outRefundNo: refund.outRefundNo, ...line(refund.order) });
    }
    if (!entries.length) return fail(400, 'NO_STATEMENT_EXIST', '账单文件不存在');
    entries.sort((a, b) => a.at.getTime() - b.at.getTime());
    const text = Buffer.from(tradeBillText(entries), 'utf8');
    const bytes = new Uint8Array(tar === 'GZIP' ? gzipSync(text) : text);
    const token = randomText(64);
    bills.set(token, bytes);
    for (const old of bills.keys()) if (bills.size > BILLS_KEPT) bills.delete(old);
    return answer(200, { hash_type: 'SHA1', hash_value: createHash('sha1').update(bytes).digest('hex'), download_url: `${publicUrl}/v3/billdownload/file?token=${token}` });
  }));
  // The download is signed by the merchant like any request, but its answer is not signed: the SHA1 vouches for it.
  app.get('/v3/billdownload/file', signed((c) => {
    const bytes = bills.get(c.req.query('token') ?? '');
    return bytes ? new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/octet-stream' } }) : fail(400, 'INVALID_REQUEST', '账单下载链接已失效');
  }));

  const view = (order: Order): PayView => ({
    merchantId: w.mchid, orderNo: order.outTradeNo, description: order.description, amountFen: order.total,
    state: paid(refresh(order)) ? 'paid' : order.state === 'CLOSED' ? 'closed' : 'pending',
  });
  mountPayPage(app, {
    provider: 'wechat',
    view: (code) => { const order = byCode.get(code); return order && view(order); },
    pay: async (code) => { const order = byCode.get(code); if (!order) return undefined; await settle(order); return view(order); },
  });

  return {
    app,
    payPageUrl: (qrCode) => `${publicUrl}/pay?code=${encodeURIComponent(qrCode)}`,
    async pay(orderNo) {
      const order = orders.get(orderNo);
      if (!order) throw new Error(`simulated WeChat Pay: no order ${orderNo}`);
      if (refresh(order).state === 'CLOSED') throw new Error(`simulated WeChat Pay: order ${orderNo} is closed`);
      await settle(order);
    },
    stop: () => timers.stop(),
  };
}
