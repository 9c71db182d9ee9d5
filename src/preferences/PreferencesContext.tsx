import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { readCookie } from '../auth/cookies';
import { loadPreferences, savePreferences, type Preferences } from './preferences';

interface PreferencesState {
  preferences: Preferences;
  /** Changes some preferences (from their current values when given a function) and saves them. */
  update(changes: Partial<Preferences> | ((current: Preferences) => Partial<Preferences>)): void;
  /** Loads the preferences of the user now logged in (after login). */
  syncUser(): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Equal values, arrays compared item by item, records (the screens' use counts) key by key. */
const same = (a: unknown, b: unknown) =>
  a === b
  || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]))
  || (isRecord(a) && isRecord(b) && Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => a[key] === b[key]));

/** Whether the preferences already hold these values. */
const holds = (preferences: Preferences, values: Partial<Preferences>) =>
  Object.entries(values).every(([key, value]) => same(value, preferences[key as keyof Preferences]));

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
  return { userId, preferences: holds(current.preferences, preferences) ? current.preferences : preferences };
}

/** The operator's preferences, outside React state: each component subscribes to what it shows. */
interface PreferencesStore extends Omit<PreferencesState, 'preferences'> {
  get(): UserPreferences;
  subscribe(listener: () => void): () => void;
}

function createStore(): PreferencesStore {
  let state: UserPreferences = { userId: readCookie('userId'), preferences: loadPreferences(readCookie('userId')) };
  const listeners = new Set<() => void>();
  const set = (next: UserPreferences) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(changes) {
      // A change made before the shell's sync (the tab bar opening the first page) is the new user's.
      const current = forCurrentUser(state);
      const changed = typeof changes === 'function' ? changes(current.preferences) : changes;
      // Nothing new (e.g. the tab bar re-opening the shown tab): the same state, nothing renders again.
      if (holds(current.preferences, changed)) {
        set(current);
        return;
      }
      const preferences = { ...current.preferences, ...changed };
      savePreferences(current.userId, preferences);
      set({ ...current, preferences });
    },
    syncUser: () => set(forCurrentUser(state)),
  };
}

const PreferencesContext = createContext<PreferencesStore | undefined>(undefined);

/**
 * The operator's preferences for the console below it. A change renders again only the components
 * that read the preference changed (`usePreference`): opening a page adds a tab, and that must not
 * render the whole shell again, nor the console for a theme that did not change.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createStore);
  return <PreferencesContext.Provider value={store}>{children}</PreferencesContext.Provider>;
}

function useStore(): PreferencesStore {
  const store = useContext(PreferencesContext);
  if (!store) throw new Error('usePreferences outside PreferencesProvider');
  return store;
}

/** All the preferences and their actions (renders again on any change: for the settings drawer). */
export function usePreferences(): PreferencesState {
  const store = useStore();
  const { preferences } = useSyncExternalStore(store.subscribe, store.get);
  return useMemo(() => ({ preferences, update: store.update, syncUser: store.syncUser }), [preferences, store]);
}

/** One preference: renders again when that one changes. */
export function usePreference<K extends keyof Preferences>(key: K): Preferences[K] {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, () => store.get().preferences[key]);
}

/** The preferences' actions alone (never renders again). */
export function usePreferenceActions(): Pick<PreferencesState, 'update' | 'syncUser'> {
  const { update, syncUser } = useStore();
  return { update, syncUser };
}
