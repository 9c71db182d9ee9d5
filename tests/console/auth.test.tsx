import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { renderApp, signIn } from './render';
import { TEST_PASSWORD } from '../support/constants';

describe('login page and route guard', () => {
  it('redirects a visitor without a token to login with the full original path, and back after login', async () => {
    renderApp('/waterarchive?filter=%7B%7D#top');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/waterarchive?filter=%7B%7D#top');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(window.location.pathname).toBe('/waterarchive'), { timeout: 10_000 });
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
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('账号或密码错误，请核实')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(Cookies.get('token')).toBeUndefined();
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled();
  });

  it('opens the root on the route named index, with the side menu from the role tree and the document title', async () => {
    await signIn('admin');
    renderApp('/');
    await waitFor(() => expect(window.location.pathname).toBe('/index'));
    expect(await screen.findByTestId('pending-page')).toBeInTheDocument();
    expect(await within(await screen.findByRole('navigation', { name: 'side menu' })).findByText('设备管理')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('预付费云平台 - 首页（水）'));
  });

  it('shows the 404 page for an unknown path', async () => {
    await signIn('admin');
    renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });

  it('logs out: token, uuid and areaid are removed and the login page shows', async () => {
    await signIn('admin');
    renderApp('/index');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '个人资料' }));
    await user.click(await screen.findByText('注销'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(Cookies.get('token')).toBeUndefined();
    expect(Cookies.get('uuid')).toBeUndefined();
    expect(Cookies.get('areaid')).toBeUndefined();
  });
});

describe('routes and permissions', () => {
  it('/redirect/{route*} goes to the route', async () => {
    await signIn('admin');
    renderApp('/redirect/waterarchive');
    await waitFor(() => expect(window.location.pathname).toBe('/waterarchive'));
    expect(await screen.findByRole('columnheader', { name: /表地址/ })).toBeInTheDocument();
  });

  it('denies a route the role tree does not grant, and leaves it out of the menu', async () => {
    const { server } = await import('../msw/setup');
    const { http, HttpResponse } = await import('msw');
    server.use(http.get('*/api/v1/electricity/resourse/queryResourseByRoleIdTree', () => HttpResponse.json({
      code: 200,
      data: [{ id: 1, userType: 0, parentId: 0, userSort: 0, name: 'root', resUrl: '', icon: '', children: [
        { id: 2, userType: 1, parentId: 1, userSort: 1, name: '设备管理', resUrl: '', icon: 'Memory', children: [
          { id: 3, userType: 2, parentId: 2, userSort: 1, name: '水表档案', resUrl: 'waterarchive', icon: 'WaterDrop', children: [] },
        ] },
      ] }],
    })));
    await signIn('admin');
    renderApp('/project');
    expect(await screen.findByText('您没有访问此页面的权限')).toBeInTheDocument();
    const sideMenu = await screen.findByRole('navigation', { name: 'side menu' });
    expect(await within(sideMenu).findByRole('button', { name: '设备管理' })).toBeInTheDocument();
    expect(within(sideMenu).queryByRole('button', { name: '档案管理' })).not.toBeInTheDocument();
  });
});
