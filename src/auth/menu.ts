import { forgetMenuVersion, request } from '../http/client';
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

let cache: { roleId: string; menu: Promise<MenuResource[]>; answer?: MenuResource[] } | undefined;

/** The role tree: data[0].children is the menu (SPEC.md section 6). Cached per role (one request however many ask at once). */
export function loadMenu(roleId: string): Promise<MenuResource[]> {
  if (cache?.roleId === roleId) return cache.menu;
  const menu = request<MenuResource[]>({ method: 'get', url: 'resourse/queryResourseByRoleIdTree', params: { roleId } })
    .then((tree) => (Array.isArray(tree) && tree[0]?.children ? tree[0].children : []));
  const entry: NonNullable<typeof cache> = { roleId, menu };
  cache = entry;
  menu.then((answer) => { entry.answer = answer; }, () => undefined);
  // A failed request is not kept: the next caller asks again.
  menu.catch(() => { if (cache === entry) cache = undefined; });
  return menu;
}

/** The signed-in operator as the server sees it (sysUser/currentUser). */
export interface CurrentUser {
  userId: number;
  userName: string;
  roleId: number;
  areaId: number;
  /** A read-only role may look at everything and change nothing. */
  readOnly: boolean;
  /** The server's settings the console follows (src/auth/serverSettings.ts); absent from a backend that has none. */
  settings?: ServerSettings;
}

/** Server settings the console reads with the operator (sysUser/currentUser `settings`). */
export interface ServerSettings {
  /** MASS_CONFIRM_ABOVE: a supply action on more devices than this is confirmed by typing the count. */
  massConfirmAbove?: number;
}

let userCache: Promise<CurrentUser> | undefined;
let userAnswer: CurrentUser | undefined;

/** The signed-in operator, asked once per session. */
export function loadCurrentUser(): Promise<CurrentUser> {
  if (userCache) return userCache;
  const user = request<CurrentUser>({ method: 'get', url: 'sysUser/currentUser', quiet: true });
  userCache = user;
  user.then((answer) => { if (userCache === user) userAnswer = answer; }, () => { if (userCache === user) userCache = undefined; });
  return user;
}

/** The signed-in operator when already answered (else undefined). */
export const answeredUser = (): CurrentUser | undefined => userAnswer;

export const forgetMenu = () => {
  cache = undefined;
  userCache = undefined;
  userAnswer = undefined;
  forgetMenuVersion();
};

/**
 * The role's grants changed while signed in (the API's answers carry a new menu version): the
 * menu tree and the operator are read again, keeping the version just seen.
 */
export const menuChanged = () => {
  cache = undefined;
  userCache = undefined;
  userAnswer = undefined;
};

/**
 * The role's menu tree and the operator, when both have already answered (else undefined): what
 * the rights are decided from, synchronously, so that a screen mounted after they came shows its
 * controls on its first render instead of rendering again when its checks resolve.
 */
export const answeredMenu = (roleId: string): MenuResource[] | undefined => (cache?.roleId === roleId ? cache.answer : undefined);

export function answeredSession(roleId: string): { menu: MenuResource[]; user: CurrentUser } | undefined {
  const menu = answeredMenu(roleId);
  return menu && userAnswer ? { menu, user: userAnswer } : undefined;
}

const pathsOfMenu = new WeakMap<MenuResource[], Set<string>>();

/**
 * Every route path granted in a menu tree (normalised without a leading slash): worked out once
 * per tree (every rights check asks), and the same set each time (react-admin's permissions).
 */
export function grantedPaths(menu: MenuResource[]): Set<string> {
  const known = pathsOfMenu.get(menu);
  if (known) return known;
  const paths = new Set<string>();
  const walk = (nodes: MenuResource[]) => {
    for (const node of nodes) {
      if (node.resUrl) paths.add(node.resUrl.replace(/^\//, ''));
      if (node.children) walk(node.children);
    }
  };
  walk(menu);
  pathsOfMenu.set(menu, paths);
  return paths;
}

/** Ends the session on this client: every session cookie and the cached menu. */
export function clearClientSession() {
  clearSessionCookies(SESSION_COOKIES);
  forgetMenu();
}
