/** Pure rules of the tab bar (SPEC.md section 2), kept apart from the component so they are easy to test. */
export interface Tab {
  /** pathname + search of the page. */
  path: string;
}

export const HOME_PATH = '/index';
export type CloseCommand = 'current' | 'left' | 'right' | 'others' | 'all';

export const tabKey = (path: string) => path.split('?')[0];

/**
 * Where the tabs' Home is: the pinned, unclosable first tab (`home`, the role's Home; undefined for
 * a role without one: no tab is pinned), and where closing all or the last tab goes (`landing`, the
 * role's first screen; Home when it has one).
 */
export interface TabPlaces {
  home?: string;
  landing?: string;
}

const DEFAULT_PLACES: TabPlaces = { home: HOME_PATH };

/** The tabs with the role's Home pinned first (when it has one). */
export function pinHome(tabs: Tab[], { home }: TabPlaces = DEFAULT_PLACES): Tab[] {
  if (!home) return tabs;
  const index = tabs.findIndex((t) => tabKey(t.path) === home);
  if (index === 0) return tabs;
  if (index === -1) return [{ path: home }, ...tabs];
  return [tabs[index], ...tabs.filter((_, i) => i !== index)];
}

/** Adds the page (or updates the url of its tab); the home tab, when there is one, always stays first. */
export function openTab(tabs: Tab[], path: string, places: TabPlaces = DEFAULT_PLACES): Tab[] {
  const withHome = pinHome(tabs, places);
  const index = withHome.findIndex((t) => tabKey(t.path) === tabKey(path));
  if (index === -1) return [...withHome, { path }];
  if (withHome[index].path === path) return withHome;
  return withHome.map((t, i) => (i === index ? { path } : t));
}

export interface CloseResult {
  tabs: Tab[];
  /** Where to go when the active tab was closed (undefined: stay). */
  navigateTo?: string;
  invalid?: boolean;
}

/**
 * Closes tabs relative to `target`: itself, to its left, to its right, all others, or all.
 * The home tab is never closed; closing the active tab moves to its neighbour (right, else left);
 * closing all goes to Home (the role's landing screen when it has no Home); an unknown command is
 * invalid and changes nothing.
 */
export function closeTabs(tabs: Tab[], target: string, command: string, active: string, places: TabPlaces = DEFAULT_PLACES): CloseResult {
  const home = places.home;
  const fallback = home ?? places.landing ?? '/';
  const index = tabs.findIndex((t) => tabKey(t.path) === tabKey(target));
  if (index === -1) return { tabs };
  const keep = (t: Tab, i: number): boolean => {
    if (tabKey(t.path) === home) return true;
    switch (command as CloseCommand) {
      case 'current': return i !== index;
      case 'left': return i >= index;
      case 'right': return i <= index;
      case 'others': return i === index;
      case 'all': return false;
      default: return true;
    }
  };
  if (!['current', 'left', 'right', 'others', 'all'].includes(command)) return { tabs, invalid: true };
  const remaining = tabs.filter(keep);
  if (command === 'all') return { tabs: remaining, navigateTo: fallback };
  const activeStays = remaining.some((t) => tabKey(t.path) === tabKey(active));
  if (activeStays) return { tabs: remaining };
  if (command === 'current') {
    const neighbour = tabs[index + 1] ?? tabs[index - 1];
    return { tabs: remaining, navigateTo: neighbour?.path ?? fallback };
  }
  return { tabs: remaining, navigateTo: tabs[index].path };
}
