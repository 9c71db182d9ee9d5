import { describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { writeSessionCookies } from '../../src/auth/cookies';
import { installWindowSession, restoreWindowSession } from '../../src/auth/windowSession';

describe('closing the window clears the session cookies', () => {
  installWindowSession();

  it('clears them when the page goes away, and a reload of the same window puts them back', () => {
    writeSessionCookies({ sessinId: 'tok-123456789', areaId: 1, userId: 7, roleId: 2, username: 'admin' });
    window.dispatchEvent(new Event('pagehide'));
    expect(Cookies.get('token')).toBeUndefined();
    expect(Cookies.get('uuid')).toBeUndefined();
    restoreWindowSession();
    expect(Cookies.get()).toMatchObject({ token: 'tok-123456789', uuid: 'tok-123456789', areaid: '1', userId: '7', roleId: '2', username: 'admin' });
  });

  it('leaves them cleared when the window was closed (its sessionStorage is gone)', () => {
    writeSessionCookies({ sessinId: 'tok-abcdefghi', areaId: 1, userId: 7, roleId: 2, username: 'admin' });
    window.dispatchEvent(new Event('pagehide'));
    sessionStorage.clear();
    restoreWindowSession();
    expect(Cookies.get('token')).toBeUndefined();
  });
});
