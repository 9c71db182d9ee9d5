import { createPrivateKey, createPublicKey, generateKeyPairSync, randomInt, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The simulated providers' keys and identities (issue 41): made at the first start and kept under
 * `${DATA_DIR}/paysim` (PEM files and ids.json, mode 0600), read back at every later start, so that
 * the platform's client and the simulated providers keep trusting each other across restarts.
 */

export interface SimulatorKeys {
  wechatpay: {
    /** 10 digits. */
    mchid: string;
    /** The WeChat app id (`wx` and 16 hex digits) the merchant is bound to. */
    appid: string;
    /** The merchant certificate's serial: 40 hex digits. */
    merchantSerial: string;
    merchantPrivateKey: KeyObject;
    merchantPublicKey: KeyObject;
    /** The simulated WeChat Pay's own key pair: it signs answers and notifications. */
    platformPrivateKey: KeyObject;
    publicKey: KeyObject;
    /** `PUB_KEY_ID_` and 32 digits, the `Wechatpay-Serial` of every signed answer. */
    publicKeyId: string;
    /** 32 characters of [0-9A-Za-z]. */
    apiV3Key: string;
  };
  alipay: {
    /** 16 digits starting 2021. */
    appId: string;
    appPrivateKey: KeyObject;
    appPublicKey: KeyObject;
    /** The simulated Alipay's own key pair: it signs answers and notifications. */
    alipayPrivateKey: KeyObject;
    alipayPublicKey: KeyObject;
  };
}

interface Ids { mchid: string; appid: string; merchantSerial: string; publicKeyId: string; apiV3Key: string; alipayAppId: string }

const PAIRS = ['wechatpay-merchant', 'wechatpay-platform', 'alipay-app', 'alipay-platform'] as const;
type Pair = (typeof PAIRS)[number];

const DIGITS = '0123456789';
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const randomText = (length: number, alphabet = ALNUM) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
export const randomDigits = (length: number) => randomText(length, DIGITS);

const files = (dir: string, pair: Pair) => ({ privateFile: join(dir, `${pair}-private.pem`), publicFile: join(dir, `${pair}-public.pem`) });

/** Written whole or not at all (a temporary file renamed), readable by the owner only. */
function writeSecret(path: string, text: string) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

function makeKeys(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const pair of PAIRS) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { privateFile, publicFile } = files(dir, pair);
    writeSecret(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    writeSecret(publicFile, publicKey.export({ type: 'spki', format: 'pem' }).toString());
  }
  const ids: Ids = {
    mchid: `1${randomDigits(9)}`,
    appid: `wx${randomText(16, '0123456789abcdef')}`,
    merchantSerial: randomText(40, '0123456789ABCDEF'),
    publicKeyId: `PUB_KEY_ID_${randomDigits(32)}`,
    apiV3Key: randomText(32),
    alipayAppId: `2021${randomDigits(12)}`,
  };
  // Last: its presence says the key files before it are complete.
  writeSecret(join(dir, 'ids.json'), `${JSON.stringify(ids, null, 2)}\n`);
}

const complete = (dir: string) => existsSync(join(dir, 'ids.json')) && PAIRS.every((pair) => Object.values(files(dir, pair)).every((file) => existsSync(file)));

/** The simulators' keys under `dir`: made (RSA 2048, PEM, mode 0600) when they are not all there yet, else read back. */
export function loadSimulatorKeys(dir: string): SimulatorKeys {
  if (!complete(dir)) makeKeys(dir);
  const ids = JSON.parse(readFileSync(join(dir, 'ids.json'), 'utf8')) as Ids;
  const pair = (name: Pair) => {
    const { privateFile, publicFile } = files(dir, name);
    return { privateKey: createPrivateKey(readFileSync(privateFile, 'utf8')), publicKey: createPublicKey(readFileSync(publicFile, 'utf8')) };
  };
  const merchant = pair('wechatpay-merchant');
  const platform = pair('wechatpay-platform');
  const app = pair('alipay-app');
  const alipay = pair('alipay-platform');
  return {
    wechatpay: {
      mchid: ids.mchid, appid: ids.appid, merchantSerial: ids.merchantSerial,
      merchantPrivateKey: merchant.privateKey, merchantPublicKey: merchant.publicKey,
      platformPrivateKey: platform.privateKey, publicKey: platform.publicKey, publicKeyId: ids.publicKeyId, apiV3Key: ids.apiV3Key,
    },
    alipay: {
      appId: ids.alipayAppId, appPrivateKey: app.privateKey, appPublicKey: app.publicKey,
      alipayPrivateKey: alipay.privateKey, alipayPublicKey: alipay.publicKey,
    },
  };
}
