import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { formatYuan } from '../../common/money';
import { moneyText } from '../../common/formats';
import { E2E_PASSWORD, launchBrowser, screenshot, startPlatform, type RunningPlatform } from './support';

/**
 * Issue 29's prepaid loop end to end: a day schedule drawn as it is typed, a time-of-use price table
 * on it (four register prices), that table assigned in the meter form (dianbiaoguanli) to a tenant's
 * meter whose control set trips on arrears, the table's list saying "used by 1 meter"; then the
 * meter read from the meter query screen until its charges take the account below its overdraft,
 * each charge in the room's ledger on the payment screen (register use × the table's price, to the
 * fen), and the arrears trip in the power-cut records with the relay off.
 *
 * The simulated meters use energy SIM_TIME_SCALE times as fast as in life, but their demand grows
 * with it too, and every demo meter holds a power limit (its power and load sets): above the limit a
 * meter trips itself for overload and uses nothing. So the estate runs at a pace where a tenant's
 * meter draws about 1–2 kW (not ten simulated minutes a second, which would put every meter far
 * above 4 kW), the target is the one whose demand, read once, is comfortably under its limit, and
 * the money moves fast through the prices instead: near the ¥1000/kWh ceiling, 0.01 kWh (the
 * register's step) costs ¥7.20–¥9.60, so two or three steps take a small balance past its overdraft.
 */
let platform: RunningPlatform;
let browser: Browser;
let page: Page;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const SCHEDULE = `端到端时段 ${stamp}`;
const TABLE = `端到端分时 ${stamp}`;
/** The simulated pace: an average tenant's meter draws about 1–2 kW (see the comment above). */
const TIME_SCALE = '8';
/** The table's prices, yuan per kWh, by rate register (sharp, peak, flat, valley). */
const PRICES = [960, 880, 800, 720] as const;
/** At most this many reads before the balance must be past the overdraft. */
const MAX_READS = 8;

/** The meter the loop runs on, and what the platform knew of it after its first read. */
interface Target {
  meterId: number;
  address: string;
  roomId: number;
  roomLabel: string;
  roomCode: string;
  projectName: string;
  buildingName: string;
  overdraftFen: number;
  /** Register values in hundredths of a kWh: sharp, peak, flat, valley. */
  registers: number[];
  powerKw: number;
}
let target: Target;
/** The balance the charges so far should leave (fen), and each charge with the balance after it. */
let balanceFen: number;
const charges: { amountFen: number; balanceAfterFen: number }[] = [];

before(async () => {
  platform = await startPlatform({ env: { SIM_TIME_SCALE: TIME_SCALE } });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
});

after(async () => {
  await browser?.close();
  await platform?.stop();
});

const go = (route: string) => page.goto(new URL(route, platform.url).toString());

/** A screenshot once the transitions have ended (a dialog fading in, a menu closing); endless ones (spinners) aside. */
async function shot(name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  await screenshot(page, name);
}

/** A call of the platform's API as the logged-in console makes it (choosing the target only). */
async function api<T>(path: string, data?: unknown): Promise<T> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  assert.ok(token, 'logged in');
  const url = new URL(`api/v1/electricity/${path}`, platform.url).toString();
  const options = { headers: { 'X-Token': token } };
  const response = data === undefined ? await page.request.get(url, options) : await page.request.post(url, { ...options, data });
  const body = await response.json();
  assert.equal(body.code, 200, `${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

interface MeterRow {
  id: number; address: string; roomId: number; roomCode: string; projectName: string; buildingName: string;
  relayState: string; keepSupply: boolean; online: boolean;
  controlSetId: number | null; powerSetId: number | null; loadSetId: number | null; nightSetId: number | null; timedSetId: number | null;
}
interface AccountSide { utility: string; balanceFen: number; overdraftFen: number; freeLeft: number | null; accountOpened: boolean }
interface CommandRow { id: number; deviceId: number; state: string; result: Record<string, unknown> | null }

/** Register values (kWh, two decimals) as whole hundredths. */
const hundredths = (kwh: number) => Math.round(kwh * 100);
const REGISTERS = ['sharp', 'peak', 'flat', 'valley'] as const;

/** Opens the target's room on the payment screen: its number typed, ↓ to the room itself (several buildings have a room of that number), Enter. */
async function openRoom() {
  await go('userJiaofei');
  const search = page.getByRole('combobox', { name: /房间号、租户或电话/ });
  await search.fill(target.roomCode);
  await page.getByRole('option', { name: new RegExp(target.roomLabel) }).first().waitFor();
  for (let i = 0; i < 50; i++) {
    await search.press('ArrowDown');
    if ((await page.locator('[role="option"].Mui-focused').innerText()).includes(target.roomLabel)) break;
  }
  await search.press('Enter');
  await page.getByTestId('selected-room').getByText(target.roomLabel).waitFor();
}

describe('tariffs: a time-of-use table on a new schedule, a meter on it charged into arrears and cut', () => {
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
    for (const [i, label] of ['尖（元/kWh）', '峰（元/kWh）', '平（元/kWh）', '谷（元/kWh）'].entries()) {
      await page.getByRole('textbox', { name: label }).fill(String(PRICES[i]));
    }
    await page.getByRole('textbox', { name: '水价（元/m³）' }).fill('3.5');
    await screenshot(page, 'tariffs-02-table');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/danjiabiao(\?.*)?$/);
    const row = page.getByRole('row').filter({ hasText: TABLE });
    await row.getByText('尖 960.00 / 峰 880.00 / 平 800.00 / 谷 720.00').waitFor();
    await row.getByText('未使用').waitFor();
  });

  it('chooses a tenant’s meter that trips on arrears, with a small balance and its demand under its limit', async () => {
    // The parameter sets of the area: whether a control set trips on arrears, and the power a meter
    // may draw before its power or load set trips it by itself.
    const sets = new Map<number, Record<string, unknown>>();
    for (const kind of ['control', 'power', 'load']) {
      const { records } = await api<{ records: { id: number; values: Record<string, unknown> }[] }>(`parameterSet/${kind}/findByCondition?pageSize=100`);
      for (const set of records) sets.set(set.id, set.values);
    }
    const limitW = (meter: MeterRow) => {
      const limits = [Number.POSITIVE_INFINITY];
      const power = meter.powerSetId === null ? undefined : sets.get(meter.powerSetId);
      const load = meter.loadSetId === null ? undefined : sets.get(meter.loadSetId);
      if (power) limits.push(Number(power.maxPowerW));
      if (load) limits.push(Number(load.maxLoadW), ...(load.action === 'trip' ? [Number(load.malignantThresholdW)] : []));
      return Math.min(...limits);
    };
    // Tenants' electric accounts with up to ¥20 left, their meters on, online, not kept on, with no
    // night or timed set (which cut by the clock), under a control set that trips on arrears.
    const { records: accounts } = await api<{ records: { roomId: number; balanceFen: number; tenantName: string | null }[] }>(
      'userParameter/findByCondition?utility=electric&sortField=balanceFen&sortOrder=asc&pageSize=100');
    const candidates: { meter: MeterRow; limitW: number }[] = [];
    for (const account of accounts.filter((a) => a.balanceFen >= 0 && a.balanceFen <= 2000 && a.tenantName)) {
      const { records: [meter] } = await api<{ records: MeterRow[] }>(`electricMeter/findByCondition?roomId=${account.roomId}`);
      if (!meter || meter.relayState !== 'on' || meter.keepSupply || !meter.online || meter.nightSetId !== null || meter.timedSetId !== null) continue;
      if (meter.controlSetId === null || sets.get(meter.controlSetId)?.autoTrip !== true) continue;
      candidates.push({ meter, limitW: limitW(meter) });
    }
    assert.ok(candidates.length > 0, 'the demo estate has tenants’ meters with a small balance that trip on arrears');
    // One read of them all: each meter's registers and the power it draws now.
    const { ids } = await api<{ ids: number[] }>('command/create', { deviceKind: 'electric', deviceIds: candidates.map((c) => c.meter.id), type: 'read' });
    let done: CommandRow[] = [];
    for (let look = 0; look < 60; look++) {
      done = await api<CommandRow[]>(`command/findByIds?ids=${ids.join(',')}`);
      if (done.every((command) => !['queued', 'sent'].includes(command.state))) break;
      await page.waitForTimeout(500);
    }
    let best: { score: number; target: Target } | undefined;
    for (const { meter, limitW } of candidates) {
      const result = done.find((command) => command.deviceId === meter.id && command.state === 'succeeded')?.result;
      const powerW = Number(result?.powerKw) * 1000;
      // Well under its limit (the demand changes hour by hour), and drawing something.
      if (!result || result.relayState !== 'on' || !(powerW > 0 && powerW <= limitW / 2)) continue;
      const side = (await api<AccountSide[]>(`account/findByRoom?roomId=${meter.roomId}`)).find((s) => s.utility === 'electric');
      if (!side || !side.accountOpened || side.balanceFen < 0 || (side.freeLeft ?? 0) > 0) continue;
      // The one that should reach its overdraft soonest.
      const score = (side.balanceFen + side.overdraftFen) / powerW;
      if (best && best.score <= score) continue;
      best = {
        score,
        target: {
          meterId: meter.id, address: meter.address, roomId: meter.roomId, roomCode: meter.roomCode, projectName: meter.projectName, buildingName: meter.buildingName,
          roomLabel: [meter.projectName, meter.buildingName, meter.roomCode].join(' · '), overdraftFen: side.overdraftFen,
          registers: REGISTERS.map((rate) => hundredths(Number(result[rate]))), powerKw: powerW / 1000,
        },
      };
    }
    assert.ok(best, `one of ${candidates.length} meters draws power under half its limit: ${JSON.stringify(done.map((c) => [c.deviceId, c.state, c.result?.powerKw]))}`);
    target = best.target;
    // The balance its first read left (that read was charged at its old price).
    balanceFen = (await api<AccountSide[]>(`account/findByRoom?roomId=${target.roomId}`)).find((s) => s.utility === 'electric')!.balanceFen;
  });

  it('assigns it to that meter in the meter form', async () => {
    await go('dianbiaoguanli');
    await page.getByRole('textbox', { name: '搜索' }).fill(target.address);
    const row = page.getByRole('row').filter({ hasText: target.address });
    await row.waitFor();
    assert.equal(await page.locator('main tbody tr').count(), 1);
    await row.getByRole('link', { name: '编辑' }).click();
    await page.waitForURL(new RegExp(`/dianbiaoguanli/${target.meterId}$`));
    await page.getByRole('combobox', { name: '电价表' }).click();
    await page.getByRole('option', { name: new RegExp(TABLE) }).click();
    await shot('tariffs-03-meter-form');
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
    await dialog.getByText(target.address).waitFor();
    await shot('tariffs-04-used-by');
  });

  it('reads the meter now until its charges take the account past its overdraft', async () => {
    await go('dianbiaoshishijilu');
    await page.getByRole('textbox', { name: '搜索' }).fill(target.address);
    const row = page.getByRole('row').filter({ hasText: target.address });
    await row.waitFor();
    let registers = target.registers;
    let used = 0;
    for (let read = 1; read <= MAX_READS && balanceFen > -target.overdraftFen; read++) {
      // Long enough for the registers to move about one step (0.01 kWh) at the power last seen.
      await page.waitForTimeout(Math.min(20_000, Math.max(5_000, (36 / Math.max(target.powerKw, 0.1)) * 1000)));
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: '抄读选中' }).click();
      await page.getByRole('dialog').getByRole('button', { name: /确定|确认|抄表/ }).last().click();
      const progress = page.getByRole('dialog', { name: /指令进度|立即抄表/ });
      const line = progress.getByRole('row').filter({ hasText: target.address });
      await line.getByText('成功').waitFor({ timeout: 30_000 });
      // The values the meter answered, by the progress table's column names.
      const headers = (await progress.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
      const cells = (await line.getByRole('cell').allInnerTexts()).map((text) => text.trim());
      const value = (name: string) => {
        const at = headers.indexOf(name);
        assert.ok(at >= 0, `the progress table has a column ${name}: ${headers.join(' | ')}`);
        return hundredths(Number(cells[at].replace(/,/g, '')));
      };
      const now = ['尖', '峰', '平', '谷'].map(value);
      target.powerKw = Number(cells[headers.indexOf('功率 kW')]);
      const deltas = now.map((v, i) => v - registers[i]);
      assert.ok(deltas.every((d) => d >= 0), `the registers never go back: ${registers} → ${now}`);
      assert.equal(value('总电量') - registers.reduce((a, b) => a + b, 0), deltas.reduce((a, b) => a + b, 0), 'the total moves by the sum of the rate registers');
      // The charge: each register's use (hundredths of a kWh) × its price (yuan per kWh) = fen.
      const amountFen = deltas.reduce((sum, d, i) => sum + d * PRICES[i], 0);
      used += deltas.reduce((a, b) => a + b, 0);
      registers = now;
      if (amountFen > 0) {
        balanceFen -= amountFen;
        charges.push({ amountFen, balanceAfterFen: balanceFen });
      }
      if (read === 1) await shot('tariffs-05-read');
      await progress.getByRole('button', { name: /关闭/ }).click();
      await progress.waitFor({ state: 'hidden' });
    }
    assert.ok(balanceFen <= -target.overdraftFen,
      `after ${MAX_READS} reads the meter used ${used / 100} kWh (last ${target.powerKw} kW; 0 kW: its relay is off, e.g. tripped by its own power limit) and its balance should be ${moneyText(balanceFen)}, not yet at −${moneyText(target.overdraftFen)}`);
  });

  it('shows each charge in the room’s ledger on the payment screen, the balance negative and the supply cut', async () => {
    const electric = page.getByRole('region', { name: '电费' });
    // The relay goes off once the arrears trip the last charge queued has run: the screen shows the
    // room as it is when opened, so it is opened again until then.
    for (let look = 0; look < 20; look++) {
      await openRoom();
      await electric.getByTestId('balance-electric').waitFor();
      if (await electric.getByText('拉闸（断电）').count()) break;
      await page.waitForTimeout(1_000);
    }
    await electric.getByText('拉闸（断电）').waitFor();
    await electric.getByText('欠费断供').waitFor();
    assert.equal(await electric.getByTestId('balance-electric').innerText(), formatYuan(balanceFen));
    assert.ok(balanceFen < 0);
    // The newest entries: one deduction per charge, newest first, each with its balance after.
    const ledger = electric.getByRole('table', { name: /最近流水/ });
    const rows = ledger.locator('tbody tr');
    for (const [i, charge] of [...charges].reverse().entries()) {
      const cells = (await rows.nth(i).getByRole('cell').allInnerTexts()).map((text) => text.trim());
      assert.deepEqual(cells.slice(1, 4), ['扣费', `-${moneyText(charge.amountFen)}`, moneyText(charge.balanceAfterFen)], `ledger row ${i + 1}: ${cells.join(' | ')}`);
      // Tied to its reading (the reading's number).
      assert.match(cells[4], /^\d+$/);
    }
    await shot('tariffs-06-ledger');
  });

  it('shows the arrears trip in the power-cut records, not restored, and the relay off', async () => {
    await go('continuitytable');
    const pick = async (label: string, text: string) => {
      const input = page.getByRole('combobox', { name: label }).last();
      await input.click();
      await input.fill(text);
      await page.getByRole('option', { name: text }).first().click();
    };
    for (const [label, option] of [['原因', '欠费'], ['状态', '仍断电']]) {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await pick('项目', target.projectName);
    await pick('建筑', target.buildingName);
    await page.getByRole('textbox', { name: '房间号' }).fill(target.roomCode);
    // Once the place applies (the cause and state did first), every row is the meter's.
    await page.waitForFunction((address) => {
      const rows = [...document.querySelectorAll('main tbody tr')];
      return rows.length > 0 && rows.every((row) => row.textContent?.includes(address));
    }, target.address);
    const records = page.locator('main tbody tr');
    assert.equal(await records.count(), 1, 'one arrears cut of the meter still in force');
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    const cells = (await records.first().getByRole('cell').allInnerTexts()).map((text) => text.trim());
    const cell = (name: string) => cells[headers.findIndex((header) => header.startsWith(name))];
    assert.equal(cell('原因'), '欠费');
    assert.equal(cell('恢复时间'), '', 'not restored');
    assert.equal(cell('房间号'), target.roomCode);
    await shot('tariffs-07-power-cut');

    await go('tongduankongzhi');
    await page.getByRole('textbox', { name: '搜索' }).fill(target.address);
    await page.getByRole('row').filter({ hasText: target.address }).getByText('拉闸').waitFor();
    await shot('tariffs-08-relay-off');
  });
});
