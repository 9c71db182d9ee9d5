import { ROUTES, routeName, type RouteEntry } from '../common/routeCatalog';
import type { ResourceDefinition } from './resources/defineResource';
import waterarchive from './resources/devices/waterarchive';
import project from './resources/archives/project';
import jianzhuguanli from './resources/archives/jianzhuguanli';
import fangjianguanli from './resources/archives/fangjianguanli';
import fenquguanli from './resources/archives/fenquguanli';
import userdangan from './resources/archives/userdangan';
import userbangding from './resources/archives/userbangding';
import zhongjianbiao from './resources/archives/zhongjianbiao';
import userJiaofei from './resources/archives/userJiaofei';
import mokuaiguanli from './resources/devices/mokuaiguanli';
import waterstate from './resources/devices/waterstate';
import waterswitch from './resources/devices/waterswitch';
import dianbiaoguanli from './resources/devices/dianbiaoguanli';
import dianbiaoshishijilu from './resources/devices/dianbiaoshishijilu';
import tongduankongzhi from './resources/devices/tongduankongzhi';

/** Screens built so far, by route name; every other route shows the "not yet available" page. */
const BUILT: Record<string, ResourceDefinition> = {
  waterarchive, project, jianzhuguanli, fangjianguanli, fenquguanli, userdangan, userbangding, zhongjianbiao, userJiaofei,
  mokuaiguanli, waterstate, waterswitch,
  dianbiaoguanli, dianbiaoshishijilu, tongduankongzhi,
};

export interface AppRoute extends RouteEntry {
  /** Route name = react-admin resource name = message key under `routes.`. */
  name: string;
  titleKey: string;
  resource?: ResourceDefinition;
}

/**
 * The route table: all 60 routes of SPEC.md. `index` comes first so that the root redirects
 * to it (react-admin sends `/` to the first resource).
 */
export const APP_ROUTES: AppRoute[] = [...ROUTES]
  .sort((a, b) => (a.path === 'index' ? -1 : b.path === 'index' ? 1 : 0))
  .map((route) => ({ ...route, name: routeName(route.path), titleKey: `routes.${routeName(route.path)}`, resource: BUILT[routeName(route.path)] }));

const byName = new Map(APP_ROUTES.map((route) => [route.name, route]));

/** The route a location belongs to (`/waterarchive/12` → waterarchive). */
export function routeOfPath(pathname: string): AppRoute | undefined {
  const first = pathname.replace(/^\/+/, '').split('/')[0];
  return byName.get(decodeURIComponent(first));
}

/** The title key of a location: its route's, or the hidden routes' and login's own. */
export function titleKeyOfPath(pathname: string): string | undefined {
  // The root redirects to the route named index.
  if (pathname === '/' || pathname === '') return 'routes.index';
  const route = routeOfPath(pathname);
  if (route) return route.titleKey;
  if (pathname.startsWith('/login')) return 'routes.login';
  if (pathname.startsWith('/refresh') || pathname.startsWith('/redirect')) return 'routes.refresh';
  return undefined;
}
