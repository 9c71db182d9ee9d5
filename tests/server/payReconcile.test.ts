/**
 * The daily three-way reconciliation of online payments (issue 41): a provider's bill ↔ the
 * platform's orders ↔ the ledger, over HTTP against the fake WeChat Pay and Alipay servers; and the
 * comparison rule as a property against a reference written here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { startFakeWechatpay, type FakeWechatpay } from '../support/fakeWechatpay';
import { startFakeAlipay, type FakeAlipay } from '../support/fakeAlipay';
import { createWechatpay } from '../../server/payments/wechatpay';
import { createAlipay } from '../../server/payments/alipay';
import { compareDay } from '../../server/domain/payReconcile';
import type { Payments } from '../../server/domain/onlinePayments';
import type { BillLine } from '../../server/payments/provider';
import { propertyRuns } from '../support/propertyRuns';

let backend: TestBackend;
let wx: FakeWechatpay;
let ali: FakeAlipay;
let origin = '';
let api: ReturnType<typeof apiClient>;
let payCode = '';
let accountId = 0;

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows[0];
const balance = async () => Number((await one(sql`SELECT balance_fen FROM accounts WHERE id = ${accountId}`)).balance_fen);
const DAY = '2026-11-21'; // TEST_NOW's day in UTC+8

let seq = 0;
const order = async (amountFen: number, provider: 'wechat' | 'alipay' = 'wechat') => {
  const response = await backend.app.request('/api/v1/pay/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ payCode, utility: 'electric', provider, amountFen, requestId: `rec-${Date.now()}-${++seq}` }) });
  return ((await response.json()) as Row).data.orderNo as string;
};
const paid = async (amountFen: number) => {
  const orderNo = await order(amountFen);
  const event = wx.pay(orderNo);
  await wx.notify(`${origin}/api/v1/pay/notify/wechat`, event);
  return { orderNo, transactionId: event.plaintext.transaction_id as string };
};
const line = (kind: BillLine['kind'], orderNo: string, transactionId: string, amountFen: number, refundNo?: string): BillLine =>
  ({ kind, orderNo, transactionId, amountFen, refundNo, at: backend.clock.now });

beforeAll(async () => {
  const now = () => backend.clock.now;
  wx = await startFakeWechatpay({ now });
  ali = await startFakeAlipay({ now });
  const payments: Payments = {
    providers: { wechat: createWechatpay({ ...wx.clientOptions(), now }), alipay: createAlipay({ ...ali.clientOptions(), now }) },
    notifyUrl: (provider) => `${origin}/api/v1/pay/notify/${provider}`, publicUrl: 'https://pay.example.com', orderMinutes: 15, rateLimits: { ordersPerCode: 100 },
  };
  backend = await startTestBackend({ payments });
  origin = await backend.listen();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  const account = await one(sql`SELECT a.room_id, a.id FROM accounts a JOIN electric_meters m ON m.room_id = a.room_id
    WHERE a.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1) AND a.utility = 'electric' AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000 ORDER BY a.id DESC LIMIT 1`);
  accountId = account.id;
  payCode = (await api.get('payLink/findByRoom', { roomId: account.room_id })).body.data.payCode;
});
afterAll(async () => {
  await backend.close();
  await wx.close();
  await ali.close();
});

describe('a day reconciled with the provider\'s bill', () => {
  it('finds one payment missing on each side and one amount differing; a person credits the missing one', async () => {
    const a = await paid(1000);
    const b = await paid(2000);
    const c = await paid(3000);
    const d = await order(4000); // paid at the provider, its notification lost
    const dEvent = wx.pay(d);
    // A refund of part of A, confirmed.
    const refund = (await api.post('payment/refund', { orderId: a.orderNo, amountFen: 300, reason: '多缴' })).body.data;
    await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.completeRefund(refund.refundNo));
    wx.setBill(DAY, [
      line('payment', a.orderNo, a.transactionId, 1000),
      line('payment', b.orderNo, b.transactionId, 2500), // the provider says 25.00
      line('payment', d, dEvent.plaintext.transaction_id as string, 4000),
      line('refund', a.orderNo, a.transactionId, 300, refund.refundNo),
      // c is not in the bill
    ], { gzip: 'file' });
    const result = await api.post('payment/reconcile', { provider: 'wechat', date: DAY });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ status: 'differences', matched: 2, missingOnPlatform: 1, missingAtProvider: 1, amountMismatch: 1 });
    const items = result.body.data.items as Row[];
    expect(items.find((i) => i.orderNo === d)).toMatchObject({ kind: 'missingOnPlatform', line: 'payment', cause: 'order.pending', providerFen: 4000, platformFen: null });
    expect(items.find((i) => i.orderNo === c.orderNo)).toMatchObject({ kind: 'missingAtProvider', cause: 'notInBill', platformFen: 3000, ledgerFen: 3000 });
    expect(items.find((i) => i.orderNo === b.orderNo)).toMatchObject({ kind: 'amountMismatch', cause: 'providerAmount', providerFen: 2500, platformFen: 2000 });
    expect(result.body.data).toMatchObject({ providerFen: 1000 + 2500 + 4000 - 300, platformFen: 1000 + 2000 + 3000 - 300, ledgerFen: 1000 + 2000 + 3000 - 300 });

    // The missing payment is credited to its room by a person; the others are accepted with a note.
    const before = await balance();
    const itemD = items.find((i) => i.orderNo === d)!;
    expect((await api.post('payment/resolve', { itemId: itemD.id, action: 'credit', note: '通知丢失，补入账' })).status).toBe(200);
    expect(await balance()).toBe(before + 4000);
    expect((await api.post('payment/resolve', { itemId: itemD.id, action: 'credit', note: 'again' })).status).toBe(409);
    const itemC = items.find((i) => i.orderNo === c.orderNo)!;
    expect((await api.post('payment/resolve', { itemId: itemC.id, action: 'accept' })).status).toBe(400); // a note is required
    expect((await api.post('payment/resolve', { itemId: itemC.id, action: 'accept', note: '次日账单补入' })).status).toBe(200);

    // Run again: D now matches; C's difference keeps its resolution.
    const again = (await api.post('payment/reconcile', { provider: 'wechat', date: DAY })).body.data;
    expect(again).toMatchObject({ matched: 3, missingOnPlatform: 0, missingAtProvider: 1, amountMismatch: 1 });
    expect(again.items.find((i: Row) => i.orderNo === c.orderNo)).toMatchObject({ resolution: 'accepted', resolutionNote: '次日账单补入' });
    const listed = await api.get('payment/findReconciliations', { pageNum: 1, pageSize: 10, provider: 'wechat' });
    expect(listed.body.data.records[0]).toMatchObject({ billDate: DAY, status: 'differences', open: 1 });
  });

  it('reads Alipay\'s zipped GBK bill, and a day without trades at either provider matches', async () => {
    const orderNo = await order(880, 'alipay');
    ali.scan(orderNo);
    const fields = ali.pay(orderNo);
    await ali.notify(`${origin}/api/v1/pay/notify/alipay`, fields);
    ali.setBill(DAY, [{ kind: 'payment', orderNo, transactionId: fields.trade_no, amountFen: 880, at: backend.clock.now, subject: '电费充值' }]);
    const result = (await api.post('payment/reconcile', { provider: 'alipay', date: DAY })).body.data;
    expect(result).toMatchObject({ status: 'matched', matched: 1, items: [] });
    const quiet = (await api.post('payment/reconcile', { provider: 'alipay', date: '2026-11-01' })).body.data;
    expect(quiet).toMatchObject({ status: 'matched', matched: 0 });
  });

  it('refuses a bad day or provider, and records a bill that cannot be read as failed', async () => {
    expect((await api.post('payment/reconcile', { provider: 'wechat', date: '2026-13-01' })).status).toBe(400);
    expect((await api.post('payment/reconcile', { provider: 'paypal', date: DAY })).status).toBe(400);
    wx.setBill('2026-11-02', [line('payment', 'E0', 'T0', 1)], { hash: '0'.repeat(40) });
    expect((await api.post('payment/reconcile', { provider: 'wechat', date: '2026-11-02' })).status).toBe(409);
    const failed = await api.get('payment/findReconciliations', { pageNum: 1, pageSize: 10, status: 'failed' });
    expect(failed.body.data.records[0]).toMatchObject({ billDate: '2026-11-02', status: 'failed' });
  });
});

describe('the comparison rule', () => {
  it('puts each order in exactly one class, as the reference does', () => {
    const side = fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: undefined });
    fc.assert(fc.property(fc.array(fc.record({ bill: side, platform: side, ledger: side, conflict: fc.boolean() }), { maxLength: 30 }), (orders) => {
      const bill: BillLine[] = [];
      const payments: { orderNo: string; fen: number }[] = [];
      const ledger = new Map<string, number>();
      const known = new Map<string, { status: string; areaId: number }>();
      orders.forEach((o, i) => {
        const no = `E${i}`;
        if (o.bill !== undefined) bill.push({ kind: 'payment', orderNo: no, transactionId: `T${i}`, amountFen: o.bill, at: new Date(0) });
        if (o.platform !== undefined) { payments.push({ orderNo: no, fen: o.platform }); known.set(no, { status: o.conflict ? 'conflict' : 'credited', areaId: 1 }); }
        if (o.ledger !== undefined && o.platform !== undefined && !o.conflict) ledger.set(no, o.ledger);
      });
      const { matched, items } = compareDay(bill, { payments, refunds: [] }, { payments: ledger, refunds: new Map() }, known);
      // The reference: written from the rule, one order at a time.
      let expectedMatched = 0;
      const expected: Record<string, string> = {};
      orders.forEach((o, i) => {
        const no = `E${i}`;
        const inLedger = o.platform !== undefined && !o.conflict ? (o.ledger ?? 0) : 0;
        if (o.bill === undefined && o.platform === undefined) return;
        if (o.platform === undefined) expected[no] = 'missingOnPlatform';
        else if (o.bill === undefined) expected[no] = 'missingAtProvider';
        else if (o.bill !== o.platform) expected[no] = 'amountMismatch';
        else if (!o.conflict && inLedger !== o.platform) expected[no] = 'amountMismatch';
        else expectedMatched++;
      });
      expect(matched).toBe(expectedMatched);
      expect(Object.fromEntries(items.map((item) => [item.orderNo, item.kind]))).toEqual(expected);
    }), { numRuns: propertyRuns(50, 300) });
  });
});
