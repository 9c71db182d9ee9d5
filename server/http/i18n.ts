import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import zhChs from '../../i18n/zh-chs';
import zhCht from '../../i18n/zh-cht';
import en from '../../i18n/en';
import ja from '../../i18n/ja';
import type { MessageParam } from '../domain/results';

const catalogs = { 'zh-chs': zhChs, 'zh-cht': zhCht, en, ja } as const;
export type Lang = keyof typeof catalogs;

/** The `server.*` messages of a language (the field labels of server/http/fieldLabels.ts read them). */
export const serverCatalog = (lang: Lang): unknown => catalogs[lang].server;

/** The caller's language: the console's `lang` cookie, else Accept-Language, else zh-chs. */
export function langOf(c: Context): Lang {
  const cookie = getCookie(c, 'lang');
  if (cookie && cookie in catalogs) return cookie as Lang;
  const accept = (c.req.header('accept-language') ?? '').toLowerCase();
  if (accept.startsWith('en')) return 'en';
  if (accept.startsWith('ja')) return 'ja';
  if (accept.includes('zh-tw') || accept.includes('zh-hk') || accept.includes('hant')) return 'zh-cht';
  return 'zh-chs';
}

/**
 * A server message (`server.*` keys of i18n/) in the caller's language, with %{name} filled in; a
 * parameter that is itself a message (or a list of them) is read in the same language first.
 */
export function serverMessage(lang: Lang, key: string, params: Record<string, MessageParam> = {}): string {
  const lookup = (catalog: unknown) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], (catalog as { server: unknown }).server);
  const text = lookup(catalogs[lang]) ?? lookup(en);
  if (typeof text !== 'string') return key;
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => paramText(lang, params[name]));
}

function paramText(lang: Lang, param: MessageParam | undefined): string {
  if (param === undefined) return '';
  if (typeof param !== 'object') return String(param);
  if ('items' in param) return param.items.map((item) => serverMessage(lang, item.key, item.params)).join(serverMessage(lang, param.joinKey));
  return serverMessage(lang, param.key, param.params);
}
