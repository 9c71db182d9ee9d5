import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Payments } from './domain/onlinePayments';
import { notifyUrls, type PaymentConfig } from './payments/providerConfig';
import type { PaymentProvider } from './payments/provider';
import { createWechatpay } from './payments/wechatpay';
import { createAlipay } from './payments/alipay';
import { startSimulatedProviders, type SimulatedProviders } from './paysim';

/**
 * The platform's payment providers from its configuration (issue 41): each provider real (its
 * variables set: server/payments/providerConfig.ts) or simulated in this process (none set). Either
 * way the same client code speaks to it — only the base URL and the keys differ. The simulated
 * providers' apps are to be mounted on the platform's app (`mount`) under /sim/wechatpay and
 * /sim/alipay, before the console's static files.
 */

/** A key file: PEM, or the bare base64 (DER) that Alipay's key tool writes. */
export function readKey(file: string, kind: 'private' | 'public'): KeyObject {
  const text = readFileSync(file, 'utf8').trim();
  if (text.includes('-----BEGIN')) return kind === 'private' ? createPrivateKey(text) : createPublicKey(text);
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  return kind === 'private' ? createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }) : createPublicKey({ key: der, format: 'der', type: 'spki' });
}

export interface PaymentsSetup {
  payments: Payments;
  simulated?: SimulatedProviders;
  /** Mounts the simulated providers (if any) on an app: `app.route(path, sub)`. */
  mount(app: { route(path: string, sub: SimulatedProviders['wechatpay']['app']): unknown }): void;
  stop(): void;
}

export function setupPayments(options: { config: PaymentConfig; dataDir: string; orderMinutes: number; timeFactor?: number; fetch?: typeof fetch; now?: () => Date }): PaymentsSetup {
  const { config } = options;
  const simulatedNeeded = config.wechatpay.mode === 'simulated' || config.alipay.mode === 'simulated';
  // The simulators' keys beside the data folder (as its backups are), never inside PGlite's folder: a backup of the database carries no key.
  const simulated = simulatedNeeded ? startSimulatedProviders({ keysDir: `${resolve(options.dataDir)}-paysim`, publicUrl: config.publicUrl, timeFactor: options.timeFactor, fetch: options.fetch, now: options.now }) : undefined;
  const common = { fetch: options.fetch, now: options.now };
  const wechat: PaymentProvider = config.wechatpay.mode === 'live'
    ? createWechatpay({
      baseUrl: config.wechatpay.baseUrl, mchid: config.wechatpay.mchid, appid: config.wechatpay.appid, merchantSerial: config.wechatpay.merchantSerial,
      merchantPrivateKey: readKey(config.wechatpay.merchantKeyFile, 'private'), apiV3Key: config.wechatpay.apiV3Key,
      publicKey: readKey(config.wechatpay.publicKeyFile, 'public'), publicKeyId: config.wechatpay.publicKeyId, ...common,
    })
    : createWechatpay({ baseUrl: simulated!.wechatpay.baseUrl, ...simulated!.wechatpay.keys, ...common });
  const alipay: PaymentProvider = config.alipay.mode === 'live'
    ? createAlipay({ gatewayUrl: config.alipay.gatewayUrl, appId: config.alipay.appId, appPrivateKey: readKey(config.alipay.privateKeyFile, 'private'), alipayPublicKey: readKey(config.alipay.publicKeyFile, 'public'), ...common })
    : createAlipay({ gatewayUrl: simulated!.alipay.gatewayUrl, appId: simulated!.alipay.appId, appPrivateKey: simulated!.alipay.appPrivateKey, alipayPublicKey: simulated!.alipay.alipayPublicKey, ...common });
  const urls = notifyUrls(config.publicUrl);
  const payments: Payments = {
    providers: { wechat, alipay },
    notifyUrl: (provider) => (provider === 'wechat' ? urls.wechatpay : urls.alipay),
    publicUrl: config.publicUrl,
    orderMinutes: options.orderMinutes,
    // The simulated wallet's page, for the providers that are simulated (a demo's "pay" button).
    payPageUrl: simulated ? (provider, qrCode) => ((provider === 'wechat' ? config.wechatpay : config.alipay).mode === 'simulated' ? simulated.payPageUrl(provider, qrCode) : '') : undefined,
  };
  return {
    payments, simulated,
    mount(app) {
      if (!simulated) return;
      app.route('/sim/wechatpay', simulated.wechatpay.app);
      app.route('/sim/alipay', simulated.alipay.app);
    },
    stop: () => simulated?.stop(),
  };
}
