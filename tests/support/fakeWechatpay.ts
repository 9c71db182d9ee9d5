/**
 * A fake WeChat Pay API v3 server (merchant mode) for the tests, over real HTTP on 127.0.0.1: Native
 * orders, query, close, refund, the trade bill and its download, and signed, encrypted notifications
 * sent to a URL. It checks requests and signs answers with node:crypto on its own (not with the
 * client's helpers), so a test of the client against it is not the client agreeing with itself.
 */
import { deliver } from './deliveries';
import { createCipheriv, createHash, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { BillLine, NotificationRequest } from '../../server/payments/provider';

export interface RecordedRequest { method: string; path: string; headers: IncomingHttpHeaders; body: string; verified: boolean }
export interface WechatTrade {
  appid: string; mchid: string; out_trade_no: string; description: string; notify_url: string; time_expire: string;
  total: number; trade_state: string; transaction_id?: string; success_time?: string;
}
export interface WechatRefund { refund_id: string; out_refund_no: string; out_trade_no: string; refund: number; status: string; notify_url?: string }
/** A notification's event before encryption: its type and the resource's plaintext. */
export interface WechatEvent { id: string; event_type: string; original_type: 'transaction' | 'refund'; plaintext: Record<string, unknown> }
export type WechatTamper = 'signature' | 'timestamp' | 'serial' | 'ciphertext';

const BILL_HEADER = '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,'
  + '微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const beijing = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19);
const digits = (n: number) => Array.from(randomBytes(n), (byte) => byte % 10).join('');

export async function startFakeWechatpay(options: { mchid?: string; appid?: string; now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const mchid = options.mchid ?? '1230000109';
  const appid = options.appid ?? 'wxd678efh567hg6787';
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchantSerial = createHash('sha1').update(randomBytes(8)).digest('hex').toUpperCase();
  const publicKeyId = `PUB_KEY_ID_0${mchid}${digits(20)}`;
  const apiV3Key = randomBytes(16).toString('hex'); // 32 characters
  const requests: RecordedRequest[] = [];
  const trades = new Map<string, WechatTrade>();
  const refunds = new Map<string, WechatRefund>();
  const bills = new Map<string, { bytes: Buffer; gzip?: 'encoding' | 'file'; hash?: string }>();
  /** How answers are signed: as WeChat Pay would, with another key, or not at all. */
  const behaviour = { answers: 'signed' as 'signed' | 'badly signed' | 'unsigned' };

  const sign = (text: string, key: KeyObject) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
  const seconds = () => Math.floor(now().getTime() / 1000);

  /** The merchant's Authorization header checked here, by hand: mchid, serial, age and SHA256withRSA over the request. */
  function verifies(method: string, path: string, header: string | undefined, body: string): boolean {
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
    if (!match) return false;
    const f = Object.fromEntries(match[1].split(',').map((part) => /^(\w+)="([^"]*)"$/.exec(part.trim())?.slice(1) ?? []));
    if (f.mchid !== mchid || f.serial_no !== merchantSerial || Math.abs(seconds() - Number(f.timestamp)) > 300) return false;
    return createVerify('RSA-SHA256').update(`${method}\n${path}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`, 'utf8').verify(merchant.publicKey, f.signature ?? '', 'base64');
  }

  function signedHeaders(body: string, key = platform.privateKey, timestamp = seconds(), serial = publicKeyId): Record<string, string> {
    const nonce = randomBytes(16).toString('hex');
    return { 'Wechatpay-Timestamp': String(timestamp), 'Wechatpay-Nonce': nonce, 'Wechatpay-Serial': serial, 'Wechatpay-Signature': sign(`${timestamp}\n${nonce}\n${body}\n`, key) };
  }

  type Answer = { status: number; json?: unknown; bytes?: Buffer; headers?: Record<string, string> };
  const fail = (status: number, code: string, message: string): Answer => ({ status, json: { code, message } });

  function route(method: string, url: URL, body: string): Answer {
    const path = url.pathname;
    const json = () => JSON.parse(body || '{}');
    if (method === 'POST' && path === '/v3/pay/transactions/native') {
      const o = json();
      if (o.appid !== appid || o.mchid !== mchid) return fail(400, 'PARAM_ERROR', 'appid and mchid do not match');
      if (!/^[0-9A-Za-z_*-]{6,32}$/.test(o.out_trade_no ?? '') || !o.description || !/^https?:\/\/[^?]+$/.test(o.notify_url ?? '')) return fail(400, 'PARAM_ERROR', 'out_trade_no, description or notify_url invalid');
      if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(o.time_expire ?? '')) return fail(400, 'PARAM_ERROR', 'time_expire is not RFC 3339 in +08:00');
      if (!Number.isInteger(o.amount?.total) || o.amount.total < 1 || o.amount.currency !== 'CNY') return fail(400, 'PARAM_ERROR', 'amount invalid');
      if (trades.has(o.out_trade_no)) return fail(400, 'ORDER_NO_USED', 'out_trade_no already used');
      trades.set(o.out_trade_no, { appid, mchid, out_trade_no: o.out_trade_no, description: o.description, notify_url: o.notify_url, time_expire: o.time_expire, total: o.amount.total, trade_state: 'NOTPAY' });
      return { status: 200, json: { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}` } };
    }
    const order = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (order) {
      const trade = trades.get(decodeURIComponent(order[1]));
      const asked = order[2] ? json().mchid : url.searchParams.get('mchid');
      if (asked !== mchid) return fail(400, 'PARAM_ERROR', 'mchid does not match');
      if (!trade) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (order[2] && method === 'POST') {
        if (trade.trade_state === 'SUCCESS' || trade.trade_state === 'REFUND') return fail(400, 'ORDERPAID', '订单已支付');
        trade.trade_state = 'CLOSED';
        return { status: 204 };
      }
      const { description: _d, notify_url: _n, time_expire: _t, total, ...rest } = trade;
      return { status: 200, json: { ...rest, trade_type: 'NATIVE', trade_state_desc: trade.trade_state, amount: { total, currency: 'CNY', ...(trade.success_time ? { payer_total: total, payer_currency: 'CNY' } : {}) } } };
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const o = json();
      const trade = trades.get(o.out_trade_no);
      if (!trade) return fail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (!trade.success_time) return fail(400, 'INVALID_REQUEST', '订单未支付');
      const refunded = [...refunds.values()].filter((r) => r.out_trade_no === trade.out_trade_no && r.status !== 'CLOSED').reduce((sum, r) => sum + r.refund, 0);
      if (o.amount?.total !== trade.total || o.amount?.currency !== 'CNY' || !(o.amount?.refund >= 1) || o.amount.refund > trade.total - refunded) return fail(400, 'PARAM_ERROR', 'amount invalid');
      const refund = refunds.get(o.out_refund_no) ?? { refund_id: `50000${digits(24)}`, out_refund_no: o.out_refund_no, out_trade_no: trade.out_trade_no, refund: o.amount.refund, status: 'PROCESSING', notify_url: o.notify_url };
      refunds.set(refund.out_refund_no, refund);
      return { status: 200, json: { ...refund, notify_url: undefined, transaction_id: trade.transaction_id, channel: 'ORIGINAL', create_time: `${beijing(now())}+08:00`, amount: { total: trade.total, refund: refund.refund, currency: 'CNY' } } };
    }
    if (method === 'GET' && path === '/v3/bill/tradebill') {
      const bill = bills.get(url.searchParams.get('bill_date') ?? '');
      if (url.searchParams.get('bill_type') !== 'ALL') return fail(400, 'PARAM_ERROR', 'bill_type');
      if (!bill) return fail(400, 'NO_STATEMENT_EXIST', '请求的账单文件不存在');
      const hash = bill.hash ?? createHash('sha1').update(bill.bytes).digest('hex');
      return { status: 200, json: { hash_type: 'SHA1', hash_value: hash, download_url: `${base}/v3/billdownload/file?token=${encodeURIComponent(url.searchParams.get('bill_date')!)}` } };
    }
    if (method === 'GET' && path === '/v3/billdownload/file') {
      const bill = bills.get(url.searchParams.get('token') ?? '')!;
      if (!bill.gzip) return { status: 200, bytes: bill.bytes };
      return { status: 200, bytes: gzipSync(bill.bytes), headers: bill.gzip === 'encoding' ? { 'Content-Encoding': 'gzip' } : {} };
    }
    return fail(404, 'NOT_FOUND', `${method} ${path}`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verified = verifies(req.method!, req.url!, req.headers.authorization, body);
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, body, verified });
      const answer = verified ? route(req.method!, new URL(req.url!, base), body) : fail(401, 'SIGN_ERROR', '签名错误');
      if (answer.bytes) { // the bill's download: not signed
        res.writeHead(answer.status, { 'Content-Type': 'application/octet-stream', ...answer.headers }).end(answer.bytes);
        return;
      }
      const text = answer.json === undefined ? '' : JSON.stringify(answer.json);
      const headers = behaviour.answers === 'unsigned' ? {} : signedHeaders(text, behaviour.answers === 'signed' ? platform.privateKey : stranger.privateKey);
      res.writeHead(answer.status, { ...(text ? { 'Content-Type': 'application/json' } : {}), 'Request-ID': randomBytes(8).toString('hex'), ...headers }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A notification as WeChat Pay sends it (headers in lower case), or tampered with as asked. */
  function notification(event: WechatEvent, tamper?: WechatTamper): NotificationRequest {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(event.original_type));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(event.plaintext), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    if (tamper === 'ciphertext') sealed[0] ^= 1;
    const body = JSON.stringify({
      id: event.id, create_time: `${beijing(now())}+08:00`, resource_type: 'encrypt-resource', event_type: event.event_type, summary: event.event_type.startsWith('REFUND') ? '退款成功' : '支付成功',
      resource: { original_type: event.original_type, algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed.toString('base64'), associated_data: event.original_type, nonce },
    });
    const headers = signedHeaders(body, tamper === 'signature' ? stranger.privateKey : platform.privateKey, seconds() - (tamper === 'timestamp' ? 360 : 0),
      tamper === 'serial' ? `PUB_KEY_ID_0${mchid}${digits(20)}` : publicKeyId);
    return { headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])), body };
  }

  return {
    url: base, mchid, appid, apiV3Key, merchantSerial, merchantPrivateKey: merchant.privateKey, publicKey: platform.publicKey, publicKeyId,
    requests, trades, refunds, behaviour, notification,
    /** The options createWechatpay needs to speak to this fake. */
    clientOptions: () => ({ baseUrl: base, mchid, appid, merchantSerial, merchantPrivateKey: merchant.privateKey, apiV3Key, publicKey: platform.publicKey, publicKeyId }),
    /** Sets a trade's state (USERPAYING, REVOKED, PAYERROR… as the buyer's side would). */
    setTradeState(orderNo: string, state: string) { trades.get(orderNo)!.trade_state = state; },
    /** The buyer pays: the trade becomes SUCCESS (with these amount and identity, when given) and its TRANSACTION.SUCCESS event is returned. */
    pay(orderNo: string, overrides: { amountFen?: number; appId?: string; merchantId?: string } = {}): WechatEvent {
      const trade = trades.get(orderNo);
      if (!trade) throw new Error(`fake WeChat Pay: no order ${orderNo}`);
      Object.assign(trade, { trade_state: 'SUCCESS', transaction_id: `42000${digits(23)}`, success_time: `${beijing(now())}+08:00`,
        total: overrides.amountFen ?? trade.total, appid: overrides.appId ?? trade.appid, mchid: overrides.merchantId ?? trade.mchid });
      return { id: `EV-${digits(18)}`, event_type: 'TRANSACTION.SUCCESS', original_type: 'transaction', plaintext: {
        appid: trade.appid, mchid: trade.mchid, out_trade_no: orderNo, transaction_id: trade.transaction_id, trade_type: 'NATIVE', trade_state: 'SUCCESS',
        trade_state_desc: '支付成功', bank_type: 'OTHERS', attach: '', success_time: trade.success_time, payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: { total: trade.total, payer_total: trade.total, currency: 'CNY', payer_currency: 'CNY' },
      } };
    },
    /** A refund ends (SUCCESS, CLOSED or ABNORMAL): its REFUND.… event is returned. */
    completeRefund(refundNo: string, status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' = 'SUCCESS'): WechatEvent {
      const refund = refunds.get(refundNo)!;
      const trade = trades.get(refund.out_trade_no)!;
      refund.status = status;
      if (status === 'SUCCESS') trade.trade_state = 'REFUND';
      return { id: `EV-${digits(18)}`, event_type: `REFUND.${status}`, original_type: 'refund', plaintext: {
        mchid: trade.mchid, out_trade_no: trade.out_trade_no, transaction_id: trade.transaction_id, out_refund_no: refundNo, refund_id: refund.refund_id,
        refund_status: status, success_time: `${beijing(now())}+08:00`, user_received_account: '支付用户零钱',
        amount: { total: trade.total, refund: refund.refund, payer_total: trade.total, payer_refund: refund.refund },
      } };
    },
    /** Sends the event to a URL `times` times (one after another, or all at once), as WeChat Pay retries; answers the HTTP answers. */
    async notify(url: string, event: WechatEvent, how: { times?: number; concurrent?: boolean; tamper?: WechatTamper } = {}) {
      const { headers, body } = notification(event, how.tamper);
      const once = async () => {
        const response = await fetch(url, { method: 'POST', headers: { ...(headers as Record<string, string>), 'Content-Type': 'application/json' }, body });
        return { status: response.status, body: await response.text() };
      };
      return deliver(once, how);
    },
    /** The day's trade bill (the CSV written here from the lines); `gzip` serves it compressed, `hash` announces another SHA1. */
    setBill(date: string, lines: BillLine[], how: { gzip?: 'encoding' | 'file'; hash?: string } = {}) {
      const row = (...values: string[]) => values.map((value) => `\`${value}`).join(',');
      const total = (kind: BillLine['kind']) => yuan(lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amountFen, 0));
      const csv = [BILL_HEADER, ...lines.map((line) => {
        const refund = line.kind === 'refund';
        const amount = yuan(line.amountFen);
        return row(beijing(line.at).replace('T', ' '), appid, mchid, '0', '', line.transactionId, line.orderNo, 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', 'NATIVE',
          refund ? 'REFUND' : 'SUCCESS', 'OTHERS', 'CNY', refund ? '0.00' : amount, '0.00', refund ? `50000${digits(24)}` : '0', line.refundNo ?? '0',
          refund ? amount : '0.00', '0.00', refund ? 'ORIGINAL' : '', refund ? 'SUCCESS' : '', '电费充值', '', '0.00000', '0.60%', refund ? '0.00' : amount, refund ? amount : '0.00', '');
      }),
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      row(String(lines.length), total('payment'), total('refund'), '0.00', '0.00000', total('payment'), total('refund')),
      ].join('\r\n') + '\r\n';
      bills.set(date, { bytes: Buffer.from(csv, 'utf8'), gzip: how.gzip, hash: how.hash });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export type FakeWechatpay = Awaited<ReturnType<typeof startFakeWechatpay>>;
