import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { renderApp, renderScreen, signIn, signedInForFile, sqlRows, fastUser as user } from './render';
import { server, testBackend } from '../msw/setup';
import { apiClient } from '../support/testApp';
import { TEST_PASSWORD } from '../support/constants';
import { request } from '../../src/http/client';
import { i18nProvider, LOCALES } from '../../src/i18n/i18nProvider';
import { HeaderMenu } from '../../src/layout/HeaderMenu';
import { HttpMessages } from '../../src/layout/HttpMessages';
import { MenuSearch } from '../../src/layout/MenuSearch';
import { SideMenu } from '../../src/layout/SideMenu';
import { TabBar } from '../../src/layout/TabBar';

/**
 * The shell as an operator of a narrower role finds it (issue 46, "The new screens as an operator
 * finds them"): where they land, which tabs they get, the access-denied page, the side and header
 * menus' marked group, the two pairs of same-titled screens, and the menu search's ranking by use.
 */

/** A role tree as the server answers it, with groups and pages in the order given (the menu order). */
let nextId = 100;
const page = (resUrl: string) => ({ id: nextId++, userType: 2, parentId: 0, userSort: 0, name: resUrl, resUrl, icon: '', children: [] });
const group = (name: string, pages: string[]) => ({ id: nextId++, userType: 1, parentId: 1, userSort: 0, name, resUrl: '', icon: '', children: pages.map(page) });
const tree = (...groups: ReturnType<typeof group>[]) => http.get('*/api/v1/electricity/resourse/queryResourseByRoleIdTree', () =>
  HttpResponse.json({ code: 200, data: [{ id: 1, userType: 0, parentId: 0, userSort: 0, name: 'root', resUrl: '', icon: '', children: groups }] }));

const idsOf = async (paths: string[]) =>
  (await sqlRows<{ id: number }>(`SELECT id FROM resources WHERE res_url IN (${paths.map((p) => `'${p}'`).join(',')})`)).map((row) => Number(row.id));

let admin: ReturnType<typeof apiClient>;
/** A role with no Home: some archives and statistics screens (the two SMS records among them). */
const NO_HOME = ['project', 'chongzhihuizong', 'chongzhijiaozhunjilu', 'duanxinfasong', 'smsmanage'];

async function operatorWith(name: string, screens: string[]) {
  const role = await admin.post('role/addRole', { name, readOnly: false, resourceIds: await idsOf(screens) });
  expect(role.status).toBe(200);
  expect((await admin.post('sysUser/saveUser', { userName: name, password: TEST_PASSWORD, roleId: role.body.data.id })).status).toBe(200);
  return role.body.data.id as number;
}

beforeAll(async () => {
  const session = await signIn('admin');
  admin = apiClient(testBackend().app, session.sessinId);
  await operatorWith('nohome', NO_HOME);
});
signedInForFile('nohome');

const preferencesKey = () => `prepaid-console.preferences.${Cookies.get('userId')}`;
const savePreferences = (values: Record<string, unknown>) => localStorage.setItem(preferencesKey(), JSON.stringify(values));
const savedPreferences = () => JSON.parse(localStorage.getItem(preferencesKey()) ?? '{}') as { openedTabs?: string[]; screenUse?: Record<string, number> };
const tabTexts = (bar: HTMLElement) => within(bar).getAllByRole('tab').map((t) => t.textContent);
const go = (path: string) => {
  window.history.pushState({}, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
};

describe('a role without Home', () => {
  it('lands on the first screen of its menu, in menu order, with no pinned Home tab', async () => {
    // Its menu lists statistics before archives (an administrator may order it so).
    server.use(tree(group('统计分析', ['chongzhihuizong', 'duanxinfasong']), group('档案管理', ['project'])));
    renderApp('/');
    await waitFor(() => expect(window.location.pathname).toBe('/chongzhihuizong'));
    const bar = await screen.findByRole('tablist', { name: '已打开的页面' });
    await waitFor(() => expect(tabTexts(bar)).toEqual(['充值汇总']));
    // The only tab is an ordinary one: it can be closed.
    expect(within(within(bar).getByRole('tab')).getByRole('button', { name: '关闭' })).toBeInTheDocument();
  });

  it('is shown the translated access-denied page on Home, not the dashboard, in the four languages', async () => {
    const denied: Record<string, [string, string]> = {
      'zh-chs': ['拒绝访问', '您没有访问此页面的权限'],
      'zh-cht': ['拒絕存取', '您沒有存取此頁面的權限'],
      en: ['Access denied', "You don't have the right permissions to access this page"],
      ja: ['このページは表示できません', 'このページを表示する権限がありません'],
    };
    try {
      for (const locale of LOCALES) {
        await i18nProvider.changeLocale(locale);
        const view = renderApp('/index');
        const [title, message] = denied[locale];
        expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
        expect(screen.getByText(message)).toBeInTheDocument();
        expect(screen.queryByTestId('dashboard-water')).not.toBeInTheDocument();
        expect(screen.queryByText(/your role is not granted/)).not.toBeInTheDocument();
        view.unmount();
      }
    } finally {
      await i18nProvider.changeLocale('zh-chs');
    }
  });

  it('drops the tabs of screens it no longer has (Home among them) when its grants change', async () => {
    const roleId = await operatorWith('shrinking', ['index', 'project', 'jianzhuguanli']);
    await signIn('shrinking');
    savePreferences({ openedTabs: ['/index', '/project', '/jianzhuguanli'] });
    // HttpMessages reads the menu again when an answer says the grants changed (as in the layout).
    renderScreen('/project', { shell: <><HttpMessages /><TabBar /></>, page: () => null });
    const bar = await screen.findByRole('tablist', { name: '已打开的页面' });
    await waitFor(() => expect(tabTexts(bar)).toEqual(['首页（水）', '项目管理', '建筑管理']));

    // The administrator takes Home and buildings away; the operator's next call reads the menu again.
    expect((await admin.put('role/updateRole', { id: roleId, resourceIds: await idsOf(['project']) })).status).toBe(200);
    await act(() => request({ method: 'get', url: 'sysUser/currentUser' }));
    await waitFor(() => expect(tabTexts(bar)).toEqual(['项目管理']));
    await waitFor(() => expect(savedPreferences().openedTabs).toEqual(['/project']));
  });

  it('keeps only granted tabs restored after a reload, and closing all goes to its first screen', async () => {
    savePreferences({ openedTabs: ['/index', '/chongzhihuizong', '/jianzhuguanli', '/smsmanage'] });
    renderScreen('/smsmanage', { shell: <TabBar />, page: () => null });
    const bar = await screen.findByRole('tablist', { name: '已打开的页面' });
    await waitFor(() => expect(tabTexts(bar).map((t) => t!.split(' · ')[0])).toEqual(['充值汇总', '短信发送记录']));
    const u = user();
    await u.click(screen.getByRole('button', { name: '标签操作' }));
    await u.click(await screen.findByRole('menuitem', { name: '关闭全部' }));
    // Its menu's first screen (the seeded order: archives first).
    await waitFor(() => expect(window.location.pathname).toBe('/project'));
    await waitFor(() => expect(tabTexts(bar)).toEqual(['项目管理']));
  });
});

describe('the marked menu group', () => {
  it('opens and marks 统计分析 on 充值校准记录, not 特殊功能 (whose 充值校准 is a prefix of its path)', async () => {
    server.use(tree(group('特殊功能', ['chongzhijiaozhun', 'jiaozhunshijian']), group('统计分析', ['chongzhihuizong', 'chongzhijiaozhunjilu'])));
    renderScreen('/chongzhijiaozhunjilu', { shell: <><HeaderMenu /><SideMenu /></>, page: () => null });
    const side = await screen.findByRole('navigation', { name: 'side menu' });
    await waitFor(() => expect(within(side).getByRole('button', { name: '统计分析' })).toHaveAttribute('aria-expanded', 'true'));
    expect(within(side).getByRole('button', { name: '特殊功能' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(side).getByRole('menuitem', { name: '充值校准记录' })).toHaveClass('RaMenuItemLink-active');
    const header = screen.getByRole('tablist', { name: 'header menu' });
    expect(within(header).getByRole('tab', { name: '统计分析' })).toHaveAttribute('aria-selected', 'true');
    expect(within(header).getByRole('tab', { name: '特殊功能' })).toHaveAttribute('aria-selected', 'false');
  });
});

describe('two screens with one title', () => {
  const PAIRS = ['duanxinfasong', 'smsmanage', 'caozuojilu', 'rizhi'];

  it('tells 短信发送记录 from 短信发送记录 and 操作记录 from 操作记录 in their tabs, in the four languages', async () => {
    server.use(tree(group('统计分析', ['duanxinfasong', 'smsmanage']), group('系统管理', ['caozuojilu', 'rizhi'])));
    savePreferences({ openedTabs: PAIRS.map((name) => `/${name}`) });
    try {
      for (const locale of LOCALES) {
        await i18nProvider.changeLocale(locale);
        const view = renderScreen('/rizhi', { shell: <TabBar />, page: () => null });
        const bar = await screen.findByRole('tablist');
        await waitFor(() => expect(within(bar).getAllByRole('tab')).toHaveLength(4));
        const texts = tabTexts(bar);
        // Each keeps SPEC's title, and says which screen it is.
        texts.forEach((text, i) => expect(text!.startsWith(`${i18nProvider.translate(`routes.${PAIRS[i]}`)} · `)).toBe(true));
        expect(new Set(texts).size).toBe(4);
        if (locale === 'zh-chs') expect(texts).toEqual(['短信发送记录 · 自动通知', '短信发送记录 · 模板与发送', '操作记录 · 操作员', '操作记录 · 设备指令']);
        view.unmount();
      }
    } finally {
      await i18nProvider.changeLocale('zh-chs');
    }
  });

  it('tells them apart in the menu search results, in English too', async () => {
    server.use(tree(group('统计分析', ['duanxinfasong', 'smsmanage']), group('系统管理', ['caozuojilu', 'rizhi'])));
    try {
      for (const [locale, query] of [['zh-chs', '操作记录'], ['en', 'Operation records']] as const) {
        await i18nProvider.changeLocale(locale);
        const u = user();
        const view = renderScreen('/rizhi', { shell: <MenuSearch />, page: () => null });
        await u.keyboard('s');
        const search = await screen.findByRole('search');
        await u.type(within(search).getByRole('textbox'), query);
        const options = await within(search).findAllByRole('option');
        expect(options).toHaveLength(2);
        expect(new Set(options.map((o) => o.textContent)).size).toBe(2);
        expect(options.map((o) => o.textContent).sort()).toEqual(
          ['caozuojilu', 'rizhi'].map((name) => `${i18nProvider.translate('menuGroups.system')} / ${i18nProvider.translate(`routes.${name}`)}${i18nProvider.translate(`search.which.${name}`)}`).sort(),
        );
        view.unmount();
      }
    } finally {
      await i18nProvider.changeLocale('zh-chs');
    }
  });
});

describe('menu search ranked by use', () => {
  const CHARGE_MENU = () => tree(
    group('档案管理', ['userJiaofei']),
    group('特殊功能', ['chongzhijiaozhun']),
    group('统计分析', ['chongzhidingdan', 'chongzhiwater', 'chongzhihuizong', 'chongzhijiaozhunjilu']),
  );
  const search = async (text: string) => {
    const u = user();
    await u.keyboard('s');
    const box = await screen.findByRole('search');
    await u.type(within(box).getByRole('textbox'), text);
    const options = (await within(box).findAllByRole('option')).map((o) => o.textContent);
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('search')).not.toBeInTheDocument());
    return options;
  };

  it('puts 用户缴费 (taking a payment) first for 充值 and 缴费 before the operator has used anything', async () => {
    server.use(CHARGE_MENU());
    renderScreen('/chongzhihuizong', { shell: <MenuSearch />, page: () => null });
    const charge = await search('充值');
    expect(charge).toHaveLength(6);
    expect(charge[0]).toBe('档案管理 / 用户缴费');
    expect((await search('缴费'))[0]).toBe('档案管理 / 用户缴费');
  });

  it('counts the screens the operator opens (not a filter change), and ranks what they use most first', async () => {
    server.use(CHARGE_MENU());
    const view = renderScreen('/userJiaofei', { shell: <><TabBar /><MenuSearch /></>, page: () => null });
    await waitFor(() => expect(savedPreferences().screenUse).toEqual({ userJiaofei: 1 }));
    go('/userJiaofei?filter=%7B%7D');
    go('/chongzhihuizong');
    await waitFor(() => expect(savedPreferences().screenUse).toEqual({ userJiaofei: 1, chongzhihuizong: 1 }));
    go('/chongzhihuizong?filter=%7B%22day%22%3A1%7D');
    // The operator who reads the recharge summary all day, and the water orders between.
    for (let i = 2; i <= 12; i++) {
      go('/chongzhiwater');
      await waitFor(() => expect(savedPreferences().screenUse?.chongzhiwater).toBe(i - 1));
      go('/chongzhihuizong');
      await waitFor(() => expect(savedPreferences().screenUse?.chongzhihuizong).toBe(i));
    }
    expect(savedPreferences().screenUse?.userJiaofei).toBe(1);
    const ranked = ['统计分析 / 充值汇总', '统计分析 / 水费充值订单', '档案管理 / 用户缴费'];
    expect((await search('充值')).slice(0, 3)).toEqual(ranked);
    // Kept in the operator's preferences: the same order after a reload.
    view.unmount();
    renderScreen('/chongzhihuizong', { shell: <MenuSearch />, page: () => null });
    expect((await search('充值')).slice(0, 3)).toEqual(ranked);
  });
});
