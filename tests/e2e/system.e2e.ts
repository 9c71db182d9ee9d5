import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, screenshot, startPlatform, type RunningPlatform } from './support';

/**
 * System management end to end (issue 33): a role without the statistics group, an administrator
 * given that role, and that administrator's own console: the side menu without the group.
 */
let platform: RunningPlatform;
let browser: Browser;
let page: Page;
const stamp = Date.now().toString(36).slice(-5);
const ROLE = `无统计${stamp}`;
const USER = `e2e-op-${stamp}`;
const PASSWORD = `e2e-op-pass-${stamp}`;

before(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
});

after(async () => {
  await browser?.close();
  await platform?.stop();
});

const go = async (route: string) => {
  await page.goto(new URL(route, platform.url).toString());
};

/** Waits until a checkbox is (not) ticked. */
async function checked(box: ReturnType<Page['getByRole']>, state: boolean) {
  for (let i = 0; i < 50 && (await box.isChecked()) !== state; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(await box.isChecked(), state);
}

async function logIn(on: Page, userName: string, password: string) {
  await on.goto(platform.url);
  await on.waitForURL(/\/login/);
  await on.getByLabel('账号').fill(userName);
  await on.getByLabel('密码').fill(password);
  await on.getByRole('button', { name: '登录' }).click();
  await on.waitForURL(/\/index$/);
}

describe('system management: a role without statistics, an administrator with it, their menu', () => {
  it('logs in as admin', async () => {
    await logIn(page, 'admin', E2E_PASSWORD);
  });

  it('creates a role with every screen but the statistics group', async () => {
    await go('bumen/create');
    await page.getByRole('textbox', { name: /角色名称/ }).fill(ROLE);
    const statistics = page.getByRole('checkbox', { name: '统计分析', exact: true });
    // The tree is there once the menu resources have answered.
    await statistics.waitFor();
    await page.getByRole('button', { name: '全选' }).click();
    await checked(statistics, true);
    await statistics.click();
    await checked(statistics, false);
    await page.getByText(/已选 \d+ \/ 61 个页面/).waitFor();
    await screenshot(page, 'system-role-create');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/bumen$/);
    await page.getByRole('cell', { name: ROLE }).waitFor();
  });

  it('creates an administrator with that role, refusing a common password first', async () => {
    await go('sysuser/create');
    await page.getByRole('textbox', { name: /账号/ }).fill(USER);
    await page.getByRole('combobox', { name: /角色/ }).click();
    await page.getByRole('option', { name: new RegExp(ROLE) }).click();
    await page.getByLabel(/^密码/).fill('12345678');
    await page.getByLabel(/确认密码/).fill('12345678');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('该密码属于最常见的密码，请换一个').first().waitFor();
    await page.getByLabel(/^密码/).fill(PASSWORD);
    await page.getByLabel(/确认密码/).fill(PASSWORD);
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/sysuser$/);
    await page.getByText(USER).first().waitFor();
    await screenshot(page, 'system-users');
  });

  it('logs in as the new administrator and sees the menu without the statistics group', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const own = await context.newPage();
    await logIn(own, USER, PASSWORD);
    const side = own.getByRole('navigation', { name: 'side menu', exact: true });
    await side.getByRole('button', { name: '设备管理' }).waitFor();
    assert.equal(await side.getByRole('button', { name: '系统管理' }).count(), 1);
    assert.equal(await side.getByRole('button', { name: '统计分析' }).count(), 0);
    // The header menu too.
    assert.equal(await own.getByRole('banner').getByText('统计分析', { exact: true }).count(), 0);
    await screenshot(own, 'system-menu-without-statistics');
    // The API enforces it too: the statistics calls answer 403, a granted screen's call 200.
    const token = (await context.cookies()).find((cookie) => cookie.name === 'token')!.value;
    const call = (path: string) => own.request.get(new URL(`api/v1/electricity/${path}`, platform.url).toString(), { headers: { 'X-Token': token } });
    const refused = await call('webStatsanalysisOrder/findRechargeOrderByParams?pageNum=1&pageSize=5');
    assert.equal(refused.status(), 403);
    assert.equal((await refused.json() as { code: number }).code, 403);
    assert.equal((await call('webWaterArchive/findByCondition?pageNum=1&pageSize=5')).status(), 200);
    // The administrator's own page says who they are.
    await own.goto(new URL('sysuser', platform.url).toString());
    await own.getByText('本人').first().waitFor();
    await context.close();
  });
});
