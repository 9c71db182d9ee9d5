import { dataProvider } from '../data';
import { forgetReads } from '../data/prefetch';
import { routeOfPath, type AppRoute } from '../routes';
import { loadCurrentUser, loadMenu } from './menu';

/** The shell (layout, menus, tabs, alarm bell): its own chunk, not needed by the login page. */
export const loadShell = () => import('../layout/Layout');

let target: AppRoute | undefined;
const ignore = () => undefined;

/**
 * On the login click: the code of the shell and of the screen the operator lands on start loading
 * while the login call runs (`path`: the redirect target, else the root, which opens `index`).
 */
export function prepareFirstScreen(path: string) {
  target = routeOfPath(path === '/' ? '/index' : path);
  loadShell().catch(ignore);
  target?.resource?.preload?.().catch(ignore);
}

/**
 * Once the login has answered (the session cookies are written): everything the first screen asks
 * for, at once — the menu tree (read once per login; the side menu, header menu, menu search and
 * every access check share it), the operator's rights, and the landing screen's first reads — rather
 * than one after the other as the shell and the screen mount.
 */
export function startSessionReads(roleId: string) {
  forgetReads();
  loadMenu(roleId).catch(ignore);
  loadCurrentUser().catch(ignore);
  const reads = target?.resource?.firstReads;
  if (reads) dataProvider.prefetchLists(reads);
  target = undefined;
}
