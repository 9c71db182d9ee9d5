import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { UserMenu } from 'react-admin';
import { AppBar } from '@mui/material';
import { renderScreen, signIn, signedInForFile, fastUser as user } from './render';
import { server } from '../msw/setup';
import { TEST_PASSWORD } from '../support/constants';
import { AlarmBell } from '../../src/layout/AlarmBell';
import { IdleTimeout } from '../../src/auth/IdleTimeout';
import { MenuSearch } from '../../src/layout/MenuSearch';
import { SettingsDrawer } from '../../src/layout/SettingsDrawer';
import { SideMenu } from '../../src/layout/SideMenu';
import { TabBar } from '../../src/layout/TabBar';
import { ChangePasswordItem, ConfirmLogoutItem } from '../../src/layout/UserMenuItems';

/**
 * The shell's parts, each on its own above a page (tests/e2e/shell.e2e.ts drives them together in
 * a browser: tabs opened from the side menu and closed left/right/others/all, the menu search's
 * Enter, a theme across a reload, the password dialog's rules, the logout's cancel, the idle
 * timeout on a real clock).
 */
const tree = (children: unknown[]) => http.get('*/api/v1/electricity/resourse/queryResourseByRoleIdTree', () =>
  HttpResponse.json({ code: 200, data: [{ id: 1, userType: 0, parentId: 0, userSort: 0, name: 'root', resUrl: '', icon: '', children }] }));
const userMenu = <UserMenu><ChangePasswordItem /><ConfirmLogoutItem /></UserMenu>;

signedInForFile('admin');
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  server.events.removeAllListeners();
});

describe('read-failure alarm bell', () => {
  it('shows the count, and a table of the devices with electric meters tagged apart, exportable', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => { blobs.push(blob as Blob); return 'blob:x'; });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderScreen('/index', { shell: <AlarmBell /> });
    const bell = await screen.findByRole('button', { name: '设备通讯异常' });
    const count = Number((await within(bell).findByText(/^\d+$/)).textContent);
    expect(count).toBeGreaterThan(0);
    fireEvent.click(bell);
    const popover = await screen.findByRole('dialog', { name: '设备通讯异常' });
    expect(popover.querySelectorAll('tbody tr')).toHaveLength(count);
    expect(within(popover).getByText('房间号').tagName).toBe('TH');
    const tags = within(popover).getAllByText(/^(电表|水表|采集模块)$/);
    expect(tags.length).toBe(count);
    for (const tag of tags) {
      expect(tag.closest('.MuiChip-root')!.className).toMatch(tag.textContent === '电表' ? /colorSuccess/ : /colorError/);
    }
    // An offline module of the demo estate is listed with the meters, in no room.
    const moduleRow = within(popover).getAllByText('采集模块')[0].closest('tr')!;
    expect(moduleRow.querySelector('td')!.textContent).toBe('—');
    fireEvent.click(within(popover).getByText('导出'));
    // The CSV writer is loaded on the first export.
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(document.querySelector('a[download]')!.getAttribute('download')).toBe('设备通讯异常详情.csv');
  });

  it('shows 数据请求异常 when the list cannot be loaded', async () => {
    server.use(http.get('*/api/v1/electricity/roomBillingStatement/findReadTheListOfFailuresVo', () => HttpResponse.json({ code: 503, msg: 'down' }, { status: 503 })));
    renderScreen('/index', { shell: <AlarmBell /> });
    expect(await screen.findByText(/^数据请求异常/)).toBeInTheDocument();
  });

  it('reloads the list every 1,800,000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('findReadTheListOfFailuresVo')) calls += 1;
    });
    // Under a list that polls nothing: the dashboard would reload its figures every minute of the half hour.
    renderScreen('/caozuojilu', { shell: <AlarmBell /> });
    await waitFor(() => expect(calls).toBe(1));
    await vi.advanceTimersByTimeAsync(1_799_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(calls).toBe(2));
  });
});

describe('change password', () => {
  const open = async (u: ReturnType<typeof user>) => {
    renderScreen('/index', { shell: userMenu });
    await u.click(await screen.findByRole('button', { name: '个人资料' }));
    await u.click(await screen.findByText('修改密码'));
    return screen.findByRole('dialog');
  };

  it('shows the user name read-only, warns of a short password as it is typed, and refuses a mismatch', async () => {
    const u = user();
    const dialog = await open(u);
    expect(within(dialog).getByLabelText('用户名')).toHaveValue('admin');
    expect(within(dialog).getByLabelText('用户名')).toHaveAttribute('readonly');
    await u.type(within(dialog).getByLabelText(/^原密码/), TEST_PASSWORD);
    await u.type(within(dialog).getByLabelText(/^新密码/), '123');
    expect(within(dialog).getByText('密码长度必须大于 6 位！')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText(/^新密码/), '4567');
    expect(within(dialog).queryByText('密码长度必须大于 6 位！')).not.toBeInTheDocument();
    await u.type(within(dialog).getByLabelText(/^确认新密码/), 'different');
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => { calls.push(request.url); });
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('两次密码不相同，请检查！')).toBeInTheDocument();
    expect(calls.filter((url) => url.includes('updateUserPwd'))).toHaveLength(0);
  });

  it('changes the password, then clears the session and goes to login', async () => {
    await signIn('viewer');
    const u = user();
    const dialog = await open(u);
    await u.type(within(dialog).getByLabelText(/^原密码/), TEST_PASSWORD);
    await u.type(within(dialog).getByLabelText(/^新密码/), 'brand-new-1');
    await u.type(within(dialog).getByLabelText(/^确认新密码/), 'brand-new-1');
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改密码成功，需重新登录！')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(Cookies.get('token')).toBeUndefined();
    await expect(signIn('viewer', 'brand-new-1')).resolves.toBeTruthy();
  });
});

describe('log out', () => {
  // The cancel (取消注销操作, session kept) is in tests/e2e/shell.e2e.ts.
  it('asks 确定要注销当前用户吗; confirmed, token, uuid and areaid are removed and the login page shows', async () => {
    await signIn('admin');
    const u = user();
    renderScreen('/index', { shell: userMenu });
    await u.click(await screen.findByRole('button', { name: '个人资料' }));
    await u.click(await screen.findByText('注销'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要注销当前用户吗');
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(Cookies.get('token')).toBeUndefined();
    expect(Cookies.get('uuid')).toBeUndefined();
    expect(Cookies.get('areaid')).toBeUndefined();
  });
});

describe('idle timeout', () => {
  it('after more than 600000 ms without a click, the next click ends the session with 当前登陆超时。', async () => {
    // Only the clock is fake: the test moves it instead of waiting.
    vi.useFakeTimers({ toFake: ['Date'] });
    renderScreen('/index', { shell: <IdleTimeout /> });
    const page = await screen.findByTestId('dashboard-water');
    fireEvent.click(page);
    vi.setSystemTime(Date.now() + 600_000);
    fireEvent.click(page);
    expect(screen.queryByText('当前登陆超时。')).not.toBeInTheDocument();
    expect(Cookies.get('token')).toBeTruthy();
    // That click counted as activity: the limit runs from it.
    vi.setSystemTime(Date.now() + 600_001);
    fireEvent.click(page);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('当前登陆超时。');
    expect(Cookies.get('token')).toBeUndefined();
    fireEvent.click(within(dialog).getByText('放弃'));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });
});

describe('side menu', () => {
  it('shows 没有侧栏菜单 for an empty menu', async () => {
    server.use(tree([]));
    renderScreen('/index', { shell: <SideMenu /> });
    expect(await screen.findByText('没有侧栏菜单')).toBeInTheDocument();
  });

  it('warns 临时菜单 for a placeholder entry, and names an untitled one 未命名菜单', async () => {
    server.use(tree([{ id: 2, userType: 1, parentId: 1, userSort: 1, name: '自定义', resUrl: '', icon: '', children: [
      { id: 3, userType: 2, parentId: 2, userSort: 1, name: '筹备中', resUrl: '', icon: '', children: [] },
      { id: 4, userType: 2, parentId: 2, userSort: 2, name: '', resUrl: 'custom_untitled', icon: '', children: [] },
    ] }]));
    const u = user();
    renderScreen('/index', { shell: <SideMenu /> });
    const sideMenu = await screen.findByRole('navigation', { name: 'side menu' });
    await u.click(await within(sideMenu).findByText('自定义'));
    await u.click(await screen.findByText('筹备中'));
    expect(await screen.findByText('临时菜单')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/index');
    expect(screen.getByText('未命名菜单')).toBeInTheDocument();
  });

  it('leaves out what the role tree does not grant, and a page it does not grant is denied', async () => {
    server.use(tree([
      { id: 2, userType: 1, parentId: 1, userSort: 1, name: '设备管理', resUrl: '', icon: 'Memory', children: [
        { id: 3, userType: 2, parentId: 2, userSort: 1, name: '水表档案', resUrl: 'waterarchive', icon: 'WaterDrop', children: [] },
      ] },
    ]));
    renderScreen('/project', { shell: <SideMenu /> });
    expect(await screen.findByText('您没有访问此页面的权限')).toBeInTheDocument();
    const sideMenu = await screen.findByRole('navigation', { name: 'side menu' });
    expect(await within(sideMenu).findByText('设备管理')).toBeInTheDocument();
    expect(within(sideMenu).queryByText('档案管理')).not.toBeInTheDocument();
  });
});

describe('menu search', () => {
  it('opens with s, matches the full title path, and opens an entry with the keyboard', async () => {
    const u = user();
    renderScreen('/index', { shell: <MenuSearch /> });
    await screen.findByTestId('dashboard-water');
    await u.keyboard('s');
    const search = await screen.findByRole('search');
    await u.type(within(search).getByRole('textbox'), '充值');
    const options = await within(search).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      // The screen operators mean (taking a payment), found by another word, first: ranked by use
      // (a built-in prior until the operator's own use is known; tests/console/shellNavigation.test.tsx).
      '档案管理 / 用户缴费',
      '统计分析 / 充值订单统计', '统计分析 / 充值汇总', '特殊功能 / 充值校准', '统计分析 / 水费充值订单', '统计分析 / 充值校准记录',
    ]);
    expect(options[0].querySelector('mark')).toBeNull();
    expect(options[1].querySelector('mark')!.textContent).toBe('充值');
    const target = options.findIndex((o) => o.textContent === '统计分析 / 充值汇总');
    for (let i = 0; i < target; i++) await u.keyboard('{ArrowDown}');
    expect(options[target]).toHaveAttribute('aria-selected', 'true');
    await u.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/chongzhihuizong'));
    await waitFor(() => expect(screen.queryByRole('search')).not.toBeInTheDocument());
  });

  it('finds a screen by the pinyin of its title or its initials, and says which of two same-titled screens is which', async () => {
    const u = user();
    renderScreen('/index', { shell: <MenuSearch /> });
    await screen.findByTestId('dashboard-water');
    await u.keyboard('s');
    const search = await screen.findByRole('search');
    const box = within(search).getByRole('textbox');
    await u.type(box, 'yhjf');
    expect((await within(search).findAllByRole('option')).map((o) => o.textContent)).toEqual(['档案管理 / 用户缴费']);
    await u.clear(box);
    await u.type(box, 'yonghujiaofei');
    expect((await within(search).findAllByRole('option')).map((o) => o.textContent)).toEqual(['档案管理 / 用户缴费']);
    await u.clear(box);
    await u.type(box, '短信发送记录');
    const sms = await within(search).findAllByRole('option');
    expect(sms.map((o) => o.textContent).sort()).toEqual(['统计分析 / 短信发送记录短信模板与手动发送', '统计分析 / 短信发送记录自动通知的发送记录'].sort());
  });

  it('matches on the group part of the path, closes with esc, and does not open while typing in a field', async () => {
    const u = user();
    renderScreen('/index', { shell: <><MenuSearch /><input placeholder="搜索" /></> });
    await screen.findByTestId('dashboard-water');
    await u.type(screen.getByPlaceholderText('搜索'), 's');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    await u.click(document.body);
    await u.keyboard('s');
    const search = await screen.findByRole('search');
    await u.type(within(search).getByRole('textbox'), '系统管理 / 菜单');
    expect((await within(search).findAllByRole('option')).map((o) => o.textContent)).toEqual(['系统管理 / 菜单管理']);
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('search')).not.toBeInTheDocument());
  });
});

describe('settings drawer', () => {
  it('switches the theme for this user, kept across a reload and a logout', async () => {
    await signIn('admin');
    const u = user();
    const shell = <AppBar position="static"><SettingsDrawer />{userMenu}</AppBar>;
    const first = renderScreen('/index', { shell });
    await u.click(await screen.findByRole('button', { name: '界面设置' }));
    const drawer = await screen.findByRole('region', { name: '界面设置' });
    expect(within(drawer).getByRole('radio', { name: /切斯特/ })).toBeChecked();
    await u.click(within(drawer).getByRole('radio', { name: /流星/ }));
    await waitFor(() => expect(getComputedStyle(document.querySelector('.MuiAppBar-root')!).backgroundColor).toBe('rgb(15, 26, 46)'));
    first.unmount();
    renderScreen('/index', { shell });
    await waitFor(() => expect(getComputedStyle(document.querySelector('.MuiAppBar-root')!).backgroundColor).toBe('rgb(15, 26, 46)'));
    const { userId } = Cookies.get();
    expect(JSON.parse(localStorage.getItem(`prepaid-console.preferences.${userId}`)!).theme).toBe('meteor');
    await u.click(await screen.findByRole('button', { name: '个人资料' }));
    await u.click(await screen.findByText('注销'));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(JSON.parse(localStorage.getItem(`prepaid-console.preferences.${userId}`)!).theme).toBe('meteor');
  });
});

describe('tab bar', () => {
  const tabs = (bar: HTMLElement) => within(bar).getAllByRole('tab').map((t) => t.textContent);

  it('opens a tab per page, offers only 关闭全部 on the home tab, closes one with its button, and keeps them across a reload', async () => {
    const u = user();
    // The tab bar is under test, not the pages: they are left out (rendering three lists of MUI
    // cells in jsdom cost most of this test's time); the tabs follow the location alone.
    const noPage = { shell: <TabBar />, page: () => null };
    const first = renderScreen('/index', noPage);
    const bar = await screen.findByRole('tablist', { name: '已打开的页面' });
    for (const [path, title] of [['/tongduankongzhi', '通断控制'], ['/dianbiaoguanli', '电表管理'], ['/mokuaiguanli', '模块管理']]) {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
      await within(bar).findByRole('tab', { name: new RegExp(title) });
    }
    await waitFor(() => expect(tabs(bar)).toEqual(['首页（水）', '通断控制', '电表管理', '模块管理']));
    expect(within(bar).getByRole('tab', { name: /模块管理/ })).toHaveAttribute('aria-selected', 'true');

    await u.pointer({ keys: '[MouseRight]', target: within(bar).getByRole('tab', { name: /首页/ }) });
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['关闭全部']);
    await u.keyboard('{Escape}');

    await u.click(within(within(bar).getByRole('tab', { name: /模块管理/ })).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dianbiaoguanli'));
    await waitFor(() => expect(tabs(bar)).toEqual(['首页（水）', '通断控制', '电表管理']));

    first.unmount();
    renderScreen('/dianbiaoguanli', noPage);
    const again = await screen.findByRole('tablist', { name: '已打开的页面' });
    await waitFor(() => expect(tabs(again)).toEqual(['首页（水）', '通断控制', '电表管理']));
    await u.click(screen.getByRole('button', { name: '标签操作' }));
    await u.click(await screen.findByRole('menuitem', { name: '关闭全部' }));
    await waitFor(() => expect(window.location.pathname).toBe('/index'));
    await waitFor(() => expect(tabs(again)).toEqual(['首页（水）']));
  });

  it('names a record tab restored after a reload after its record, before its page is opened', async () => {
    const { userId, sessinId } = await signIn('admin');
    const response = await fetch('/api/v1/electricity/webWaterArchive/findByCondition?pageNum=1&pageSize=1&sortField=id&sortOrder=asc', { headers: { 'X-Token': sessinId } });
    const [meter] = ((await response.json()) as { data: { records: { id: number; address: string }[] } }).data.records;
    localStorage.setItem(`prepaid-console.preferences.${userId}`, JSON.stringify({ openedTabs: ['/index', `/waterarchive/${meter.id}`, '/waterarchive/99999999'] }));
    renderScreen('/index', { shell: <TabBar /> });
    const bar = await screen.findByRole('tablist', { name: '已打开的页面' });
    await waitFor(() => expect(tabs(bar)).toEqual(['首页（水）', `水表档案 ${meter.address}`, '水表档案 #99999999']));
    expect(screen.queryByText(/^数据请求异常|请求地址出错/)).not.toBeInTheDocument();
  });
});
