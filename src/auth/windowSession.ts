import Cookies from 'js-cookie';
import { SESSION_COOKIES, clearSessionCookies, hasToken, writeSessionCookies } from './cookies';

const KEY = 'prepaid-console.windowSession';

/**
 * SPEC.md section 4: closing the window clears the session cookies. When the page goes away the
 * cookies are cleared and kept in this window's sessionStorage; a reload (same window) puts them
 * back, a closed window takes its sessionStorage with it, so the session is gone.
 */
export function installWindowSession() {
  restoreWindowSession();
  window.addEventListener('pagehide', () => {
    if (!hasToken()) return;
    const snapshot = Object.fromEntries(SESSION_COOKIES.map((name) => [name, Cookies.get(name) ?? '']));
    sessionStorage.setItem(KEY, JSON.stringify(snapshot));
    clearSessionCookies(SESSION_COOKIES);
  });
  window.addEventListener('pageshow', () => restoreWindowSession());
}

/** Puts back the session this window had before a reload (nothing after the window was closed). */
export function restoreWindowSession() {
  const saved = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!saved || hasToken()) return;
  const snapshot = JSON.parse(saved) as Record<(typeof SESSION_COOKIES)[number], string>;
  if (!snapshot.token || snapshot.token === 'undefined') return;
  writeSessionCookies({ sessinId: snapshot.token, areaId: snapshot.areaid, userId: snapshot.userId, roleId: snapshot.roleId, username: snapshot.username });
}
