import { createHash } from 'node:crypto';
import { yuanToFen } from '../../common/money';

/**
 * WeChat Pay's trade bill (`GET /v3/bill/tradebill?bill_type=ALL`, then its `download_url`;
 * ../shared/PAYMENTS.md): checked by its SHA1 and read into lines for the daily reconciliation
 * (issue 41). A CSV whose every field is prefixed with a backtick, amounts in yuan, then two summary lines.
 */

/** The bill's header, column for column. */
export const TRADE_BILL_HEADER = ['交易时间', '公众账号ID', '商户号', '特约商户号', '设备号', '微信订单号', '商户订单号', '用户标识', '交易类型', '交易状态',
  '付款银行', '货币种类', '应结订单金额', '代金券金额', '微信退款单号', '商户退款单号', '退款金额', '充值券退款金额', '退款类型', '退款状态', '商品名称',
  '商户数据包', '手续费', '费率', '订单金额', '申请退款金额', '费率备注'] as const;

export interface TradeBillLine {
  tradeTime: string; appid: string; mchid: string; transactionId: string; outTradeNo: string; tradeType: string;
  /** SUCCESS for a payment, REFUND for a refund's line. */
  tradeState: string;
  currency: string;
  /** 应结订单金额, fen. */
  settledFen: number;
  refundId: string; outRefundNo: string;
  /** 退款金额, fen. */
  refundFen: number;
  refundState: string;
  /** 订单金额, fen. */
  orderFen: number;
  /** 手续费 as printed (yuan, up to five decimals). */
  fee: string;
}

export interface TradeBill { lines: TradeBillLine[]; summary: { count: number; settledFen: number; refundFen: number; orderFen: number } }

/** Whether the downloaded bytes are the bill the query described (`hash_type` SHA1, `hash_value` hex). */
export function billHashMatches(bytes: Uint8Array, hashType: string, hashValue: string): boolean {
  return hashType.toUpperCase() === 'SHA1' && createHash('sha1').update(bytes).digest('hex') === hashValue.toLowerCase();
}

/** A line's fields: every field of a data line starts with a backtick, so a comma inside one (a product name) does not split it. */
const fields = (line: string) => (line.startsWith('`') ? line.split(/,(?=`)/) : line.split(',')).map((field) => field.replace(/^`/, '').trim());
const fen = (value: string, column: string, row: number) => {
  const result = yuanToFen(value === '' ? '0' : value);
  if (typeof result !== 'number') throw new Error(`trade bill line ${row}: ${column} "${value}" is not an amount in yuan`);
  return result;
};

/** The bill's lines and summary; throws, naming the line, on a header, amount or count that is not the bill's. */
export function parseTradeBill(text: string): TradeBill {
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = fields(rows[0] ?? '');
  if (header.join(',') !== TRADE_BILL_HEADER.join(',')) throw new Error('trade bill: the first line is not the trade bill\'s header');
  const summaryAt = rows.findIndex((line) => line.startsWith('总交易单数'));
  if (summaryAt === -1 || !rows[summaryAt + 1]) throw new Error('trade bill: no summary lines');
  const at = (name: (typeof TRADE_BILL_HEADER)[number]) => TRADE_BILL_HEADER.indexOf(name);
  const lines = rows.slice(1, summaryAt).map((line, i): TradeBillLine => {
    const f = fields(line);
    if (f.length !== TRADE_BILL_HEADER.length) throw new Error(`trade bill line ${i + 2}: ${f.length} fields, not ${TRADE_BILL_HEADER.length}`);
    return {
      tradeTime: f[at('交易时间')], appid: f[at('公众账号ID')], mchid: f[at('商户号')], transactionId: f[at('微信订单号')], outTradeNo: f[at('商户订单号')],
      tradeType: f[at('交易类型')], tradeState: f[at('交易状态')], currency: f[at('货币种类')],
      settledFen: fen(f[at('应结订单金额')], '应结订单金额', i + 2), refundId: f[at('微信退款单号')] === '0' ? '' : f[at('微信退款单号')],
      outRefundNo: f[at('商户退款单号')] === '0' ? '' : f[at('商户退款单号')], refundFen: fen(f[at('退款金额')], '退款金额', i + 2),
      refundState: f[at('退款状态')], orderFen: fen(f[at('订单金额')], '订单金额', i + 2), fee: f[at('手续费')],
    };
  });
  const names = fields(rows[summaryAt]);
  const values = fields(rows[summaryAt + 1]);
  const value = (name: string) => values[names.indexOf(name)] ?? '';
  const count = Number(value('总交易单数'));
  if (!Number.isInteger(count) || count !== lines.length) throw new Error(`trade bill: the summary counts ${value('总交易单数')} lines, the bill has ${lines.length}`);
  return {
    lines,
    summary: { count, settledFen: fen(value('应结订单总金额'), '应结订单总金额', summaryAt + 2), refundFen: fen(value('退款总金额'), '退款总金额', summaryAt + 2), orderFen: fen(value('订单总金额'), '订单总金额', summaryAt + 2) },
  };
}
