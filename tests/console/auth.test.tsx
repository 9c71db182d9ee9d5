import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { renderApp, renderScreen, signIn, fastUser } from './render';
import { TEST_PASSWORD } from '../support/constants';

/**
 * The route guard, the login page and the app's own routes: behaviours of the console as a whole,
 * so these few tests render the whole app (renderApp) — on pages that load nothing big. The log-out
 * is in shell.test.tsx; login → home and the side menu are also in tests/e2e/waterArchive.e2e.ts.
 */
describe('login page and route guard', () => {
  it('redirects a visitor without a token to login with the full original path, and back after login', async () => {
    renderApp('/index?filter=%7B%7D#top');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/index?filter=%7B%7D#top');
    const user = fastUser();
    await user.type(await screen.findByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(window.location.pathname).toBe('/index'));
    expect(window.location.search).toBe('?filter=%7B%7D');
    expect(Cookies.get('token')).toMatch(/^[0-9a-f]{48}$/);
    expect(Cookies.get('uuid')).toBe(Cookies.get('token'));
    expect(Cookies.get('username')).toBe('admin');
    expect(Cookies.get('areaid')).toBeTruthy();
    expect(Cookies.get('userId')).toBeTruthy();
    expect(Cookies.get('roleId')).toBeTruthy();
  });

  it('treats a token cookie holding the text "undefined" as no token', async () => {
    Cookies.set('token', 'undefined');
    renderApp('/index');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });

  it('shows 账号或密码错误，请核实 on code 401 and stays on login', async () => {
    renderApp('/login');
    const user = fastUser();
    await user.type(await screen.findByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('账号或密码错误，请核实')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(Cookies.get('token')).toBeUndefined();
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled();
  });

  it('opens the root on the route named index, with the document title', async () => {
    await signIn('admin');
    renderApp('/');
    await waitFor(() => expect(window.location.pathname).toBe('/index'));
    expect(await screen.findByTestId('dashboard-water')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('预付费云平台 - 首页（水）'));
  });

  it('shows the 404 page for an unknown path', async () => {
    await signIn('admin');
    renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });
});

describe('hidden routes', () => {
  it('/redirect/{route*} goes to the route', async () => {
    await signIn('admin');
    renderScreen('/redirect/chaobiao?x=1');
    await waitFor(() => expect(window.location.pathname).toBe('/chaobiao'));
    expect(window.location.search).toBe('?x=1');
    // Every route is built now: the screen itself, not the pending page.
    expect(await screen.findByTestId('list-totals')).toBeInTheDocument();
    expect(screen.queryByTestId('pending-page')).toBeNull();
  });
});
