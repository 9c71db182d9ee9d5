/**
 * The catalogs are loaded one language at a time (src/i18n/i18nProvider.ts): the console renders
 * once the current one is there, another is loaded on a switch, and the language switcher and the
 * side menu use small copies of two of their sections. These tests keep that arrangement right.
 */
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import zhChs from '../../i18n/zh-chs';
import zhCht from '../../i18n/zh-cht';
import ja from '../../i18n/ja';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import { ZH_CHS_MENU_GROUPS } from '../../i18n/menuGroups';
import { LOCALES, i18nProvider, i18nReady, loadCatalog } from '../../src/i18n/i18nProvider';

describe('catalogs loaded per language', () => {
  it('the switcher names each language as its catalog does', () => {
    for (const messages of [en, zhChs, zhCht, ja]) expect(messages.languages).toEqual(LANGUAGE_NAMES);
    expect(i18nProvider.getLocales?.()).toEqual(LOCALES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })));
  });

  it('the side menu knows the seeded group names of zh-chs', () => {
    expect(zhChs.menuGroups).toEqual(ZH_CHS_MENU_GROUPS);
  });

  it('loads each catalog once, complete, and switches to a language not loaded yet', async () => {
    await i18nReady;
    const [first, again] = await Promise.all([loadCatalog('ja'), loadCatalog('ja')]);
    expect(first).toBe(again);
    expect(first).toEqual(ja);
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.getLocale()).toBe('en');
    expect(i18nProvider.translate('app.name')).toBe(en.app.name);
    expect(document.cookie).toContain('lang=en');
    await i18nProvider.changeLocale('zh-chs');
    expect(i18nProvider.translate('app.name')).toBe(zhChs.app.name);
  });

  it('counted messages take their second form for any count but one, in every language', async () => {
    await i18nReady;
    const expected: Record<string, [string, string]> = {
      'zh-chs': ['已选择 1 项', '已选择 4 项'],
      'zh-cht': ['已選取 1 個項目', '已選取 4 個項目'],
      ja: ['1 件選択中', '4 件選択中'],
      en: ['1 item selected', '4 items selected'],
    };
    for (const locale of LOCALES) {
      await i18nProvider.changeLocale(locale);
      const text = (count: number) => i18nProvider.translate('ra.action.bulk_actions', { smart_count: count });
      expect([text(1), text(4)]).toEqual(expected[locale]);
      expect(text(0)).toBe(expected[locale][1].replace('4', '0'));
    }
    await i18nProvider.changeLocale('zh-chs');
  });
});
