import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatYuan } from '../../common/money';
import { launchBrowser, operatorGet, operatorToken, screenshot, startPlatform, type RunningPlatform } from './support';

/**
 * Online payments end to end (issue 41), with the built-in simulated providers: an operator gets a
 * room's pay link (its QR sticker's) through the API; a tenant opens it on a phone, pays ¥50 of
 * electricity with WeChat Pay, pays the QR code in the simulated wallet, comes back and sees the
 * order credited and the balance ¥50 higher; the operator finds the order in the recharge order
 * statistics with channel wechat. The pay page in English too; screenshots of each step.
 */
let platform: RunningPlatform;
let browser: Browser;
let phone: BrowserContext;
let page: Page;
let base: string;
let token: string;

/** An operator's call (X-Token of the admin's session): its data, the code checked. */
const operator = <T>(path: string) => operatorGet<T>(base, token, path);

interface PayRoom { room: string; utilities: { utility: string; balanceFen: number; state: string | null }[]; providers: string[] }

/** A room as its pay code's holder reads it (no session). */
async function payRoom(payCode: string): Promise<PayRoom> {
  const response = await fetch(new URL(`api/v1/pay/room?payCode=${payCode}`, base));
  const body = await response.json() as { code: number; msg: string; data: PayRoom };
  assert.equal(body.code, 200, `pay/room: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

const electricBalance = (room: PayRoom) => room.utilities.find((side) => side.utility === 'electric')?.balanceFen;

before(async () => {
  platform = await startPlatform();
  base = platform.url.replace(/\/?$/, '/');
  // The admin's session, as the console's login makes it (SPEC.md: form-encoded).
  token = await operatorToken(base);
  browser = await launchBrowser();
  // A phone: 390×844, touch, Chinese.
  phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  page = await phone.newPage();
});

after(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('online payments, end to end', () => {
  let payCode = '';
  let link = '';
  let before = 0;
  let orderNo = '';

  it('an operator gets a room\'s pay link', async () => {
    // Rooms with an electric meter; the first whose pay page offers electricity and whose balance leaves room for ¥50 under any hoarding limit.
    const meters = await operator<{ records: { roomId: number | null }[] }>('electricMeter/findByCondition?pageNum=1&pageSize=20');
    const roomIds = [...new Set(meters.records.map((meter) => meter.roomId).filter((id): id is number => typeof id === 'number'))];
    assert.ok(roomIds.length > 0, 'no electric meter in a room');
    let lowest: { code: string; url: string; balance: number } | undefined;
    for (const roomId of roomIds.slice(0, 10)) {
      const found = await operator<{ roomId: number; payCode: string; url: string }>(`payLink/findByRoom?roomId=${roomId}`);
      assert.equal(found.roomId, roomId);
      assert.match(found.payCode, /^[A-Za-z0-9_-]{32}$/);
      assert.ok(found.url.endsWith(`/pay/${found.payCode}`), found.url);
      const balance = electricBalance(await payRoom(found.payCode));
      if (balance !== undefined && (!lowest || balance < lowest.balance)) lowest = { code: found.payCode, url: found.url, balance };
    }
    assert.ok(lowest, 'no room offers electricity on its pay page');
    payCode = lowest.code;
    before = lowest.balance;
    // The sticker's link names PUBLIC_URL; the flow opens the same path on the platform it started.
    link = new URL(`pay/${payCode}`, base).toString();
  });

  it('the tenant opens the link on a phone: the room, its balances, the form (zh-chs)', async () => {
    await page.goto(link);
    await page.getByRole('region', { name: '房间' }).waitFor();
    assert.equal(await page.title(), '电费水费充值');
    assert.equal(await page.locator('html').getAttribute('lang'), 'zh-Hans');
    const room = page.getByRole('region', { name: '房间' });
    assert.match(await room.textContent() ?? '', /\*/);
    await room.getByText(formatYuan(before), { exact: true }).first().waitFor();
    // Only the page's own files: no react-admin, no MUI (the console's bundle is not loaded).
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js')));
    assert.ok(scripts.some((name) => /\/assets\/pay-[\w-]+\.js$/.test(name)), scripts.join('\n'));
    assert.ok(!scripts.some((name) => /\/assets\/index-[\w-]+\.js$/.test(name)), scripts.join('\n'));
    await screenshot(page, 'payments-01-pay-page-zh-chs');
  });

  it('a bad amount is told before any order', async () => {
    await page.getByRole('textbox', { name: '其他金额' }).fill('12.345');
    await page.getByRole('button', { name: '支付', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '最多两位小数' }).waitFor();
    await page.getByRole('textbox', { name: '其他金额' }).fill('');
  });

  it('pays ¥50 of electricity with WeChat Pay: the QR code, the time left, the simulated wallet\'s button', async () => {
    const utility = page.getByRole('radio', { name: '电费' });
    if (await utility.count()) await utility.check();
    await page.getByRole('radio', { name: '¥50', exact: true }).check();
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '支付 ¥50.00' }).click();
    await page.getByRole('img', { name: '支付二维码' }).waitFor();
    await page.getByRole('heading', { name: '支付 ¥50.00' }).waitFor();
    assert.match(await page.getByText(/^剩余支付时间：/).textContent() ?? '', /^剩余支付时间：\d+:\d\d$/);
    orderNo = (await page.getByText(/^订单号 /).textContent() ?? '').replace('订单号 ', '').trim();
    assert.match(orderNo, /^E\d+$/);
    await screenshot(page, 'payments-02-qr-code-zh-chs');
  });

  it('pays the QR code in the simulated wallet', async () => {
    await page.getByRole('link', { name: '打开模拟钱包' }).click();
    await page.waitForURL(/\/sim\/wechatpay\/pay\?/);
    await page.getByRole('button', { name: '支付 ¥50.00' }).click();
    await page.getByText('支付成功').waitFor();
    await screenshot(page, 'payments-03-simulated-wallet-zh-chs');
  });

  it('back on the pay page: the order credited, the balance ¥50 higher', async () => {
    // Reopened from the sticker's link: the page follows the order it made (sessionStorage).
    await page.goto(link);
    const outcome = page.getByRole('status').filter({ hasText: '已充入' });
    await outcome.waitFor({ timeout: 60_000 });
    assert.equal(await outcome.textContent(), `¥50.00已充入电费账户，当前余额${formatYuan(before + 5000)}。`);
    await page.getByRole('region', { name: '房间' }).getByText(formatYuan(before + 5000), { exact: true }).first().waitFor();
    assert.equal(electricBalance(await payRoom(payCode)), before + 5000);
    await screenshot(page, 'payments-04-credited-zh-chs');
  });

  it('the operator finds the order in the recharge order statistics, channel wechat', async () => {
    const orders = await operator<{ records: { orderId: string; channel: string; amountFen: number; utility: string; orderStatus: number }[] }>(
      `webStatsanalysisOrder/findRechargeOrderByParams?orderId=${orderNo}`,
    );
    const order = orders.records.find((record) => record.orderId === orderNo);
    assert.ok(order, `order ${orderNo} not listed: ${JSON.stringify(orders.records)}`);
    assert.equal(order.channel, 'wechat');
    assert.equal(order.amountFen, 5000);
    assert.equal(order.utility, 'electric');
  });

  it('reads in English on an English phone', async () => {
    const english = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
    try {
      const other = await english.newPage();
      await other.goto(link);
      await other.getByRole('region', { name: 'Room' }).getByText('Electricity').waitFor();
      assert.equal(await other.title(), 'Electricity and water top-up');
      await other.getByRole('radio', { name: 'WeChat Pay' }).waitFor();
      await screenshot(other, 'payments-05-pay-page-en');
    } finally {
      await english.close();
    }
  });
});
