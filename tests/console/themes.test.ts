import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { DEFAULT_THEME, THEMES, themeForSetting, themeOnLoad } from '../../src/themes/palettes';
import { createAppTheme, readableOn } from '../../src/themes/createAppTheme';
import { loadPreferences, savePreferences } from '../../src/preferences/preferences';
import { DEFAULT_THEME_COLOR } from '../../src/config';

const AA = 4.5;

describe('themes', () => {
  it('are six, the third (Chester) being the default', () => {
    expect(THEMES.map((t) => t.name)).toEqual(['classic', 'violet', 'chester', 'simpleLine', 'meteor', 'darkBlue']);
    expect(DEFAULT_THEME).toBe('chester');
  });

  it('fall back to the first when an unknown name is set, and to the third on load', () => {
    expect(themeForSetting('nope')).toBe('classic');
    expect(themeForSetting('meteor')).toBe('meteor');
    expect(themeOnLoad('nope')).toBe('chester');
    expect(themeOnLoad(undefined)).toBe('chester');
  });

  it.each(THEMES.map((t) => [t.name, t] as const))('%s is readable (WCAG AA contrast)', (_, spec) => {
    expect(getContrastRatio(spec.text, spec.background)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(spec.text, spec.paper)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(spec.textSecondary, spec.paper)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(spec.text, spec.tableHead)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(spec.appBarText, spec.appBar)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(spec.sidebarText, spec.sidebar)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(spec.sidebarActiveText, spec.sidebarActive)).toBeGreaterThanOrEqual(AA);
    const theme = createAppTheme(spec, DEFAULT_THEME_COLOR, 'default') as { palette: { primary: { main: string; contrastText: string } } };
    expect(getContrastRatio(theme.palette.primary.contrastText, theme.palette.primary.main)).toBeGreaterThanOrEqual(3);
  });

  it('are visibly different from each other', () => {
    const looks = new Set(THEMES.map((t) => `${t.appBar}|${t.sidebar}|${t.background}|${t.mode}`));
    expect(looks.size).toBe(6);
  });

  it('pick white or dark text on any theme colour', () => {
    expect(readableOn('#000000')).toBe('#ffffff');
    expect(readableOn('#ffff00')).toBe('#1a1a1a');
  });
});

describe('per-user preferences', () => {
  it('default to transition on, menu open, size default, colour #409EFF and Chester', () => {
    expect(loadPreferences('42')).toEqual({ transition: true, asideCollapsed: false, openedTabs: [], size: 'default', colour: '#409EFF', theme: 'chester', screenUse: {} });
  });

  it('are kept per user, and bad values get their defaults', () => {
    savePreferences('1', { transition: false, asideCollapsed: true, openedTabs: ['/waterarchive'], size: 'large', colour: '#112233', theme: 'meteor', screenUse: { userJiaofei: 3 } });
    expect(loadPreferences('1').screenUse).toEqual({ userJiaofei: 3 });
    expect(loadPreferences('1').theme).toBe('meteor');
    expect(loadPreferences('2').theme).toBe('chester');
    localStorage.setItem('prepaid-console.preferences.3', JSON.stringify({ theme: 'pink', size: 'huge', colour: 'red', transition: 'yes', screenUse: { project: 'many', danjiabiao: 2 } }));
    expect(loadPreferences('3')).toMatchObject({ theme: 'chester', size: 'default', colour: '#409EFF', transition: true, screenUse: { danjiabiao: 2 } });
  });
});
