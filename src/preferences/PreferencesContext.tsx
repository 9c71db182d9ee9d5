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

const PreferencesContext = createContext<PreferencesState | undefined>(undefined);

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => ({ userId: readCookie('userId'), preferences: loadPreferences(readCookie('userId')) }));
  const update = useCallback((changes: Partial<Preferences> | ((current: Preferences) => Partial<Preferences>)) => {
    setState((current) => {
      const changed = typeof changes === 'function' ? changes(current.preferences) : changes;
      // Nothing new (e.g. the tab bar re-opening the shown tab): the same state, no re-render cascade.
      if (Object.entries(changed).every(([key, value]) => same(value, current.preferences[key as keyof Preferences]))) return current;
      const preferences = { ...current.preferences, ...changed };
      savePreferences(current.userId, preferences);
      return { ...current, preferences };
    });
  }, []);
  const syncUser = useCallback(() => {
    const userId = readCookie('userId');
    setState((current) => (current.userId === userId ? current : { userId, preferences: loadPreferences(userId) }));
  }, []);
  const value = useMemo(() => ({ preferences: state.preferences, update, syncUser }), [state.preferences, update, syncUser]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesState {
  const context = useContext(PreferencesContext);
  if (!context) throw new Error('usePreferences outside PreferencesProvider');
  return context;
}
