/**
 * The name of each language in itself (the language switcher's entries): the `languages` of every
 * catalog, repeated here so that the switcher needs no catalog but the current one
 * (tests/console/i18nSplit.test.ts checks that both say the same).
 */
export const LANGUAGE_NAMES = { 'zh-chs': '简体中文', 'zh-cht': '繁體中文', en: 'English', ja: '日本語' } as const;
