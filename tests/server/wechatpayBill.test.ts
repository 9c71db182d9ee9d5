/** WeChat Pay's trade bill (server/payments/wechatpayBill.ts): its SHA1 check and its lines, as the published format prints them. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { billHashMatches, parseTradeBill } from '../../server/payments/wechatpayBill';

const HEADER = '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
const row = (...values: string[]) => values.map((value) => `\`${value}`).join(',');
const BILL = [
  HEADER,
  row('2026-11-28 09:12:01', 'wxd678efh567hg6787', '1230000109', '0', '', '4200000000202611280000000001', 'E202611280001', 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', 'NATIVE', 'SUCCESS', 'OTHERS', 'CNY', '50.00', '0.00', '0', '0', '0.00', '0.00', '', '', '电费充值', '', '0.30000', '0.60%', '50.00', '0.00', ''),
  row('2026-11-28 21:40:33', 'wxd678efh567hg6787', '1230000109', '0', '', '4200000000202611280000000002', 'W202611280002', 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6p', 'NATIVE', 'SUCCESS', 'CMB_DEBIT', 'CNY', '120.50', '0.00', '0', '0', '0.00', '0.00', '', '', '水费充值,3号楼', '', '0.72000', '0.60%', '120.50', '0.00', ''),
  row('2026-11-28 22:05:10', 'wxd678efh567hg6787', '1230000109', '0', '', '4200000000202611280000000001', 'E202611280001', 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', 'NATIVE', 'REFUND', 'OTHERS', 'CNY', '0.00', '0.00', '50000000012026112800000001', 'R202611280001', '20.00', '0.00', 'ORIGINAL', 'SUCCESS', '电费充值', '', '-0.12000', '0.60%', '0.00', '20.00', ''),
  '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
  row('3', '170.50', '20.00', '0.00', '0.90000', '170.50', '20.00'),
].join('\r\n');

describe('WeChat Pay trade bill', () => {
  it('is taken only when its bytes have the SHA1 the query gave', () => {
    const bytes = Buffer.from(BILL, 'utf8');
    const hash = createHash('sha1').update(bytes).digest('hex');
    expect(billHashMatches(bytes, 'SHA1', hash)).toBe(true);
    expect(billHashMatches(bytes, 'SHA1', hash.toUpperCase())).toBe(true);
    expect(billHashMatches(Buffer.from(BILL.replace('50.00', '50.01'), 'utf8'), 'SHA1', hash)).toBe(false);
    expect(billHashMatches(bytes, 'MD5', hash)).toBe(false);
  });

  it('reads its payments and refunds in fen, the backticks gone, and checks the summary\'s count', () => {
    const bill = parseTradeBill(`\uFEFF${BILL}\r\n`);
    expect(bill.lines).toHaveLength(3);
    expect(bill.lines[0]).toMatchObject({ tradeTime: '2026-11-28 09:12:01', transactionId: '4200000000202611280000000001', outTradeNo: 'E202611280001', tradeState: 'SUCCESS', settledFen: 5000, orderFen: 5000, refundFen: 0, refundId: '', currency: 'CNY', fee: '0.30000' });
    expect(bill.lines[1]).toMatchObject({ outTradeNo: 'W202611280002', settledFen: 12050, fee: '0.72000' });
    expect(bill.lines[2]).toMatchObject({ tradeState: 'REFUND', outRefundNo: 'R202611280001', refundId: '50000000012026112800000001', refundFen: 2000, refundState: 'SUCCESS', settledFen: 0 });
    expect(bill.summary).toEqual({ count: 3, settledFen: 17050, refundFen: 2000, orderFen: 17050 });
  });

  it('refuses a file that is not the bill, naming what is wrong', () => {
    expect(() => parseTradeBill(BILL.replace('交易时间,', '时间,'))).toThrow(/header/);
    expect(() => parseTradeBill(BILL.replace(row('3', '170.50'), row('4', '170.50')))).toThrow(/counts 4 lines, the bill has 3/);
    expect(() => parseTradeBill(BILL.replace('`120.50', '`12O.50'))).toThrow(/line 3: 应结订单金额 "12O.50"/);
    expect(() => parseTradeBill(BILL.split('\r\n').slice(0, 3).join('\n'))).toThrow(/no summary/);
  });
});
