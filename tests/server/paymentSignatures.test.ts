/**
 * WeChat Pay v3's and Alipay's signatures and WeChat Pay's encrypted resources (server/payments/),
 * against the protocols as ../shared/PAYMENTS.md states them: every expected string and every check
 * here is written apart with node:crypto, not with the module's own helpers.
 */
import { createCipheriv, createDecipheriv, createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { authorization, decryptResource, encryptResource, parseAuthorization, verifyAnswer } from '../../server/payments/wechatpaySignature';
import { responseText, signContent, signRequest, verifiedResponse, verifyNotification } from '../../server/payments/alipaySignature';

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = pair();
const wechatpay = pair();
const alipay = pair();
const app = pair();
const sign = (text: string, key: typeof merchant.privateKey) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
const verify = (text: string, signature: string, key: typeof merchant.publicKey) => createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
const API_V3_KEY = 'a2b4c6d8e0f2a4b6c8d0e2f4a6b8c0d2'; // 32 bytes
const PUB_KEY_ID = 'PUB_KEY_ID_0114232134912410000000000000';

describe('WeChat Pay API v3 signatures', () => {
  it('signs a request over METHOD, URL, timestamp, nonce and body, each ended by a newline, in the Authorization header\'s form', () => {
    const body = JSON.stringify({ appid: 'wxd678efh567hg6787', mchid: '1230000109', amount: { total: 100, currency: 'CNY' } });
    const header = authorization({ mchid: '1230000109', serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', privateKey: merchant.privateKey },
      'POST', '/v3/pay/transactions/native', body, 1554208460, '593BEC0C930BF1AFEB40B4A08C8FB242');
    expect(header).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1230000109",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="[A-Za-z0-9+/=]+",timestamp="1554208460",serial_no="5157F09EFDC096DE15EBE81A47057A7232F1B8E1"$/);
    const signature = /signature="([^"]+)"/.exec(header)![1];
    expect(verify(`POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n${body}\n`, signature, merchant.publicKey)).toBe(true);
    // A GET has an empty body and its message still ends with a newline after it; the query is part of the URL.
    const get = authorization({ mchid: '1230000109', serialNo: 'S', privateKey: merchant.privateKey }, 'get', '/v3/pay/transactions/out-trade-no/E202611290001?mchid=1230000109', '', 1554208460, 'N');
    expect(verify('GET\n/v3/pay/transactions/out-trade-no/E202611290001?mchid=1230000109\n1554208460\nN\n\n', parseAuthorization(get)!.signature, merchant.publicKey)).toBe(true);
    expect(parseAuthorization(get)).toMatchObject({ mchid: '1230000109', nonce_str: 'N', timestamp: '1554208460', serial_no: 'S' });
    expect(parseAuthorization('Bearer x')).toBeUndefined();
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1",nonce_str="2"')).toBeUndefined();
  });

  it('takes an answer or a notification only signed by the configured WeChat Pay key, within 5 minutes', () => {
    const now = Date.parse('2026-11-29T08:00:00Z');
    const body = '{"id":"EV-2018022511223320873","event_type":"TRANSACTION.SUCCESS"}';
    const at = (secondsAgo: number) => String(Math.floor(now / 1000) - secondsAgo);
    const headers = (timestamp: string, key = wechatpay.privateKey, text = body) => ({ timestamp, nonce: 'fdasflkja484w', signature: sign(`${timestamp}\nfdasflkja484w\n${text}\n`, key), serial: PUB_KEY_ID });
    const key = { publicKeyId: PUB_KEY_ID, publicKey: wechatpay.publicKey };
    expect(verifyAnswer(headers(at(10)), body, key, now)).toBeUndefined();
    expect(verifyAnswer(headers(at(299)), body, key, now)).toBeUndefined();
    expect(verifyAnswer(headers(at(301)), body, key, now)).toBe('timestamp');
    expect(verifyAnswer(headers(at(-301)), body, key, now)).toBe('timestamp');
    expect(verifyAnswer({ ...headers(at(10)), serial: 'PUB_KEY_ID_other' }, body, key, now)).toBe('serial');
    expect(verifyAnswer({ ...headers(at(10)), signature: null }, body, key, now)).toBe('missing');
    // Signed with the merchant's own key, or over another body: refused.
    expect(verifyAnswer(headers(at(10), merchant.privateKey), body, key, now)).toBe('signature');
    expect(verifyAnswer(headers(at(10)), body.replace('SUCCESS', 'SUCCESs'), key, now)).toBe('signature');
  });

  it('refuses any changed byte of a signed body (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }), fc.nat(), fc.integer({ min: 1, max: 0xffff }), (body, at, change) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signed = { timestamp, nonce: 'n', signature: sign(`${timestamp}\nn\n${body}\n`, wechatpay.privateKey), serial: PUB_KEY_ID };
      const key = { publicKeyId: PUB_KEY_ID, publicKey: wechatpay.publicKey };
      expect(verifyAnswer(signed, body, key)).toBeUndefined();
      const i = at % body.length;
      const other = body.slice(0, i) + String.fromCharCode((body.charCodeAt(i) + change) % 0x10000) + body.slice(i + 1);
      fc.pre(Buffer.from(other, 'utf8').toString('utf8') !== Buffer.from(body, 'utf8').toString('utf8'));
      expect(verifyAnswer(signed, other, key)).toBe('signature');
    }), { numRuns: 40 });
  });

  it('decrypts a notification\'s AEAD_AES_256_GCM resource, and refuses a changed byte, another key or other associated data', () => {
    const plaintext = JSON.stringify({ mchid: '1230000109', out_trade_no: 'E202611290001', transaction_id: '4200000000202611290000000001', trade_state: 'SUCCESS', amount: { total: 5000, currency: 'CNY' } });
    // Encrypted here: IV the nonce, AAD the associated data, base64 of the bytes and the 16-byte tag.
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from('fdasflkja484'));
    cipher.setAAD(Buffer.from('transaction'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const resource = { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce: 'fdasflkja484', associated_data: 'transaction', original_type: 'transaction' };
    expect(decryptResource(resource, API_V3_KEY)).toBe(plaintext);
    const bytes = Buffer.from(ciphertext, 'base64');
    bytes[3] ^= 1;
    expect(() => decryptResource({ ...resource, ciphertext: bytes.toString('base64') }, API_V3_KEY)).toThrow();
    expect(() => decryptResource(resource, API_V3_KEY.replace('a', 'b'))).toThrow();
    expect(() => decryptResource({ ...resource, associated_data: 'refund' }, API_V3_KEY)).toThrow();
    expect(() => decryptResource({ ...resource, algorithm: 'AES_128_CBC' }, API_V3_KEY)).toThrow(/algorithm/);
    expect(() => decryptResource(resource, 'short')).toThrow(/32 bytes/);
    // What the simulated provider makes, read here apart.
    const made = encryptResource(plaintext, API_V3_KEY, 'transaction', 'transaction');
    const raw = Buffer.from(made.ciphertext, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(made.nonce));
    decipher.setAAD(Buffer.from('transaction'));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    expect(Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString('utf8')).toBe(plaintext);
    expect(made.nonce).toMatch(/^[0-9A-Z]{12}$/);
  });
});

describe('Alipay RSA2 signatures', () => {
  const request = {
    app_id: '2014072300007148', method: 'alipay.trade.precreate', format: 'JSON', charset: 'utf-8', sign_type: 'RSA2',
    timestamp: '2026-11-29 16:00:00', version: '1.0', notify_url: 'https://pay.example.com/api/v1/pay/notify/alipay',
    biz_content: '{"out_trade_no":"E202611290001","total_amount":"50.00","subject":"电费充值"}', app_auth_token: '',
  };
  const content = 'app_id=2014072300007148&biz_content={"out_trade_no":"E202611290001","total_amount":"50.00","subject":"电费充值"}&charset=utf-8&format=JSON'
    + '&method=alipay.trade.precreate&notify_url=https://pay.example.com/api/v1/pay/notify/alipay&sign_type=RSA2&timestamp=2026-11-29 16:00:00&version=1.0';

  it('signs a request over every non-empty parameter but sign, sorted by name, joined as k=v&k=v', () => {
    expect(signContent({ ...request, sign: 'old' })).toBe(content);
    const signed = signRequest(request, app.privateKey);
    expect(Object.keys(signed)).not.toContain('app_auth_token');
    expect(verify(content, signed.sign, app.publicKey)).toBe(true);
  });

  it('takes a notification only when Alipay signed its fields, sign and sign_type left out', () => {
    const fields: Record<string, string> = {
      notify_time: '2026-11-29 16:01:02', notify_type: 'trade_status_sync', notify_id: 'ac05099524730693a8b330c5ecf72da9786', app_id: '2014072300007148',
      charset: 'utf-8', version: '1.0', trade_no: '2026112922001420000000000001', out_trade_no: 'E202611290001', trade_status: 'TRADE_SUCCESS',
      total_amount: '50.00', receipt_amount: '50.00', buyer_pay_amount: '50.00', gmt_payment: '2026-11-29 16:01:01', sign_type: 'RSA2',
    };
    const text = Object.keys(fields).filter((k) => k !== 'sign_type').sort().map((k) => `${k}=${fields[k]}`).join('&');
    const notification = { ...fields, sign: sign(text, alipay.privateKey) };
    expect(verifyNotification(notification, alipay.publicKey)).toBe(true);
    expect(verifyNotification({ ...notification, total_amount: '5000.00' }, alipay.publicKey)).toBe(false);
    expect(verifyNotification({ ...notification, sign: sign(text, app.privateKey) }, alipay.publicKey)).toBe(false);
    expect(verifyNotification({ ...notification, sign_type: 'RSA' }, alipay.publicKey)).toBe(false);
    const { sign: _, ...unsigned } = notification;
    expect(verifyNotification(unsigned, alipay.publicKey)).toBe(false);
  });

  it('reads an answer\'s …_response value as Alipay signed its exact text, braces and quotes inside strings included', () => {
    const value = '{"code":"10000","msg":"Success","out_trade_no":"E2026}{\\"x","qr_code":"https://qr.alipay.com/bax03431ljhokirwl38f00a7"}';
    const raw = `{"alipay_trade_precreate_response" : ${value},"sign":"${sign(value, alipay.privateKey)}"}`;
    expect(responseText(raw, 'alipay.trade.precreate')).toBe(value);
    expect(verifiedResponse(raw, 'alipay.trade.precreate', alipay.publicKey)).toEqual(JSON.parse(value));
    // The same figures printed otherwise are not what was signed; nor is another method's answer.
    expect(verifiedResponse(raw.replace('"code":"10000"', '"code": "10000"'), 'alipay.trade.precreate', alipay.publicKey)).toBeUndefined();
    expect(verifiedResponse(raw, 'alipay.trade.query', alipay.publicKey)).toBeUndefined();
    expect(verifiedResponse(`{"alipay_trade_precreate_response":${value},"sign":"${sign(value, app.privateKey)}"}`, 'alipay.trade.precreate', alipay.publicKey)).toBeUndefined();
    expect(verifiedResponse('not json', 'alipay.trade.precreate', alipay.publicKey)).toBeUndefined();
  });
});
