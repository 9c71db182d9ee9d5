import type { MenuResource } from '../auth/menu';
import { routeOfPath } from '../../common/routeCatalog';

/**
 * What the shell reads from the role's menu tree about routes: which screens it grants, which one
 * is the operator's Home, where the operator lands, and which menu group a location belongs to.
 * Pure functions of the tree (the side menu, header menu, tab bar and route guard share them).
 */

/** A menu entry's path (`chaobiao` or `/sysuser` → `/chaobiao`, `/sysuser`). */
export const menuPath = (resUrl: string) => `/${resUrl.replace(/^\//, '')}`;

/** The Home routes (首页: the dashboards), the pinned tab's candidates in this order. */
export const HOME_ROUTES = ['index', 'index_water'] as const;

/** The operator's Home: the first dashboard the role grants (`/index`, else `/index_water`), else none. */
export function homePathOf(granted: ReadonlySet<string>): string | undefined {
  const home = HOME_ROUTES.find((name) => granted.has(name));
  return home && `/${home}`;
}

/** Whether a location is a route of the catalog that the role does not grant (undefined: not a catalog route). */
export function deniedPath(granted: ReadonlySet<string>, pathname: string): boolean {
  const route = routeOfPath(pathname.split('?')[0]);
  return !!route && !granted.has(route.name);
}

/** The first screen of the menu, in menu order (depth first): the first entry that opens a route of the catalog. */
export function firstScreenOf(menu: MenuResource[]): string | undefined {
  for (const node of menu) {
    if (node.resUrl && node.resUrl !== '#' && routeOfPath(menuPath(node.resUrl))) return menuPath(node.resUrl);
    const inside = firstScreenOf(node.children ?? []);
    if (inside) return inside;
  }
  return undefined;
}

/** Where the operator lands (the root, closing all tabs): Home when the role has it, else the menu's first screen. */
export function landingOf(menu: MenuResource[], granted: ReadonlySet<string>): string | undefined {
  return homePathOf(granted) ?? firstScreenOf(menu);
}

/**
 * The top-level menu entry (group) holding the location's screen. An entry matches a location by
 * whole path segments (`/chongzhijiaozhun` is not `/chongzhijiaozhunjilu`'s entry); of several that
 * match, the longest path wins.
 */
export function menuGroupOf(menu: MenuResource[], pathname: string): MenuResource | undefined {
  let best: { group: MenuResource; length: number } | undefined;
  const consider = (group: MenuResource, node: MenuResource) => {
    if (!node.resUrl || node.resUrl === '#') return;
    const path = menuPath(node.resUrl).replace(/\/+$/, '');
    const matches = pathname === path || pathname.startsWith(`${path}/`);
    if (matches && (!best || path.length > best.length)) best = { group, length: path.length };
  };
  const walk = (group: MenuResource, nodes: MenuResource[]) => {
    for (const node of nodes) {
      consider(group, node);
      walk(group, node.children ?? []);
    }
  };
  for (const group of menu) walk(group, group.children ?? []);
  return best?.group;
}

/**
 * A screen's title as its tab shows it: SPEC.md's title, and for the two pairs of screens that share
 * one (短信发送记录, 操作记录) which of the two it is (短信发送记录 · 自动通知).
 */
export function screenTitle(translate: (key: string, options?: { _?: string }) => string, name: string, titleKey = `routes.${name}`) {
  const title = translate(titleKey);
  const which = translate(`tabs.which.${name}`, { _: '' });
  return which ? `${title} · ${which}` : title;
}
