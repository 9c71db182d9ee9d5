import { request } from '../http/client';
import { SESSION_COOKIES, clearSessionCookies } from './cookies';

/** A menu resource of SPEC.md section 3. */
export interface MenuResource {
  id: number;
  userType: number;
  parentId: number;
  userSort: number;
  name: string;
  resUrl: string;
  icon: string;
  children?: MenuResource[];
}

let cache: { roleId: string; menu: MenuResource[] } | undefined;

/** The role tree: data[0].children is the menu (SPEC.md section 6). Cached per role. */
export async function loadMenu(roleId: string): Promise<MenuResource[]> {
  if (cache?.roleId === roleId) return cache.menu;
  const tree = await request<MenuResource[]>({ method: 'get', url: 'resourse/queryResourseByRoleIdTree', params: { roleId } });
  const menu = Array.isArray(tree) && tree[0]?.children ? tree[0].children : [];
  cache = { roleId, menu };
  return menu;
}

export const forgetMenu = () => {
  cache = undefined;
};

/** Every route path granted in a menu tree (normalised without a leading slash). */
export function grantedPaths(menu: MenuResource[]): Set<string> {
  const paths = new Set<string>();
  const walk = (nodes: MenuResource[]) => {
    for (const node of nodes) {
      if (node.resUrl) paths.add(node.resUrl.replace(/^\//, ''));
      if (node.children) walk(node.children);
    }
  };
  walk(menu);
  return paths;
}

/** Ends the session on this client: every session cookie and the cached menu. */
export function clearClientSession() {
  clearSessionCookies(SESSION_COOKIES);
  forgetMenu();
}
