/**
 * Online payments (issue 41) end to end on the server, over HTTP against fake WeChat Pay and Alipay
 * servers written in the tests (tests/support/fake*.ts, not the simulated providers): orders signed,
 * notifications credited exactly once (once, five times, five at once), refused when not to be
 * trusted, a lost notification found by query, a late payment kept as a conflict, refunds.
 * The daily reconciliation: payReconcile.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { startFakeWechatpay, type FakeWechatpay } from '../support/fakeWechatpay';
import { startFakeAlipay, type FakeAlipay } from '../support/fakeAlipay';
import { createWechatpay } from '../../server/payments/wechatpay';
import { createAlipay } from '../../server/payments/alipay';
import { createPayOrder, pollDueOrders, type Payments } from '../../server/domain/onlinePayments';
import { requestRefund } from '../../server/domain/payRefunds';
import { DomainError } from '../../server/domain/results';

let backend: TestBackend;
let wx: FakeWechatpay;
let ali: FakeAlipay;
let origin = '';
let payments: Payments;
let api: ReturnType<typeof apiClient>;
let room: { roomId: number; accountId: number; payCode: string };

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];
const balance = async () => Number((await one(sql`SELECT balance_fen FROM accounts WHERE id = ${room.accountId}`)).balance_fen);
const creditsOf = async (orderNo: string) => (await rows(sql`SELECT amount_fen FROM ledger_entries WHERE ref_type = 'recharge_order' AND ref_id = ${orderNo} AND kind = 'recharge'`)).length;
/** An order's row, its money as numbers (PostgreSQL answers bigint as text, PGlite as numbers). */
const orderRow = async (orderNo: string) => {
  const row = await one(sql`SELECT * FROM pay_orders WHERE order_no = ${orderNo}`);
  return (row && { ...row, amount_fen: Number(row.amount_fen), paid_fen: row.paid_fen === null ? null : Number(row.paid_fen), refunded_fen: Number(row.refunded_fen) }) as Row;
};

/** The areas of admin (area 1 and its sub-areas). */
const AREA1 = sql.raw(`(SELECT id FROM areas WHERE id = (SELECT area_id FROM sys_users WHERE user_name = 'admin') OR parent_id = (SELECT area_id FROM sys_users WHERE user_name = 'admin'))`);

let seq = 0;
const pay = async (body: Record<string, unknown>) => {
  const response = await backend.app.request('/api/v1/pay/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ payCode: room.payCode, utility: 'electric', provider: 'wechat', requestId: `req-${Date.now()}-${++seq}`, ...body }) });
  return { status: response.status, body: await response.json() as Row };
};
const status = async (orderNo: string) => (await (await backend.app.request(`/api/v1/pay/orders/${orderNo}?payCode=${room.payCode}`)).json() as Row).data;

beforeAll(async () => {
  const now = () => backend.clock.now;
  wx = await startFakeWechatpay({ now });
  ali = await startFakeAlipay({ now });
  payments = {
    providers: { wechat: createWechatpay({ ...wx.clientOptions(), now }), alipay: createAlipay({ ...ali.clientOptions(), now }) },
    notifyUrl: (provider) => `${origin}/api/v1/pay/notify/${provider}`, publicUrl: 'https://pay.example.com', orderMinutes: 15,
    rateLimits: { ordersPerCode: 40 },
  };
  backend = await startTestBackend({ payments });
  origin = await backend.listen();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  const account = await one(sql`SELECT a.room_id, a.id FROM accounts a JOIN electric_meters m ON m.room_id = a.room_id
    WHERE a.area_id IN ${AREA1} AND a.utility = 'electric' AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000 ORDER BY a.id LIMIT 1`);
  const link = await api.get('payLink/findByRoom', { roomId: account.room_id });
  room = { roomId: account.room_id, accountId: account.id, payCode: link.body.data.payCode };
});
afterAll(async () => {
  await backend.close();
  await wx.close();
  await ali.close();
});

describe('a room\'s pay code', () => {
  it('is an unguessable token behind a link; the public call shows the room masked and its balances', async () => {
    const link = await api.get('payLink/findByRoom', { roomId: room.roomId });
    expect(link.body.data.payCode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.body.data.url).toBe(`https://pay.example.com/pay/${room.payCode}`);
    const answer = await (await backend.app.request(`/api/v1/pay/room?payCode=${room.payCode}`)).json() as Row;
    expect(answer.data.room).toMatch(/\*/);
    expect(answer.data.utilities.find((u: Row) => u.utility === 'electric').balanceFen).toBe(await balance());
    expect(JSON.stringify(answer.data)).not.toMatch(/tenant|phone/i);
  });

  it('renewed, the old code stops working at once', async () => {
    const other = await one(sql`SELECT r.id FROM rooms r WHERE r.area_id IN ${AREA1} AND r.id <> ${room.roomId} ORDER BY r.id LIMIT 1`);
    const old = (await api.get('payLink/findByRoom', { roomId: other.id })).body.data.payCode;
    const renewed = (await api.post('payLink/renew', { roomId: other.id })).body.data.payCode;
    expect(renewed).not.toBe(old);
    expect((await backend.app.request(`/api/v1/pay/room?payCode=${old}`)).status).toBe(404);
    expect((await backend.app.request(`/api/v1/pay/room?payCode=${renewed}`)).status).toBe(200);
  });
});

describe('an order', () => {
  it('is created at the provider with a correct signature and the order\'s fields', async () => {
    const { status: code, body } = await pay({ amountFen: 5000 });
    expect(code).toBe(200);
    expect(body.data.qrCode).toBeTruthy();
    const request = wx.requests.find((r) => r.path === '/v3/pay/transactions/native' && JSON.parse(r.body).out_trade_no === body.data.orderNo)!;
    expect(request.verified).toBe(true);
    const sent = JSON.parse(request.body);
    expect(sent).toMatchObject({ mchid: wx.mchid, appid: wx.appid, amount: { total: 5000, currency: 'CNY' }, notify_url: `${origin}/api/v1/pay/notify/wechat` });
    expect((await status(body.data.orderNo)).status).toBe('pending');
  });

  it('answers the same order for the same request id, and 409 for the same id with another amount', async () => {
    const requestId = `same-${Date.now()}`;
    const first = await pay({ amountFen: 2000, requestId });
    const again = await pay({ amountFen: 2000, requestId });
    expect(again.body.data.orderNo).toBe(first.body.data.orderNo);
    expect((await pay({ amountFen: 2100, requestId })).status).toBe(409);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = Number((await one(sql`SELECT count(*)::int AS n FROM pay_orders`)).n);
    expect((await pay({ amountFen: 0 })).status).toBe(400);
    expect((await pay({ amountFen: 12.5 })).status).toBe(400);
    expect((await pay({ amountFen: 100_000_000 })).status).toBe(400);
    expect((await pay({ amountFen: 100, payCode: 'x'.repeat(32) })).status).toBe(404);
    expect((await pay({ amountFen: 100, payCode: 'short' })).status).toBe(400);
    expect((await pay({ amountFen: 100, provider: 'paypal' })).status).toBe(400);
    expect(Number((await one(sql`SELECT count(*)::int AS n FROM pay_orders`)).n)).toBe(before);
  });

  it('is rate-limited per pay code: a code guessed at or hammered gets 429', async () => {
    const other = await one(sql`SELECT r.id FROM rooms r JOIN electric_meters m ON m.room_id = r.id WHERE r.area_id IN ${AREA1} AND r.id <> ${room.roomId} ORDER BY r.id DESC LIMIT 1`);
    const code = (await api.get('payLink/findByRoom', { roomId: other.id })).body.data.payCode;
    const statuses = [];
    for (let i = 0; i < 62; i++) statuses.push((await backend.app.request(`/api/v1/pay/room?payCode=${code}`)).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });
});

describe('a payment is credited exactly once', () => {
  for (const [name, how] of [['sent once', { times: 1 }], ['sent five times', { times: 5 }], ['sent five times at once', { times: 5, concurrent: true }]] as const) {
    it(name, async () => {
      const before = await balance();
      const { body } = await pay({ amountFen: 1234 });
      const orderNo = body.data.orderNo as string;
      const answers = await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.pay(orderNo), how);
      expect(answers.map((a) => a.status)).toEqual(Array(how.times).fill(204));
      expect(await balance()).toBe(before + 1234);
      expect(await creditsOf(orderNo)).toBe(1);
      const order = await status(orderNo);
      expect(order).toMatchObject({ status: 'credited', amountFen: 1234 });
      const listed = await api.get('webStatsanalysisOrder/findRechargeOrderByParams', { orderId: orderNo, pageNum: 1, pageSize: 10 });
      expect(listed.body.data.records[0]).toMatchObject({ orderId: orderNo, channel: 'wechat', amountFen: 1234, payStatus: 'credited', operatorId: null });
    });
  }

  for (const tamper of ['signature', 'timestamp', 'serial', 'ciphertext'] as const) {
    it(`refuses a notification with a bad ${tamper}, credits nothing, and a good one then still credits`, async () => {
      const before = await balance();
      const orderNo = (await pay({ amountFen: 700 })).body.data.orderNo as string;
      const event = wx.pay(orderNo);
      const [answer] = await wx.notify(`${origin}/api/v1/pay/notify/wechat`, event, { tamper });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'FAIL' });
      expect(await balance()).toBe(before);
      expect((await orderRow(orderNo)).status).toBe('pending');
      await wx.notify(`${origin}/api/v1/pay/notify/wechat`, event);
      expect(await balance()).toBe(before + 700);
    });
  }

  it('keeps a mismatched amount or merchant as a conflict, credits nothing, and does not make the provider retry', async () => {
    const before = await balance();
    const a = (await pay({ amountFen: 800 })).body.data.orderNo as string;
    const b = (await pay({ amountFen: 800 })).body.data.orderNo as string;
    expect((await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.pay(a, { amountFen: 1 })))[0].status).toBe(204);
    expect((await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.pay(b, { merchantId: '1900000999' })))[0].status).toBe(204);
    expect(await balance()).toBe(before);
    expect(await orderRow(a)).toMatchObject({ status: 'conflict', conflict_reason: 'amount' });
    expect(await orderRow(b)).toMatchObject({ status: 'conflict', conflict_reason: 'merchant' });
    const conflicts = await api.get('payment/findConflicts', { pageNum: 1, pageSize: 50, open: true });
    expect(conflicts.body.data.records.map((r: Row) => r.orderNo)).toEqual(expect.arrayContaining([a, b]));
  });

  it('credits through Alipay too, answered with the text success', async () => {
    const before = await balance();
    const orderNo = (await pay({ amountFen: 990, provider: 'alipay' })).body.data.orderNo as string;
    ali.scan(orderNo);
    const answers = await ali.notify(`${origin}/api/v1/pay/notify/alipay`, ali.pay(orderNo), { times: 3, concurrent: true });
    expect(answers.map((a) => a.body)).toEqual(['success', 'success', 'success']);
    expect(await balance()).toBe(before + 990);
    expect(await creditsOf(orderNo)).toBe(1);
    const [tampered] = await ali.notify(`${origin}/api/v1/pay/notify/alipay`, ali.pay(orderNo), { tamper: 'field' });
    expect(tampered.body).not.toBe('success');
  });
});

describe('a provider that does not answer', () => {
  it('an order is not made (closed, the tenant may try again); a refund stays processing, not failed', async () => {
    const away: Payments = { ...payments, providers: { ...payments.providers, wechat: createWechatpay({ ...wx.clientOptions(), now: () => backend.clock.now, fetch: () => Promise.reject(new Error('connect ECONNREFUSED')) }) } };
    const requestId = `away-${Date.now()}`;
    const refusal = await createPayOrder(backend.database.db, away, { payCode: room.payCode, utility: 'electric', amountFen: 900, provider: 'wechat', requestId }, backend.clock.now, 5_000_000).catch((error) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ outcome: 'conflict', key: 'errors.providerUnavailable' });
    expect(await one(sql`SELECT status FROM pay_orders WHERE room_id = ${room.roomId} AND request_id = ${requestId}`)).toMatchObject({ status: 'closed' });
    // The tenant's retry (the same request) once the provider answers again: the same order, asked again, now made.
    const retried = await createPayOrder(backend.database.db, payments, { payCode: room.payCode, utility: 'electric', amountFen: 900, provider: 'wechat', requestId }, backend.clock.now, 5_000_000);
    expect(retried.qrCode).toBeTruthy();
    expect(await one(sql`SELECT status, order_no FROM pay_orders WHERE room_id = ${room.roomId} AND request_id = ${requestId}`)).toMatchObject({ status: 'pending', order_no: retried.orderNo });
    expect((await createPayOrder(backend.database.db, payments, { payCode: room.payCode, utility: 'electric', amountFen: 900, provider: 'wechat', requestId }, backend.clock.now, 5_000_000)).qrCode).toBe(retried.qrCode);

    const orderNo = (await pay({ amountFen: 1100 })).body.data.orderNo as string;
    await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.pay(orderNo));
    const session = { userId: 1, areaIds: (await rows(sql`SELECT id FROM areas WHERE id = 1 OR parent_id = 1`)).map((r) => Number(r.id)), areaId: 1, userName: 'admin' };
    const unanswered = await requestRefund(backend.database.db, away, session as never, { orderId: orderNo, amountFen: 1100 }, backend.clock.now).catch((error) => error);
    expect(unanswered).toMatchObject({ outcome: 'conflict', key: 'errors.refundUnanswered' });
    expect(await one(sql`SELECT status FROM pay_refunds WHERE order_no = ${orderNo}`)).toMatchObject({ status: 'processing' });
    expect((await orderRow(orderNo)).status).toBe('refunding');
  });
});

describe('the prepaid loop after an online credit', () => {
  it('an account lifted out of arrears gets its restore command, as after a counter recharge', async () => {
    const cut = await one(sql`SELECT a.room_id, a.balance_fen, a.overdraft_fen, m.id AS meter_id FROM accounts a JOIN electric_meters m ON m.room_id = a.room_id
      WHERE a.area_id IN ${AREA1} AND a.utility = 'electric' AND a.balance_fen <= -a.overdraft_fen AND a.balance_fen < 0 ORDER BY a.id LIMIT 1`);
    const code = (await api.get('payLink/findByRoom', { roomId: cut.room_id })).body.data.payCode;
    const amountFen = -Number(cut.balance_fen) + 1000;
    const created = await backend.app.request('/api/v1/pay/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ payCode: code, utility: 'electric', provider: 'wechat', amountFen, requestId: `arrears-${Date.now()}` }) });
    const orderNo = ((await created.json()) as Row).data.orderNo as string;
    await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.pay(orderNo));
    const commands = await rows(sql`SELECT type, device_id FROM commands WHERE payload->>'orderId' = ${orderNo}`);
    expect(commands).toEqual([{ type: 'close_allowed', device_id: cut.meter_id }]);
  });
});

describe('a payment no order claims', () => {
  it('is kept, listed with the conflicts, and given back whole or accepted with a note', async () => {
    const expiresAt = new Date(backend.clock.now.getTime() + 600_000);
    const stray = async (orderNo: string) => {
      await payments.providers.wechat.createOrder({ orderNo, amountFen: 4321, description: '电费充值', expiresAt, notifyUrl: `${origin}/api/v1/pay/notify/wechat` });
      expect((await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.pay(orderNo), { times: 2 })).map((a) => a.status)).toEqual([204, 204]);
    };
    await stray('STRAY000001');
    await stray('STRAY000002');
    const open = (await api.get('payment/findConflicts', { pageNum: 1, pageSize: 100, open: true })).body.data.records as Row[];
    const [first, second] = ['STRAY000001', 'STRAY000002'].map((no) => open.find((r) => r.orderNo === no && r.kind === 'unmatched')!);
    expect(first).toMatchObject({ paidFen: 4321, reason: 'unknownOrder', room: null });
    expect((await api.post('payment/resolve', { unmatchedId: first.id, action: 'credit', note: 'x' })).status).toBe(409);
    expect((await api.post('payment/resolve', { unmatchedId: first.id, action: 'refund', note: '原路退回' })).status).toBe(200);
    const refund = await one(sql`SELECT refund_no, status, amount_fen::int AS amount_fen FROM pay_refunds WHERE order_no = 'STRAY000001'`);
    expect(refund).toMatchObject({ status: 'processing', amount_fen: 4321 });
    await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.completeRefund(refund.refund_no));
    expect((await one(sql`SELECT resolution FROM pay_unmatched WHERE order_no = 'STRAY000001'`)).resolution).toBe('refunded');
    expect((await api.post('payment/resolve', { unmatchedId: second.id, action: 'accept' })).status).toBe(400);
    expect((await api.post('payment/resolve', { unmatchedId: second.id, action: 'accept', note: '已线下退还' })).status).toBe(200);
    expect((await api.post('payment/resolve', { unmatchedId: second.id, action: 'refund', note: 'again' })).status).toBe(409);
    const still = (await api.get('payment/findConflicts', { pageNum: 1, pageSize: 100, open: true })).body.data.records as Row[];
    expect(still.filter((r) => r.orderNo.startsWith('STRAY'))).toEqual([]);
  });
});

describe('a notification that never comes', () => {
  it('is found by querying the provider after a minute', async () => {
    const before = await balance();
    const orderNo = (await pay({ amountFen: 555 })).body.data.orderNo as string;
    wx.pay(orderNo); // paid, but the notification is lost
    expect(await pollDueOrders(backend.database.db, payments, backend.clock.now)).toEqual([]);
    expect((await orderRow(orderNo)).status).toBe('pending'); // not due yet
    await pollDueOrders(backend.database.db, payments, new Date(backend.clock.now.getTime() + 61_000));
    expect((await orderRow(orderNo)).status).toBe('credited');
    expect(await balance()).toBe(before + 555);
  });

  it('an order unpaid at expiry is closed at the provider; a payment after that is a conflict, not lost', async () => {
    const before = await balance();
    const orderNo = (await pay({ amountFen: 321 })).body.data.orderNo as string;
    await pollDueOrders(backend.database.db, payments, new Date(backend.clock.now.getTime() + 16 * 60_000));
    expect((await orderRow(orderNo)).status).toBe('closed');
    expect(wx.requests.some((r) => r.path.startsWith(`/v3/pay/transactions/out-trade-no/${orderNo}/close`))).toBe(true);
    expect((await status(orderNo)).status).toBe('closed');
    await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.pay(orderNo));
    expect(await orderRow(orderNo)).toMatchObject({ status: 'conflict', conflict_reason: 'afterClose' });
    expect(await balance()).toBe(before);
    // A person decides: credit it to the room.
    const resolved = await api.post('payment/resolve', { orderNo, action: 'credit', note: '租户来电确认' });
    expect(resolved.status).toBe(200);
    expect(await balance()).toBe(before + 321);
    expect((await api.post('payment/resolve', { orderNo, action: 'credit', note: 'again' })).status).toBe(409);
  });
});

describe('refunds', () => {
  it('a partial then a full refund: the ledger moves when the provider confirms, once', async () => {
    const orderNo = (await pay({ amountFen: 3000 })).body.data.orderNo as string;
    await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.pay(orderNo));
    const before = await balance();
    const partial = await api.post('payment/refund', { orderId: orderNo, amountFen: 1000, reason: '多缴' });
    expect(partial.body.data).toMatchObject({ status: 'processing', amountFen: 1000 });
    expect(await balance()).toBe(before); // not until the provider confirms
    expect((await api.post('payment/refund', { orderId: orderNo, amountFen: 2001 })).status).toBe(400); // 2000 left
    const event = wx.completeRefund(partial.body.data.refundNo);
    await wx.notify(`${origin}/api/v1/pay/notify/wechat`, event, { times: 3 });
    expect(await balance()).toBe(before - 1000);
    expect(await orderRow(orderNo)).toMatchObject({ status: 'credited', refunded_fen: 1000 });
    const rest = await api.post('payment/refund', { orderId: orderNo, amountFen: 2000, reason: '退租' });
    await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.completeRefund(rest.body.data.refundNo));
    expect(await balance()).toBe(before - 3000);
    expect(await orderRow(orderNo)).toMatchObject({ status: 'refunded', refunded_fen: 3000 });
    expect((await status(orderNo)).status).toBe('refunded');
    const entries = await rows(sql`SELECT amount_fen FROM ledger_entries WHERE ref_type = 'pay_refund' AND ref_id LIKE ${`${orderNo}R%`} ORDER BY id`);
    expect(entries.map((e) => Number(e.amount_fen))).toEqual([-1000, -2000]);
    expect((await api.post('payment/refund', { orderId: orderNo, amountFen: 1 })).status).toBe(400);
  });

  it('an online order is refunded, not voided; a counter order cannot be refunded', async () => {
    const orderNo = (await pay({ amountFen: 600 })).body.data.orderNo as string;
    await wx.notify(`${origin}/api/v1/pay/notify/wechat`, wx.pay(orderNo));
    const voided = await api.put('webStatsanalysisOrder/updateRechargeOrderById', { orderId: orderNo, orderStatus: 0 });
    expect(voided.status).toBe(409);
    const counter = await api.post('account/recharge', { roomId: room.roomId, utility: 'electric', amountFen: 100, channel: 'cash', requestId: `counter-${Date.now()}` });
    expect((await api.post('payment/refund', { orderId: counter.body.data.order.orderId, amountFen: 100 })).status).toBe(404);
  });

  it('Alipay answers a refund at once: the ledger moves then', async () => {
    const orderNo = (await pay({ amountFen: 1500, provider: 'alipay' })).body.data.orderNo as string;
    ali.scan(orderNo);
    await ali.notify(`${origin}/api/v1/pay/notify/alipay`, ali.pay(orderNo));
    const before = await balance();
    const refund = await api.post('payment/refund', { orderId: orderNo, amountFen: 1500, reason: '误缴' });
    expect(refund.body.data.status).toBe('success');
    expect(await balance()).toBe(before - 1500);
    expect((await orderRow(orderNo)).status).toBe('refunded');
  });
});
