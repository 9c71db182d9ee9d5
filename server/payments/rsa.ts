import { createSign, createVerify, type KeyObject } from 'node:crypto';

/** SHA256withRSA, the signature both WeChat Pay v3 and Alipay's RSA2 use (../shared/PAYMENTS.md). */

/** SHA256withRSA over `message`, base64. */
export function rsaSign(message: string, privateKey: KeyObject | string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** Whether `signature` (base64) is SHA256withRSA over `message` by the key's owner. */
export function rsaVerify(message: string, signature: string, publicKey: KeyObject | string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}
