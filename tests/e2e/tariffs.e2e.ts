import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, screenshot, startPlatform, type RunningPlatform } from './support';

/**
 * Issue 29's templates end to end: a day schedule drawn as it is typed, a time-of-use price table
 * on it (four register prices), that table assigned to a meter in the meter form (dianbiaoguanli),
 * and the table's list saying "used by 1 meter", with the meter in its list.
 */
let platform: RunningPlatform;
let browser: Browser;
let page: Page;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const SCHEDULE = `端到端时段 ${stamp}`;
const TABLE = `端到端分时 ${stamp}`;

before(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
});

after(async () => {
  await browser?.close();
  await platform?.stop();
});

const go = (route: string) => page.goto(new URL(route, platform.url).toString());

describe('tariffs: a time-of-use table on a new schedule, assigned to a meter', () => {
  it('logs in', async () => {
    await page.goto(platform.url);
    await page.waitForURL(/\/login/);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/index$/);
  });

  it('creates a day schedule, refusing a gap first', async () => {
    await go('dsshijianduan/create');
    await page.getByRole('textbox', { name: '名称' }).fill(SCHEDULE);
    // The new schedule: 00:00–08:00 valley, 08:00–24:00 flat. Splitting the day at 18:00 into peak.
    const ends = page.getByRole('textbox', { name: '结束' });
    await ends.nth(1).fill('18:00');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('18:00–24:00 未被覆盖').first().waitFor();
    await page.getByRole('button', { name: '添加' }).click();
    const starts = page.getByRole('textbox', { name: '开始' });
    await starts.nth(2).fill('18:00');
    await ends.nth(2).fill('24:00');
    await page.getByRole('combobox', { name: '费率' }).nth(2).click();
    await page.getByRole('option', { name: '峰' }).click();
    await screenshot(page, 'tariffs-01-schedule');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/dsshijianduan(\?.*)?$/);
    await page.getByRole('row').filter({ hasText: SCHEDULE }).waitFor();
  });

  it('creates a time-of-use price table on it', async () => {
    await go('danjiabiao/create');
    await page.getByRole('textbox', { name: '名称' }).fill(TABLE);
    await page.getByRole('combobox', { name: '类型' }).click();
    await page.getByRole('option', { name: '峰谷分时' }).click();
    await page.getByRole('combobox', { name: '时间段' }).click();
    await page.getByRole('option', { name: SCHEDULE }).click();
    for (const [label, yuan] of [['尖（元/kWh）', '1.20'], ['峰（元/kWh）', '0.98'], ['平（元/kWh）', '0.66'], ['谷（元/kWh）', '0.31']]) {
      await page.getByRole('textbox', { name: label }).fill(yuan);
    }
    await page.getByRole('textbox', { name: '水价（元/m³）' }).fill('3.5');
    await screenshot(page, 'tariffs-02-table');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/danjiabiao(\?.*)?$/);
    const row = page.getByRole('row').filter({ hasText: TABLE });
    await row.getByText('尖 1.20 / 峰 0.98 / 平 0.66 / 谷 0.31').waitFor();
    await row.getByText('未使用').waitFor();
  });

  it('assigns it to a meter in the meter form', async () => {
    await go('dianbiaoguanli');
    const first = page.locator('main tbody tr').first();
    await first.waitFor();
    await first.getByRole('link', { name: '编辑' }).click();
    await page.waitForURL(/\/dianbiaoguanli\/\d+$/);
    await page.getByRole('combobox', { name: '电价表' }).click();
    await page.getByRole('option', { name: new RegExp(TABLE) }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/dianbiaoguanli(\?.*)?$/);
  });

  it('shows the table used by 1 meter, and that meter in its list', async () => {
    await go('danjiabiao');
    const row = page.getByRole('row').filter({ hasText: TABLE });
    await row.getByRole('button', { name: '1 块表' }).click();
    const dialog = page.getByRole('dialog', { name: `“${TABLE}”的使用情况` });
    await dialog.getByRole('cell', { name: '电表' }).waitFor();
    assert.equal(await dialog.locator('tbody tr').count(), 1);
    await screenshot(page, 'tariffs-03-used-by');
  });
});
