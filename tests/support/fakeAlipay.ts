/**
 * A fake Alipay open API gateway for the tests, over real HTTP on 127.0.0.1: precreate, query, close,
 * refund, the bill's download address and the bill archive itself (alipayBillZip), and signed form
 * notifications sent to a URL. It checks the app's request signature and signs its answers with
 * node:crypto on its own (not with the client's helpers), so the client is not checked by itself.
 * Like Alipay, it answers protocol and business errors with HTTP 200 and a signed `code`.
 */
import { deliver } from './deliveries';
import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipayBillZip, type AlipayBillLine } from '../../server/payments/alipayBill';
import type { NotificationRequest } from '../../server/payments/provider';

export interface RecordedRequest { method: string; path: string; headers: IncomingHttpHeaders; body: string; params: Record<string, string>; verified: boolean }
export interface AlipayTrade {
  out_trade_no: string; subject: string; total: number; timeout_express: string; notify_url?: string; app_id: string;
  /** CREATED: precreated, not yet scanned (Alipay does not know it yet). */
  status: 'CREATED' | 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  trade_no: string; send_pay_date?: string; refunds: Map<string, number>;
}
export type AlipayTamper = 'signature' | 'field';

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
/** Yuan with exactly two decimals, as the client must send them. */
const fenOf = (text: unknown) => (typeof text === 'string' && /^\d+\.\d\d$/.test(text) ? Number(text.replace('.', '')) : undefined);
const beijing = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const digits = (n: number) => Array.from(randomBytes(n), (byte) => byte % 10).join('');
const sign = (text: string, key: KeyObject) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
/** Every non-empty field but those left out, sorted by name, joined `k=v&k=v`. */
const content = (fields: Record<string, string>, leaveOut: string[]) =>
  Object.keys(fields).filter((key) => !leaveOut.includes(key) && fields[key] !== '').sort().map((key) => `${key}=${fields[key]}`).join('&');

const ok = (fields: Record<string, unknown> = {}) => ({ code: '10000', msg: 'Success', ...fields });
const failed = (sub_code: string, sub_msg: string) => ({ code: '40004', msg: 'Business Failed', sub_code, sub_msg });

export async function startFakeAlipay(options: { appId?: string; now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const appId = options.appId ?? '2021000000000001';
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const requests: RecordedRequest[] = [];
  const trades = new Map<string, AlipayTrade>();
  const bills = new Map<string, Uint8Array>();
  const behaviour = { answers: 'signed' as 'signed' | 'badly signed' | 'unsigned' };

  function verifies(params: Record<string, string>): boolean {
    if (params.app_id !== appId || params.sign_type !== 'RSA2' || params.charset !== 'utf-8' || params.format !== 'JSON' || params.version !== '1.0') return false;
    if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(params.timestamp ?? '')) return false;
    return createVerify('RSA-SHA256').update(content(params, ['sign']), 'utf8').verify(app.publicKey, params.sign ?? '', 'base64');
  }

  function answer(method: string, biz: Record<string, string>, notifyUrl?: string): Record<string, unknown> {
    const trade = trades.get(biz.out_trade_no ?? '');
    const known = trade && trade.status !== 'CREATED' ? trade : undefined;
    const refunded = (t: AlipayTrade) => [...t.refunds.values()].reduce((sum, fen) => sum + fen, 0);
    switch (method) {
      case 'alipay.trade.precreate': {
        const total = fenOf(biz.total_amount);
        if (!total || !biz.subject || !/^\d+m$/.test(biz.timeout_express ?? '') || !/^[0-9A-Za-z_-]{1,64}$/.test(biz.out_trade_no ?? '')) return failed('ACQ.INVALID_PARAMETER', '参数无效');
        if (trade) return failed('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
        trades.set(biz.out_trade_no, { out_trade_no: biz.out_trade_no, subject: biz.subject, total, timeout_express: biz.timeout_express, notify_url: notifyUrl, app_id: appId,
          status: 'CREATED', trade_no: `${beijing(now()).slice(0, 10).replace(/-/g, '')}22001${digits(17)}`, refunds: new Map() });
        return ok({ out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/bax0${randomBytes(9).toString('hex')}` });
      }
      case 'alipay.trade.query':
        if (!known) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
        return ok({ trade_no: known.trade_no, out_trade_no: known.out_trade_no, buyer_logon_id: 'buy***@example.com', trade_status: known.status,
          total_amount: yuan(known.total), ...(known.send_pay_date ? { send_pay_date: known.send_pay_date, receipt_amount: yuan(known.total) } : {}) });
      case 'alipay.trade.close':
        if (!known) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (known.status !== 'WAIT_BUYER_PAY') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        known.status = 'TRADE_CLOSED';
        return ok({ trade_no: known.trade_no, out_trade_no: known.out_trade_no });
      case 'alipay.trade.refund': {
        if (!known) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const amount = fenOf(biz.refund_amount);
        const again = known.refunds.has(biz.out_request_no);
        if (!again) {
          if (known.status !== 'TRADE_SUCCESS') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
          if (!amount || !biz.out_request_no || amount > known.total - refunded(known)) return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
          known.refunds.set(biz.out_request_no, amount);
          if (refunded(known) === known.total) known.status = 'TRADE_CLOSED';
        }
        return ok({ trade_no: known.trade_no, out_trade_no: known.out_trade_no, buyer_logon_id: 'buy***@example.com', fund_change: again ? 'N' : 'Y',
          refund_fee: yuan(refunded(known)), gmt_refund_pay: beijing(now()) });
      }
      case 'alipay.data.dataservice.bill.downloadurl.query':
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d\d-\d\d$/.test(biz.bill_date ?? '')) return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-arguments', sub_msg: '入参不合法' };
        if (!bills.has(biz.bill_date)) return failed('isp.bill_not_exist', '账单不存在');
        return ok({ bill_download_url: `${base}/bill/${biz.bill_date}.csv.zip?token=${randomBytes(8).toString('hex')}` });
      default:
        return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' };
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const bill = /^\/bill\/(\d{4}-\d\d-\d\d)\.csv\.zip/.exec(req.url!);
      if (req.method === 'GET' && bill) { // the archive, from a signed link in real life: not signed itself
        requests.push({ method: 'GET', path: req.url!, headers: req.headers, body, params: {}, verified: true });
        res.writeHead(200, { 'Content-Type': 'application/zip' }).end(bills.get(bill[1]));
        return;
      }
      const params = Object.fromEntries(new URLSearchParams(body));
      const verified = verifies(params);
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, body, params, verified });
      let biz: Record<string, string> = {};
      try {
        biz = JSON.parse(params.biz_content ?? '{}');
      } catch { /* answered as invalid below */ }
      const value = verified
        ? answer(params.method, biz, params.notify_url)
        : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配' };
      const text = JSON.stringify(value);
      const signature = behaviour.answers === 'unsigned' ? '' : `,"sign":"${sign(text, behaviour.answers === 'signed' ? alipay.privateKey : stranger.privateKey)}"`;
      res.writeHead(200, { 'Content-Type': 'text/html;charset=utf-8' }).end(`{"${String(params.method ?? 'error').replace(/\./g, '_')}_response":${text}${signature}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event = (trade: AlipayTrade, fields: Record<string, string>): Record<string, string> => ({
    notify_time: beijing(now()), notify_type: 'trade_status_sync', notify_id: randomBytes(16).toString('hex'), app_id: trade.app_id, charset: 'utf-8',
    version: '1.0', sign_type: 'RSA2', trade_no: trade.trade_no, out_trade_no: trade.out_trade_no, trade_status: trade.status, total_amount: yuan(trade.total),
    subject: trade.subject, gmt_create: trade.send_pay_date ?? beijing(now()), buyer_id: '2088102122524333', seller_id: '2088101106499364', ...fields,
  });

  /** A notification's form body, signed by Alipay (sign and sign_type left out of the content), or tampered with as asked. */
  function notification(fields: Record<string, string>, tamper?: AlipayTamper): NotificationRequest {
    const signed: Record<string, string> = { ...fields, sign: sign(content(fields, ['sign', 'sign_type']), tamper === 'signature' ? stranger.privateKey : alipay.privateKey) };
    if (tamper === 'field') signed.total_amount = `1${signed.total_amount}`;
    return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: new URLSearchParams(signed).toString() };
  }

  return {
    url: `${base}/gateway.do`, appId, appPrivateKey: app.privateKey, alipayPublicKey: alipay.publicKey, requests, trades, behaviour, notification,
    /** The options createAlipay needs to speak to this fake. */
    clientOptions: () => ({ gatewayUrl: `${base}/gateway.do`, appId, appPrivateKey: app.privateKey, alipayPublicKey: alipay.publicKey }),
    /** The buyer scans the code: Alipay now knows the trade, waiting for payment. */
    scan(orderNo: string) { trades.get(orderNo)!.status = 'WAIT_BUYER_PAY'; },
    /** The buyer pays: the trade becomes TRADE_SUCCESS (with this amount and app, when given); its notification's fields are returned, unsigned. */
    pay(orderNo: string, overrides: { amountFen?: number; appId?: string } = {}): Record<string, string> {
      const trade = trades.get(orderNo);
      if (!trade) throw new Error(`fake Alipay: no order ${orderNo}`);
      Object.assign(trade, { status: 'TRADE_SUCCESS', send_pay_date: beijing(now()), total: overrides.amountFen ?? trade.total, app_id: overrides.appId ?? trade.app_id });
      const amount = yuan(trade.total);
      return event(trade, { receipt_amount: amount, buyer_pay_amount: amount, invoice_amount: amount, point_amount: '0.00', gmt_payment: trade.send_pay_date!,
        fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]) });
    },
    /** The notification Alipay sends after a refund (TRADE_SUCCESS, or TRADE_CLOSED once all is refunded), unsigned. */
    refundEvent(orderNo: string, refundNo: string): Record<string, string> {
      const trade = trades.get(orderNo)!;
      const total = [...trade.refunds.values()].reduce((sum, fen) => sum + fen, 0);
      return event(trade, { out_biz_no: refundNo, refund_fee: yuan(total), gmt_refund: beijing(now()), gmt_payment: trade.send_pay_date! });
    },
    /** Posts the signed notification to a URL `times` times (in turn or at once), as Alipay retries; answers the HTTP answers. */
    async notify(url: string, fields: Record<string, string>, how: { times?: number; concurrent?: boolean; tamper?: AlipayTamper } = {}) {
      const { body } = notification(fields, how.tamper);
      const once = async () => {
        const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' }, body });
        return { status: response.status, body: await response.text() };
      };
      return deliver(once, how);
    },
    /** The day's bill archive, written from these lines. */
    setBill(date: string, lines: AlipayBillLine[]) { bills.set(date, alipayBillZip(date, lines)); },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>;
