/**
 * The simulated payment providers (server/paysim/), driven in-process through a Hono app that mounts
 * them as the platform does, with requests signed and answers, notifications and resources checked by
 * helpers written here with node:crypto (not the project's own), then by the platform's real clients.
 */
import { createDecipheriv, createHash, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createAlipaySim, createWechatpaySim, loadSimulatorKeys, pickLanguage, startSimulatedProviders } from '../../server/paysim';
import { verifiedResponse, verifyNotification } from '../../server/payments/alipaySignature';
import { parseTradeBill } from '../../server/payments/wechatpayBill';
import { parseAlipayBill } from '../../server/payments/alipayBill';
import { createWechatpay } from '../../server/payments/wechatpay';
import { createAlipay } from '../../server/payments/alipay';

const dir = mkdtempSync(join(tmpdir(), 'paysim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const keys = loadSimulatorKeys(join(dir, 'paysim'));
const W = keys.wechatpay;
const A = keys.alipay;
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const sign = (text: string, key: KeyObject) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
const verify = (text: string, signature: string, key: KeyObject) => createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
const chinaText = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const chinaDay = (ms: number) => chinaText(ms).slice(0, 10);
const rfc3339 = (ms: number) => `${chinaText(ms).replace(' ', 'T')}+08:00`;

let clock = Date.now();
const now = () => new Date(clock);
interface Delivery { url: string; headers: Headers; body: string }
type Call = (url: string, init?: RequestInit) => Promise<Response>;
const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
  clock = Date.now();
});

/** A simulator mounted as the platform mounts it, its notifications caught and answered by `reply(attempt)`. */
function mount(kind: 'wechat' | 'alipay', reply: (attempt: number) => [number, string], timeFactor = 1e6) {
  const deliveries: Delivery[] = [];
  const notifyFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    deliveries.push({ url: request.url, headers: request.headers, body: await request.text() });
    const [status, text] = reply(deliveries.length);
    return new Response(status === 204 ? null : text, { status });
  }) as typeof fetch;
  const options = { keys, notifyFetch, now, timeFactor };
  const root = new Hono();
  const sim = kind === 'wechat' ? createWechatpaySim({ ...options, publicUrl: 'http://platform.test/sim/wechatpay' })
    : createAlipaySim({ ...options, publicUrl: 'http://platform.test/sim/alipay' });
  root.route(kind === 'wechat' ? '/sim/wechatpay' : '/sim/alipay', sim.app);
  stops.push(sim.stop);
  const call = async (url: string, init?: RequestInit) => root.fetch(new Request(url, init));
  return { sim, deliveries, call };
}

// ------------------------------------------------------------------------------------- WeChat Pay

const WX = 'http://platform.test/sim/wechatpay';
function authorization(method: string, url: string, body: string, key = W.merchantPrivateKey) {
  const { pathname, search } = new URL(url);
  const timestamp = Math.floor(clock / 1000);
  const nonce = randomBytes(16).toString('hex');
  const signature = sign(`${method}\n${pathname}${search}\n${timestamp}\n${nonce}\n${body}\n`, key);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${W.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${W.merchantSerial}"`;
}
const signedByWechatpay = (headers: Headers, body: string) => headers.get('wechatpay-serial') === W.publicKeyId
  && verify(`${headers.get('wechatpay-timestamp')}\n${headers.get('wechatpay-nonce')}\n${body}\n`, headers.get('wechatpay-signature') ?? '', W.publicKey);
function decrypt(resource: { ciphertext: string; nonce: string; associated_data: string }) {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(W.apiV3Key), Buffer.from(resource.nonce));
  decipher.setAAD(Buffer.from(resource.associated_data));
  decipher.setAuthTag(data.subarray(-16));
  return JSON.parse(Buffer.concat([decipher.update(data.subarray(0, -16)), decipher.final()]).toString('utf8'));
}
/** A signed v3 request; its answer, whose signature must verify. */
async function wx(call: Call, method: 'GET' | 'POST', path: string, body?: object, auth?: string | null) {
  const url = path.startsWith('http') ? path : WX + path;
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (auth !== null) headers.Authorization = auth ?? authorization(method, url, text);
  const response = await call(url, { method, headers, body: body === undefined ? undefined : text });
  const raw = await response.text();
  expect(signedByWechatpay(response.headers, raw)).toBe(true);
  return { status: response.status, json: raw ? JSON.parse(raw) : undefined };
}
const order = (no: string, extra: object = {}) => ({
  appid: W.appid, mchid: W.mchid, description: '电费充值 101', out_trade_no: no, notify_url: 'https://platform.test/api/v1/pay/notify/wechat',
  amount: { total: 1234, currency: 'CNY' }, ...extra,
});

describe('simulated WeChat Pay', () => {
  it('keeps its keys under the data folder, owner-only, and reads the same ones back', () => {
    for (const name of ['ids.json', 'wechatpay-merchant-private.pem', 'wechatpay-platform-public.pem', 'alipay-app-private.pem', 'alipay-platform-public.pem']) {
      expect(statSync(join(dir, 'paysim', name)).mode & 0o777).toBe(0o600);
    }
    const again = loadSimulatorKeys(join(dir, 'paysim'));
    expect(again.wechatpay.merchantPrivateKey.export({ type: 'pkcs8', format: 'pem' })).toBe(W.merchantPrivateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect({ ...again.wechatpay, ...again.alipay }).toMatchObject({ mchid: W.mchid, apiV3Key: W.apiV3Key, publicKeyId: W.publicKeyId, appId: A.appId });
    expect(W.mchid).toMatch(/^\d{10}$/);
    expect(W.merchantSerial).toMatch(/^[0-9A-F]{40}$/);
    expect(W.publicKeyId).toMatch(/^PUB_KEY_ID_\d{32}$/);
    expect(W.apiV3Key).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(A.appId).toMatch(/^2021\d{12}$/);
  });

  it('refuses an unsigned, a badly signed or a malformed order, in signed answers', async () => {
    const { call } = mount('wechat', () => [204, '']);
    const body = order('E2026000001');
    expect(await wx(call, 'POST', '/v3/pay/transactions/native', body, null)).toMatchObject({ status: 401, json: { code: 'SIGN_ERROR' } });
    const forged = authorization('POST', `${WX}/v3/pay/transactions/native`, JSON.stringify(body), stranger);
    expect(await wx(call, 'POST', '/v3/pay/transactions/native', body, forged)).toMatchObject({ status: 401, json: { code: 'SIGN_ERROR' } });
    // Signed over another body: refused too.
    const other = authorization('POST', `${WX}/v3/pay/transactions/native`, JSON.stringify(order('E2026000002')));
    expect(await wx(call, 'POST', '/v3/pay/transactions/native', body, other)).toMatchObject({ status: 401 });
    for (const bad of [order('E2026000001', { appid: 'wx0000000000000000' }), order('E 1'), order('E2026000001', { amount: { total: 0 } }),
      order('E2026000001', { amount: { total: 12.5 } }), { ...order('E2026000001'), notify_url: undefined }]) {
      expect(await wx(call, 'POST', '/v3/pay/transactions/native', bad)).toMatchObject({ status: 400, json: { code: 'PARAM_ERROR' } });
    }
  });

  it('takes an order, is paid on the pay page, and notifies signed with the resource encrypted', async () => {
    const { sim, call, deliveries } = mount('wechat', () => [204, '']);
    const created = await wx(call, 'POST', '/v3/pay/transactions/native', order('E2026000003'));
    expect(created).toMatchObject({ status: 200, json: { code_url: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=[0-9A-Za-z]{10}$/) } });
    expect((await wx(call, 'POST', '/v3/pay/transactions/native', order('E2026000003'))).json).toEqual(created.json);
    expect(await wx(call, 'POST', '/v3/pay/transactions/native', order('E2026000003', { description: '水费' }))).toMatchObject({ status: 400, json: { code: 'INVALID_REQUEST' } });
    const query = `/v3/pay/transactions/out-trade-no/E2026000003?mchid=${W.mchid}`;
    expect((await wx(call, 'GET', query)).json).toMatchObject({ trade_state: 'NOTPAY', amount: { total: 1234 } });

    const page = sim.payPageUrl(created.json.code_url);
    const shown = await (await call(`${page}&lang=en`)).text();
    expect(shown).toContain('电费充值 101');
    expect(shown).toContain('¥12.34');
    expect(shown).toContain('Pay ¥12.34');
    expect(shown).not.toContain('<script');
    expect(await (await call(`${page}&lang=en&cancelled=1`)).text()).toContain('Payment cancelled');
    expect((await wx(call, 'GET', query)).json.trade_state).toBe('NOTPAY');
    const paid = await call(page.split('?')[0], { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ code: created.json.code_url, lang: 'en' }) });
    expect(await paid.text()).toContain('Paid.');

    expect(deliveries).toHaveLength(1);
    const [note] = deliveries;
    expect(note.url).toBe('https://platform.test/api/v1/pay/notify/wechat');
    expect(signedByWechatpay(note.headers, note.body)).toBe(true);
    const event = JSON.parse(note.body);
    expect(event).toMatchObject({ id: expect.stringMatching(/^EV-/), event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', resource: { algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction' } });
    const transaction = decrypt(event.resource);
    expect(transaction).toMatchObject({ appid: W.appid, mchid: W.mchid, out_trade_no: 'E2026000003', trade_state: 'SUCCESS', trade_type: 'NATIVE', amount: { total: 1234, payer_total: 1234, currency: 'CNY' } });
    expect((await wx(call, 'GET', query)).json).toMatchObject({ trade_state: 'SUCCESS', transaction_id: transaction.transaction_id, success_time: transaction.success_time });
    expect(await wx(call, 'POST', '/v3/pay/transactions/out-trade-no/E2026000003/close', { mchid: W.mchid })).toMatchObject({ status: 400, json: { code: 'ORDER_PAID' } });
    expect(await wx(call, 'GET', '/v3/pay/transactions/out-trade-no/E2026999999?mchid=' + W.mchid)).toMatchObject({ status: 404, json: { code: 'ORDER_NOT_EXIST' } });
  });

  it('closes an order on request or at its time_expire', async () => {
    const { sim, call } = mount('wechat', () => [204, '']);
    await wx(call, 'POST', '/v3/pay/transactions/native', order('E2026000004'));
    expect(await wx(call, 'POST', '/v3/pay/transactions/out-trade-no/E2026000004/close', { mchid: W.mchid })).toEqual({ status: 204, json: undefined });
    const expiring = await wx(call, 'POST', '/v3/pay/transactions/native', order('E2026000005', { time_expire: rfc3339(clock + 60_000) }));
    clock += 120_000;
    for (const no of ['E2026000004', 'E2026000005']) expect((await wx(call, 'GET', `/v3/pay/transactions/out-trade-no/${no}?mchid=${W.mchid}`)).json.trade_state).toBe('CLOSED');
    await expect(sim.pay('E2026000005')).rejects.toThrow(/closed/);
    expect(await (await call(`${sim.payPageUrl(expiring.json.code_url)}&lang=en`)).text()).toContain('closed or has expired');
  });

  it('retries an unacknowledged notification on WeChat Pay\'s schedule, divided by the time factor', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { sim, call, deliveries } = mount('wechat', () => [500, '{"code":"FAIL","message":"busy"}'], 60);
    await wx(call, 'POST', '/v3/pay/transactions/native', order('E2026000006'));
    await sim.pay('E2026000006');
    expect(deliveries).toHaveLength(1);
    // 15 s, 15 s, 30 s, 3 m at 60 simulated seconds a second: 250, 250, 500, 3000 ms.
    for (const [wait, count] of [[249, 1], [1, 2], [250, 3], [499, 3], [1, 4], [3000, 5]]) {
      await vi.advanceTimersByTimeAsync(wait);
      expect(deliveries).toHaveLength(count);
    }
    expect(new Set(deliveries.map((d) => JSON.parse(d.body).id)).size).toBe(1);
    expect(deliveries.every((d) => signedByWechatpay(d.headers, d.body))).toBe(true);
    sim.stop();
    await vi.advanceTimersByTimeAsync(48 * 3_600_000);
    expect(deliveries).toHaveLength(5);
  });

  it('stops retrying once acknowledged, and gives up after the 15 retries', async () => {
    const { sim, call, deliveries } = mount('wechat', (attempt) => (attempt < 4 ? [500, ''] : [200, '']));
    await wx(call, 'POST', '/v3/pay/transactions/native', order('E2026000007'));
    await sim.pay('E2026000007');
    await vi.waitFor(() => expect(deliveries).toHaveLength(4));
    const never = mount('wechat', () => [503, '']);
    await wx(never.call, 'POST', '/v3/pay/transactions/native', order('E2026000008'));
    await never.sim.pay('E2026000008');
    await vi.waitFor(() => expect(never.deliveries).toHaveLength(16));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deliveries).toHaveLength(4);
    expect(never.deliveries).toHaveLength(16);
  });

  it('refunds: PROCESSING, then SUCCESS and a REFUND.SUCCESS notification; the day\'s bill reads back with parseTradeBill', async () => {
    const { sim, call, deliveries } = mount('wechat', () => [204, '']);
    await wx(call, 'POST', '/v3/pay/transactions/native', order('E2026000009'));
    await sim.pay('E2026000009');
    const refund = { out_trade_no: 'E2026000009', out_refund_no: 'R2026000009', reason: '退租', amount: { refund: 500, total: 1234, currency: 'CNY' } };
    const asked = await wx(call, 'POST', '/v3/refund/domestic/refunds', refund);
    expect(asked).toMatchObject({ status: 200, json: { status: 'PROCESSING', out_refund_no: 'R2026000009', amount: { refund: 500, total: 1234 } } });
    expect((await wx(call, 'POST', '/v3/refund/domestic/refunds', refund)).json.refund_id).toBe(asked.json.refund_id);
    expect(await wx(call, 'POST', '/v3/refund/domestic/refunds', { ...refund, out_refund_no: 'R2026000010', amount: { refund: 800, total: 1234, currency: 'CNY' } }))
      .toMatchObject({ status: 400, json: { code: 'INVALID_REQUEST' } });
    await vi.waitFor(() => expect(deliveries).toHaveLength(2));
    const event = JSON.parse(deliveries[1].body);
    expect(signedByWechatpay(deliveries[1].headers, deliveries[1].body)).toBe(true);
    expect(event).toMatchObject({ event_type: 'REFUND.SUCCESS', resource: { associated_data: 'refund', original_type: 'refund' } });
    expect(decrypt(event.resource)).toMatchObject({ out_trade_no: 'E2026000009', out_refund_no: 'R2026000009', refund_id: asked.json.refund_id, refund_status: 'SUCCESS', amount: { refund: 500, total: 1234 } });
    expect((await wx(call, 'GET', '/v3/refund/domestic/refunds/R2026000009')).json.status).toBe('SUCCESS');
    expect((await wx(call, 'GET', `/v3/pay/transactions/out-trade-no/E2026000009?mchid=${W.mchid}`)).json.trade_state).toBe('REFUND');

    const bill = await wx(call, 'GET', `/v3/bill/tradebill?bill_date=${chinaDay(clock)}&bill_type=ALL`);
    expect(bill.json).toMatchObject({ hash_type: 'SHA1', download_url: expect.stringMatching(/^http:\/\/platform\.test\/sim\/wechatpay\/v3\/billdownload\/file\?token=/) });
    const file = await call(bill.json.download_url, { headers: { Authorization: authorization('GET', bill.json.download_url, '') } });
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(createHash('sha1').update(bytes).digest('hex')).toBe(bill.json.hash_value);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[1]).toMatch(/^`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,`wx/);
    const read = parseTradeBill(text);
    expect(read.lines).toMatchObject([
      { outTradeNo: 'E2026000009', tradeState: 'SUCCESS', settledFen: 1234, orderFen: 1234, refundFen: 0, fee: '0.07000' },
      { outTradeNo: 'E2026000009', tradeState: 'REFUND', outRefundNo: 'R2026000009', refundId: asked.json.refund_id, refundFen: 500, refundState: 'SUCCESS' },
    ]);
    expect(read.summary).toEqual({ count: 2, settledFen: 1234, refundFen: 500, orderFen: 1234 });
    expect(await wx(call, 'GET', `/v3/bill/tradebill?bill_date=${chinaDay(clock - 86_400_000)}&bill_type=ALL`)).toMatchObject({ status: 400, json: { code: 'NO_STATEMENT_EXIST' } });
  });
});

// ------------------------------------------------------------------------------------------ Alipay

const GATEWAY = 'http://platform.test/sim/alipay/gateway.do';
function alipayForm(method: string, biz: object, options: { key?: KeyObject; notifyUrl?: string; unsigned?: boolean; appId?: string } = {}) {
  const params: Record<string, string> = { app_id: options.appId ?? A.appId, method, format: 'JSON', charset: 'utf-8', sign_type: 'RSA2', timestamp: chinaText(clock), version: '1.0', biz_content: JSON.stringify(biz) };
  if (options.notifyUrl) params.notify_url = options.notifyUrl;
  const content = Object.keys(params).sort().map((name) => `${name}=${params[name]}`).join('&');
  return new URLSearchParams(options.unsigned ? params : { ...params, sign: sign(content, options.key ?? A.appPrivateKey) });
}
async function ali(call: Call, method: string, biz: object, options: Parameters<typeof alipayForm>[2] = {}) {
  const response = await call(GATEWAY, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: alipayForm(method, biz, options) });
  const raw = await response.text();
  const answer = verifiedResponse<Record<string, string>>(raw, method, A.alipayPublicKey);
  expect(answer, raw).toBeDefined();
  return answer!;
}
const precreate = (no: string, amount = '12.34') => ({ out_trade_no: no, total_amount: amount, subject: '电费充值 101', timeout_express: '30m' });
const ALI_NOTIFY = 'https://platform.test/api/v1/pay/notify/alipay';

describe('simulated Alipay', () => {
  it('refuses an unsigned or badly signed call, in signed answers', async () => {
    const { call } = mount('alipay', () => [200, 'success']);
    expect(await ali(call, 'alipay.trade.precreate', precreate('A2026000001'), { unsigned: true })).toMatchObject({ code: '40001', sub_code: 'isv.missing-signature' });
    expect(await ali(call, 'alipay.trade.precreate', precreate('A2026000001'), { key: stranger })).toMatchObject({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' });
    expect(await ali(call, 'alipay.trade.precreate', precreate('A2026000001'), { appId: '2021000000000000' })).toMatchObject({ code: '40002', sub_code: 'isv.invalid-app-id' });
    expect(await ali(call, 'alipay.trade.precreate', precreate('A2026000001', '1.005'))).toMatchObject({ code: '40004', sub_code: 'ACQ.INVALID_PARAMETER' });
  });

  it('takes an order, knows it once scanned, is paid on the pay page (zh-chs) and notifies signed', async () => {
    const { sim, call, deliveries } = mount('alipay', () => [200, 'success']);
    const created = await ali(call, 'alipay.trade.precreate', precreate('A2026000002'), { notifyUrl: ALI_NOTIFY });
    expect(created).toMatchObject({ code: '10000', msg: 'Success', out_trade_no: 'A2026000002', qr_code: expect.stringMatching(/^https:\/\/qr\.alipay\.com\/\w+$/) });
    expect(await ali(call, 'alipay.trade.query', { out_trade_no: 'A2026000002' })).toMatchObject({ code: '40004', sub_code: 'ACQ.TRADE_NOT_EXIST' });
    const page = sim.payPageUrl(created.qr_code);
    const shown = await (await call(page, { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' } })).text();
    expect(shown).toContain('<html lang="zh-Hans">');
    expect(shown).toContain('支付 ¥12.34');
    expect(shown).toContain('电费充值 101');
    expect(shown).not.toContain('<script');
    expect(await ali(call, 'alipay.trade.query', { out_trade_no: 'A2026000002' })).toMatchObject({ trade_status: 'WAIT_BUYER_PAY', total_amount: '12.34' });
    const paid = await call(page.split('?')[0], { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ code: created.qr_code, lang: 'zh-chs' }) });
    expect(await paid.text()).toContain('支付成功');

    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    const fields = Object.fromEntries(new URLSearchParams(deliveries[0].body));
    const content = Object.keys(fields).filter((name) => name !== 'sign' && name !== 'sign_type').sort().map((name) => `${name}=${fields[name]}`).join('&');
    expect(verify(content, fields.sign, A.alipayPublicKey)).toBe(true);
    expect(verifyNotification(fields, A.alipayPublicKey)).toBe(true);
    expect(fields).toMatchObject({ notify_type: 'trade_status_sync', app_id: A.appId, charset: 'utf-8', version: '1.0', sign_type: 'RSA2', out_trade_no: 'A2026000002',
      trade_status: 'TRADE_SUCCESS', total_amount: '12.34', receipt_amount: '12.34', buyer_pay_amount: '12.34', subject: '电费充值 101' });
    expect(fields.gmt_payment).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await ali(call, 'alipay.trade.query', { out_trade_no: 'A2026000002' })).toMatchObject({ trade_status: 'TRADE_SUCCESS', trade_no: fields.trade_no, send_pay_date: fields.gmt_payment });
    expect(await ali(call, 'alipay.trade.close', { out_trade_no: 'A2026000002' })).toMatchObject({ code: '40004', sub_code: 'ACQ.TRADE_STATUS_ERROR' });
  });

  it('retries until the answer is the text success', async () => {
    const { sim, call, deliveries } = mount('alipay', (attempt) => (attempt < 3 ? [200, 'fail'] : [200, 'success']));
    await ali(call, 'alipay.trade.precreate', precreate('A2026000003'), { notifyUrl: ALI_NOTIFY });
    await sim.pay('A2026000003');
    await vi.waitFor(() => expect(deliveries).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deliveries).toHaveLength(3);
    expect(new Set(deliveries.map((d) => new URLSearchParams(d.body).get('notify_id'))).size).toBe(1);
  });

  it('refunds synchronously to the fen, and serves the day\'s bill as a ZIP that parseAlipayBill reads', async () => {
    const { sim, call, deliveries } = mount('alipay', () => [200, 'success']);
    await ali(call, 'alipay.trade.precreate', precreate('A2026000004', '0.30'), { notifyUrl: ALI_NOTIFY });
    await sim.pay('A2026000004');
    const refund = (amount: string, no: string) => ali(call, 'alipay.trade.refund', { out_trade_no: 'A2026000004', refund_amount: amount, out_request_no: no });
    expect(await refund('0.10', 'R1')).toMatchObject({ code: '10000', fund_change: 'Y', refund_fee: '0.10', send_back_fee: '0.10' });
    expect(await refund('0.20', 'R2')).toMatchObject({ fund_change: 'Y', refund_fee: '0.30' });
    expect(await refund('0.10', 'R1')).toMatchObject({ code: '10000', fund_change: 'N', refund_fee: '0.30' });
    expect(await refund('0.01', 'R3')).toMatchObject({ code: '40004', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    expect(await ali(call, 'alipay.trade.query', { out_trade_no: 'A2026000004' })).toMatchObject({ trade_status: 'TRADE_CLOSED' });
    await vi.waitFor(() => expect(deliveries).toHaveLength(3));
    expect(deliveries.slice(1).map((d) => Object.fromEntries(new URLSearchParams(d.body)))).toMatchObject([
      { trade_status: 'TRADE_SUCCESS', out_biz_no: 'R1', refund_fee: '0.10' }, { trade_status: 'TRADE_CLOSED', out_biz_no: 'R2', refund_fee: '0.30' }]);

    const bill = await ali(call, 'alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: chinaDay(clock) });
    expect(bill.bill_download_url).toMatch(/^http:\/\/platform\.test\/sim\/alipay\//);
    const zip = new Uint8Array(await (await call(bill.bill_download_url)).arrayBuffer());
    expect(parseAlipayBill(zip).map(({ kind, orderNo, amountFen, refundNo }) => ({ kind, orderNo, amountFen, refundNo }))).toEqual([
      { kind: 'payment', orderNo: 'A2026000004', amountFen: 30, refundNo: undefined },
      { kind: 'refund', orderNo: 'A2026000004', amountFen: 10, refundNo: 'R1' },
      { kind: 'refund', orderNo: 'A2026000004', amountFen: 20, refundNo: 'R2' },
    ]);
    expect(await ali(call, 'alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: chinaDay(clock - 86_400_000) }))
      .toMatchObject({ code: '40004', sub_code: 'isp.bill_not_exist' });
  });
});

// ------------------------------------------------------------------------------ the pay page, the clients

describe('the simulated providers as the platform runs them', () => {
  it('picks the pay page\'s language from ?lang= or Accept-Language', () => {
    expect(pickLanguage('ja', 'zh-CN')).toBe('ja');
    expect(pickLanguage(undefined, 'zh-TW,zh;q=0.9')).toBe('zh-cht');
    expect(pickLanguage(undefined, 'zh-HK')).toBe('zh-cht');
    expect(pickLanguage(undefined, 'fr-FR,zh-CN;q=0.8,en;q=0.9')).toBe('en');
    expect(pickLanguage(undefined, 'de-DE')).toBe('en');
    expect(pickLanguage(undefined, 'zh-CN')).toBe('zh-chs');
  });

  it('serves the platform\'s real clients under /sim, which take it for the real providers', async () => {
    const root = new Hono();
    const routed = ((input: RequestInfo | URL, init?: RequestInit) => root.fetch(new Request(input, init))) as typeof fetch;
    const sims = startSimulatedProviders({ keysDir: dir, publicUrl: 'http://platform.test', timeFactor: 1e6, fetch: routed });
    stops.push(sims.stop);
    root.route('/sim/wechatpay', sims.wechatpay.app);
    root.route('/sim/alipay', sims.alipay.app);
    const wechat = createWechatpay({ ...sims.wechatpay.keys, baseUrl: sims.wechatpay.baseUrl, fetch: routed });
    const alipay = createAlipay({ ...sims.alipay, fetch: routed });
    const events: unknown[] = [];
    for (const [name, client] of [['wechat', wechat], ['alipay', alipay]] as const) {
      root.post(`/api/v1/pay/notify/${name}`, async (c) => {
        events.push(client.readNotification({ headers: Object.fromEntries(c.req.raw.headers), body: await c.req.text() }, new Date()));
        const answer = client.acknowledge();
        return new Response(answer.body || null, { status: answer.status, headers: { 'Content-Type': answer.contentType } });
      });
    }
    expect(sims.wechatpay.baseUrl).toBe('http://platform.test/sim/wechatpay');
    expect(sims.alipay.gatewayUrl).toBe('http://platform.test/sim/alipay/gateway.do');
    for (const [name, client] of [['wechat', wechat], ['alipay', alipay]] as const) {
      const orderNo = `P${name === 'wechat' ? 1 : 2}026000001`;
      const { qrCode } = await client.createOrder({ orderNo, amountFen: 2500, description: '电费充值', expiresAt: new Date(Date.now() + 900_000), notifyUrl: `http://platform.test/api/v1/pay/notify/${name}` });
      expect(sims.payPageUrl(name, qrCode)).toContain(`/sim/${name === 'wechat' ? 'wechatpay' : 'alipay'}/pay?code=`);
      await routed(sims.payPageUrl(name, qrCode));
      await sims.pay(name, orderNo);
      expect(events.at(-1)).toMatchObject({ kind: 'paid', orderNo, amountFen: 2500 });
      expect(await client.query(orderNo)).toMatchObject({ state: 'paid', amountFen: 2500 });
      expect(await client.refund({ orderNo, refundNo: `${orderNo}R`, amountFen: 500, totalFen: 2500 })).toMatchObject({ status: name === 'wechat' ? 'processing' : 'success' });
      await vi.waitFor(() => expect(events.at(-1)).toMatchObject({ kind: 'refund', orderNo, refundNo: `${orderNo}R`, amountFen: 500 }));
      expect(await client.bill(chinaDay(Date.now()))).toMatchObject([{ kind: 'payment', orderNo, amountFen: 2500 }, { kind: 'refund', orderNo, amountFen: 500 }]);
    }
  });
});
