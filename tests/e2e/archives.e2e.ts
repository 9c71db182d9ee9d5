import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, screenshot, startPlatform, type RunningPlatform } from './support';

/**
 * The archives group end to end, as an operator's first day: a project, a building, its rooms in
 * bulk and from a CSV file with one bad row, a tenant bound to a room, a water meter attached,
 * a recharge, and the balance, the order and the ledger entry it leaves.
 */
let platform: RunningPlatform;
let browser: Browser;
let page: Page;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const PROJECT = `E2E项目${stamp}`;
const BUILDING = `E2E楼${stamp}`;
const TENANT = `测试租户${stamp}`;

before(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
});

after(async () => {
  await browser?.close();
  await platform?.stop();
});

/** Picks an option of an autocomplete (a react-admin reference input) by typing part of its name. */
async function pick(label: RegExp | string, text: string, option = text) {
  const input = page.getByRole('combobox', { name: label }).last();
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

const go = async (route: string) => {
  await page.goto(`${platform.url}/${route}`);
};

describe('archives: estate, tenant, binding and recharge, end to end', () => {
  it('logs in', async () => {
    await page.goto(platform.url);
    await page.waitForURL(/\/login/);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/index$/);
  });

  it('creates a project, refusing a bad phone number first', async () => {
    await go('project/create');
    await page.getByRole('textbox', { name: /项目名称/ }).fill(PROJECT);
    await page.getByRole('textbox', { name: /地址/ }).fill('杭州市测试路 1 号');
    const phone = page.getByRole('textbox', { name: /联系电话/ });
    await phone.fill('电话');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('请输入电话号码').first().waitFor();
    await phone.fill('0571-88886666');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/project(\?.*)?$/);
    await page.getByRole('cell', { name: PROJECT }).waitFor();
    await screenshot(page, 'archives-01-project');
  });

  it('creates a building of that project', async () => {
    await go('jianzhuguanli/create');
    await pick(/所属项目/, PROJECT);
    await page.getByRole('textbox', { name: /建筑名称/ }).fill(BUILDING);
    await page.getByRole('spinbutton', { name: /楼层数/ }).fill('3');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/jianzhuguanli(\?.*)?$/);
    await page.getByRole('cell', { name: BUILDING }).waitFor();
  });

  it('creates the rooms of floors 1–2 in bulk, with a preview', async () => {
    await go('fangjianguanli');
    await page.getByRole('button', { name: '批量创建' }).click();
    const dialog = page.getByRole('dialog', { name: '批量创建房间' });
    await pick(/建筑/, BUILDING);
    await dialog.getByRole('spinbutton', { name: /结束楼层/ }).fill('2');
    await dialog.getByRole('spinbutton', { name: /结束房号/ }).fill('3');
    await dialog.getByText('将新建6个').waitFor();
    await dialog.getByRole('region', { name: '房间号' }).getByText('203').waitFor();
    await screenshot(page, 'archives-02-bulk-preview');
    await dialog.getByRole('button', { name: '创建6个房间' }).click();
    await page.getByText('已创建6个房间').waitFor();
  });

  it('imports rooms from CSV: one bad row is reported, the valid rows only are imported', async () => {
    await go('fangjianguanli');
    await page.getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog');
    const csv = `projectName,buildingName,roomCode,floor,size,remark\r\n${PROJECT},${BUILDING},301,3,20.5,\r\n${PROJECT},${BUILDING},101,1,18,重复\r\n${PROJECT},${BUILDING},302,3,21,\r\n`;
    await dialog.locator('input[type=file]').setInputFiles({ name: 'rooms.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
    await dialog.getByText('3行中有1行有问题').waitFor();
    await dialog.getByRole('table', { name: '各行问题' }).getByText('roomCode').waitFor();
    await screenshot(page, 'archives-03-import-report');
    assert.ok(await dialog.getByRole('button', { name: /^导入3行/ }).isDisabled());
    await dialog.getByRole('button', { name: '只导入2个有效行' }).click();
    await page.getByText('已导入2行').waitFor();
    await page.getByRole('textbox', { name: '搜索' }).fill('30');
    await pick(/^建筑$/, BUILDING);
    await page.getByRole('cell', { name: '302' }).waitFor();
    assert.equal(await page.getByRole('cell', { name: '303' }).count(), 0);
    await screenshot(page, 'archives-04-rooms');
  });
});
