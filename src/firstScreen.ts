import type { ReactNode } from 'react';
import { dataProvider, queryClient } from './appDataProvider';
import { forgetReads } from './data/prefetch';
import { forgetSessionAnswers } from './data/queryClient';
import { appRouteOfPath, type AppRoute } from './routes';
import { loadCurrentUser, loadMenu } from './auth/menu';
import { formatDateTime } from './components/dateTime';
import { i18nProvider } from './i18n/i18nProvider';
import { lazyView } from './components/lazyView';

/** The shell (layout, menus, tabs, alarm bell): its own chunk, not needed by the login page. */
export const shell = lazyView<{ children: ReactNode }>(() => import('./layout/Layout').then(({ Layout }) => ({ default: Layout })));
const loadShell = shell.preload;

let target: AppRoute | undefined;
const ignore = () => undefined;

/** The route the operator lands on after login: the redirect target, else the root, which opens `index`. */
const landingRoute = (path: string) => appRouteOfPath(path === '/' ? '/index' : path);

/** Loads (once) the code of the shell and of a route's screen. */
function loadCode(route: AppRoute | undefined) {
  loadShell().catch(ignore);
  route?.resource?.preload?.().catch(ignore);
}

/**
 * On the login page, once the browser is idle: the code of the shell and of the landing screen
 * (`path` as for `prepareFirstScreen`) loads and runs while the operator types, not after the
 * click. Returns the cancel of a preload not yet started (the page left first).
 */
export function preloadFirstScreen(path: string): () => void {
  const load = () => {
    loadCode(landingRoute(path));
    // The date format of the current language: the browser loads its locale and time zone data
    // for the first one (about 25 ms), which the first list's dates would otherwise wait for.
    formatDateTime(new Date(), i18nProvider.getLocale());
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(load, 200);
  return () => clearTimeout(handle);
}

/**
 * On the login click (or a reload within a session): the code of the shell and of the screen the
 * operator lands on loads while the login call runs, if the login page's preload has not already
 * brought it (`path`: the redirect target, else the root, which opens `index`).
 */
export function prepareFirstScreen(path: string) {
  target = landingRoute(path);
  loadCode(target);
}

/**
 * Once the login has answered (the session cookies are written; the auth provider calls it, as App
 * tells it to with `onSessionStart`): everything the first screen asks
 * for, at once — the menu tree (read once per login; the side menu, header menu, menu search and
 * every access check share it), the operator's rights, and the landing screen's first reads — rather
 * than one after the other as the shell and the screen mount.
 */
export function startSessionReads(roleId: string) {
  forgetReads();
  forgetSessionAnswers(queryClient);
  loadMenu(roleId).catch(ignore);
  loadCurrentUser().catch(ignore);
  const reads = target?.resource?.firstReads;
  if (reads) dataProvider.prefetchLists(reads);
  target = undefined;
}
