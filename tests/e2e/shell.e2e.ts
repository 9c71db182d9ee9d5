import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { E2E_PASSWORD, TEST_IDLE_TIMEOUT_MS, launchBrowser, screenshot, startPlatform, type RunningPlatform } from './support';

let platform: RunningPlatform;
let browser: Browser;
let page: Page;

const tabTitles = async () => (await page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab').allTextContents()).map((t) => t.trim());
const activeTab = async () => (await page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab', { selected: true }).textContent())?.trim();

async function login(password = E2E_PASSWORD) {
  await page.goto(`${platform.url}login`);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/index$/);
}

before(async () => {
  platform = await startPlatform({ testBuild: true });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await login();
});

after(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('layout shell, end to end', () => {
  it('opens five pages from the side menu as tabs, and closes them left, right, others and all', async () => {
    const side = page.getByRole('navigation', { name: 'side menu', exact: true });
    await side.getByRole('button', { name: '设备管理' }).click();
    for (const name of ['电表管理', '模块管理', '电表查询', '通断控制', '水表档案']) {
      await side.getByRole('menuitem', { name }).click();
      await page.waitForFunction((title) => document.title.endsWith(title), name);
    }
    assert.deepEqual(await tabTitles(), ['首页（水）', '电表管理', '模块管理', '电表查询', '通断控制', '水表档案']);
    await screenshot(page, 'shell-01-tabs');

    await page.getByRole('tab', { name: /电表查询/ }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭左侧' }).click();
    assert.deepEqual(await tabTitles(), ['首页（水）', '电表查询', '通断控制', '水表档案']);
    assert.equal(await activeTab(), '水表档案');

    await page.getByRole('tab', { name: /通断控制/ }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭右侧' }).click();
    assert.deepEqual(await tabTitles(), ['首页（水）', '电表查询', '通断控制']);
    assert.equal(await activeTab(), '通断控制');

    await page.getByRole('tab', { name: /电表查询/ }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    assert.deepEqual(await tabTitles(), ['首页（水）', '电表查询']);
    assert.equal(await activeTab(), '电表查询');

    await page.getByRole('button', { name: '标签操作' }).click();
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await page.waitForURL(/\/index$/);
    assert.deepEqual(await tabTitles(), ['首页（水）']);
  });

  it('collapses the side menu to its icons: no title wraps a character per line', async () => {
    const side = page.getByRole('navigation', { name: 'side menu', exact: true });
    await side.getByRole('button', { name: '设备管理' }).click();
    await page.getByRole('button', { name: '关闭菜单' }).click();
    await page.waitForFunction(() => (document.querySelector('nav[aria-label="side menu"]') as HTMLElement | null)?.getBoundingClientRect().width! < 100);
    const heights = await side.getByRole('menuitem').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
    assert.ok(heights.length > 3, 'the open group shows its links');
    assert.ok(heights.every((height) => height < 60), `one line each: ${heights.join(', ')}`);
    await screenshot(page, 'shell-01b-collapsed');
    await page.getByRole('button', { name: '打开菜单' }).click();
  });

  it('finds a page with the keyboard in the menu search', async () => {
    await page.locator('body').click();
    await page.keyboard.press('s');
    await page.getByRole('search').getByRole('textbox').fill('充值汇总');
    // Enter takes the highlighted match: wait until the list shows the search's result first.
    await page.getByRole('option', { name: /充值汇总/, selected: true }).waitFor();
    await screenshot(page, 'shell-02-search');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/chongzhihuizong$/);
  });

  it('keeps a theme across a reload', async () => {
    await page.getByRole('button', { name: '界面设置' }).click();
    await page.getByRole('radio', { name: /深蓝编辑器/ }).check();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('tablist', { name: '已打开的页面' }).waitFor();
    const background = await page.locator('.MuiAppBar-root').evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(background, 'rgb(31, 42, 60)');
    await screenshot(page, 'shell-03-dark-theme');
    await page.getByRole('button', { name: '界面设置' }).click();
    await page.getByRole('radio', { name: /切斯特/ }).check();
    await page.keyboard.press('Escape');
  });

  it('applies the password rules in the change password dialog', async () => {
    await page.getByRole('button', { name: '个人资料' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^新密码/).fill('123');
    await dialog.getByText('密码长度必须大于 6 位！').waitFor();
    await dialog.getByLabel(/^原密码/).fill(E2E_PASSWORD);
    await dialog.getByLabel(/^新密码/).fill('1234567');
    await dialog.getByLabel(/^确认新密码/).fill('7654321');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('两次密码不相同，请检查！').waitFor();
    await screenshot(page, 'shell-04-password');
    await dialog.getByRole('button', { name: '取消' }).click();
  });

  it('asks before logging out, and cancel keeps the session', async () => {
    await page.getByRole('button', { name: '个人资料' }).click();
    await page.getByRole('menuitem', { name: '注销' }).click();
    await page.getByRole('dialog').getByText('确定要注销当前用户吗').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    await page.getByText('取消注销操作').waitFor();
    assert.ok((await page.context().cookies()).some((c) => c.name === 'token'));
  });

  it('ends an idle session on the next click (shortened clock of the test build)', async () => {
    await page.waitForTimeout(TEST_IDLE_TIMEOUT_MS + 500);
    await page.locator('main, #main-content').first().click({ position: { x: 5, y: 5 } });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('当前登陆超时。').waitFor();
    await screenshot(page, 'shell-05-idle');
    // 确定 ends on login; a background call answered 401 meanwhile (the session is already cleared)
    // may take the console there first, which is the same end.
    await Promise.race([
      dialog.getByRole('button', { name: '确定' }).click().catch(() => undefined),
      page.waitForURL(/\/login/),
    ]);
    await page.waitForURL(/\/login/);
    assert.equal((await page.context().cookies()).some((c) => c.name === 'token'), false);
  });
});
