/** The payment providers' configuration (issue 41's binding variables): simulated by default, real when all set, a start error naming what is missing when half set. */
import { describe, expect, it } from 'vitest';
import { notifyUrls, paymentConfig } from '../../server/payments/providerConfig';

const wechat = {
  WECHATPAY_BASE_URL: 'https://api.mch.weixin.qq.com', WECHATPAY_MCHID: '1230000109', WECHATPAY_APPID: 'wxd678efh567hg6787',
  WECHATPAY_MERCHANT_KEY_FILE: '/etc/pay/apiclient_key.pem', WECHATPAY_MERCHANT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_APIV3_KEY: 'a2b4c6d8e0f2a4b6c8d0e2f4a6b8c0d2', WECHATPAY_PUBLIC_KEY_FILE: '/etc/pay/pub_key.pem', WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
};
const alipay = { ALIPAY_GATEWAY_URL: 'https://openapi.alipay.com/gateway.do', ALIPAY_APP_ID: '2014072300007148', ALIPAY_PRIVATE_KEY_FILE: '/etc/pay/app_private.pem', ALIPAY_PUBLIC_KEY_FILE: '/etc/pay/alipay_public.pem' };

describe('payment providers\' configuration', () => {
  it('runs both simulated providers with nothing set, notified at the server\'s own address', () => {
    const config = paymentConfig({}, 8080);
    expect(config).toEqual({ publicUrl: 'http://localhost:8080', wechatpay: { mode: 'simulated' }, alipay: { mode: 'simulated' } });
    expect(notifyUrls(config.publicUrl)).toEqual({ wechatpay: 'http://localhost:8080/api/v1/pay/notify/wechat', alipay: 'http://localhost:8080/api/v1/pay/notify/alipay' });
  });

  it('replaces a provider when all its variables are set, the other staying simulated', () => {
    const config = paymentConfig({ ...wechat, PUBLIC_URL: 'https://pay.example.com/' }, 8080);
    expect(config.publicUrl).toBe('https://pay.example.com');
    expect(config.wechatpay).toMatchObject({ mode: 'live', mchid: '1230000109', publicKeyId: 'PUB_KEY_ID_0114232134912410000000000000', baseUrl: 'https://api.mch.weixin.qq.com' });
    expect(config.alipay).toEqual({ mode: 'simulated' });
    expect(paymentConfig({ ...alipay, PUBLIC_URL: 'https://pay.example.com' }, 8080).alipay).toMatchObject({ mode: 'live', appId: '2014072300007148' });
    expect(notifyUrls(config.publicUrl).wechatpay).toBe('https://pay.example.com/api/v1/pay/notify/wechat');
  });

  it('refuses to start half set, naming what is missing, and never echoes a key', () => {
    const { WECHATPAY_APIV3_KEY: _, ...noKey } = wechat;
    expect(() => paymentConfig({ ...noKey, PUBLIC_URL: 'https://pay.example.com' }, 8080)).toThrow(/^WeChat Pay: .* set but WECHATPAY_APIV3_KEY missing/);
    expect(() => paymentConfig({ ALIPAY_APP_ID: '2014072300007148' }, 8080)).toThrow(/Alipay: ALIPAY_APP_ID set but ALIPAY_GATEWAY_URL, ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE missing/);
    // A real provider needs the https address its notifications reach.
    expect(() => paymentConfig(wechat, 8080)).toThrow(/^PUBLIC_URL: /);
    expect(() => paymentConfig({ ...wechat, PUBLIC_URL: 'http://pay.example.com' }, 8080)).toThrow(/expected an https URL/);
    expect(() => paymentConfig({ ...wechat, PUBLIC_URL: 'https://pay.example.com/?a=1' }, 8080)).toThrow(/no query/);
    let message = '';
    try {
      paymentConfig({ ...wechat, WECHATPAY_APIV3_KEY: 'secret-but-too-short', PUBLIC_URL: 'https://pay.example.com' }, 8080);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^WECHATPAY_APIV3_KEY: expected the 32-character APIv3 key$/);
    expect(message).not.toContain('secret');
    expect(() => paymentConfig({ ...wechat, WECHATPAY_PUBLIC_KEY_ID: 'ABC', PUBLIC_URL: 'https://pay.example.com' }, 8080)).toThrow(/PUB_KEY_ID_/);
    // Simulated providers with a plain-http public address (a demo on a LAN) are fine.
    expect(paymentConfig({ PUBLIC_URL: 'http://192.168.1.20:8080' }, 8080).publicUrl).toBe('http://192.168.1.20:8080');
  });
});
