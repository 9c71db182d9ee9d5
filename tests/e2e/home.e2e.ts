import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, screenshot, startPlatform, type RunningPlatform } from './support';

/**
 * The home dashboards end to end: an operator logs in and lands on the water home (`index`), opens
 * the electricity home (`index_water`), recharges a room of the arrears list from the drawer, and
 * sees the day's recharge money and the arrears count change without a reload.
 */
let platform: RunningPlatform;
let browser: Browser;
let page: Page;

before(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
});

after(async () => {
  await browser?.close();
  await platform?.stop();
});

const figure = async (testId: string) => (await page.getByTestId(`${testId}-value`).textContent()) ?? '';
const whole = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

describe('home dashboards', () => {
  it('logs in and lands on the water home with its figures, charts and gauge', async () => {
    await page.goto(platform.url);
    await page.waitForURL(/\/login/);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/index$/);
    await page.getByTestId('dashboard-water').waitFor();
    assert.ok(whole(await figure('kpi-rooms')) > 100);
    assert.match(await figure('kpi-usage-month'), /m³$/);
    const gauge = page.getByTestId('liquid-gauge');
    assert.match((await gauge.getAttribute('aria-label')) ?? '', /^本月 [\d,.]+ m³，上月 [\d,.]+ m³（\d+%）$/);
    await page.getByTestId('usage-chart').locator('svg rect').first().waitFor();
    await screenshot(page, 'home-01-water');
  });

  it('opens the electricity home from the menu', async () => {
    await page.goto(new URL('index_water', platform.url).toString());
    await page.getByTestId('dashboard-electric').waitFor();
    await page.getByTestId('usage-chart').locator('svg rect').first().waitFor();
    await page.getByTestId('alarm-panel').getByTestId('alarm-row').first().waitFor();
    await screenshot(page, 'home-02-electric');
  });

  it('recharges a room in arrears from the drawer and the figures change without a reload', async () => {
    // A mark on the window: a reload would lose it.
    await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
    const moneyBefore = whole(await figure('kpi-recharge-today'));
    const arrearsBefore = whole(await figure('kpi-arrears'));
    const row = page.getByTestId('arrears-list').locator('tbody tr').first();
    const balance = whole((await row.locator('td').nth(2).textContent()) ?? '');
    assert.ok(balance < 0);
    const amount = Math.ceil(-balance) + 50;
    await row.getByRole('button', { name: '充值' }).click();
    const dialog = page.getByRole('dialog', { name: /充值/ });
    await dialog.getByRole('textbox', { name: /金额/ }).fill(String(amount));
    await screenshot(page, 'home-03-recharge-dialog');
    await dialog.getByRole('button', { name: /^收款/ }).click();
    const order = page.getByTestId('drawer-order');
    await order.waitFor();
    assert.match((await order.textContent()) ?? '', new RegExp(`¥${amount.toLocaleString('en-US')}\\.00`));
    await screenshot(page, 'home-04-recharged');
    await page.getByRole('button', { name: '关闭' }).first().click();
    await page.waitForFunction(([id, before]) => {
      const text = document.querySelector(`[data-testid="${id}-value"]`)?.textContent ?? '';
      return Number(text.replace(/[^\d.-]/g, '')) !== before;
    }, ['kpi-recharge-today', moneyBefore] as const);
    assert.equal(whole(await figure('kpi-recharge-today')), Math.round((moneyBefore + amount) * 100) / 100);
    assert.equal(whole(await figure('kpi-arrears')), arrearsBefore - 1);
    assert.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true);
    await screenshot(page, 'home-05-after');
  });
});
