import type { KeyObject } from 'node:crypto';
import { NotificationRefused, ProviderError, type PaymentEvent, type PaymentProvider, type QueriedTrade } from './provider';
import { signRequest, verifiedResponse, verifyNotification } from './alipaySignature';
import { parseAlipayBill } from './alipayBill';

/**
 * Alipay's open API gateway (../shared/PAYMENTS.md): face-to-face QR orders (precreate), query, close,
 * refund, the daily trade bill, and the asynchronous notifications. Every call is a signed form POST;
 * every answer is taken only when Alipay signed the exact text of its `…_response` value. Money crosses
 * the wire as yuan strings, converted here to and from integer fen without floating point.
 */

export interface AlipayOptions {
  gatewayUrl: string;
  appId: string;
  appPrivateKey: KeyObject;
  alipayPublicKey: KeyObject;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** Integer fen → Alipay's yuan string with two decimals (1234 → "12.34"); throws on anything but a non-negative safe integer. */
export function alipayYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`${fen} is not an amount in fen`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Alipay's yuan string → integer fen, exactly ("12.3" → 1230); undefined for anything not /^\d+(\.\d{1,2})?$/ or too large. */
export function alipayFen(yuan: string | undefined): number | undefined {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan ?? '');
  if (!match || match[1].length > 13) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** `yyyy-MM-dd HH:mm:ss` in UTC+8, Alipay's clock. */
const beijingText = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const beijingDate = (text: string | undefined) => (text && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) ? new Date(`${text.replace(' ', 'T')}+08:00`) : undefined);

type Answer = Record<string, string | undefined>;

const TRADE_STATES: Record<string, QueriedTrade['state']> = { TRADE_SUCCESS: 'paid', TRADE_FINISHED: 'paid', WAIT_BUYER_PAY: 'pending', TRADE_CLOSED: 'closed' };

export function createAlipay(options: AlipayOptions): PaymentProvider {
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));

  /** One gateway call; its verified `…_response` value when its code is 10000, else a ProviderError with Alipay's sub_code. */
  async function call(method: string, biz: Record<string, unknown>, notifyUrl?: string): Promise<Answer> {
    const params = signRequest({
      app_id: options.appId, method, format: 'JSON', charset: 'utf-8', sign_type: 'RSA2', timestamp: beijingText(now()),
      version: '1.0', notify_url: notifyUrl, biz_content: JSON.stringify(biz),
    }, options.appPrivateKey);
    let response: Response;
    try {
      response = await send(options.gatewayUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Accept: 'application/json' },
        body: new URLSearchParams(params).toString(),
      });
    } catch (error) {
      throw new ProviderError(`Alipay ${method}: ${(error as Error).message}`, 'NETWORK');
    }
    const raw = await response.text();
    const answer = verifiedResponse<Answer>(raw, method, options.alipayPublicKey);
    if (!answer) {
      // Its code is not trusted (it would decide an 'unknown' trade or an empty bill); it is only told.
      let said = '';
      try {
        const body = JSON.parse(raw) as Record<string, Answer>;
        const value = body[`${method.replace(/\./g, '_')}_response`] ?? body.error_response;
        if (value) said = `, unsigned ${value.sub_code ?? value.code ?? ''} ${value.sub_msg ?? value.msg ?? ''}`.trimEnd();
      } catch { /* not JSON: nothing to tell */ }
      throw new ProviderError(`Alipay's answer to ${method} (HTTP ${response.status}) is refused: not signed by Alipay${said}`);
    }
    if (answer.code !== '10000') throw new ProviderError(answer.sub_msg || answer.msg || `Alipay ${method}: code ${answer.code}`, answer.sub_code || answer.code);
    return answer;
  }

  const fenOf = (value: string | undefined, what: string) => {
    const fen = alipayFen(value);
    if (fen === undefined) throw new ProviderError(`Alipay answered ${what} "${value}", not an amount in yuan`);
    return fen;
  };

  function readNotification(notification: { body: string }): PaymentEvent {
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(notification.body)) {
      if (name in fields) throw new NotificationRefused(`notification refused: field ${name} given twice`);
      fields[name] = value;
    }
    if (fields.charset && fields.charset.toLowerCase() !== 'utf-8') throw new NotificationRefused(`notification refused: charset ${fields.charset} (only utf-8 is spoken)`);
    if (!verifyNotification(fields, options.alipayPublicKey)) throw new NotificationRefused('notification refused: the signature does not verify with the Alipay public key');
    const orderNo = fields.out_trade_no;
    if (!orderNo) throw new NotificationRefused('notification refused: no out_trade_no');
    const fen = (name: string) => {
      const value = alipayFen(fields[name]);
      if (value === undefined) throw new NotificationRefused(`notification refused: ${name} "${fields[name] ?? ''}" is not an amount in yuan`);
      return value;
    };
    const status = fields.trade_status;
    const isRefund = (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' || status === 'TRADE_CLOSED') && !!fields.refund_fee && !!fields.out_biz_no;
    // A paid event names its app and the settlement judges a mismatch; the others name none, so they are checked here.
    if ((status !== 'TRADE_SUCCESS' && status !== 'TRADE_FINISHED') || isRefund) {
      if (fields.app_id !== options.appId) throw new NotificationRefused(`notification refused: app_id ${fields.app_id ?? '(none)'} is not this app's`);
    }
    // refund_fee is, in Alipay's words, the trade's total refunded so far: for one refund, that refund's amount.
    if (isRefund) return { kind: 'refund', orderNo, refundNo: fields.out_biz_no, status: 'success', amountFen: fen('refund_fee') };
    if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
      const paidAt = beijingDate(fields.gmt_payment);
      if (!paidAt) throw new NotificationRefused(`notification refused: gmt_payment "${fields.gmt_payment ?? ''}" unreadable`);
      if (!fields.trade_no) throw new NotificationRefused('notification refused: no trade_no');
      return { kind: 'paid', orderNo, transactionId: fields.trade_no, amountFen: fen('total_amount'), currency: 'CNY', appId: fields.app_id ?? '', merchantId: fields.app_id ?? '', paidAt };
    }
    if (status === 'TRADE_CLOSED') return { kind: 'closed', orderNo, transactionId: fields.trade_no || undefined };
    // Nothing to settle (Alipay rarely sends it): a 2xx refusal, which refuse() answers `success` so that Alipay stops.
    if (status === 'WAIT_BUYER_PAY') throw new NotificationRefused('nothing to settle: the trade waits for the buyer', 200);
    throw new NotificationRefused(`notification refused: trade_status ${status ?? '(none)'} is not handled`);
  }

  return {
    name: 'alipay',
    identity: { appId: options.appId, merchantId: options.appId },

    async createOrder(input) {
      const minutes = Math.max(1, Math.floor((input.expiresAt.getTime() - now().getTime()) / 60_000));
      const answer = await call('alipay.trade.precreate', {
        out_trade_no: input.orderNo, total_amount: alipayYuan(input.amountFen), subject: input.description, timeout_express: `${minutes}m`,
      }, input.notifyUrl);
      if (!answer.qr_code) throw new ProviderError('Alipay answered the order without a qr_code');
      return { qrCode: answer.qr_code };
    },

    async query(orderNo) {
      let answer: Answer;
      try {
        answer = await call('alipay.trade.query', { out_trade_no: orderNo });
      } catch (error) {
        // A precreated order is unknown to Alipay until the buyer scans its code.
        if (error instanceof ProviderError && error.code === 'ACQ.TRADE_NOT_EXIST') return { orderNo, state: 'unknown' };
        throw error;
      }
      const state = TRADE_STATES[answer.trade_status ?? ''];
      if (!state) throw new ProviderError(`Alipay answered trade_status ${String(answer.trade_status)} for ${orderNo}`);
      // The answer names no app: it is this app's trade, asked for under its app_id and signed.
      const trade: QueriedTrade = { orderNo, state, transactionId: answer.trade_no, amountFen: fenOf(answer.total_amount, 'total_amount'), appId: options.appId, merchantId: options.appId };
      if (answer.send_pay_date) {
        trade.paidAt = beijingDate(answer.send_pay_date);
        if (!trade.paidAt) throw new ProviderError(`Alipay answered send_pay_date "${answer.send_pay_date}", not a time`);
      }
      return trade;
    },

    async close(orderNo) {
      await call('alipay.trade.close', { out_trade_no: orderNo });
    },

    async refund(input) {
      const answer = await call('alipay.trade.refund', {
        out_trade_no: input.orderNo, refund_amount: alipayYuan(input.amountFen), out_request_no: input.refundNo, refund_reason: input.reason,
      });
      // Alipay answers refunds synchronously; fund_change N (a repeated request) leaves the result to a query.
      return { refundNo: input.refundNo, status: answer.fund_change === 'Y' ? 'success' : 'processing' };
    },

    async bill(date) {
      let answer: Answer;
      try {
        answer = await call('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: date });
      } catch (error) {
        if (error instanceof ProviderError && error.code === 'isp.bill_not_exist') return [];
        throw error;
      }
      if (!answer.bill_download_url) throw new ProviderError('Alipay answered the bill without a bill_download_url');
      let response: Response;
      try {
        response = await send(answer.bill_download_url, { method: 'GET' });
      } catch (error) {
        throw new ProviderError(`Alipay bill download: ${(error as Error).message}`, 'NETWORK');
      }
      if (!response.ok) throw new ProviderError(`Alipay bill download: HTTP ${response.status}`);
      try {
        return parseAlipayBill(new Uint8Array(await response.arrayBuffer()));
      } catch (error) {
        throw new ProviderError(`Alipay bill of ${date}: ${(error as Error).message}`, 'BILL_FORMAT');
      }
    },

    readNotification,
    acknowledge: () => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }),
    // Alipay reads only the body: anything but `success` is retried. A 2xx refusal means "nothing to do", told as `success`.
    refuse: (_message, status = 400) => ({ status, contentType: 'text/plain; charset=utf-8', body: status >= 200 && status < 300 ? 'success' : 'fail' }),
  };
}
