import { yuanText } from '../../common/money';
import { TRADE_BILL_HEADER } from '../payments/wechatpayBill';
import { chinaTime } from './support';

/**
 * The simulated WeChat Pay's trade bill (`bill_type=ALL`), as the real one is written (and as
 * server/payments/wechatpayBill.ts reads it): the header, one line per payment and per refund with
 * every field prefixed by a backtick and amounts in yuan, then the summary's names and values.
 */

export interface BillEntry {
  kind: 'payment' | 'refund';
  at: Date;
  appid: string;
  mchid: string;
  transactionId: string;
  outTradeNo: string;
  openid: string;
  description: string;
  /** The payment's amount, or the refund's. */
  amountFen: number;
  refundId?: string;
  outRefundNo?: string;
}

/** The fee at 0.6 %, rounded half up to the fen (the bill prints it with five decimals). */
const feeFen = (fen: number) => Math.floor((fen * 6 + 500) / 1000);
const fee = (fen: number) => `${yuanText(fen)}000`;
/** A bill field: the backtick in front, nothing that would split the line or the field. */
const field = (value: string) => `\`${value.replace(/[`\r\n]/g, ' ')}`;

/** The bill's text (CRLF lines) for the given entries, in the order given. */
export function tradeBillText(entries: readonly BillEntry[]): string {
  let settled = 0;
  let refunded = 0;
  let fees = 0;
  let ordered = 0;
  const lines = entries.map((entry) => {
    const { date, time } = chinaTime(entry.at);
    const payment = entry.kind === 'payment';
    const amount = payment ? entry.amountFen : 0;
    const refund = payment ? 0 : entry.amountFen;
    const lineFee = payment ? feeFen(entry.amountFen) : 0;
    settled += amount;
    refunded += refund;
    fees += lineFee;
    ordered += amount;
    const columns: Record<(typeof TRADE_BILL_HEADER)[number], string> = {
      交易时间: `${date} ${time}`, 公众账号ID: entry.appid, 商户号: entry.mchid, 特约商户号: '0', 设备号: '',
      微信订单号: entry.transactionId, 商户订单号: entry.outTradeNo, 用户标识: entry.openid, 交易类型: 'NATIVE',
      交易状态: payment ? 'SUCCESS' : 'REFUND', 付款银行: 'OTHERS', 货币种类: 'CNY', 应结订单金额: yuanText(amount), 代金券金额: '0.00',
      微信退款单号: entry.refundId ?? '0', 商户退款单号: entry.outRefundNo ?? '0', 退款金额: yuanText(refund), 充值券退款金额: '0.00',
      退款类型: payment ? '' : 'ORIGINAL', 退款状态: payment ? '' : 'SUCCESS', 商品名称: entry.description, 商户数据包: '',
      手续费: fee(lineFee), 费率: '0.60%', 订单金额: yuanText(amount), 申请退款金额: yuanText(refund), 费率备注: '',
    };
    return TRADE_BILL_HEADER.map((name) => field(columns[name])).join(',');
  });
  const summary = ['总交易单数', '应结订单总金额', '退款总金额', '充值券退款总金额', '手续费总金额', '订单总金额', '申请退款总金额'];
  const totals = [String(entries.length), yuanText(settled), yuanText(refunded), '0.00', fee(fees), yuanText(ordered), yuanText(refunded)];
  return [TRADE_BILL_HEADER.join(','), ...lines, summary.join(','), totals.map(field).join(',')].join('\r\n') + '\r\n';
}
