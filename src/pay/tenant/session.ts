/** The signed-in tenant page's context (its calls, rooms, route) and its small loading hook. */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { TenantClient, TenantRoom } from './api';

export interface TenantSession {
  client: TenantClient;
  rooms: TenantRoom[];
  reloadRooms(): void;
  /** Goes to a path of the page (`/tenant/…`), as a link would. */
  navigate(path: string): void;
  signOut(): void;
}

export const TenantContext = createContext<TenantSession | undefined>(undefined);
export function useTenant(): TenantSession {
  const session = useContext(TenantContext);
  if (!session) throw new Error('useTenant outside the signed-in page');
  return session;
}

export type Loaded<T> = { state: 'loading'; data?: T } | { state: 'failed'; error: unknown; data?: T } | { state: 'ready'; data: T };

/**
 * A call's answer as state, asked again when `keys` change (or reload()); an older answer that
 * comes late is dropped. The figures already shown stay while the next ones load.
 */
export function useCall<T>(load: () => Promise<T>, keys: readonly unknown[]): Loaded<T> & { reload(): void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let current = true;
    setLoaded((before) => ({ state: 'loading', data: before.data }));
    loadRef.current().then(
      (data) => current && setLoaded({ state: 'ready', data }),
      (error: unknown) => current && setLoaded((before) => ({ state: 'failed', error, data: before.data })),
    );
    return () => {
      current = false;
    };
  }, [...keys, reloads]); // eslint-disable-line react-hooks/exhaustive-deps
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { ...loaded, reload };
}
