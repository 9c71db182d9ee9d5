import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';
import { rsaSign, rsaVerify } from './rsa';

/**
 * WeChat Pay API v3's signatures and encrypted resources (../shared/PAYMENTS.md), to the byte: what the
 * platform signs on every request, what it checks on every answer and notification, and the
 * notification's AEAD_AES_256_GCM resource. No HTTP here: the provider client and the simulated
 * provider (issue 41) build on it.
 */

/** The string a request signs: `METHOD\nURL path with query\ntimestamp\nnonce\nbody\n` (an empty body still ends with `\n`). */
export function requestMessage(method: string, url: string, timestamp: number, nonce: string, body: string): string {
  return `${method.toUpperCase()}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The string an answer or a notification is signed over: `timestamp\nnonce\nbody\n`. */
export function answerMessage(timestamp: string | number, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** A nonce of 32 characters of [0-9A-Z]. */
export function nonceString(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return [...randomBytes(32)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export interface MerchantCredentials { mchid: string; serialNo: string; privateKey: KeyObject | string }

/**
 * The `Authorization` header of a request: `WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`.
 * `url` is the path with its query, as sent; `timestamp` in seconds.
 */
export function authorization(merchant: MerchantCredentials, method: string, url: string, body: string,
  timestamp = Math.floor(Date.now() / 1000), nonce = nonceString()): string {
  const signature = rsaSign(requestMessage(method, url, timestamp, nonce, body), merchant.privateKey);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${merchant.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serialNo}"`;
}

/** The fields of an `Authorization` header (what a provider, or the simulated one, reads back); undefined when it is not one. */
export function parseAuthorization(header: string | null | undefined): Record<'mchid' | 'nonce_str' | 'signature' | 'timestamp' | 'serial_no', string> | undefined {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
  if (!match) return undefined;
  const fields = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
  for (const key of ['mchid', 'nonce_str', 'signature', 'timestamp', 'serial_no']) if (!fields[key]) return undefined;
  return fields as Record<'mchid' | 'nonce_str' | 'signature' | 'timestamp' | 'serial_no', string>;
}

/** The signature headers of an answer or a notification. */
export interface SignedHeaders { timestamp: string | null; nonce: string | null; signature: string | null; serial: string | null }

/** Why an answer or a notification was refused; undefined when it is WeChat Pay's. */
export type SignatureRefusal = 'missing' | 'serial' | 'timestamp' | 'signature';

/**
 * Checks an answer or a notification: signed by the WeChat Pay public key whose id is the configured
 * one (`Wechatpay-Serial`), over `timestamp\nnonce\nbody\n`, and no more than `skewSeconds` (5 minutes)
 * from now. Never with the merchant's own key.
 */
export function verifyAnswer(headers: SignedHeaders, body: string, wechatpay: { publicKeyId: string; publicKey: KeyObject | string },
  now = Date.now(), skewSeconds = 300): SignatureRefusal | undefined {
  const { timestamp, nonce, signature, serial } = headers;
  if (!timestamp || !nonce || !signature || !serial) return 'missing';
  if (serial !== wechatpay.publicKeyId) return 'serial';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > skewSeconds) return 'timestamp';
  return rsaVerify(answerMessage(timestamp, nonce, body), signature, wechatpay.publicKey) ? undefined : 'signature';
}

/** A notification's `resource`. */
export interface EncryptedResource { algorithm: string; ciphertext: string; nonce: string; associated_data?: string; original_type?: string }

/**
 * The plaintext of a notification's resource: AES-256-GCM with the 32-byte APIv3 key, the resource's
 * `nonce` as IV and `associated_data` as AAD; `ciphertext` is base64 of the encrypted bytes and the
 * 16-byte tag. Throws on a wrong algorithm, key or a changed byte (the tag does not match).
 */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unknown algorithm ${resource.algorithm}`);
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('the APIv3 key is not 32 bytes');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 16) throw new Error('ciphertext shorter than its tag');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** The same resource made (the simulated provider's side): AES-256-GCM, a 12-character nonce, base64 of bytes ‖ tag. */
export function encryptResource(plaintext: string, apiV3Key: string, associatedData: string, originalType: string, nonce = nonceString().slice(0, 12)): EncryptedResource {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), nonce, associated_data: associatedData, original_type: originalType };
}
