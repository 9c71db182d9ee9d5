import { DEFAULT_THEME_COLOR } from '../config';
import { themeOnLoad, type ThemeName } from '../themes/palettes';
import type { ElementSize } from '../themes/createAppTheme';

/** Per-user interface preferences (SPEC.md section 3), kept per userId and not wiped by logout. */
export interface Preferences {
  transition: boolean;
  asideCollapsed: boolean;
  openedTabs: string[];
  size: ElementSize;
  colour: string;
  theme: ThemeName;
  /** How often the operator opened each screen, by route name (the menu search ranks by it: screenUse.ts). */
  screenUse: Record<string, number>;
}

export const DEFAULT_PREFERENCES: Preferences = {
  transition: true, asideCollapsed: false, openedTabs: [], size: 'default', colour: DEFAULT_THEME_COLOR, theme: themeOnLoad(undefined), screenUse: {},
};

const key = (userId?: string) => `prepaid-console.preferences.${userId || 'guest'}`;
const SIZES: ElementSize[] = ['small', 'default', 'large'];

/** Saved use counts, each a non-negative number (anything else is left out). */
function validUse(saved: unknown): Record<string, number> {
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return {};
  return Object.fromEntries(Object.entries(saved as Record<string, unknown>)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]) && entry[1] > 0));
}

/** The user's saved preferences, each value checked (a bad or unknown value gets its default). */
export function loadPreferences(userId?: string): Preferences {
  let saved: Partial<Preferences> = {};
  try {
    saved = JSON.parse(localStorage.getItem(key(userId)) ?? '{}') as Partial<Preferences>;
  } catch {
    saved = {};
  }
  return {
    transition: typeof saved.transition === 'boolean' ? saved.transition : DEFAULT_PREFERENCES.transition,
    asideCollapsed: typeof saved.asideCollapsed === 'boolean' ? saved.asideCollapsed : DEFAULT_PREFERENCES.asideCollapsed,
    openedTabs: Array.isArray(saved.openedTabs) ? saved.openedTabs.filter((t) => typeof t === 'string') : [],
    size: SIZES.includes(saved.size as ElementSize) ? (saved.size as ElementSize) : DEFAULT_PREFERENCES.size,
    colour: typeof saved.colour === 'string' && /^#[0-9a-f]{6}$/i.test(saved.colour) ? saved.colour : DEFAULT_PREFERENCES.colour,
    theme: themeOnLoad(saved.theme),
    screenUse: validUse(saved.screenUse),
  };
}

export function savePreferences(userId: string | undefined, preferences: Preferences) {
  localStorage.setItem(key(userId), JSON.stringify(preferences));
}
