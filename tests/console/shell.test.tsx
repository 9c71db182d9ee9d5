import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { renderApp, signIn } from './render';
import { server } from '../msw/setup';
import { TEST_PASSWORD } from '../support/constants';

const tree = (children: unknown[]) => http.get('*/api/v1/electricity/resourse/queryResourseByRoleIdTree', () =>
  HttpResponse.json({ code: 200, data: [{ id: 1, userType: 0, parentId: 0, userSort: 0, name: 'root', resUrl: '', icon: '', children }] }));

beforeEach(async () => {
  await signIn('admin');
});
afterEach(() => vi.restoreAllMocks());

describe('read-failure alarm bell', () => {
  it('shows the count, and a table of the devices with electric meters tagged apart, exportable', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => { blobs.push(blob as Blob); return 'blob:x'; });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/index');
    const bell = await screen.findByRole('button', { name: '抄表失败的设备' });
    await waitFor(() => expect(within(bell).getByText(/^\d+$/)).toBeInTheDocument());
    const count = Number(within(bell).getByText(/^\d+$/).textContent);
    expect(count).toBeGreaterThan(0);
    await user.click(bell);
    const popover = await screen.findByRole('dialog', { name: '设备通讯异常' });
    expect(within(popover).getAllByRole('row')).toHaveLength(count + 1);
    expect(within(popover).getByRole('columnheader', { name: '房间号' })).toBeInTheDocument();
    const tags = within(popover).getAllByText(/^(电表|水表)$/);
    for (const tag of tags) {
      expect(tag.closest('.MuiChip-root')!.className).toMatch(tag.textContent === '电表' ? /colorSuccess/ : /colorError/);
    }
    await user.click(within(popover).getByRole('button', { name: '导出' }));
    expect(blobs).toHaveLength(1);
    expect(document.querySelector('a[download]')!.getAttribute('download')).toBe('设备通讯异常详情.csv');
  });

  it('shows 数据请求异常 when the list cannot be loaded', async () => {
    server.use(http.get('*/api/v1/electricity/roomBillingStatement/findReadTheListOfFailuresVo', () => HttpResponse.json({ code: 503, msg: 'down' }, { status: 503 })));
    renderApp('/index');
    expect(await screen.findByText(/^数据请求异常/)).toBeInTheDocument();
  });
});

describe('change password', () => {
  const open = async (user: ReturnType<typeof userEvent.setup>) => {
    renderApp('/index');
    await user.click(await screen.findByRole('button', { name: '个人资料' }));
    await user.click(await screen.findByText('修改密码'));
    return screen.findByRole('dialog');
  };

  it('shows the user name read-only, warns of a short password as it is typed, and refuses a mismatch', async () => {
    const user = userEvent.setup();
    const dialog = await open(user);
    expect(within(dialog).getByLabelText('用户名')).toHaveValue('admin');
    expect(within(dialog).getByLabelText('用户名')).toHaveAttribute('readonly');
    await user.type(within(dialog).getByLabelText(/^原密码/), TEST_PASSWORD);
    await user.type(within(dialog).getByLabelText(/^新密码/), '123');
    expect(within(dialog).getByText('密码长度必须大于 6 位！')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^新密码/), '4567');
    expect(within(dialog).queryByText('密码长度必须大于 6 位！')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^确认新密码/), 'different');
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => { calls.push(request.url); });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('两次密码不相同，请检查！')).toBeInTheDocument();
    expect(calls.filter((u) => u.includes('updateUserPwd'))).toHaveLength(0);
    server.events.removeAllListeners();
  });

  it('changes the password, then clears the session and goes to login', async () => {
    await signIn('viewer');
    const user = userEvent.setup();
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText(/^原密码/), TEST_PASSWORD);
    await user.type(within(dialog).getByLabelText(/^新密码/), 'brand-new-1');
    await user.type(within(dialog).getByLabelText(/^确认新密码/), 'brand-new-1');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改密码成功，需重新登录！')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(Cookies.get('token')).toBeUndefined();
    await expect(signIn('viewer', 'brand-new-1')).resolves.toBeTruthy();
  });
});

describe('log out', () => {
  it('asks 确定要注销当前用户吗; cancel says 取消注销操作 and keeps the session', async () => {
    const user = userEvent.setup();
    renderApp('/index');
    await user.click(await screen.findByRole('button', { name: '个人资料' }));
    await user.click(await screen.findByText('注销'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要注销当前用户吗');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(await screen.findByText('取消注销操作')).toBeInTheDocument();
    expect(Cookies.get('token')).toBeTruthy();
  });
});

describe('idle timeout', () => {
  it('after more than 600000 ms without a click, the next click ends the session with 当前登陆超时。', async () => {
    const user = userEvent.setup();
    renderApp('/index');
    await screen.findByTestId('pending-page');
    localStorage.setItem('prepaid-console.lastActivity', String(Date.now() - 599_000));
    await user.click(screen.getByTestId('pending-page'));
    expect(screen.queryByText('当前登陆超时。')).not.toBeInTheDocument();
    expect(Number(localStorage.getItem('prepaid-console.lastActivity'))).toBeGreaterThan(Date.now() - 5_000);
    localStorage.setItem('prepaid-console.lastActivity', String(Date.now() - 600_001));
    await user.click(screen.getByTestId('pending-page'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('当前登陆超时。');
    expect(Cookies.get('token')).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: '放弃' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });
});

describe('side menu', () => {
  it('shows 没有侧栏菜单 for an empty menu', async () => {
    server.use(tree([]));
    renderApp('/index');
    expect(await screen.findByText('没有侧栏菜单')).toBeInTheDocument();
  });

  it('warns 临时菜单 for a placeholder entry, and names an untitled one 未命名菜单', async () => {
    server.use(tree([{ id: 2, userType: 1, parentId: 1, userSort: 1, name: '自定义', resUrl: '', icon: '', children: [
      { id: 3, userType: 2, parentId: 2, userSort: 1, name: '筹备中', resUrl: '', icon: '', children: [] },
      { id: 4, userType: 2, parentId: 2, userSort: 2, name: '', resUrl: 'custom_untitled', icon: '', children: [] },
    ] }]));
    const user = userEvent.setup();
    renderApp('/index');
    const sideMenu = await screen.findByRole('navigation', { name: 'side menu' });
    await user.click(await within(sideMenu).findByRole('button', { name: '自定义' }));
    await user.click(await screen.findByText('筹备中'));
    expect(await screen.findByText('临时菜单')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/index');
    expect(screen.getByText('未命名菜单')).toBeInTheDocument();
  });
});

describe('menu search', () => {
  it('opens with s, matches the full title path, and opens an entry with the keyboard', async () => {
    const user = userEvent.setup();
    renderApp('/index');
    await screen.findByTestId('pending-page');
    await user.keyboard('s');
    const search = await screen.findByRole('search');
    await user.type(within(search).getByRole('textbox'), '充值');
    const options = within(search).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '特殊功能 / 充值校准', '统计分析 / 充值订单统计', '统计分析 / 水费充值订单', '统计分析 / 充值汇总', '统计分析 / 充值校准记录',
    ]);
    expect(options[0].querySelector('mark')!.textContent).toBe('充值');
    const target = options.findIndex((o) => o.textContent === '统计分析 / 充值汇总');
    for (let i = 0; i < target; i++) await user.keyboard('{ArrowDown}');
    expect(options[target]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/chongzhihuizong'));
    await waitFor(() => expect(screen.queryByRole('search')).not.toBeInTheDocument());
  });

  it('matches on the group part of the path, closes with esc, and does not open while typing in a field', async () => {
    const user = userEvent.setup();
    renderApp('/waterarchive');
    const field = await screen.findByPlaceholderText('搜索');
    await user.type(field, 's');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    await user.click(document.body);
    await user.keyboard('s');
    const search = await screen.findByRole('search');
    await user.type(within(search).getByRole('textbox'), '系统管理 / 菜单');
    expect(within(search).getAllByRole('option').map((o) => o.textContent)).toEqual(['系统管理 / 菜单管理']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('search')).not.toBeInTheDocument());
  });
});

describe('settings drawer', () => {
  it('switches the theme for this user, kept across a reload and a logout', async () => {
    const user = userEvent.setup();
    const first = renderApp('/index');
    await user.click(await screen.findByRole('button', { name: '界面设置' }));
    const drawer = await screen.findByRole('region', { name: '界面设置' });
    expect(within(drawer).getByRole('radio', { name: /切斯特/ })).toBeChecked();
    await user.click(within(drawer).getByRole('radio', { name: /流星/ }));
    await waitFor(() => expect(getComputedStyle(document.querySelector('.MuiAppBar-root')!).backgroundColor).toBe('rgb(15, 26, 46)'));
    first.unmount();
    renderApp('/index');
    await waitFor(() => expect(getComputedStyle(document.querySelector('.MuiAppBar-root')!).backgroundColor).toBe('rgb(15, 26, 46)'));
    const { userId } = Cookies.get();
    expect(JSON.parse(localStorage.getItem(`prepaid-console.preferences.${userId}`)!).theme).toBe('meteor');
    await user.click(await screen.findByRole('button', { name: '个人资料' }));
    await user.click(await screen.findByText('注销'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(JSON.parse(localStorage.getItem(`prepaid-console.preferences.${userId}`)!).theme).toBe('meteor');
  });
});

describe('tab bar', () => {
  it('opens a tab per page, closes them from the context menu, and keeps them across a reload', async () => {
    const user = userEvent.setup();
    const first = renderApp('/index');
    const sideMenu = await screen.findByRole('navigation', { name: 'side menu' });
    await user.click(await within(sideMenu).findByRole('button', { name: '设备管理' }));
    await user.click(await within(sideMenu).findByRole('menuitem', { name: '水表档案' }));
    await screen.findByRole('columnheader', { name: /表地址/ });
    await user.click(await within(sideMenu).findByRole('menuitem', { name: '电表管理' }));
    await user.click(await within(sideMenu).findByRole('menuitem', { name: '模块管理' }));
    const bar = await screen.findByRole('tablist', { name: '已打开的页面' });
    await waitFor(() => expect(within(bar).getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页（水）', '水表档案', '电表管理', '模块管理']));
    expect(within(bar).getByRole('tab', { name: /模块管理/ })).toHaveAttribute('aria-selected', 'true');

    // The home tab offers only "close all".
    await user.pointer({ keys: '[MouseRight]', target: within(bar).getByRole('tab', { name: /首页/ }) });
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['关闭全部']);
    await user.keyboard('{Escape}');

    await user.pointer({ keys: '[MouseRight]', target: within(bar).getByRole('tab', { name: /电表管理/ }) });
    await user.click(await screen.findByRole('menuitem', { name: '关闭左侧' }));
    await waitFor(() => expect(within(bar).getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页（水）', '电表管理', '模块管理']));
    expect(window.location.pathname).toBe('/mokuaiguanli');

    await user.click(within(within(bar).getByRole('tab', { name: /模块管理/ })).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dianbiaoguanli'));

    first.unmount();
    renderApp('/dianbiaoguanli');
    const again = await screen.findByRole('tablist', { name: '已打开的页面' });
    await waitFor(() => expect(within(again).getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页（水）', '电表管理']));
    await user.click(screen.getByRole('button', { name: '标签操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '关闭全部' }));
    await waitFor(() => expect(window.location.pathname).toBe('/index'));
  });

  it('names a record tab restored after a reload after its record, before its page is opened', async () => {
    const { userId, sessinId } = await signIn('admin');
    const response = await fetch('/api/v1/electricity/webWaterArchive/findByCondition?pageNum=1&pageSize=1&sortField=id&sortOrder=asc', { headers: { 'X-Token': sessinId } });
    const [meter] = ((await response.json()) as { data: { records: { id: number; address: string }[] } }).data.records;
    localStorage.setItem(`prepaid-console.preferences.${userId}`, JSON.stringify({ openedTabs: ['/index', `/waterarchive/${meter.id}`, '/waterarchive/99999999'] }));
    renderApp('/index');
    const bar = await screen.findByRole('tablist', { name: '已打开的页面' });
    await waitFor(() => expect(within(bar).getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页（水）', `水表档案 ${meter.address}`, '水表档案 #99999999']));
    expect(screen.queryByText(/^数据请求异常|请求地址出错/)).not.toBeInTheDocument();
  });
});

describe('read-failure refresh', () => {
  it('reloads the list every 1,800,000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let calls = 0;
      server.events.on('request:start', ({ request }) => {
        if (request.url.includes('findReadTheListOfFailuresVo')) calls += 1;
      });
      renderApp('/index');
      await screen.findByTestId('pending-page');
      await waitFor(() => expect(calls).toBe(1));
      await vi.advanceTimersByTimeAsync(1_799_000);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1_000);
      await waitFor(() => expect(calls).toBe(2));
    } finally {
      server.events.removeAllListeners();
      vi.useRealTimers();
    }
  });
});
