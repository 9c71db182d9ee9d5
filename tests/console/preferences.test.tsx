import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { PreferencesProvider, usePreference, usePreferences } from '../../src/preferences/PreferencesContext';
import { loadPreferences, savePreferences, DEFAULT_PREFERENCES } from '../../src/preferences/preferences';
import { clearSessionCookies, writeSessionCookies, SESSION_COOKIES } from '../../src/auth/cookies';

/**
 * The per-user preferences (src/preferences/PreferencesContext.tsx) across a login: a change made
 * as the shell mounts belongs to the user who just logged in, and a login that brings the same
 * values does not hand the console a new preferences object (which would render it all again).
 */
let state: ReturnType<typeof usePreferences> | undefined;
function Probe() {
  state = usePreferences();
  return null;
}
const login = (userId: number) => writeSessionCookies({ sessinId: `s-${userId}`, username: `u${userId}`, areaId: 1, userId, roleId: 1 });

afterEach(() => {
  clearSessionCookies(SESSION_COOKIES);
  localStorage.clear();
  state = undefined;
});

describe('preferences across a login', () => {
  it("saves a change made before the shell's sync under the user who logged in, not the guest", () => {
    render(<PreferencesProvider><Probe /></PreferencesProvider>);
    login(41);
    // The tab bar opens the first page before the layout's sync runs (children's effects first).
    act(() => state!.update({ openedTabs: ['waterarchive'] }));
    expect(loadPreferences('41').openedTabs).toEqual(['waterarchive']);
    expect(loadPreferences(undefined).openedTabs).toEqual([]);
    act(() => state!.syncUser());
    expect(state!.preferences.openedTabs).toEqual(['waterarchive']);
  });

  it("takes the user's own saved preferences at the sync", () => {
    savePreferences('42', { ...DEFAULT_PREFERENCES, asideCollapsed: true, openedTabs: ['project'] });
    render(<PreferencesProvider><Probe /></PreferencesProvider>);
    expect(state!.preferences.asideCollapsed).toBe(false);
    login(42);
    act(() => state!.syncUser());
    expect(state!.preferences.asideCollapsed).toBe(true);
    expect(state!.preferences.openedTabs).toEqual(['project']);
  });

  it('keeps the same preferences object when the user has the same values', () => {
    render(<PreferencesProvider><Probe /></PreferencesProvider>);
    const before = state!.preferences;
    login(43);
    act(() => state!.syncUser());
    expect(state!.preferences).toBe(before);
  });

  it('renders again only what reads the preference that changed', () => {
    const renders = { theme: 0, tabs: 0 };
    function Theme() {
      usePreference('theme');
      renders.theme++;
      return null;
    }
    function Tabs() {
      const tabs = usePreference('openedTabs');
      renders.tabs++;
      return <p>{tabs.join(',')}</p>;
    }
    const { container } = render(<PreferencesProvider><Probe /><Theme /><Tabs /></PreferencesProvider>);
    const before = { ...renders };
    act(() => state!.update({ openedTabs: ['waterarchive'] }));
    expect(container).toHaveTextContent('waterarchive');
    expect(renders).toEqual({ theme: before.theme, tabs: before.tabs + 1 });
    // The same value again: nothing renders.
    act(() => state!.update({ openedTabs: ['waterarchive'] }));
    expect(renders).toEqual({ theme: before.theme, tabs: before.tabs + 1 });
  });
});
