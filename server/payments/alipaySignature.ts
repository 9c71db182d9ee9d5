import type { KeyObject } from 'node:crypto';
import { rsaSign, rsaVerify } from './rsa';

/**
 * Alipay's RSA2 signatures (../shared/PAYMENTS.md), to the byte: a request's `sign` over its sorted
 * parameters, an asynchronous notification's check, and an answer's check over the exact text of its
 * `…_response` value. No HTTP here: the provider client and the simulated provider (issue 41) build on it.
 */

/** Every non-empty parameter but `sign` (and `sign_type`, for a notification), sorted by name, joined as `k=v&k=v`. */
export function signContent(params: Record<string, string | undefined>, options: { withoutSignType?: boolean } = {}): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && !(options.withoutSignType && key === 'sign_type'))
    .filter((key) => params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** A request's parameters with their `sign` (SHA256withRSA with the app's private key, base64). */
export function signRequest(params: Record<string, string | undefined>, appPrivateKey: KeyObject | string): Record<string, string> {
  const present = Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  return { ...present, sign: rsaSign(signContent(present), appPrivateKey) };
}

/** Whether a notification (its form fields as received) was signed by Alipay: `sign` and `sign_type` left out of the content. */
export function verifyNotification(fields: Record<string, string>, alipayPublicKey: KeyObject | string): boolean {
  if (!fields.sign || (fields.sign_type && fields.sign_type !== 'RSA2')) return false;
  return rsaVerify(signContent(fields, { withoutSignType: true }), fields.sign, alipayPublicKey);
}

/**
 * The exact text of an answer's `<method with _ for .>_response` value (what Alipay signed), read from
 * the answer's raw text without parsing and printing it again; undefined when it is not there.
 */
export function responseText(raw: string, method: string): string | undefined {
  const name = `"${method.replace(/\./g, '_')}_response"`;
  const at = raw.indexOf(name);
  if (at === -1) return undefined;
  let i = raw.indexOf(':', at + name.length);
  if (i === -1) return undefined;
  i += 1;
  while (/\s/.test(raw[i] ?? '')) i += 1;
  if (raw[i] !== '{') return undefined;
  // The object's end: braces counted outside strings.
  let depth = 0;
  let inString = false;
  for (let j = i; j < raw.length; j += 1) {
    const c = raw[j];
    if (inString) {
      if (c === '\\') j += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return raw.slice(i, j + 1);
    }
  }
  return undefined;
}

/** An answer's `…_response` value, parsed, when its `sign` is Alipay's over the value's exact text; undefined otherwise. */
export function verifiedResponse<T = Record<string, unknown>>(raw: string, method: string, alipayPublicKey: KeyObject | string): T | undefined {
  const text = responseText(raw, method);
  if (text === undefined) return undefined;
  let sign: unknown;
  try {
    sign = (JSON.parse(raw) as { sign?: unknown }).sign;
  } catch {
    return undefined;
  }
  if (typeof sign !== 'string' || !rsaVerify(text, sign, alipayPublicKey)) return undefined;
  return JSON.parse(text) as T;
}
