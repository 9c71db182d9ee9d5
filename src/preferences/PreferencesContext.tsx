import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { readCookie } from '../auth/cookies';
import { loadPreferences, savePreferences, type Preferences } from './preferences';

interface PreferencesState {
  preferences: Preferences;
  /** Changes some preferences (from their current values when given a function) and saves them. */
  update(changes: Partial<Preferences> | ((current: Preferences) => Partial<Preferences>)): void;
  /** Loads the preferences of the user now logged in (after login). */
  syncUser(): void;
}

/** Equal values, arrays compared item by item. */
const same = (a: unknown, b: unknown) =>
  a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]));

interface UserPreferences {
  userId: string | undefined;
  preferences: Preferences;
}

/**
 * The state for the user of the session cookie: the same state while it is the same user; after a
 * login, that user's saved preferences — in the same object when they hold the same values (most
 * logins), so that the console is not rendered again for them.
 */
function forCurrentUser(current: UserPreferences): UserPreferences {
  const userId = readCookie('userId');
  if (current.userId === userId) return current;
  const preferences = loadPreferences(userId);
  const unchanged = Object.entries(preferences).every(([key, value]) => same(value, current.preferences[key as keyof Preferences]));
  return { userId, preferences: unchanged ? current.preferences : preferences };
}

const PreferencesContext = createContext<PreferencesState | undefined>(undefined);

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<UserPreferences>(() => ({ userId: readCookie('userId'), preferences: loadPreferences(readCookie('userId')) }));
  const update = useCallback((changes: Partial<Preferences> | ((current: Preferences) => Partial<Preferences>)) => {
    setState((before) => {
      // A change made before the shell's sync (the tab bar opening the first page) is the new user's.
      const current = forCurrentUser(before);
      const changed = typeof changes === 'function' ? changes(current.preferences) : changes;
      // Nothing new (e.g. the tab bar re-opening the shown tab): the same state, no re-render cascade.
      if (Object.entries(changed).every(([key, value]) => same(value, current.preferences[key as keyof Preferences]))) return current;
      const preferences = { ...current.preferences, ...changed };
      savePreferences(current.userId, preferences);
      return { ...current, preferences };
    });
  }, []);
  const syncUser = useCallback(() => setState(forCurrentUser), []);
  const value = useMemo(() => ({ preferences: state.preferences, update, syncUser }), [state.preferences, update, syncUser]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesState {
  const context = useContext(PreferencesContext);
  if (!context) throw new Error('usePreferences outside PreferencesProvider');
  return context;
}
