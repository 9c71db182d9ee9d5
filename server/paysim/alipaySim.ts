import { Hono, type Context } from 'hono';
import { yuanText } from '../../common/money';
import { alipayBillZip, type AlipayBillLine } from '../payments/alipayBill';
import { signContent } from '../payments/alipaySignature';
import { rsaSign, rsaVerify } from '../payments/rsa';
import { randomText, type SimulatorKeys } from './keys';
import { mountPayPage, type PayView } from './payPage';
import { ALIPAY_RETRIES, alipayTime, chinaTime, createNotifier, createTimers, parseAlipayTime } from './support';
import { refused, tradeMethods, type Answer, type Trade } from './alipayTrades';

/**
 * A simulated Alipay open API gateway (face-to-face QR payments; issue 41), in the platform's own
 * process: one gateway URL taking signed form POSTs (alipay.trade.precreate / query / close / refund /
 * fastpay.refund.query, alipay.data.dataservice.bill.downloadurl.query), answering
 * `{"<method>_response":{…},"sign":"…"}` signed over the exact text of the value, and form-POSTed
 * notifications retried on Alipay's schedule divided by `timeFactor`. Trades live in memory.
 */

export interface AlipaySimOptions {
  keys: SimulatorKeys;
  notifyFetch?: typeof fetch;
  now?: () => Date;
  /** Simulated seconds per real second (notification retries); 60 by default. */
  timeFactor?: number;
  /** Where the simulator itself is reached, e.g. http://localhost:8080/sim/alipay. */
  publicUrl: string;
}

export interface AlipaySim { app: Hono; gatewayUrl: string; payPageUrl(qrCode: string): string; pay(orderNo: string): Promise<void>; stop(): void }

/** Allowed distance of a request's timestamp from the gateway's clock. */
const TIMESTAMP_SKEW_MS = 15 * 60_000;
const BILLS_KEPT = 20;

export function createAlipaySim(options: AlipaySimOptions): AlipaySim {
  const a = options.keys.alipay;
  const now = options.now ?? (() => new Date());
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const sellerId = `2088${a.appId.slice(-12)}`;
  const timers = createTimers();
  const notifier = createNotifier({
    fetch: options.notifyFetch ?? ((input, init) => fetch(input, init)), timers, schedule: ALIPAY_RETRIES, timeFactor: options.timeFactor ?? 60,
    accepted: async (response) => response.ok && (await response.text()).trim() === 'success',
  });
  const trades = new Map<string, Trade>();
  const bills = new Map<string, Uint8Array<ArrayBuffer>>();
  const app = new Hono();

  /** The trade's notification (trade_status_sync), signed as Alipay signs them: every field but sign and sign_type. */
  const notify = (trade: Trade, extra: Record<string, string> = {}) => {
    if (!trade.notifyUrl) return Promise.resolve(false);
    const total = yuanText(trade.totalFen);
    const fields: Record<string, string> = {
      notify_time: alipayTime(now()), notify_type: 'trade_status_sync', notify_id: randomText(34, '0123456789abcdef'), app_id: a.appId,
      charset: 'utf-8', version: '1.0', sign_type: 'RSA2', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, trade_status: trade.status,
      total_amount: total, receipt_amount: total, invoice_amount: total, buyer_pay_amount: total, point_amount: '0.00',
      gmt_create: alipayTime(trade.createdAt), gmt_payment: alipayTime(trade.paidAt!), subject: trade.subject,
      buyer_id: trade.buyerId, buyer_logon_id: trade.buyerLogonId, seller_id: sellerId, auth_app_id: a.appId,
      fund_bill_list: JSON.stringify([{ amount: total, fundChannel: 'ALIPAYACCOUNT' }]), ...extra,
    };
    fields.sign = rsaSign(signContent(fields, { withoutSignType: true }), a.alipayPrivateKey);
    const body = new URLSearchParams(fields).toString();
    return notifier.send(trade.notifyUrl, () => ({ method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' } }));
  };

  /** An unpaid trade past its timeout is closed. */
  const refresh = (trade: Trade) => {
    if (trade.status === 'WAIT_BUYER_PAY' && now().getTime() > trade.expiresAt.getTime()) trade.status = 'TRADE_CLOSED';
    return trade;
  };
  const settle = async (trade: Trade) => {
    if (refresh(trade).status !== 'WAIT_BUYER_PAY') return;
    trade.scanned = true;
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = now();
    await notify(trade);
  };

  const billUrl = (date: string, lines: AlipayBillLine[]) => {
    const token = randomText(32);
    bills.set(token, new Uint8Array(alipayBillZip(date.length === 7 ? `${date}-01` : date, lines, { account: sellerId })));
    for (const old of bills.keys()) if (bills.size > BILLS_KEPT) bills.delete(old);
    const day = date.replace(/-/g, '');
    return `${publicUrl}/downloadBillFile.resource?${new URLSearchParams({
      bizType: 'trade', userId: sellerId, fileType: 'csv.zip', bizDates: day, downloadFileName: `${sellerId}_${day}.csv.zip`, fileId: token,
    }).toString()}`;
  };

  const methods = tradeMethods({
    appId: a.appId, now, trades, refresh, billUrl,
    refunded: (trade, refund) => void notify(trade, {
      refund_fee: yuanText(trade.refundedFen), out_biz_no: refund.outRequestNo, gmt_refund: `${alipayTime(refund.at)}.${chinaTime(refund.at).millis}`,
      ...(trade.status === 'TRADE_CLOSED' ? { gmt_close: alipayTime(refund.at) } : {}),
    }),
  });

  /** Why the gateway refuses a request before its method runs; undefined when it is the app's, signed. */
  const gatewayProblem = (params: Record<string, string>): Answer | undefined => {
    if (!params.app_id) return refused('40001', 'isv.missing-app-id', '缺少AppID参数');
    if (params.app_id !== a.appId) return refused('40002', 'isv.invalid-app-id', '无效的AppID参数');
    if (!params.sign) return refused('40001', 'isv.missing-signature', '缺少签名参数');
    if (!params.sign_type) return refused('40001', 'isv.missing-signature-type', '缺少签名类型参数');
    if (params.sign_type !== 'RSA2') return refused('40002', 'isv.invalid-signature-type', '无效的签名类型参数');
    if (!params.timestamp) return refused('40001', 'isv.missing-timestamp', '缺少时间戳参数');
    const at = parseAlipayTime(params.timestamp);
    if (!at || Math.abs(at.getTime() - now().getTime()) > TIMESTAMP_SKEW_MS) return refused('40002', 'isv.invalid-timestamp', '非法的时间戳参数');
    if (!params.version) return refused('40001', 'isv.missing-version', '缺少版本参数');
    if (params.version !== '1.0') return refused('40002', 'isv.invalid-parameter', '版本号只支持1.0');
    if (params.charset && params.charset.toLowerCase() !== 'utf-8') return refused('40002', 'isv.invalid-charset', '字符集错误');
    if (params.format && params.format.toUpperCase() !== 'JSON') return refused('40002', 'isv.invalid-format', '无效的数据格式');
    const content = signContent(params);
    if (!rsaVerify(content, params.sign, a.appPublicKey)) {
      return refused('40002', 'isv.invalid-signature', `验签出错，建议检查签名字符串或签名私钥与应用公钥证书是否匹配，网关生成的验签字符串为：${content}`);
    }
    return undefined;
  };

  const gateway = async (c: Context) => {
    const params: Record<string, string> = Object.fromEntries(new URL(c.req.url).searchParams);
    for (const [name, value] of new URLSearchParams(await c.req.text())) params[name] = value;
    const method = params.method;
    const handler = method ? methods[method] : undefined;
    let answer: Answer;
    if (!method) answer = refused('40001', 'isv.missing-method', '缺少方法名参数');
    else if (!handler) answer = refused('40002', 'isv.invalid-method', '不存在的方法名');
    else {
      answer = gatewayProblem(params) ?? (() => {
        let biz: unknown;
        try {
          biz = JSON.parse(params.biz_content ?? '{}');
        } catch {
          biz = undefined;
        }
        if (typeof biz !== 'object' || biz === null || Array.isArray(biz)) return refused('40002', 'isv.invalid-parameter', 'biz_content 不是合法的JSON对象');
        return handler(biz as Record<string, unknown>, params);
      })();
    }
    // The sign is over the exact text of the _response value, as printed here.
    const text = JSON.stringify(answer);
    const key = handler ? `${method!.replace(/\./g, '_')}_response` : 'error_response';
    return c.body(`{"${key}":${text},"sign":"${rsaSign(text, a.alipayPrivateKey)}"}`, 200, { 'Content-Type': 'application/json;charset=utf-8' });
  };
  app.post('/gateway.do', gateway);
  app.post('/', gateway);

  // The bill's download link: not signed, the file is the answer.
  app.get('/downloadBillFile.resource', (c) => {
    const bytes = bills.get(c.req.query('fileId') ?? '');
    if (!bytes) return c.text('file not found or expired', 404);
    return c.body(bytes, 200, { 'Content-Type': 'application/oct-stream', 'Content-Disposition': `attachment; filename="${c.req.query('downloadFileName') ?? 'bill.csv.zip'}"` });
  });

  const byCode = (code: string) => [...trades.values()].find((trade) => trade.qrCode === code);
  const view = (trade: Trade): PayView => ({
    merchantId: a.appId, orderNo: trade.outTradeNo, description: trade.subject, amountFen: trade.totalFen,
    state: trade.paidAt ? 'paid' : refresh(trade).status === 'TRADE_CLOSED' ? 'closed' : 'pending',
  });
  mountPayPage(app, {
    provider: 'alipay',
    view: (code) => {
      const trade = byCode(code);
      if (!trade) return undefined;
      // Scanning the code makes the trade exist at Alipay (a query before it answers ACQ.TRADE_NOT_EXIST).
      if (refresh(trade).status === 'WAIT_BUYER_PAY') trade.scanned = true;
      return view(trade);
    },
    pay: async (code) => {
      const trade = byCode(code);
      if (!trade) return undefined;
      await settle(trade);
      return view(trade);
    },
  });

  return {
    app,
    gatewayUrl: `${publicUrl}/gateway.do`,
    payPageUrl: (qrCode) => `${publicUrl}/pay?code=${encodeURIComponent(qrCode)}`,
    async pay(orderNo) {
      const trade = trades.get(orderNo);
      if (!trade) throw new Error(`simulated Alipay: no trade ${orderNo}`);
      if (refresh(trade).status === 'TRADE_CLOSED' && !trade.paidAt) throw new Error(`simulated Alipay: trade ${orderNo} is closed`);
      await settle(trade);
    },
    stop: () => timers.stop(),
  };
}

