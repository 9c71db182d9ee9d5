import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { testBackend } from '../msw/setup';

signedInForFile('admin');

/** The meter's room's water account is at or below minus its overdraft (where the arrears rule closes the valve). */
const IN_ARREARS = `EXISTS (SELECT 1 FROM accounts a WHERE a.room_id = w.room_id AND a.utility = 'water' AND a.balance_fen <= -a.overdraft_fen)`;
const threshold = process.env.MASS_CONFIRM_ABOVE;
afterEach(() => {
  if (threshold === undefined) delete process.env.MASS_CONFIRM_ABOVE;
  else process.env.MASS_CONFIRM_ABOVE = threshold;
});

/** Closes `count` valves of a building (the last ones), the first in arrears and the others in credit. */
async function closedValves(buildingId: number, count: number) {
  const valves = await query<{ id: number; address: string; room_id: number }>(`SELECT w.id, w.address, w.room_id FROM water_meters w JOIN rooms r ON r.id = w.room_id
    WHERE w.area_id = 1 AND r.building_id = ${buildingId} AND w.account_opened ORDER BY w.id DESC LIMIT ${count}`);
  await query(`UPDATE water_meters SET valve_state = 'closed' WHERE id IN (${valves.map((v) => v.id).join(',')})`);
  await query(`UPDATE accounts SET balance_fen = -2000, overdraft_fen = 500 WHERE utility = 'water' AND room_id = ${valves[0].room_id}`);
  await query(`UPDATE accounts SET balance_fen = 3000 WHERE utility = 'water' AND room_id IN (${valves.slice(1).map((v) => v.room_id).join(',')})`);
  return valves;
}

describe('water meter switch', () => {
  it('closes one meter\'s valve after confirmation, then shows the command until it is done', async () => {
    const u = user();
    renderScreen('/waterswitch?filter=%7B%22valveState%22%3A%22open%22%2C%22online%22%3A%22true%22%7D');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const headers = [...document.querySelectorAll('main thead th')].map((header) => header.textContent);
    const address = rows()[0].querySelectorAll('td')[headers.indexOf('表地址')].textContent!;
    await u.click(await within(rows()[0]).findByRole('button', { name: '关阀' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(new RegExp(`^确定关闭水表 ${address}`))).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('关阀：1 个设备')).toBeInTheDocument();
    const [command] = await query<{ type: string }>(`SELECT c.type FROM commands c JOIN water_meters w ON w.id = c.device_id AND c.device_kind = 'water' WHERE w.address = '${address}' ORDER BY c.id DESC LIMIT 1`);
    expect(command.type).toBe('valve_close');
    await testBackend().runCommands();
    expect(await screen.findByText(/已完成 1\/1：成功 1，失败 0/)).toBeInTheDocument();
    const [meter] = await query<{ valve_state: string }>(`SELECT valve_state FROM water_meters WHERE address = '${address}'`);
    expect(meter.valve_state).toBe('closed');
  });

  it('opens the valves of every closed meter of a building, stating scope and count first (those in arrears left out)', async () => {
    const u = user();
    const [building] = await query<{ id: number; n: string }>(`SELECT r.building_id AS id, count(*) FILTER (WHERE NOT ${IN_ARREARS}) AS n FROM water_meters w JOIN rooms r ON r.id = w.room_id
      WHERE w.area_id = 1 AND w.valve_state <> 'open' GROUP BY r.building_id ORDER BY count(*) FILTER (WHERE NOT ${IN_ARREARS}) DESC LIMIT 1`);
    renderScreen(`/waterswitch?filter=${encodeURIComponent(JSON.stringify({ buildingId: building.id }))}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(screen.getByRole('button', { name: '批量阀控' }));
    await u.click(await screen.findByRole('menuitem', { name: '打开列表中水表的阀门' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(new RegExp(`${building.n} 块水表`));
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`开阀：${building.n} 个设备`)).toBeInTheDocument();
  });
  it('opening the list\'s valves counts only those not open, says how many are in arrears and leaves them out; above the server\'s threshold the count is typed', async () => {
    const u = user();
    process.env.MASS_CONFIRM_ABOVE = '2';
    const [{ id: buildingId }] = await query<{ id: number }>(`SELECT r.building_id AS id FROM water_meters w JOIN rooms r ON r.id = w.room_id WHERE w.area_id = 1 AND w.account_opened
      GROUP BY r.building_id HAVING count(*) > 6 ORDER BY r.building_id DESC LIMIT 1`);
    const [inArrears] = await closedValves(buildingId, 5);
    const [{ open, closed, arrears }] = await query<{ open: string; closed: string; arrears: string }>(`SELECT count(*) FILTER (WHERE w.valve_state = 'open') AS open,
      count(*) FILTER (WHERE w.valve_state <> 'open') AS closed, count(*) FILTER (WHERE w.valve_state <> 'open' AND ${IN_ARREARS}) AS arrears
      FROM water_meters w JOIN rooms r ON r.id = w.room_id WHERE w.area_id = 1 AND r.building_id = ${buildingId}`);
    const n = Number(closed) - Number(arrears);
    expect(n).toBeGreaterThan(2);
    renderScreen(`/waterswitch?filter=${encodeURIComponent(JSON.stringify({ buildingId }))}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(screen.getByRole('button', { name: '批量阀控' }));
    await u.click(await screen.findByRole('menuitem', { name: '打开列表中水表的阀门' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`向其中阀门未打开的 ${n} 块水表下发开阀指令？`);
    expect(within(dialog).getByTestId('left-out')).toHaveTextContent(`以下表计不执行：${Number(open) ? `已是开阀状态的 ${open} 块水表；` : ''}账户欠费的 ${arrears} 块水表。`);
    expect(within(dialog).getByTestId('arrears')).toHaveTextContent(`其中 ${arrears} 块水表的账户欠费`);
    const confirm = within(dialog).getByRole('button', { name: '确定' });
    expect(confirm).toBeDisabled();
    await u.click(within(dialog).getByLabelText(`此操作将恢复 ${n} 户的供电或供水：请输入 ${n} 以确认`));
    await u.keyboard(String(n));
    await u.click(confirm);
    expect(await screen.findByText(`开阀：${n} 个设备`)).toBeInTheDocument();
    const [{ queued }] = await query<{ queued: string }>(`SELECT count(*) AS queued FROM commands WHERE device_kind = 'water' AND device_id = ${inArrears.id} AND type = 'valve_open'`);
    expect(Number(queued)).toBe(0);
  });

  it('opening one valve whose account is in arrears asks the operator to choose so and give a reason', async () => {
    const u = user();
    const [{ id: buildingId }] = await query<{ id: number }>(`SELECT r.building_id AS id FROM water_meters w JOIN rooms r ON r.id = w.room_id WHERE w.area_id = 1 AND w.account_opened
      GROUP BY r.building_id HAVING count(*) > 6 ORDER BY r.building_id LIMIT 1`);
    const [valve] = await closedValves(buildingId, 2);
    renderScreen(`/waterswitch?filter=${encodeURIComponent(JSON.stringify({ q: valve.address }))}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(await within(rows()[0]).findByRole('button', { name: '开阀' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('arrears')).toHaveTextContent('其中 1 块水表的账户欠费');
    const confirm = within(dialog).getByRole('button', { name: '确定' });
    expect(confirm).toBeDisabled();
    await u.click(within(dialog).getByRole('checkbox', { name: '欠费的 1 块水表也恢复' }));
    expect(confirm).toBeDisabled();
    await u.click(within(dialog).getByRole('textbox', { name: '原因' }));
    await u.keyboard('管道检修后试水');
    await u.click(confirm);
    expect(await screen.findByText('开阀：1 个设备')).toBeInTheDocument();
    const [log] = await query<{ after: { arrearsOverride: { reason: string } } }>(`SELECT after FROM operation_log WHERE action = 'valve:open' ORDER BY id DESC LIMIT 1`);
    expect(log.after.arrearsOverride.reason).toBe('管道检修后试水');
  });
});
