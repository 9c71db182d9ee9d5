/**
 * The pay page's tiny message reader: four small catalogs (i18n/pay/), the language from `?lang=`,
 * else the one the tenant chose before (localStorage), else the browser's languages, else zh-chs;
 * `fill` puts parameters into `%{name}`.
 */
import { createContext, useContext } from 'react';
import en, { type PayMessages } from '../../i18n/pay/en';
import ja from '../../i18n/pay/ja';
import zhChs from '../../i18n/pay/zh-chs';
import zhCht from '../../i18n/pay/zh-cht';
import { LANGUAGE_NAMES } from '../../i18n/languages';

export const PAY_LANGS = ['zh-chs', 'zh-cht', 'en', 'ja'] as const;
export type PayLang = (typeof PAY_LANGS)[number];
export const PAY_CATALOGS: Record<PayLang, PayMessages> = { 'zh-chs': zhChs, 'zh-cht': zhCht, en, ja };
export { LANGUAGE_NAMES };

/** The page's `<html lang>` and the Accept-Language the page sends to the API. */
export const HTML_LANG: Record<PayLang, string> = { 'zh-chs': 'zh-Hans', 'zh-cht': 'zh-Hant', en: 'en', ja: 'ja' };

const STORED = 'pay.lang';

/** One language tag (`zh-TW`, `zh-Hans-CN`, `ja-JP`, `zh-cht`) as one of the four, if it names one. */
export function langOfTag(tag: string): PayLang | undefined {
  const t = tag.trim().toLowerCase();
  if ((PAY_LANGS as readonly string[]).includes(t)) return t as PayLang;
  if (/^zh-(tw|hk|mo)\b|^zh-hant\b/.test(t)) return 'zh-cht';
  if (/^zh\b/.test(t)) return 'zh-chs';
  if (/^ja\b/.test(t)) return 'ja';
  if (/^en\b/.test(t)) return 'en';
  return undefined;
}

/** The first of the browser's languages that is one of the four, else zh-chs. */
export function langOfBrowser(tags: readonly string[]): PayLang {
  for (const tag of tags) {
    const lang = langOfTag(tag);
    if (lang) return lang;
  }
  return 'zh-chs';
}

const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/** The language to start in: `?lang=`, the tenant's earlier choice, the browser's, zh-chs. */
export function initialLang(): PayLang {
  const asked = new URLSearchParams(window.location.search).get('lang');
  const fromQuery = asked ? langOfTag(asked) : undefined;
  if (fromQuery) return fromQuery;
  const stored = storage()?.getItem(STORED);
  if (stored && (PAY_LANGS as readonly string[]).includes(stored)) return stored as PayLang;
  return langOfBrowser(navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);
}

/** Keeps the tenant's choice for the next visit. */
export function rememberLang(lang: PayLang) {
  try {
    storage()?.setItem(STORED, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** `%{name}` → its parameter ('' when missing). */
export const fill = (text: string, params: Record<string, string | number> = {}) =>
  text.replace(/%\{(\w+)\}/g, (_, name: string) => (params[name] === undefined ? '' : String(params[name])));

export interface PayI18n {
  lang: PayLang;
  m: PayMessages;
  setLang(lang: PayLang): void;
}

export const PayI18nContext = createContext<PayI18n>({ lang: 'zh-chs', m: zhChs, setLang: () => undefined });
export const usePayI18n = () => useContext(PayI18nContext);
