import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import zhChs from '../../i18n/zh-chs';
import zhCht from '../../i18n/zh-cht';
import en from '../../i18n/en';
import ja from '../../i18n/ja';
import { DEFAULT_LOCALE, FALLBACK_LOCALE } from '../config';
import { readCookie, writeLangCookie } from '../auth/cookies';

export const LOCALES = ['zh-chs', 'zh-cht', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

const catalogs: Record<Locale, TranslationMessages> = {
  'zh-chs': zhChs as unknown as TranslationMessages,
  'zh-cht': zhCht as unknown as TranslationMessages,
  en: en as unknown as TranslationMessages,
  ja: ja as unknown as TranslationMessages,
};

const lookup = (catalog: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalog);

/** The language of the lang cookie, else zh-chs (SPEC.md: default zh-chs). */
export const initialLocale = (): Locale => {
  const lang = readCookie('lang');
  return (LOCALES as readonly string[]).includes(lang ?? '') ? (lang as Locale) : (DEFAULT_LOCALE as Locale);
};

/** Message lookup for code outside React (document title, exports). */
export const messagesOf = (locale: string) => catalogs[(locale as Locale)] ?? catalogs[DEFAULT_LOCALE as Locale];

function createI18nProvider(): I18nProvider {
  const provider = polyglotI18nProvider(
    (locale) => catalogs[locale as Locale] ?? catalogs[DEFAULT_LOCALE as Locale],
    initialLocale(),
    LOCALES.map((locale) => ({ locale, name: (catalogs[locale] as unknown as { languages: Record<string, string> }).languages[locale] })),
    {
      allowMissing: true,
      // Fallback language en (SPEC.md section 1); a message that is not a key is shown as it is.
      onMissingKey: (key: string, options: { _?: string }) => {
        const text = lookup(catalogs[FALLBACK_LOCALE as Locale], key);
        return typeof text === 'string' ? text : (options?._ ?? key);
      },
    },
  );
  return {
    ...provider,
    changeLocale: async (locale: string, options?: unknown) => {
      writeLangCookie(locale);
      document.documentElement.lang = locale;
      return provider.changeLocale(locale, options);
    },
  };
}

export const i18nProvider = createI18nProvider();
