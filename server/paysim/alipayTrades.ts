import { yuanText, yuanToFen } from '../../common/money';
import type { AlipayBillLine } from '../payments/alipayBill';
import { randomDigits, randomText } from './keys';
import { alipayTime, canonical, chinaTime, parseAlipayTime } from './support';

/**
 * The simulated Alipay's methods (alipaySim.ts runs the gateway around them): each takes the verified
 * request's biz_content and answers the value of its `…_response`, with Alipay's codes: 10000 Success,
 * 40004 Business Failed with an ACQ.* / isp.* sub_code. Amounts are yuan strings converted to and from
 * integer fen exactly, never through floating point.
 */

export type Answer = Record<string, unknown>;
export const success = (fields: Answer): Answer => ({ code: '10000', msg: 'Success', ...fields });
export const refused = (code: '40001' | '40002' | '40004', subCode: string, subMsg: string): Answer =>
  ({ code, msg: { 40001: 'Missing Required Arguments', 40002: 'Invalid Arguments', 40004: 'Business Failed' }[code], sub_code: subCode, sub_msg: subMsg });
const invalid = (subMsg: string) => refused('40004', 'ACQ.INVALID_PARAMETER', subMsg);
const notExist = () => refused('40004', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
const statusError = () => refused('40004', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');

export interface TradeRefund { outRequestNo: string; fen: number; at: Date }
export interface Trade {
  request: string; outTradeNo: string; tradeNo: string; subject: string; totalFen: number; notifyUrl?: string; qrCode: string;
  createdAt: Date; expiresAt: Date;
  /** Whether the buyer has scanned the code: before, Alipay knows no such trade (queries answer ACQ.TRADE_NOT_EXIST). */
  scanned: boolean;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  paidAt?: Date; buyerId: string; buyerLogonId: string;
  refundedFen: number; refunds: Map<string, TradeRefund>;
}

export interface TradeContext {
  appId: string;
  now(): Date;
  trades: Map<string, Trade>;
  refresh(trade: Trade): Trade;
  /** A download link for a bill archive of these lines. */
  billUrl(date: string, lines: AlipayBillLine[]): string;
  /** A refund was made (the trade's notification goes out). */
  refunded(trade: Trade, refund: TradeRefund): void;
}

type Method = (biz: Record<string, unknown>, params: Record<string, string>) => Answer;

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
/** A positive amount in yuan (at most two decimals, as a string or a JSON number) → fen; undefined otherwise. */
const fenOf = (value: unknown) => {
  const yuan = text(value);
  const fen = /^\d{1,9}(\.\d{1,2})?$/.test(yuan) ? yuanToFen(yuan) : undefined;
  return typeof fen === 'number' && fen > 0 ? fen : undefined;
};
const MINUTES = { m: 1, h: 60, d: 1440 } as const;

/** When an order stops taking money: time_expire, else timeout_express (1m–15d, or 1c: the end of the day), else 2 hours. */
function expiry(biz: Record<string, unknown>, now: Date): Date | undefined {
  if (biz.time_expire !== undefined) return parseAlipayTime(text(biz.time_expire));
  const timeout = text(biz.timeout_express ?? biz.qr_code_timeout_express) || '2h';
  if (timeout === '1c') return new Date(`${chinaTime(now).date}T23:59:59+08:00`);
  const match = /^(\d{1,5})([mhd])$/.exec(timeout);
  const minutes = match ? Number(match[1]) * MINUTES[match[2] as keyof typeof MINUTES] : 0;
  return minutes >= 1 && minutes <= 15 * 1440 ? new Date(now.getTime() + minutes * 60_000) : undefined;
}

export function tradeMethods(ctx: TradeContext): Record<string, Method> {
  const { trades, refresh } = ctx;
  /** The trade a request names, when Alipay knows it (scanned). */
  const find = (biz: Record<string, unknown>): Trade | undefined => {
    const trade = biz.out_trade_no !== undefined ? trades.get(text(biz.out_trade_no)) : [...trades.values()].find((t) => t.tradeNo === text(biz.trade_no));
    return trade?.scanned ? refresh(trade) : undefined;
  };
  const named = (biz: Record<string, unknown>) => biz.out_trade_no !== undefined || biz.trade_no !== undefined;

  return {
    'alipay.trade.precreate': (biz, params) => {
      const outTradeNo = text(biz.out_trade_no);
      const totalFen = fenOf(biz.total_amount);
      const subject = text(biz.subject);
      const expiresAt = expiry(biz, ctx.now());
      if (!/^[0-9A-Za-z_-]{1,64}$/.test(outTradeNo)) return invalid('out_trade_no 必填，64个字符以内的字母、数字、下划线');
      if (totalFen === undefined || totalFen > 10_000_000_000) return invalid('total_amount 取值范围[0.01,100000000]，精确到小数点后两位');
      if (!subject || [...subject].length > 256) return invalid('subject 必填，不超过256个字符');
      if (!expiresAt) return invalid('timeout_express 取值范围1m～15d，或 time_expire 格式为yyyy-MM-dd HH:mm:ss');
      const request = canonical({ ...biz, notify_url: params.notify_url ?? null });
      const existing = trades.get(outTradeNo);
      if (existing) {
        refresh(existing);
        if (existing.paidAt) return refused('40004', 'ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
        if (existing.status === 'TRADE_CLOSED') return refused('40004', 'ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
        if (existing.request !== request) return refused('40004', 'ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
        return success({ out_trade_no: outTradeNo, qr_code: existing.qrCode });
      }
      const createdAt = ctx.now();
      const trade: Trade = {
        request, outTradeNo, subject, totalFen, notifyUrl: params.notify_url || undefined, createdAt, expiresAt, scanned: false, status: 'WAIT_BUYER_PAY',
        tradeNo: `${chinaTime(createdAt).date.replace(/-/g, '')}22001${randomDigits(15)}`, buyerId: `2088${randomDigits(12)}`, buyerLogonId: `${randomDigits(3)}****${randomDigits(4)}`,
        qrCode: `https://qr.alipay.com/bax${randomText(22, '0123456789abcdefghijklmnopqrstuvwxyz')}`, refundedFen: 0, refunds: new Map(),
      };
      trades.set(outTradeNo, trade);
      return success({ out_trade_no: outTradeNo, qr_code: trade.qrCode });
    },

    'alipay.trade.query': (biz) => {
      if (!named(biz)) return invalid('out_trade_no 与 trade_no 必须填写其一');
      const trade = find(biz);
      if (!trade) return notExist();
      const total = yuanText(trade.totalFen);
      const paid = trade.paidAt ? { buyer_pay_amount: total, receipt_amount: total, invoice_amount: total, point_amount: '0.00', send_pay_date: alipayTime(trade.paidAt) } : {};
      return success({
        trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, buyer_logon_id: trade.buyerLogonId, trade_status: trade.status, total_amount: total,
        ...paid, buyer_user_id: trade.buyerId,
      });
    },

    'alipay.trade.close': (biz) => {
      if (!named(biz)) return invalid('out_trade_no 与 trade_no 必须填写其一');
      const trade = find(biz);
      if (!trade) return notExist();
      if (trade.status !== 'WAIT_BUYER_PAY') return statusError();
      trade.status = 'TRADE_CLOSED';
      return success({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
    },

    'alipay.trade.refund': (biz) => {
      if (!named(biz)) return invalid('out_trade_no 与 trade_no 必须填写其一');
      const fen = fenOf(biz.refund_amount);
      if (fen === undefined) return invalid('refund_amount 必须大于0，精确到小数点后两位');
      const trade = find(biz);
      if (!trade) return notExist();
      const outRequestNo = text(biz.out_request_no) || trade.outTradeNo;
      const answer = (fundChange: 'Y' | 'N', refund: TradeRefund) => success({
        trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, buyer_logon_id: trade.buyerLogonId, fund_change: fundChange,
        refund_fee: yuanText(trade.refundedFen), gmt_refund_pay: alipayTime(refund.at), buyer_user_id: trade.buyerId, send_back_fee: yuanText(refund.fen),
      });
      const earlier = trade.refunds.get(outRequestNo);
      // The same request again: its result, no money moved this time.
      if (earlier) return earlier.fen === fen ? answer('N', earlier) : invalid('同一退款请求号的退款金额与原请求不一致');
      if (!trade.paidAt) return statusError();
      if (trade.refundedFen + fen > trade.totalFen) return refused('40004', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      const refund: TradeRefund = { outRequestNo, fen, at: ctx.now() };
      trade.refunds.set(outRequestNo, refund);
      trade.refundedFen += fen;
      if (trade.refundedFen === trade.totalFen) trade.status = 'TRADE_CLOSED';
      ctx.refunded(trade, refund);
      return answer('Y', refund);
    },

    'alipay.trade.fastpay.refund.query': (biz) => {
      if (!named(biz)) return invalid('out_trade_no 与 trade_no 必须填写其一');
      const trade = find(biz);
      if (!trade) return notExist();
      const outRequestNo = text(biz.out_request_no) || trade.outTradeNo;
      const refund = trade.refunds.get(outRequestNo);
      // No such refund: a success naming no amount (Alipay's way of saying it did not happen).
      return success({
        trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, out_request_no: outRequestNo,
        ...(refund ? { total_amount: yuanText(trade.totalFen), refund_amount: yuanText(refund.fen), refund_status: 'REFUND_SUCCESS', gmt_refund_pay: alipayTime(refund.at) } : {}),
      });
    },

    'alipay.data.dataservice.bill.downloadurl.query': (biz) => {
      const date = text(biz.bill_date);
      if (biz.bill_type !== 'trade') return refused('40002', 'isv.invalid-parameter', 'bill_type 只支持 trade（模拟的支付宝没有 signcustomer 账单）');
      if (!/^\d{4}-\d{2}(-\d{2})?$/.test(date)) return refused('40002', 'isv.invalid-parameter', 'bill_date 格式为yyyy-MM-dd或yyyy-MM');
      const onDate = (at: Date) => chinaTime(at).date.startsWith(date);
      const lines: AlipayBillLine[] = [];
      for (const trade of trades.values()) {
        const base = { orderNo: trade.outTradeNo, transactionId: trade.tradeNo, subject: trade.subject, createdAt: trade.createdAt, buyer: trade.buyerLogonId };
        if (trade.paidAt && onDate(trade.paidAt)) lines.push({ kind: 'payment', ...base, amountFen: trade.totalFen, at: trade.paidAt });
        for (const refund of trade.refunds.values()) {
          if (onDate(refund.at)) lines.push({ kind: 'refund', ...base, amountFen: refund.fen, refundNo: refund.outRequestNo, at: refund.at });
        }
      }
      if (!lines.length) return refused('40004', 'isp.bill_not_exist', '账单不存在');
      lines.sort((x, y) => x.at.getTime() - y.at.getTime());
      return success({ bill_download_url: ctx.billUrl(date, lines) });
    },
  };
}
