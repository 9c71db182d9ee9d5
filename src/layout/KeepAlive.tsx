import { Activity, createContext, Fragment, memo, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useLocation, useNavigationType, type Location, type NavigationType } from 'react-router-dom';
import { usePreference } from '../preferences/PreferencesContext';
import { routeOfPath } from '../../common/routeCatalog';
import { tabKey } from '../preferences/tabs';
import { evict, visit, type CacheEntry } from './keepAliveCache';

interface Seen {
  location: Location;
  navigationType: NavigationType;
}

const KeepAliveContext = createContext<{ evict: (key: string) => void }>({ evict: () => undefined });

/** Drops a page from the cache, so that it re-mounts the next time it is shown (e.g. /redirect/*). */
export const useEvictPage = () => useContext(KeepAliveContext).evict;

/**
 * Keeps the pages of opened tabs alive while another tab is shown (SPEC.md section 2): each page
 * flagged cacheable in the route table renders inside React's `<Activity>`, hidden rather than
 * unmounted, and goes on seeing the location it was last shown at. Its state (filters, selection,
 * form input, command progress) and the window's scroll position are there when the operator comes
 * back. A page whose tab is closed, or a route not flagged cacheable, mounts afresh.
 */
export function KeepAlive({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const openedTabs = usePreference('openedTabs');
  const key = tabKey(location.pathname);
  const cacheable = !!routeOfPath(location.pathname)?.cacheable;
  const opened = useMemo(() => new Set(openedTabs.map(tabKey)), [openedTabs]);

  const [entries, setEntries] = useState<CacheEntry<Seen>[]>([]);
  const seen = useMemo<Seen>(() => ({ location, navigationType }), [location, navigationType]);
  const next = visit(entries, { key, location: seen, cacheable, opened });
  // Adjusting state while rendering (React's documented pattern): no extra commit with stale pages.
  if (next !== entries) setEntries(next);

  const evictPage = useCallback((page: string) => setEntries((current) => evict(current, page)), []);
  const context = useMemo(() => ({ evict: evictPage }), [evictPage]);
  useScrollMemory(key);

  return (
    <KeepAliveContext.Provider value={context}>
      {next.map((entry) => (
        <Activity key={entry.key} mode={entry.key === key ? 'visible' : 'hidden'} name={entry.key}>
          <CachedPage seen={entry.key === key ? seen : entry.location} active={entry.key === key}>{children}</CachedPage>
        </Activity>
      ))}
      {!cacheable && <Fragment key=" live">{children}</Fragment>}
    </KeepAliveContext.Provider>
  );
}

/**
 * One kept page, seeing its own location. A hidden page is not rendered again when the shell
 * re-renders on navigation (context changes such as the language still reach it).
 */
const CachedPage = memo(
  function CachedPage({ seen, children }: { seen: Seen; active: boolean; children: ReactNode }) {
    return <LocationContext.Provider value={seen}>{children}</LocationContext.Provider>;
  },
  (previous, next) => !previous.active && !next.active && previous.seen === next.seen,
);

/** Remembers the window's scroll position per page and puts it back when the page is shown again. */
function useScrollMemory(key: string) {
  const positions = useRef(new Map<string, number>());
  const shown = useRef(key);
  useEffect(() => {
    // Scroll events come at most once a frame; recording one number each is cheap.
    const onScroll = () => positions.current.set(shown.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    const top = positions.current.get(key) ?? 0;
    if (typeof window.scrollTo === 'function' && window.scrollY !== top) window.scrollTo({ top, behavior: 'instant' });
  }, [key]);
}
