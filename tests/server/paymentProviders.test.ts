/**
 * The WeChat Pay and Alipay clients (server/payments/wechatpay.ts, alipay.ts) against fake provider
 * servers (tests/support/fakeWechatpay.ts, fakeAlipay.ts) over real HTTP: what they send (checked by the
 * fakes with node:crypto), what they take (only signed answers and notifications), and the amounts.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWechatpay } from '../../server/payments/wechatpay';
import { alipayFen, alipayYuan, createAlipay } from '../../server/payments/alipay';
import { alipayBillZip } from '../../server/payments/alipayBill';
import { NotificationRefused, ProviderError, type BillLine, type PaymentEvent, type PaymentProvider } from '../../server/payments/provider';
import { startFakeWechatpay, type FakeWechatpay } from '../support/fakeWechatpay';
import { startFakeAlipay, type FakeAlipay } from '../support/fakeAlipay';

const NOTIFY = 'https://pay.example.com/api/v1/pay/notify';
const otherKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const inAnHour = () => new Date(Date.now() + 3600_000);
const refused = (read: () => unknown, message: RegExp) => {
  expect(read).toThrow(NotificationRefused);
  expect(read).toThrow(message);
};
async function rejected(promise: Promise<unknown>, code?: string): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  if (code) expect((error as ProviderError).code).toBe(code);
  return error as ProviderError;
}

/** A notify endpoint as the platform's route would be: read, then acknowledge or refuse. */
async function notifyEndpoint(provider: PaymentProvider) {
  const read: PaymentEvent[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let answer;
      try {
        read.push(provider.readNotification({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') }, new Date()));
        answer = provider.acknowledge();
      } catch (error) {
        if (!(error instanceof NotificationRefused)) throw error;
        answer = provider.refuse(error.message, error.status);
      }
      res.writeHead(answer.status, { 'Content-Type': answer.contentType }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`, read, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('WeChat Pay client against a fake WeChat Pay', () => {
  let fake: FakeWechatpay;
  let wechat: PaymentProvider;
  const order = (orderNo: string, amountFen = 5000) => wechat.createOrder({ orderNo, amountFen, description: '电费充值', expiresAt: inAnHour(), notifyUrl: `${NOTIFY}/wechat` });
  beforeAll(async () => {
    fake = await startFakeWechatpay();
    wechat = createWechatpay(fake.clientOptions());
  });
  afterAll(() => fake.close());

  it('creates a Native order signed with the merchant key, with exactly the protocol\'s fields', async () => {
    const { qrCode } = await wechat.createOrder({ orderNo: 'E202611290001', amountFen: 5000, description: '电费充值', expiresAt: new Date('2026-11-29T02:34:56.789Z'), notifyUrl: `${NOTIFY}/wechat` });
    expect(qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/native', verified: true });
    expect(sent.headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json', 'user-agent': expect.any(String) });
    expect(JSON.parse(sent.body)).toEqual({ appid: fake.appid, mchid: fake.mchid, description: '电费充值', out_trade_no: 'E202611290001',
      time_expire: '2026-11-29T10:34:56+08:00', notify_url: `${NOTIFY}/wechat`, amount: { total: 5000, currency: 'CNY' } });
    expect(wechat.identity).toEqual({ appId: fake.appid, merchantId: fake.mchid });
  });

  it('queries an order in each state, unknown when WeChat Pay has none', async () => {
    await order('WXQ1-0001');
    expect(await wechat.query('WXQ1-0001')).toMatchObject({ orderNo: 'WXQ1-0001', state: 'pending', amountFen: 5000 });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v3/pay/transactions/out-trade-no/WXQ1-0001?mchid=${fake.mchid}`, verified: true, body: '' });
    for (const [state, expected] of [['USERPAYING', 'pending'], ['REVOKED', 'closed'], ['PAYERROR', 'closed'], ['NOTPAY', 'pending']] as const) {
      fake.setTradeState('WXQ1-0001', state);
      expect((await wechat.query('WXQ1-0001')).state).toBe(expected);
    }
    const paid = fake.pay('WXQ1-0001').plaintext as { transaction_id: string; success_time: string };
    expect(await wechat.query('WXQ1-0001')).toEqual({ orderNo: 'WXQ1-0001', state: 'paid', transactionId: paid.transaction_id, amountFen: 5000,
      paidAt: new Date(paid.success_time), appId: fake.appid, merchantId: fake.mchid });
    expect(await wechat.query('NOSUCHORDER')).toEqual({ orderNo: 'NOSUCHORDER', state: 'unknown' });
  });

  it('closes an order (204), and tells WeChat Pay\'s refusal to close a paid one', async () => {
    await order('WXC1-0001');
    await wechat.close('WXC1-0001');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/out-trade-no/WXC1-0001/close', verified: true });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({ mchid: fake.mchid });
    expect((await wechat.query('WXC1-0001')).state).toBe('closed');
    await order('WXC2-0001');
    fake.pay('WXC2-0001');
    const error = await rejected(wechat.close('WXC2-0001'), 'ORDERPAID');
    expect(error.message).toMatch(/HTTP 400/);
  });

  it('refunds: PROCESSING, then a REFUND.SUCCESS notification, then the order reads refunded', async () => {
    await order('WXR1-0001');
    fake.pay('WXR1-0001');
    const result = await wechat.refund({ orderNo: 'WXR1-0001', refundNo: 'RF1', amountFen: 2000, totalFen: 5000, reason: '退租', notifyUrl: `${NOTIFY}/wechat` });
    expect(result).toEqual({ refundNo: 'RF1', providerRefundId: expect.stringMatching(/^50000\d{24}$/), status: 'processing' });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({ out_trade_no: 'WXR1-0001', out_refund_no: 'RF1', reason: '退租', notify_url: `${NOTIFY}/wechat`, amount: { refund: 2000, total: 5000, currency: 'CNY' } });
    const event = fake.completeRefund('RF1');
    expect(wechat.readNotification(fake.notification(event), new Date())).toEqual({ kind: 'refund', orderNo: 'WXR1-0001', refundNo: 'RF1', providerRefundId: result.providerRefundId, status: 'success', amountFen: 2000 });
    expect((await wechat.query('WXR1-0001')).state).toBe('refunded');
    await order('WXR2-0001');
    fake.pay('WXR2-0001');
    await wechat.refund({ orderNo: 'WXR2-0001', refundNo: 'RF2', amountFen: 5000, totalFen: 5000 });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({ out_trade_no: 'WXR2-0001', out_refund_no: 'RF2', amount: { refund: 5000, total: 5000, currency: 'CNY' } });
    expect(wechat.readNotification(fake.notification(fake.completeRefund('RF2', 'ABNORMAL')), new Date())).toMatchObject({ kind: 'refund', status: 'abnormal' });
    await rejected(wechat.refund({ orderNo: 'WXR2-0001', refundNo: 'RF3', amountFen: 6000, totalFen: 5000 }), 'PARAM_ERROR');
  });

  it('reads the day\'s bill: its SHA1 checked, gzip taken, a wrong hash refused, no bill an empty day', async () => {
    const lines: BillLine[] = [
      { kind: 'payment', orderNo: 'B1', transactionId: '4200000000202611280000000001', amountFen: 5000, at: new Date('2026-11-28T01:12:01Z') },
      { kind: 'payment', orderNo: 'B2', transactionId: '4200000000202611280000000002', amountFen: 12050, at: new Date('2026-11-28T13:40:33Z') },
      { kind: 'refund', orderNo: 'B1', transactionId: '4200000000202611280000000001', amountFen: 2000, refundNo: 'RB1', at: new Date('2026-11-28T14:05:10Z') },
    ];
    fake.setBill('2026-11-28', lines);
    expect(await wechat.bill('2026-11-28')).toEqual(lines);
    const [ask, download] = fake.requests.slice(-2);
    expect(ask).toMatchObject({ method: 'GET', path: '/v3/bill/tradebill?bill_date=2026-11-28&bill_type=ALL', verified: true });
    expect(download).toMatchObject({ method: 'GET', path: '/v3/billdownload/file?token=2026-11-28', verified: true });
    for (const gzip of ['encoding', 'file'] as const) {
      fake.setBill('2026-11-27', lines.slice(0, 1), { gzip });
      expect(await wechat.bill('2026-11-27')).toEqual(lines.slice(0, 1));
    }
    fake.setBill('2026-11-26', lines, { hash: '0'.repeat(40) });
    await rejected(wechat.bill('2026-11-26'), 'BILL_HASH');
    expect(await wechat.bill('2026-11-25')).toEqual([]);
  });

  it('refuses an answer not signed by the configured WeChat Pay key, an error answer included; tells a request WeChat Pay refused', async () => {
    await order('WXS1-0001');
    try {
      fake.behaviour.answers = 'badly signed';
      expect((await rejected(wechat.query('WXS1-0001'))).message).toMatch(/Wechatpay-Signature does not verify/);
      fake.behaviour.answers = 'unsigned';
      expect((await rejected(wechat.query('NOSUCHORDER'))).message).toMatch(/missing/);
      await rejected(wechat.close('WXS1-0001'));
    } finally {
      fake.behaviour.answers = 'signed';
    }
    expect((await rejected(createWechatpay({ ...fake.clientOptions(), publicKeyId: 'PUB_KEY_ID_other' }).query('WXS1-0001'))).message).toMatch(/Serial/);
    expect((await rejected(createWechatpay({ ...fake.clientOptions(), now: () => new Date(Date.now() + 360_000) }).query('WXS1-0001'))).message).toMatch(/5 minutes/);
    await rejected(createWechatpay({ ...fake.clientOptions(), merchantPrivateKey: otherKey() }).query('WXS1-0001'), 'SIGN_ERROR');
    expect(fake.requests.at(-1)!.verified).toBe(false);
  });

  it('reads a verified, decrypted payment notification and refuses a bad signature, an old one, an unknown serial, a changed ciphertext', async () => {
    await order('WXN1-0001');
    const event = fake.pay('WXN1-0001');
    const paid = event.plaintext as { transaction_id: string; success_time: string };
    expect(wechat.readNotification(fake.notification(event), new Date())).toEqual({ kind: 'paid', orderNo: 'WXN1-0001', transactionId: paid.transaction_id, amountFen: 5000,
      currency: 'CNY', appId: fake.appid, merchantId: fake.mchid, paidAt: new Date(paid.success_time) });
    refused(() => wechat.readNotification(fake.notification(event, 'signature'), new Date()), /Wechatpay-Signature does not verify/);
    refused(() => wechat.readNotification(fake.notification(event, 'timestamp'), new Date()), /more than 5 minutes/);
    refused(() => wechat.readNotification(fake.notification(event), new Date(Date.now() + 360_000)), /more than 5 minutes/);
    refused(() => wechat.readNotification(fake.notification(event, 'serial'), new Date()), /Wechatpay-Serial/);
    refused(() => wechat.readNotification(fake.notification(event, 'ciphertext'), new Date()), /does not decrypt/);
    const { 'wechatpay-signature': _, ...unsigned } = fake.notification(event).headers;
    refused(() => wechat.readNotification({ headers: unsigned, body: fake.notification(event).body }, new Date()), /missing Wechatpay-Signature header/);
    refused(() => wechat.readNotification(fake.notification({ ...event, event_type: 'TRANSACTION.CLOSED' }), new Date()), /TRANSACTION.CLOSED is not handled/);
    // A mismatched identity is read as sent: the settlement judges it.
    await order('WXN2-0001');
    expect(wechat.readNotification(fake.notification(fake.pay('WXN2-0001', { amountFen: 4999, appId: 'wx0000000000000000' })), new Date())).toMatchObject({ amountFen: 4999, appId: 'wx0000000000000000' });
  });

  it('answers notifications over HTTP: 204 when handled (duplicates too), 4xx JSON FAIL when refused', async () => {
    const endpoint = await notifyEndpoint(wechat);
    try {
      await order('WXH1-0001');
      const event = fake.pay('WXH1-0001');
      expect(await fake.notify(endpoint.url, event, { times: 3, concurrent: true })).toEqual(Array(3).fill({ status: 204, body: '' }));
      expect(endpoint.read.map((read) => read.orderNo)).toEqual(['WXH1-0001', 'WXH1-0001', 'WXH1-0001']);
      const [answer] = await fake.notify(endpoint.url, event, { tamper: 'signature' });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ code: 'FAIL', message: expect.stringMatching(/Signature/) });
    } finally {
      await endpoint.close();
    }
  });
});

describe('Alipay client against a fake Alipay gateway', () => {
  let fake: FakeAlipay;
  let alipay: PaymentProvider;
  const NOW = new Date('2026-11-29T02:34:56Z');
  const order = (orderNo: string, amountFen = 1234) => alipay.createOrder({ orderNo, amountFen, description: '电费充值', expiresAt: new Date(NOW.getTime() + 15 * 60_000 + 30_000), notifyUrl: `${NOTIFY}/alipay` });
  beforeAll(async () => {
    fake = await startFakeAlipay();
    alipay = createAlipay({ ...fake.clientOptions(), now: () => NOW });
  });
  afterAll(() => fake.close());

  it('creates a precreate order as a signed form POST, with exactly the protocol\'s parameters', async () => {
    const { qrCode } = await order('A1');
    expect(qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/gateway.do', verified: true });
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
    const { sign, biz_content, ...params } = sent.params;
    expect(params).toEqual({ app_id: fake.appId, method: 'alipay.trade.precreate', format: 'JSON', charset: 'utf-8', sign_type: 'RSA2',
      timestamp: '2026-11-29 10:34:56', version: '1.0', notify_url: `${NOTIFY}/alipay` });
    expect(sign).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(biz_content)).toEqual({ out_trade_no: 'A1', total_amount: '12.34', subject: '电费充值', timeout_express: '15m' });
    await alipay.createOrder({ orderNo: 'A2', amountFen: 5, description: '水费充值', expiresAt: new Date(NOW.getTime() - 1000), notifyUrl: `${NOTIFY}/alipay` });
    expect(JSON.parse(fake.requests.at(-1)!.params.biz_content)).toMatchObject({ total_amount: '0.05', timeout_express: '1m' });
  });

  it('queries a trade in each state: unknown until scanned, pending, paid, closed', async () => {
    await order('Q1');
    expect(await alipay.query('Q1')).toEqual({ orderNo: 'Q1', state: 'unknown' });
    expect(JSON.parse(fake.requests.at(-1)!.params.biz_content)).toEqual({ out_trade_no: 'Q1' });
    fake.scan('Q1');
    expect(await alipay.query('Q1')).toMatchObject({ state: 'pending', amountFen: 1234, transactionId: fake.trades.get('Q1')!.trade_no });
    const paid = fake.pay('Q1');
    expect(await alipay.query('Q1')).toEqual({ orderNo: 'Q1', state: 'paid', transactionId: paid.trade_no, amountFen: 1234,
      paidAt: new Date(`${paid.gmt_payment.replace(' ', 'T')}+08:00`), appId: fake.appId, merchantId: fake.appId });
    await order('Q2');
    fake.scan('Q2');
    await alipay.close('Q2');
    expect(fake.requests.at(-1)!.params).toMatchObject({ method: 'alipay.trade.close', biz_content: '{"out_trade_no":"Q2"}' });
    expect((await alipay.query('Q2')).state).toBe('closed');
    await order('Q3');
    await rejected(alipay.close('Q3'), 'ACQ.TRADE_NOT_EXIST');
  });

  it('refunds synchronously: success when funds moved, processing for a repeated request', async () => {
    await order('R1');
    fake.pay('R1');
    expect(await alipay.refund({ orderNo: 'R1', refundNo: 'RF1', amountFen: 1000, totalFen: 1234, reason: '退租' })).toEqual({ refundNo: 'RF1', status: 'success' });
    expect(JSON.parse(fake.requests.at(-1)!.params.biz_content)).toEqual({ out_trade_no: 'R1', refund_amount: '10.00', out_request_no: 'RF1', refund_reason: '退租' });
    expect(await alipay.refund({ orderNo: 'R1', refundNo: 'RF1', amountFen: 1000, totalFen: 1234 })).toEqual({ refundNo: 'RF1', status: 'processing' });
    const error = await rejected(alipay.refund({ orderNo: 'R1', refundNo: 'RF2', amountFen: 1000, totalFen: 1234 }), 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL');
    expect(error.message).toBe('退款金额超限');
  });

  it('reads the day\'s bill from its ZIP archive of GBK CSV; no bill is an empty day', async () => {
    const lines: BillLine[] = [
      { kind: 'payment', orderNo: 'B1', transactionId: '2026112822001400000000000001', amountFen: 5000, at: new Date('2026-11-28T01:12:01Z') },
      { kind: 'refund', orderNo: 'B1', transactionId: '2026112822001400000000000001', amountFen: 2000, refundNo: 'RB1', at: new Date('2026-11-28T14:05:10Z') },
    ];
    fake.setBill('2026-11-28', lines);
    expect(await alipay.bill('2026-11-28')).toEqual(lines);
    expect(JSON.parse(fake.requests.at(-2)!.params.biz_content)).toEqual({ bill_type: 'trade', bill_date: '2026-11-28' });
    expect(await alipay.bill('2026-11-27')).toEqual([]);
    // The archive read here by hand: the first local header, its deflated bytes, GBK text.
    const zip = Buffer.from(alipayBillZip('2026-11-28', lines));
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    const nameLength = zip.readUInt16LE(26);
    expect(new TextDecoder('gbk').decode(zip.subarray(30, 30 + nameLength))).toMatch(/_20261128_业务明细\.csv$/);
    const text = new TextDecoder('gbk').decode(inflateRawSync(zip.subarray(30 + nameLength, 30 + nameLength + zip.readUInt32LE(18))));
    expect(text).toContain('支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）');
    expect(text).toMatch(/2026112822001400000000000001\s*,B1\s*,退款,电费充值,2026-11-28 22:05:10,2026-11-28 22:05:10,.*,-20\.00,-20\.00,.*,RB1,/);
  });

  it('refuses an answer not signed by Alipay, an error answer included; tells a request Alipay refused', async () => {
    await order('S1');
    try {
      fake.behaviour.answers = 'badly signed';
      await rejected(alipay.query('S1'));
      fake.behaviour.answers = 'unsigned';
      expect((await rejected(alipay.query('S1'))).message).toMatch(/not signed by Alipay, unsigned ACQ.TRADE_NOT_EXIST/);
    } finally {
      fake.behaviour.answers = 'signed';
    }
    await rejected(createAlipay({ ...fake.clientOptions(), appPrivateKey: otherKey() }).query('S1'), 'isv.invalid-signature');
    expect(fake.requests.at(-1)!.verified).toBe(false);
  });

  it('reads a signed notification: paid, refunded, closed; refuses a bad signature, a changed field, another charset', async () => {
    await order('N1');
    const paid = fake.pay('N1');
    expect(alipay.readNotification(fake.notification(paid), new Date())).toEqual({ kind: 'paid', orderNo: 'N1', transactionId: paid.trade_no, amountFen: 1234,
      currency: 'CNY', appId: fake.appId, merchantId: fake.appId, paidAt: new Date(`${paid.gmt_payment.replace(' ', 'T')}+08:00`) });
    refused(() => alipay.readNotification(fake.notification(paid, 'signature'), new Date()), /signature/);
    refused(() => alipay.readNotification(fake.notification(paid, 'field'), new Date()), /signature/);
    refused(() => alipay.readNotification(fake.notification({ ...paid, charset: 'gbk' }), new Date()), /charset gbk/);
    await alipay.refund({ orderNo: 'N1', refundNo: 'NR1', amountFen: 1234, totalFen: 1234 });
    expect(alipay.readNotification(fake.notification(fake.refundEvent('N1', 'NR1')), new Date())).toEqual({ kind: 'refund', orderNo: 'N1', refundNo: 'NR1', status: 'success', amountFen: 1234 });
    expect(alipay.readNotification(fake.notification({ ...paid, trade_status: 'TRADE_CLOSED' }), new Date())).toEqual({ kind: 'closed', orderNo: 'N1', transactionId: paid.trade_no });
    refused(() => alipay.readNotification(fake.notification({ ...paid, trade_status: 'TRADE_CLOSED', app_id: '2021000000009999' }), new Date()), /app_id/);
    // Nothing to settle: refused with a 2xx status, which Alipay is answered `success` for (it would retry anything else).
    const waiting = (() => {
      try {
        return alipay.readNotification(fake.notification({ ...paid, trade_status: 'WAIT_BUYER_PAY' }), new Date());
      } catch (error) {
        return error as NotificationRefused;
      }
    })() as NotificationRefused;
    expect(waiting).toBeInstanceOf(NotificationRefused);
    expect(waiting).toMatchObject({ message: expect.stringMatching(/nothing to settle/), status: 200 });
    expect(alipay.refuse(waiting.message, waiting.status)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(alipay.refuse('bad')).toEqual({ status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' });
  });

  it('answers notifications over HTTP: `success` when handled (duplicates too), `fail` when refused', async () => {
    const endpoint = await notifyEndpoint(alipay);
    try {
      await order('H1');
      const paid = fake.pay('H1');
      expect(await fake.notify(endpoint.url, paid, { times: 2 })).toEqual(Array(2).fill({ status: 200, body: 'success' }));
      expect(endpoint.read).toHaveLength(2);
      expect(await fake.notify(endpoint.url, paid, { tamper: 'field' })).toEqual([{ status: 400, body: 'fail' }]);
    } finally {
      await endpoint.close();
    }
  });

  it('converts fen to Alipay\'s yuan strings and back exactly (property, against a reference written apart)', () => {
    const reference = (fen: number) => {
      const text = String(fen).padStart(3, '0');
      return `${text.slice(0, -2)}.${text.slice(-2)}`;
    };
    fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (fen) => {
      expect(alipayYuan(fen)).toBe(reference(fen));
      expect(alipayFen(reference(fen))).toBe(fen);
    }), { numRuns: 2000 });
    expect([alipayFen('12.3'), alipayFen('12'), alipayFen('0.05'), alipayFen('1234.5')]).toEqual([1230, 1200, 5, 123450]);
    for (const bad of ['12.345', '-1.00', '1e3', ' 12.00', '12.', '.5', '', '12,00', '0x10']) expect(alipayFen(bad)).toBeUndefined();
    expect(() => alipayYuan(12.5)).toThrow(RangeError);
  });
});
