/**
 * The test backend's payment providers: the simulated WeChat Pay and Alipay (server/paysim), made
 * on first use (their keys once per worker process) and reached in process — the platform's
 * clients call the simulators' apps, and the simulators' notifications call the backend's app — so
 * that console tests pay and refund without a network. Provider-protocol tests use the fake
 * servers over HTTP instead (fakeWechatpay.ts, fakeAlipay.ts).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Payments } from '../../server/domain/onlinePayments';
import { setupPayments, type PaymentsSetup } from '../../server/paymentsSetup';

export const TEST_PUBLIC_URL = 'http://backend.test';

export function simulatedTestPayments(backend: () => { fetch: (request: Request) => Response | Promise<Response> }, now: () => Date): Payments & { setup(): PaymentsSetup } {
  let setup: PaymentsSetup | undefined;
  const simHost = new Hono();
  const inProcess = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== TEST_PUBLIC_URL) return fetch(request);
    return url.pathname.startsWith('/sim/') ? simHost.fetch(request) : backend().fetch(request);
  };
  const made = () => {
    if (!setup) {
      setup = setupPayments({
        config: { publicUrl: TEST_PUBLIC_URL, wechatpay: { mode: 'simulated' }, alipay: { mode: 'simulated' } },
        dataDir: join(tmpdir(), `metering-test-paysim-${process.pid}`), orderMinutes: 15, timeFactor: 60, fetch: inProcess as typeof fetch, now,
      });
      setup.mount(simHost);
    }
    return setup;
  };
  return {
    get providers() { return made().payments.providers; },
    notifyUrl: (provider) => `${TEST_PUBLIC_URL}/api/v1/pay/notify/${provider}`,
    publicUrl: TEST_PUBLIC_URL,
    orderMinutes: 15,
    payPageUrl: (provider, qrCode) => made().payments.payPageUrl!(provider, qrCode),
    rateLimits: { perAddress: 100_000, perCode: 100_000, ordersPerCode: 100_000 },
    setup: made,
  };
}

/** The simulated providers of a test backend started with the default payments. */
export function simulatedTestPaymentsOf(backend: { payments: Payments }) {
  const payments = backend.payments as Payments & { setup?(): PaymentsSetup };
  if (!payments?.setup) throw new Error('this backend was not started with the simulated payments');
  return payments.setup().simulated!;
}
