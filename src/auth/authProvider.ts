import type { AuthProvider } from 'react-admin';
import { LOGIN_URL } from '../config';
import { acceptLanguage, request } from '../http/client';
import { clearSessionCookies, hasToken, readCookie, writeSessionCookies } from './cookies';
import { answeredMenu, answeredSession, forgetMenu, grantedPaths, loadCurrentUser, loadMenu, type CurrentUser, type MenuResource } from './menu';
import { forgetReads } from '../data/prefetch';

/** The login call's answer (SPEC.md section 3). */
export interface LoginResponse {
  code: number;
  msg?: string;
  sessinId?: string;
  areaId?: number;
  userId?: number;
  roleId?: number;
}

/** Raised when login fails; `key` is the message to show (code 401) or undefined (log only). */
export class LoginError extends Error {
  constructor(readonly code: number, readonly key?: string, readonly serverMessage?: string) {
    super(key ?? serverMessage ?? `login failed (${code})`);
  }
}

/** SPEC.md: form-encoded username and password; reads code, sessinId, areaId, userId, roleId. */
export async function postLogin(username: string, password: string): Promise<LoginResponse> {
  const body = new URLSearchParams({ username, password });
  const response = await fetch(LOGIN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', Accept: 'application/json', 'Accept-Language': acceptLanguage() },
    body,
  });
  return (await response.json()) as LoginResponse;
}

/** The full original path (path + search + hash), the `redirect` query of the login page. */
const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`.replace(/^\/#/, '') || '/';

export function loginRedirect(path = currentPath()): string {
  // Already on the login page (a repeated guard redirect): keep its redirect query.
  if (path.startsWith('/login')) return path;
  return path && path !== '/' ? `/login?redirect=${encodeURIComponent(path)}` : '/login';
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const result = await postLogin(username ?? '', password ?? '');
    if (result.code === 200 && result.sessinId) {
      writeSessionCookies({ sessinId: result.sessinId, areaId: result.areaId!, userId: result.userId!, roleId: result.roleId!, username });
      forgetMenu();
      // The menu, the operator's rights and the first screen's data, together (src/firstScreen.ts).
      sessionStart(String(result.roleId));
      return;
    }
    if (result.code === 401) throw new LoginError(401, 'auth.credentials');
    throw new LoginError(result.code, undefined, result.msg);
  },

  /**
   * An operator's own logout ends the server session and goes to the login page; a logout
   * because there is no session (route guard) keeps the full original path as `redirect`.
   */
  async logout() {
    const ownLogout = hasToken();
    if (ownLogout) {
      await request({ method: 'post', url: 'v1/quan_xian/deng_lu/logout', quiet: true }).catch(() => undefined);
    }
    clearSessionCookies();
    forgetMenu();
    forgetReads();
    return ownLogout ? '/login' : loginRedirect();
  },

  async checkAuth() {
    if (!hasToken()) throw { redirectTo: loginRedirect(), message: false };
  },

  /**
   * A 401 from the API means the server ended the session: clear it and go to login — unless the
   * request was sent with a token that is no longer the current one (a late answer from before a
   * logout and a new login: the new session stands).
   */
  async checkError(error: { status?: number; sentToken?: string }) {
    const stale = error?.sentToken !== undefined && error.sentToken !== readCookie('token');
    if (error?.status === 401 && hasToken() && !stale) {
      clearSessionCookies();
      throw { redirectTo: loginRedirect(), logoutUser: false, message: false };
    }
  },

  async getIdentity() {
    return { id: readCookie('userId') ?? '', fullName: readCookie('username') ?? '' };
  },

  async getPermissions() {
    const roleId = readCookie('roleId');
    return roleId && hasToken() ? grantedPaths(await loadMenu(roleId)) : new Set<string>();
  },

  /**
   * A route is accessible when the role tree grants its path; a read-only role may only look
   * (list, show, export): every other action (create, edit, delete, device commands…) is refused,
   * so that the controls of those actions are hidden rather than answered with 403.
   */
  async canAccess({ resource, action }: { resource?: string; action: string }) {
    const roleId = readCookie('roleId');
    if (!roleId || !hasToken()) return false;
    const [menu, user] = await Promise.all([loadMenu(roleId), loadCurrentUser().catch(() => undefined)]);
    return decideAccess(menu, user, resource, action);
  },
};

/** What a read-only operator may do. */
const READ_ACTIONS = new Set(['list', 'show', 'export', 'access']);

/** Resources that are routes are guarded by the menu; helper resources (reference lookups) are not. */
let routeNames: Set<string> = new Set();
/** What to start once a login has answered (App passes it in: the core knows no screen). */
let sessionStart: (roleId: string) => void = () => undefined;
export const onSessionStart = (start: (roleId: string) => void) => {
  sessionStart = start;
};

export const setRouteNames = (names: string[]) => {
  routeNames = new Set(names);
};
const isRoute = (name: string) => routeNames.has(name);

/** The rule of `canAccess`, on the role's menu tree and the operator (undefined: not read, so write actions are refused). */
function decideAccess(menu: MenuResource[], user: CurrentUser | undefined, resource: string | undefined, action: string): boolean {
  if (!READ_ACTIONS.has(action) && (!user || user.readOnly)) return false;
  if (!resource) return true;
  return grantedPaths(menu).has(resource) || !isRoute(resource);
}

/**
 * `canAccess`'s answer now, without waiting, when the session's menu tree and operator have both
 * answered (they are asked for as soon as the login answers); else undefined.
 */
export function accessNow(resource: string | undefined, action: string): boolean | undefined {
  const roleId = readCookie('roleId');
  if (!roleId || !hasToken()) return false;
  const session = answeredSession(roleId);
  return session && decideAccess(session.menu, session.user, resource, action);
}

/** `getPermissions`' answer now (the granted paths), when the session's menu tree has answered; else undefined. */
export function permissionsNow(): Set<string> | undefined {
  const roleId = readCookie('roleId');
  if (!roleId || !hasToken()) return new Set<string>();
  const menu = answeredMenu(roleId);
  return menu && grantedPaths(menu);
}
