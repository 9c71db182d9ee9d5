import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatYuan } from '../../common/money';
import { launchBrowser, operatorGet, operatorToken, screenshot, startPlatform, type RunningPlatform } from './support';

/**
 * The tenant's own page end to end (issue 42), on a phone (390×844): a tenant of the demo estate signs
 * in with the phone on their record and the code the simulated SMS provider delivered (read from its
 * phone, /sim/sms), sees their balance as the operators' account holds it, pays ¥50 of electricity with
 * Alipay in the simulated wallet, sees the balance ¥50 higher, and downloads the month's statement as a
 * PDF; the page in English too. Screenshots of each step.
 */
let platform: RunningPlatform;
let browser: Browser;
let phone: BrowserContext;
let page: Page;
let base: string;
let token: string;

const operator = <T>(path: string) => operatorGet<T>(base, token, path);

interface Side { utility: string; balanceFen: number | null; meterId: number | null; hoardLimitFen: number | null; accountOpened: boolean }
const electricOf = async (roomId: number) => (await operator<Side[]>(`account/findByRoom?roomId=${roomId}`)).find((side) => side.utility === 'electric')!;

/** The newest sign-in code the simulated SMS provider delivered to a phone. */
async function codeSentTo(tenantPhone: string, after: number): Promise<string> {
  for (let i = 0; i < 120; i++) {
    const response = await fetch(new URL(`sim/sms?format=json&phone=${tenantPhone}`, base));
    const { messages } = await response.json() as { messages: { content: string; at: string }[] };
    const fresh = messages.find((message) => Date.parse(message.at) >= after && /\d{6}/.test(message.content));
    if (fresh) return /\d{6}/.exec(fresh.content)![0];
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no sign-in code reached ${tenantPhone}`);
}

before(async () => {
  platform = await startPlatform();
  base = platform.url.replace(/\/?$/, '/');
  token = await operatorToken(base);
  browser = await launchBrowser();
  phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', acceptDownloads: true });
  page = await phone.newPage();
});

after(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('the tenant\'s own page, end to end', () => {
  let tenantPhone = '';
  let roomId = 0;
  let before = 0;

  it('finds a tenant of the demo estate with a mobile phone and an electric account', async () => {
    const bindings = await operator<{ records: { roomId: number; tenantPhone: string | null }[] }>('tenantBinding/findByCondition?current=true&pageNum=1&pageSize=50');
    for (const binding of bindings.records) {
      if (!/^1[3-9]\d{9}$/.test(binding.tenantPhone ?? '')) continue;
      const side = await electricOf(binding.roomId);
      if (side.meterId === null || !side.accountOpened || side.balanceFen === null || side.balanceFen < 0) continue;
      if (side.hoardLimitFen !== null && side.balanceFen + 5000 > side.hoardLimitFen) continue;
      tenantPhone = binding.tenantPhone!;
      roomId = binding.roomId;
      before = side.balanceFen;
      break;
    }
    assert.ok(tenantPhone, 'no current tenant with a mobile phone and an electric account');
  });

  it('signs in with the code the SMS brought (zh-chs)', async () => {
    await page.goto(new URL('tenant', base).toString());
    await page.getByRole('textbox', { name: '手机号' }).fill(tenantPhone);
    const asked = Date.now() - 5_000;
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await screenshot(page, 'tenant-01-sign-in-zh-chs');
    const code = await codeSentTo(tenantPhone, asked);
    await page.getByRole('textbox', { name: '短信验证码' }).fill(code);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText(formatYuan(before), { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByText('预计可用').first().waitFor();
    await screenshot(page, 'tenant-02-overview-zh-chs');
  });

  it('pays ¥50 of electricity with Alipay and sees the balance ¥50 higher', async () => {
    await page.getByRole('link', { name: '充值' }).or(page.getByRole('tab', { name: '充值' })).or(page.getByRole('button', { name: '充值', exact: true })).first().click();
    const utility = page.getByRole('radio', { name: '电费' });
    if (await utility.count()) await utility.check();
    await page.getByRole('radio', { name: '¥50', exact: true }).check();
    await page.getByRole('radio', { name: '支付宝' }).check();
    await page.getByRole('button', { name: '支付 ¥50.00' }).click();
    await page.getByRole('img', { name: '支付二维码' }).waitFor();
    await screenshot(page, 'tenant-03-qr-code-zh-chs');
    await page.getByRole('link', { name: '打开模拟钱包' }).click();
    await page.waitForURL(/\/sim\/alipay\/pay\?/);
    await page.getByRole('button', { name: '支付 ¥50.00' }).click();
    await page.getByText('支付成功').waitFor();
    // Back on the tenant's page: the balance as the account holds it once the notification is credited.
    const target = formatYuan(before + 5000);
    for (let i = 0; i < 40; i++) {
      await page.goto(new URL('tenant', base).toString());
      if (await page.getByText(target, { exact: true }).first().isVisible({ timeout: 3_000 }).catch(() => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await page.getByText(target, { exact: true }).first().waitFor({ timeout: 5_000 });
    assert.equal((await electricOf(roomId)).balanceFen, before + 5000);
    await screenshot(page, 'tenant-04-credited-zh-chs');
  });

  it('downloads the month\'s statement as a PDF', async () => {
    await page.getByRole('link', { name: '账单' }).or(page.getByRole('tab', { name: '账单' })).or(page.getByRole('button', { name: '账单', exact: true })).first().click();
    await page.getByText('截至今日').first().click();
    await page.getByRole('button', { name: '下载 PDF' }).waitFor();
    await screenshot(page, 'tenant-05-statement-zh-chs');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载 PDF' }).click()]);
    assert.match(download.suggestedFilename(), /^statement-\d{4}-\d{2}\.pdf$/);
    const bytes = await readFile((await download.path())!);
    assert.equal(bytes.subarray(0, 8).toString('latin1'), '%PDF-1.7');
    assert.ok(bytes.length > 1000);
  });

  it('reads in English too', async () => {
    await page.goto(new URL('tenant', base).toString());
    await page.getByRole('combobox', { name: '语言' }).selectOption('en');
    await page.getByText(formatYuan(before + 5000), { exact: true }).first().waitFor();
    await page.getByText('Balance').first().waitFor();
    await screenshot(page, 'tenant-06-overview-en');
  });
});
