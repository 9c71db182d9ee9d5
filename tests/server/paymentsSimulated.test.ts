/**
 * The simulated providers wired as `npm start` wires them (server/paymentsSetup.ts): the platform's
 * real clients create an order at the simulated WeChat Pay and Alipay, the simulated wallet pays
 * it, the notification credits the room once; a live configuration reads its keys (PEM or Alipay's
 * bare base64) and never needs the simulators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { readKey, setupPayments } from '../../server/paymentsSetup';
import { simulatedTestPaymentsOf } from '../support/testPayments';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows[0];

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
});
afterAll(() => backend.close());

describe('the simulated providers', () => {
  for (const provider of ['wechat', 'alipay'] as const) {
    it(`${provider}: an order paid in the simulated wallet is credited once`, async () => {
      const account = await one(sql`SELECT a.room_id, a.id, a.balance_fen FROM accounts a JOIN electric_meters m ON m.room_id = a.room_id
        WHERE a.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1) AND a.utility = 'electric' AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000
        ORDER BY a.id ${provider === 'wechat' ? sql`ASC` : sql`DESC`} LIMIT 1`);
      const { payCode } = (await api.get('payLink/findByRoom', { roomId: account.room_id })).body.data;
      const response = await backend.app.request('/api/v1/pay/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ payCode, utility: 'electric', amountFen: 5000, provider, requestId: `sim-${provider}-${Date.now()}` }) });
      const order = ((await response.json()) as Row).data;
      expect(order.qrCode).toMatch(provider === 'wechat' ? /^weixin:\/\/wxpay\/bizpayurl\?pr=/ : /^https:\/\/qr\.alipay\.com\//);
      expect(order.payUrl).toContain(`/sim/${provider === 'wechat' ? 'wechatpay' : 'alipay'}/pay?code=`);
      await simulatedTestPaymentsOf(backend).pay(provider, order.orderNo);
      const status = ((await (await backend.app.request(`/api/v1/pay/orders/${order.orderNo}?payCode=${payCode}`)).json()) as Row).data;
      expect(status).toMatchObject({ status: 'credited', amountFen: 5000, balanceFen: Number(account.balance_fen) + 5000 });
    });
  }
});

describe('a live configuration', () => {
  it('reads PEM and bare base64 keys and starts no simulator', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paykeys-'));
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dir, 'merchant.pem'), pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(join(dir, 'wechatpay.pem'), pair.publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(join(dir, 'app.txt'), (pair.privateKey.export({ type: 'pkcs8', format: 'der' }) as Buffer).toString('base64'));
    writeFileSync(join(dir, 'alipay.txt'), (pair.publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64'));
    expect(readKey(join(dir, 'app.txt'), 'private').asymmetricKeyType).toBe('rsa');
    const setup = setupPayments({
      config: {
        publicUrl: 'https://pay.example.com',
        wechatpay: { mode: 'live', baseUrl: 'https://api.mch.weixin.qq.com', mchid: '1900000001', appid: 'wx0000000000000001', merchantKeyFile: join(dir, 'merchant.pem'), merchantSerial: 'AB'.repeat(20), apiV3Key: 'k'.repeat(32), publicKeyFile: join(dir, 'wechatpay.pem'), publicKeyId: 'PUB_KEY_ID_0119000000012025' },
        alipay: { mode: 'live', gatewayUrl: 'https://openapi.alipay.com/gateway.do', appId: '2021000000000001', privateKeyFile: join(dir, 'app.txt'), publicKeyFile: join(dir, 'alipay.txt') },
      },
      dataDir: dir, orderMinutes: 15,
    });
    expect(setup.simulated).toBeUndefined();
    expect(setup.payments.payPageUrl).toBeUndefined();
    expect(setup.payments.notifyUrl('wechat')).toBe('https://pay.example.com/api/v1/pay/notify/wechat');
    expect(setup.payments.providers.alipay.identity.appId).toBe('2021000000000001');
  });
});

describe('what operators see of an online payment', () => {
  it('the room\'s ledger names the provider, the transaction and the state; the bell counts what needs a person', async () => {
    const account = await one(sql`SELECT a.room_id, a.id FROM accounts a JOIN electric_meters m ON m.room_id = a.room_id
      WHERE a.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1) AND a.utility = 'electric' AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000
      ORDER BY a.id ASC LIMIT 1`);
    const { payCode } = (await api.get('payLink/findByRoom', { roomId: account.room_id })).body.data;
    const response = await backend.app.request('/api/v1/pay/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ payCode, utility: 'electric', amountFen: 2500, provider: 'wechat', requestId: `ledger-${Date.now()}` }) });
    const order = ((await response.json()) as Row).data;
    await simulatedTestPaymentsOf(backend).pay('wechat', order.orderNo);
    const ledger = await api.get('account/ledger', { accountId: account.id, pageNum: 1, pageSize: 5, from: 'all' });
    expect(ledger.body.data.records.find((r: Row) => r.refId === order.orderNo)).toMatchObject({ kind: 'recharge', amountFen: 2500, payProvider: 'wechat', payStatus: 'credited', transactionId: expect.any(String) });
    const alarm = await api.get('payment/findAlarm');
    expect(alarm.body.data).toMatchObject({ differences: expect.any(Number), conflicts: expect.any(Number), failedDays: expect.any(Number) });
    const viewer = apiClient(backend.app, await loginAs(backend.app, 'viewer'));
    expect((await viewer.get('payment/findAlarm')).status).toBe(200);
  });
});

describe('the payment job', () => {
  it('reconciles yesterday for each provider once after PAY_RECONCILE_AT (UTC+8), not before', async () => {
    const { PaymentJob, providerClock, dayBefore } = await import('../../server/domain/paymentJobs');
    expect(providerClock(new Date('2026-11-21T02:29:00Z'))).toEqual({ day: '2026-11-21', time: '10:29' });
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    const runAt = async (iso: string) => {
      const job = new PaymentJob(backend.database.db, backend.payments, { now: () => new Date(iso), reconcileAt: '10:30', commandsQueued: () => undefined, log: () => undefined });
      await job.start(3_600_000);
      await job.stop();
    };
    const days = async () => (await backend.database.db.execute(sql`SELECT provider, status FROM pay_reconciliations WHERE bill_date = '2026-11-20' ORDER BY provider`) as unknown as { rows: Row[] }).rows;
    await runAt('2026-11-21T02:29:00Z');
    expect(await days()).toEqual([]);
    await runAt('2026-11-21T02:31:00Z');
    expect(await days()).toEqual([{ provider: 'alipay', status: 'matched' }, { provider: 'wechat', status: 'matched' }]);
  });
});
