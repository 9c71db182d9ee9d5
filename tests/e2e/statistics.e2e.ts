import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, screenshot, startPlatform, type RunningPlatform } from './support';

/**
 * Statistics and analysis end to end through the group's menu items: the recharge orders with their
 * totals, voiding one order (status 0 afterwards), the water orders, a room statement drilled down
 * to its lines, the power-cut, fault, gift and settlement records; screenshots in zh-chs and en.
 */
let platform: RunningPlatform;
let browser: Browser;
let context: BrowserContext;
let page: Page;

// Visible rows only: the tabs opened before keep their pages, hidden.
const rowsOf = () => page.locator('main tbody tr:visible');
const side = () => page.getByRole('navigation', { name: 'side menu', exact: true });

/** Opens a screen of the statistics group from the side menu, opening the group first when it is closed. */
async function openFromMenu(name: string) {
  const group = side().getByRole('button', { name: '统计分析' });
  for (let attempt = 1; ; attempt++) {
    if (await group.getAttribute('aria-expanded') !== 'true') await group.click();
    try {
      await side().getByRole('menuitem', { name }).click({ timeout: 10_000 });
      break;
    } catch (error) {
      // The group closed under the click (the landing page still settling): open it again.
      if (attempt === 3) throw error;
    }
  }
  await page.waitForFunction((title) => document.title.endsWith(title), name);
  await rowsOf().first().waitFor();
}

before(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page = await context.newPage();
  await page.goto(`${platform.url.replace(/\/?$/, '/')}login`);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/index$/);
});

after(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('statistics and analysis, end to end', () => {
  it('lists the recharge orders with the totals of every matching order', async () => {
    await openFromMenu('充值订单统计');
    const totals = page.locator('[data-testid="list-totals"]:visible');
    await totals.waitFor();
    assert.match(await totals.textContent() ?? '', /订单数\s*[\d,]+/);
    await screenshot(page, 'statistics-01-orders-zh-chs');
  });

  it('voids one order with a reason, and the order shows status 0 (已作废)', async () => {
    const row = rowsOf().filter({ has: page.getByRole('button', { name: '作废订单' }) }).first();
    const orderId = (await row.locator('td').first().textContent())!.trim();
    assert.match(orderId, /^E\d+$/);
    await row.getByRole('button', { name: '作废订单' }).click();
    const dialog = page.getByRole('dialog', { name: `作废订单 ${orderId}` });
    await dialog.getByRole('textbox', { name: /作废原因/ }).fill('端到端测试：重复收款');
    await screenshot(page, 'statistics-02-void-dialog-zh-chs');
    await dialog.getByRole('button', { name: '作废', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`${platform.url.replace(/\/?$/, '/')}chongzhidingdan?filter=${encodeURIComponent(JSON.stringify({ orderId }))}`);
    await rowsOf().first().waitFor();
    assert.equal(await rowsOf().count(), 1);
    await rowsOf().first().filter({ hasText: '已作废' }).waitFor();
    assert.equal(await rowsOf().first().getByRole('button', { name: '作废订单' }).count(), 0);
    // Through the API: status 0.
    const token = (await context.cookies()).find((cookie) => cookie.name === 'token')!.value;
    const answer = await page.request.get(`${platform.url.replace(/\/?$/, '/')}api/v1/electricity/webStatsanalysisOrder/findRechargeOrderByParams?orderId=${orderId}`, { headers: { 'X-Token': token } });
    const body = await answer.json() as { data: { records: { orderId: string; orderStatus: number }[] } };
    assert.equal(body.data.records.find((order) => order.orderId === orderId)?.orderStatus, 0);
  });

  it('lists the water orders, and drills down from a room statement to its lines', async () => {
    await openFromMenu('水费充值订单');
    assert.match(await rowsOf().first().textContent() ?? '', /W\d+/);
    await openFromMenu('房间结算统计');
    await screenshot(page, 'statistics-03-statements-zh-chs');
    await rowsOf().first().getByRole('link', { name: '结算明细' }).click();
    await page.waitForURL(/room_billing_details/);
    await page.locator('[data-testid="statement-banner"]:visible').waitFor();
    await page.waitForFunction(() => /结算明细：/.test(document.querySelector('[data-testid="statement-banner"]')?.textContent ?? ''));
    await rowsOf().first().waitFor();
    await screenshot(page, 'statistics-04-statement-lines-zh-chs');
  });

  it('opens the power-cut, fault, gift and settlement records from the menu, each with its totals', async () => {
    for (const name of ['断电记录', '故障记录', '免费电赠送记录', '免费水赠送记录', '复费率月结算']) {
      await openFromMenu(name);
      await page.locator('[data-testid="list-totals"]:visible').waitFor();
    }
    await screenshot(page, 'statistics-05-monthly-settlement-zh-chs');
  });

  it('reads the same screens in English', async () => {
    await context.addCookies([{ name: 'lang', value: 'en', url: platform.url }]);
    await page.goto(`${platform.url.replace(/\/?$/, '/')}chongzhidingdan`);
    await rowsOf().first().waitFor();
    await page.waitForFunction(() => document.title.endsWith('Recharge order statistics'));
    const totals = page.locator('[data-testid="list-totals"]:visible');
    await totals.waitFor();
    assert.match(await totals.textContent() ?? '', /Orders\s*[\d,]+/);
    await screenshot(page, 'statistics-06-orders-en');
    await page.goto(`${platform.url.replace(/\/?$/, '/')}room_billing_statement`);
    await rowsOf().first().waitFor();
    await screenshot(page, 'statistics-07-statements-en');
  });
});
