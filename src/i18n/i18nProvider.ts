import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import { DEFAULT_LOCALE, FALLBACK_LOCALE } from '../config';
import { readCookie, writeLangCookie } from '../auth/cookies';

export const LOCALES = ['zh-chs', 'zh-cht', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The catalogs, each its own chunk: only the current language is loaded at start, another one when
 * the operator switches to it (react-admin waits for it, the page keeps the old texts meanwhile).
 */
const IMPORTS: Record<Locale, () => Promise<{ default: unknown }>> = {
  'zh-chs': () => import('../../i18n/zh-chs'),
  'zh-cht': () => import('../../i18n/zh-cht'),
  en: () => import('../../i18n/en'),
  ja: () => import('../../i18n/ja'),
};

const loaded: Partial<Record<Locale, TranslationMessages>> = {};
const loading: Partial<Record<Locale, Promise<TranslationMessages>>> = {};

const isLocale = (value: string | undefined): value is Locale => (LOCALES as readonly string[]).includes(value ?? '');

/** A language's catalog, imported once (a failed import is tried again next time). */
export function loadCatalog(locale: Locale): Promise<TranslationMessages> {
  const cached = loaded[locale];
  if (cached) return Promise.resolve(cached);
  loading[locale] ??= IMPORTS[locale]().then(
    (module) => (loaded[locale] = module.default as TranslationMessages),
    (error: unknown) => {
      delete loading[locale];
      throw error;
    },
  );
  return loading[locale];
}

const lookup = (catalog: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalog);

/** The language of the lang cookie, else zh-chs (SPEC.md: default zh-chs). */
export const initialLocale = (): Locale => {
  const lang = readCookie('lang');
  return isLocale(lang) ? lang : (DEFAULT_LOCALE as Locale);
};

const startLocale = initialLocale();
let polyglot: I18nProvider | undefined;

/**
 * The current language's catalog, requested as soon as this module runs (in parallel with the rest
 * of the start code); the console renders once it is there (App waits for this promise), so that no
 * key is ever shown in place of a text.
 */
export const i18nReady: Promise<void> = loadCatalog(startLocale).then(() => {
  polyglot = createPolyglot();
});

/** Whether the start catalog is there (the console may render). */
export const i18nIsReady = () => polyglot !== undefined;

/**
 * How a counted message (`one |||| many`, with `smart_count`) picks its form: the first for one,
 * the second for any other count, in every language of the console. Polyglot's own rules give
 * Chinese and Japanese a single form (nouns do not inflect), so the second was never shown: a bulk
 * selection of four rows read “已选择 1 项”, a bulk delete asked “确定要删除此水表吗？”. The
 * catalogs' two forms are one record against several, worded differently in every language.
 */
const ONE_OR_MANY = {
  pluralTypes: { oneOrMany: (count: number) => (count === 1 ? 0 : 1) },
  pluralTypeToLanguages: { oneOrMany: ['en', 'zh', 'ja', ...LOCALES] },
};

function createPolyglot(): I18nProvider {
  return polyglotI18nProvider(
    // Synchronous for a loaded catalog (the start language), a promise for one not loaded yet.
    (locale) => (isLocale(locale) ? (loaded[locale] ?? loadCatalog(locale)) : loaded[startLocale]!),
    startLocale,
    LOCALES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
    {
      pluralRules: ONE_OR_MANY,
      allowMissing: true,
      // Fallback language en (SPEC.md section 1) once loaded (the catalogs have the same keys, a test
      // checks it, so this serves keys unknown to every catalog); else the default or the key itself.
      onMissingKey: (key: string, options: { _?: string }) => {
        const text = lookup(loaded[FALLBACK_LOCALE as Locale], key);
        return typeof text === 'string' ? text : (options?._ ?? key);
      },
    },
  );
}


/**
 * react-admin's i18nProvider on ra-i18n-polyglot, created once the start catalog is there (polyglot
 * needs the initial messages synchronously). Before that (nothing is rendered yet) a text is its
 * default or its key.
 */
function createI18nProvider(): I18nProvider {
  return {
    translate: (key: string, options?: { _?: string; [name: string]: unknown }) => (polyglot ? polyglot.translate(key, options) : (options?._ ?? key)),
    getLocale: () => polyglot?.getLocale() ?? startLocale,
    getLocales: () => LOCALES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
    changeLocale: async (locale: string, options?: unknown) => {
      await i18nReady;
      await polyglot!.changeLocale(locale, options);
      writeLangCookie(locale);
      document.documentElement.lang = locale;
    },
  };
}

export const i18nProvider = createI18nProvider();
