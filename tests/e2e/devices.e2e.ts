import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, screenshot, startPlatform, type RunningPlatform } from './support';

/**
 * The devices group end to end over the real protocol path: a `tcp-gateway` module at the
 * simulated gateway's port (real DL/T 645 frames over a real socket), an electric meter on it,
 * "read now" showing the meter's value, then a trip showing the relay off; then the special
 * functions on that meter (issue 30): the area's control set assigned through the assign flow
 * (preview, live progress, control-14 writes answered 94), a per-meter time sync with the clock read
 * back, and the assignment in the meter's set history.
 */
let platform: RunningPlatform;
let browser: Browser;
let page: Page;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const GATEWAY = `GW${stamp}`;
// A fresh 12-digit address: the simulated gateway answers any address it is asked for.
const METER = `7${String(Date.now()).slice(-11)}`;

before(async () => {
  platform = await startPlatform({ simulatedGateway: true });
  assert.ok(platform.gatewayPort, 'the platform runs a simulated gateway');
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

/** A screenshot once the transitions have ended (a dialog fading in, a menu closing); endless ones (spinners) aside. */
async function shot(name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  await screenshot(page, name);
}

/** Finds the meter in a list by its address (the list's search box) and selects its row. */
async function selectMeter() {
  await page.getByRole('textbox', { name: '搜索' }).fill(METER);
  const row = page.getByRole('row').filter({ hasText: METER });
  await row.waitFor();
  await row.getByRole('checkbox').check();
  return row;
}

describe('devices: a gateway, a meter on it, read now and trip, over DL/T 645 on TCP', () => {
  it('logs in', async () => {
    await page.goto(platform.url);
    await page.waitForURL(/\/login/);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/index$/);
  });

  it('adds a TCP gateway module at the simulated gateway, refusing a URL as its host first', async () => {
    await go('mokuaiguanli/create');
    await page.getByRole('combobox', { name: /类型/ }).click();
    await page.getByRole('option', { name: 'TCP 网关' }).click();
    await page.getByRole('textbox', { name: /模块地址/ }).fill(GATEWAY);
    await page.getByRole('textbox', { name: /名称/ }).fill(`端到端网关 ${stamp}`);
    const host = page.getByRole('textbox', { name: /主机/ });
    await host.fill('http://127.0.0.1/');
    await page.getByLabel(/端口/).fill(String(platform.gatewayPort));
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText(/不含 http/).first().waitFor();
    await host.fill('127.0.0.1');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/mokuaiguanli(\?.*)?$/);
    await page.getByRole('textbox', { name: '搜索' }).fill(GATEWAY);
    await page.getByRole('cell', { name: GATEWAY }).waitFor();
    await screenshot(page, 'devices-01-module');
  });

  it('adds an electric meter on that gateway, refusing an 11-digit address first', async () => {
    await go('dianbiaoguanli/create');
    const address = page.getByRole('textbox', { name: /表地址/ });
    await address.fill(METER.slice(1));
    const module = page.getByRole('combobox', { name: /通讯模块/ });
    await module.click();
    await module.fill(GATEWAY);
    await page.getByRole('option', { name: new RegExp(GATEWAY) }).first().click();
    await page.getByLabel(/^通道/).fill('1');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('必须是 12 位数字').first().waitFor();
    await address.fill(METER);
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/dianbiaoguanli(\?.*)?$/);
    await page.getByRole('textbox', { name: '搜索' }).fill(METER);
    await page.getByRole('cell', { name: METER }).waitFor();
  });

  it('reads the meter now: the value arrives in the results table', async () => {
    await go('dianbiaoshishijilu');
    await selectMeter();
    await page.getByRole('button', { name: '抄读选中' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: /确定|确认|抄表/ }).last().click();
    const progress = page.getByRole('dialog', { name: /指令进度|立即抄表/ });
    const row = progress.getByRole('row').filter({ hasText: METER });
    await row.getByText('成功').waitFor({ timeout: 30_000 });
    // The total kWh the meter answered (a number with two decimals).
    assert.match(await row.innerText(), /\d+\.\d{2}/);
    await screenshot(page, 'devices-02-read');
    await progress.getByRole('button', { name: /关闭/ }).click();
  });

  it('trips the meter with a cause: the relay shows off', async () => {
    await go('tongduankongzhi');
    const row = await selectMeter();
    await page.getByRole('button', { name: '通断选中' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('combobox', { name: '操作' }).click();
    await page.getByRole('option', { name: '拉闸' }).click();
    await confirm.getByText(/原因：手动/).waitFor();
    await confirm.getByRole('button', { name: /确定|确认|拉闸/ }).last().click();
    const progress = page.getByRole('dialog', { name: /指令进度|拉闸/ });
    await progress.getByRole('row').filter({ hasText: METER }).getByText('成功').waitFor({ timeout: 30_000 });
    await progress.getByRole('button', { name: /关闭/ }).click();
    await row.getByText('拉闸').waitFor();
    await screenshot(page, 'devices-03-tripped');
  });

  it('assigns the area\'s control set to the meter (控制参数设置): current → new, then live progress with the meter\'s answer', async () => {
    await go('kongzhiset');
    const listed = await selectMeter();
    await page.getByRole('button', { name: '为所选电表设置' }).click();
    const assign = page.getByRole('dialog', { name: '设置控制参数' });
    await assign.getByRole('combobox', { name: '参数方案' }).click();
    await page.getByRole('option', { name: '标准控制策略', exact: true }).click();
    // The preview: this meter, from no control set to the chosen one.
    const change = assign.getByRole('table', { name: '各电表的变化' }).getByRole('row').filter({ hasText: METER });
    await change.getByText('标准控制策略').waitFor();
    assert.match(await change.innerText(), /（无）/);
    await shot('devices-04-control-preview');
    await assign.getByRole('button', { name: '确定' }).click();
    // Control code 14 writes of 04 00 10 01…04 (alarm 1 and 2, overdraft, hoarding limit) over the
    // gateway's socket, each answered 94: the meter's control set is the new one once it succeeded.
    const progress = page.getByRole('dialog', { name: /设置控制参数：1 个设备/ });
    const result = progress.getByRole('row').filter({ hasText: METER });
    await result.getByText('成功').waitFor({ timeout: 30_000 });
    await shot('devices-05-control-progress');
    await progress.getByRole('button', { name: '关闭' }).click();
    await listed.getByText('标准控制策略').waitFor();
  });

  it('syncs the meter\'s clock (校准时间): a control 14 write per meter, the clock read back', async () => {
    await go('jiaozhunshijian');
    await selectMeter();
    await page.getByRole('button', { name: '所选电表校时' }).click();
    await page.getByRole('dialog', { name: '所选电表校时' }).getByRole('button', { name: '确定' }).click();
    const progress = page.getByRole('dialog', { name: /校时：1 个设备/ });
    const result = progress.getByRole('row').filter({ hasText: METER });
    await result.getByText('成功').waitFor({ timeout: 30_000 });
    // The clock after, to the second, and its difference from the platform's.
    assert.match(await result.innerText(), /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[\s\S]*-?\d+ 秒/);
    await shot('devices-06-time-sync');
    await progress.getByRole('button', { name: '关闭' }).click();
  });

  it('shows the assignment in the meter\'s set history (电表管理): the set, its result, time and operator', async () => {
    await go('dianbiaoguanli');
    await page.getByRole('textbox', { name: '搜索' }).fill(METER);
    await page.getByRole('row').filter({ hasText: METER }).getByRole('button', { name: '方案下发记录' }).click();
    const history = page.getByRole('dialog', { name: `方案下发记录 · ${METER}` });
    const sent = history.getByRole('row').filter({ hasText: '标准控制策略' });
    await sent.getByText('成功').waitFor();
    const text = await sent.innerText();
    assert.match(text, /设置控制参数/);
    assert.match(text, /管理员/);
    assert.match(text, /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await shot('devices-07-set-history');
  });
});
