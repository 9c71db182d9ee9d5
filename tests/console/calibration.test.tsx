import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { testBackend } from '../msw/setup';
import { LivingEstate } from '../../server/devices/living';

/**
 * 校准时间, 充值校准 and 充值校准记录 (issue 30) against the real backend: time sync per meter with
 * the clock's difference before and after shown per meter, or broadcast to the meters' modules;
 * recharge calibration from compare to the ticked correction with its reason, recorded once the
 * meter took it; the records list with its filters.
 */
signedInForFile('admin');

const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));

/** Online meters of area 1 on online modules, in rooms with an electric account. */
const reachable = (n: number, offset = 0) => query<{ id: number; address: string; module_id: number }>(`
  SELECT m.id, m.address, m.module_id FROM electric_meters m JOIN modules mo ON mo.id = m.module_id
  JOIN accounts a ON a.room_id = m.room_id AND a.utility = 'electric'
  WHERE m.area_id = 1 AND m.online AND mo.online ORDER BY m.id LIMIT ${n} OFFSET ${offset}`);

describe('jiaozhunshijian', () => {
  it('syncs the selected meter per meter: its clock\'s difference before and after shows as the command finishes', async () => {
    const u = user();
    const [meter] = await reachable(1, 40);
    renderScreen(`/jiaozhunshijian?filter=${filterOf({ q: meter.address })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('checkbox'));
    await u.click(await screen.findByRole('button', { name: '所选电表校时' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: '逐表校时：设置每块表的时钟并读回' })).toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent('确定为 1 块电表校时吗？');
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('校时：1 个设备')).toBeInTheDocument();
    const [command] = await query<{ type: string; payload: { broadcast: boolean } }>(`SELECT type, payload FROM commands WHERE device_kind = 'electric' AND device_id = ${meter.id} ORDER BY id DESC LIMIT 1`);
    expect(command).toMatchObject({ type: 'time_sync', payload: { broadcast: false } });
    await testBackend().runCommands();
    const table = await screen.findByRole('table', { name: '本次操作的设备' });
    for (const header of ['校时前表内时钟', '校时前时差', '校时后表内时钟', '校时后时差']) expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    // What the simulated meter's clock said (deterministic from its address), then no difference.
    await waitFor(() => expect(within(table).getAllByRole('cell').some((cell) => cell.textContent === '0 秒')).toBe(true));
    const [{ result }] = await query<{ result: { diffBeforeS: number } }>(`SELECT result FROM commands WHERE device_kind = 'electric' AND device_id = ${meter.id} ORDER BY id DESC LIMIT 1`);
    const before = result.diffBeforeS > 0 ? `+${result.diffBeforeS} 秒` : `${result.diffBeforeS} 秒`;
    expect(within(table).getAllByRole('cell').some((cell) => cell.textContent === before)).toBe(true);
  });

  it('broadcasts to the selected meters\' modules: one command per module, the mode explained', async () => {
    const u = user();
    const meters = await reachable(2, 50);
    renderScreen(`/jiaozhunshijian?filter=${filterOf({ ids: meters.map((m) => m.id).join(',') })}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    for (const row of rows()) await u.click(within(row).getByRole('checkbox'));
    await u.click(await screen.findByRole('button', { name: '所选电表校时' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('radio', { name: '广播校时：每个模块一帧，无应答' }));
    expect(within(dialog).getByText(/电表不应答广播：发送即完成/)).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent(`确定向 ${rows().length} 块电表所在的模块广播校时吗？`);
    const [{ last }] = await query<{ last: string | null }>(`SELECT max(id) AS last FROM commands`);
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    const modules = new Set(meters.slice(0, rows().length).map((m) => m.module_id)).size;
    expect(await screen.findByText(`广播校时：${modules} 个设备`)).toBeInTheDocument();
    const queued = await query<{ device_kind: string; payload: { broadcast: boolean } }>(`SELECT device_kind, payload FROM commands WHERE id > ${Number(last ?? 0)}`);
    expect(queued.every((c) => c.device_kind === 'module' && c.payload.broadcast === true)).toBe(true);
  });
});

describe('chongzhijiaozhun', () => {
  it('compares the selected meter, asks for a reason, corrects it to the platform and records it once the meter took it', async () => {
    const u = user();
    // A meter whose simulated registers differ from the platform's (the discrepancy comes from its address).
    const candidates = await reachable(40, 60);
    const meter = candidates.find((m) => new LivingEstate().electric(m.address)!.wallet!({ balanceFen: 0, saleCount: 5 }).balanceFen !== 0)!;
    renderScreen(`/chongzhijiaozhun?filter=${filterOf({ q: meter.address })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('checkbox'));
    await u.click(await screen.findByRole('button', { name: '与电表比对' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByRole('status')).toHaveTextContent('确定读取 1 块电表的购电次数和剩余金额吗？');
    await u.click(within(confirm).getByRole('button', { name: '确定' }));
    const compare = await screen.findByRole('dialog', { name: '电表与平台比对结果' });
    await testBackend().runCommands();
    await waitFor(() => expect(within(compare).getByRole('status')).toHaveTextContent('已读 1/1 · 不一致 1 · 失败 0'));
    const table = within(compare).getByRole('table', { name: '电表与平台比对结果' });
    expect(table).toHaveTextContent(meter.address);
    const correct = within(compare).getByRole('button', { name: '校准勾选的 0 块电表' });
    expect(correct).toBeDisabled();
    await u.click(within(compare).getByRole('checkbox', { name: `校准电表 ${meter.address}` }));
    const before = (await query<{ n: string }>(`SELECT count(*) AS n FROM commands`))[0].n;
    // No reason: refused on screen, nothing queued.
    await u.click(within(compare).getByRole('button', { name: '校准勾选的 1 块电表' }));
    expect(await within(compare).findByText('请填写校准原因')).toBeInTheDocument();
    expect((await query<{ n: string }>(`SELECT count(*) AS n FROM commands`))[0].n).toBe(before);
    await u.type(within(compare).getByRole('textbox', { name: '校准原因' }), '换表后余额未同步');
    await u.click(within(compare).getByRole('button', { name: '校准勾选的 1 块电表' }));
    expect(await screen.findByText('充值校准：1 个设备')).toBeInTheDocument();
    const [command] = await query<{ id: number; payload: { calibration: { phase: string; reason: string } } }>(`SELECT id, payload FROM commands WHERE device_kind = 'electric' AND device_id = ${meter.id} ORDER BY id DESC LIMIT 1`);
    expect(command.payload.calibration).toMatchObject({ phase: 'correct', reason: '换表后余额未同步' });
    expect(Number((await query<{ n: string }>(`SELECT count(*) AS n FROM calibration_records WHERE meter_id = ${meter.id}`))[0].n)).toBe(0);
    await testBackend().runCommands();
    const progress = await screen.findByRole('table', { name: '本次操作的设备' });
    await waitFor(() => expect(within(progress).getAllByRole('cell').some((cell) => cell.textContent === '成功')).toBe(true));
    const records = await query<{ reason: string }>(`SELECT detail->>'reason' AS reason FROM calibration_records WHERE meter_id = ${meter.id}`);
    expect(records).toEqual([{ reason: '换表后余额未同步' }]);
  });
});

describe('chongzhijiaozhunjilu', () => {
  it('lists the corrections with before, after, difference, reason and operator; filters by meter', async () => {
    const [meter] = await query<{ id: number; address: string; room_id: number }>(`SELECT id, address, room_id FROM electric_meters WHERE area_id = 1 AND room_id IS NOT NULL ORDER BY id DESC LIMIT 1`);
    const [admin] = await query<{ id: number }>(`SELECT id FROM sys_users WHERE user_name = 'admin'`);
    await query(`INSERT INTO calibration_records (area_id, room_id, utility, meter_id, platform_sale_count, meter_sale_count, platform_balance_fen, meter_balance_fen, correction_fen, detail, operator_id, created_at)
      VALUES (1, ${meter.room_id}, 'electric', ${meter.id}, 6, 5, 12345, 10345, 2000, '{"reason":"漏写一次充值","meterBalanceFenAfter":12345,"meterSaleCountAfter":6,"commandId":999999}', ${admin.id}, now())`);
    renderScreen(`/chongzhijiaozhunjilu?filter=${filterOf({ meterAddress: meter.address })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const row = rows()[0];
    expect(row).toHaveTextContent(meter.address);
    expect(row).toHaveTextContent('漏写一次充值');
    expect(row).toHaveTextContent('123.45');
    expect(row).toHaveTextContent('103.45');
    expect(row).toHaveTextContent('20.00');
    expect(screen.getByRole('columnheader', { name: '校准金额（元）' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '电表地址' })).toHaveValue(meter.address);
    expect(screen.getByRole('textbox', { name: '操作员' })).toBeInTheDocument();
  });
});
