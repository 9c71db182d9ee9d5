/**
 * Which payment providers the platform speaks to (issue 41; the variables are binding: tools outside
 * the project set them). With none of a provider's variables set, that provider is the simulated one,
 * in the same process; with all of them set, the real one; half set is a start error naming what is
 * missing. The key files are named here and read at start, never logged.
 */

export const WECHATPAY_VARIABLES = ['WECHATPAY_BASE_URL', 'WECHATPAY_MCHID', 'WECHATPAY_APPID', 'WECHATPAY_MERCHANT_KEY_FILE',
  'WECHATPAY_MERCHANT_SERIAL', 'WECHATPAY_APIV3_KEY', 'WECHATPAY_PUBLIC_KEY_FILE', 'WECHATPAY_PUBLIC_KEY_ID'] as const;
export const ALIPAY_VARIABLES = ['ALIPAY_GATEWAY_URL', 'ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;

export type WechatpayConfig =
  | { mode: 'simulated' }
  | { mode: 'live'; baseUrl: string; mchid: string; appid: string; merchantKeyFile: string; merchantSerial: string; apiV3Key: string; publicKeyFile: string; publicKeyId: string };
export type AlipayConfig =
  | { mode: 'simulated' }
  | { mode: 'live'; gatewayUrl: string; appId: string; privateKeyFile: string; publicKeyFile: string };

export interface PaymentConfig {
  /** What providers and tenants reach (PUBLIC_URL, no trailing slash); the notify URLs are under it. */
  publicUrl: string;
  wechatpay: WechatpayConfig;
  alipay: AlipayConfig;
}

/** The providers' notify URLs (binding paths). */
export const notifyUrls = (publicUrl: string) => ({
  wechatpay: `${publicUrl}/api/v1/pay/notify/wechat`,
  alipay: `${publicUrl}/api/v1/pay/notify/alipay`,
});

/** A provider's variables: all set, none set, or an error naming the ones missing. */
function allOrNone<T extends string>(env: Record<string, string | undefined>, names: readonly T[], provider: string): Record<T, string> | undefined {
  const set = names.filter((name) => env[name] !== undefined && env[name]!.trim() !== '');
  if (set.length === 0) return undefined;
  const missing = names.filter((name) => !set.includes(name));
  if (missing.length) throw new Error(`${provider}: ${set.join(', ')} set but ${missing.join(', ')} missing (set all of them for the real provider, or none for the simulated one)`);
  return Object.fromEntries(names.map((name) => [name, env[name]!.trim()])) as Record<T, string>;
}

const httpsUrl = (name: string, value: string, allowHttp: boolean) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name}=${value}: expected a URL`);
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) throw new Error(`${name}=${value}: expected an https URL`);
  if (url.search || url.hash) throw new Error(`${name}=${value}: no query or fragment`);
  return value.replace(/\/+$/, '');
};

/**
 * The payment configuration from the environment. `PUBLIC_URL` defaults to the server's own address
 * (`http://localhost:<port>`, enough for the simulated providers); a real provider needs an https one,
 * since its notifications must reach it.
 */
export function paymentConfig(env: Record<string, string | undefined>, port: number): PaymentConfig {
  const wechat = allOrNone(env, WECHATPAY_VARIABLES, 'WeChat Pay');
  const ali = allOrNone(env, ALIPAY_VARIABLES, 'Alipay');
  const live = Boolean(wechat || ali);
  const publicUrl = env.PUBLIC_URL?.trim() ? httpsUrl('PUBLIC_URL', env.PUBLIC_URL.trim(), !live) : `http://localhost:${port}`;
  if (live && !env.PUBLIC_URL?.trim()) throw new Error('PUBLIC_URL: a real payment provider needs the https address its notifications reach');
  if (wechat && Buffer.byteLength(wechat.WECHATPAY_APIV3_KEY, 'utf8') !== 32) throw new Error('WECHATPAY_APIV3_KEY: expected the 32-character APIv3 key');
  if (wechat && !/^PUB_KEY_ID_\w+$/.test(wechat.WECHATPAY_PUBLIC_KEY_ID)) throw new Error(`WECHATPAY_PUBLIC_KEY_ID=${wechat.WECHATPAY_PUBLIC_KEY_ID}: expected PUB_KEY_ID_…`);
  return {
    publicUrl,
    wechatpay: wechat ? {
      mode: 'live', baseUrl: httpsUrl('WECHATPAY_BASE_URL', wechat.WECHATPAY_BASE_URL, true), mchid: wechat.WECHATPAY_MCHID, appid: wechat.WECHATPAY_APPID,
      merchantKeyFile: wechat.WECHATPAY_MERCHANT_KEY_FILE, merchantSerial: wechat.WECHATPAY_MERCHANT_SERIAL, apiV3Key: wechat.WECHATPAY_APIV3_KEY,
      publicKeyFile: wechat.WECHATPAY_PUBLIC_KEY_FILE, publicKeyId: wechat.WECHATPAY_PUBLIC_KEY_ID,
    } : { mode: 'simulated' },
    alipay: ali ? {
      mode: 'live', gatewayUrl: httpsUrl('ALIPAY_GATEWAY_URL', ali.ALIPAY_GATEWAY_URL, true), appId: ali.ALIPAY_APP_ID,
      privateKeyFile: ali.ALIPAY_PRIVATE_KEY_FILE, publicKeyFile: ali.ALIPAY_PUBLIC_KEY_FILE,
    } : { mode: 'simulated' },
  };
}
