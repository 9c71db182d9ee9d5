import type { KeyObject } from 'node:crypto';
import type { Hono } from 'hono';
import type { ProviderName } from '../payments/provider';
import { createAlipaySim } from './alipaySim';
import { loadSimulatorKeys } from './keys';
import { createWechatpaySim } from './wechatpaySim';

/**
 * The simulated payment providers (issue 41): with no provider credentials configured, the platform
 * runs a simulated WeChat Pay and a simulated Alipay in its own process, their apps mounted on its
 * Hono app under /sim/wechatpay and /sim/alipay. Answers what the platform's real clients need to
 * speak to them: base URLs and keys (kept in `keysDir`).
 */

export { createAlipaySim, type AlipaySim, type AlipaySimOptions } from './alipaySim';
export { loadSimulatorKeys, type SimulatorKeys } from './keys';
export { payPageHtml, pickLanguage } from './payPage';
export { createWechatpaySim, type WechatpaySim, type WechatpaySimOptions } from './wechatpaySim';

export interface SimulatedProvidersOptions {
  /** The folder of the simulators' keys (made at first start). */
  keysDir: string;
  /** The platform's base, e.g. http://localhost:8080 (no trailing slash needed). */
  publicUrl: string;
  /** Simulated seconds per real second (PAYSIM_TIME_FACTOR); 60 by default. */
  timeFactor?: number;
  /** How notifications are sent (the global fetch by default). */
  fetch?: typeof fetch;
  now?: () => Date;
}

export interface SimulatedProviders {
  wechatpay: {
    /** Mount under /sim/wechatpay. */
    app: Hono;
    /** The base URL of the API's `/v3/...` paths. */
    baseUrl: string;
    keys: { mchid: string; appid: string; merchantSerial: string; merchantPrivateKey: KeyObject; apiV3Key: string; publicKey: KeyObject; publicKeyId: string };
  };
  alipay: {
    /** Mount under /sim/alipay. */
    app: Hono;
    gatewayUrl: string;
    appId: string;
    appPrivateKey: KeyObject;
    alipayPublicKey: KeyObject;
  };
  /** The pay page of a QR code's text (what the payer "scans"). */
  payPageUrl(provider: ProviderName, qrCode: string): string;
  /** Pays an order as its payer would (the notification goes out); for tests and scripts. */
  pay(provider: ProviderName, orderNo: string): Promise<void>;
  stop(): void;
}

export function startSimulatedProviders(options: SimulatedProvidersOptions): SimulatedProviders {
  const keys = loadSimulatorKeys(options.keysDir);
  const base = options.publicUrl.replace(/\/+$/, '');
  const common = { keys, notifyFetch: options.fetch, now: options.now, timeFactor: options.timeFactor };
  const wechatpay = createWechatpaySim({ ...common, publicUrl: `${base}/sim/wechatpay` });
  const alipay = createAlipaySim({ ...common, publicUrl: `${base}/sim/alipay` });
  const w = keys.wechatpay;
  return {
    wechatpay: {
      app: wechatpay.app,
      baseUrl: `${base}/sim/wechatpay`,
      keys: { mchid: w.mchid, appid: w.appid, merchantSerial: w.merchantSerial, merchantPrivateKey: w.merchantPrivateKey, apiV3Key: w.apiV3Key, publicKey: w.publicKey, publicKeyId: w.publicKeyId },
    },
    alipay: { app: alipay.app, gatewayUrl: alipay.gatewayUrl, appId: keys.alipay.appId, appPrivateKey: keys.alipay.appPrivateKey, alipayPublicKey: keys.alipay.alipayPublicKey },
    payPageUrl: (provider, qrCode) => (provider === 'wechat' ? wechatpay : alipay).payPageUrl(qrCode),
    pay: (provider, orderNo) => (provider === 'wechat' ? wechatpay : alipay).pay(orderNo),
    stop() {
      wechatpay.stop();
      alipay.stop();
    },
  };
}
