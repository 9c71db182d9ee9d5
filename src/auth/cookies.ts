import Cookies from 'js-cookie';
import { COOKIE_LIFETIME_DAYS } from '../config';

/** SPEC.md section 3: client-side session cookies, one-day lifetime. */
export const SESSION_COOKIES = ['uuid', 'token', 'username', 'areaid', 'userId', 'roleId'] as const;
export type SessionCookie = (typeof SESSION_COOKIES)[number];

const options = { expires: COOKIE_LIFETIME_DAYS, path: '/', sameSite: 'lax' as const };

/**
 * The cookies, parsed once per run of synchronous code: a screen's access checks (several per
 * row) read them at once, and each read of document.cookie costs a parse of every cookie. The copy
 * is dropped at the next microtask and whenever this module writes a cookie.
 */
let jar: Record<string, string> | undefined;
function cookies(): Record<string, string> {
  if (!jar) {
    jar = Cookies.get();
    queueMicrotask(() => {
      jar = undefined;
    });
  }
  return jar;
}
const changed = () => {
  jar = undefined;
};

export const readCookie = (name: SessionCookie | 'lang'): string | undefined => cookies()[name];

export interface LoginCookies {
  sessinId: string;
  areaId: number | string;
  userId: number | string;
  roleId: number | string;
  username: string;
}

export function writeSessionCookies(session: LoginCookies) {
  Cookies.set('uuid', String(session.sessinId), options);
  Cookies.set('token', String(session.sessinId), options);
  Cookies.set('username', session.username, options);
  Cookies.set('areaid', String(session.areaId), options);
  Cookies.set('userId', String(session.userId), options);
  Cookies.set('roleId', String(session.roleId), options);
  changed();
}

/** Logout removes token, uuid and areaid (SPEC.md section 4). */
export function clearSessionCookies(names: readonly SessionCookie[] = ['token', 'uuid', 'areaid']) {
  for (const name of names) Cookies.remove(name, { path: '/' });
  changed();
}

/** Route guard rule: a token cookie present and not the text `undefined`. */
export function hasToken(): boolean {
  const token = cookies().token;
  return !!token && token !== 'undefined';
}

export function writeLangCookie(locale: string) {
  Cookies.set('lang', locale, { expires: 365, path: '/' });
  changed();
}
