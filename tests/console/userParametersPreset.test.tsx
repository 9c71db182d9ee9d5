import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { testBackend } from '../msw/setup';
import { formatYuan } from '../../common/money';

/**
 * Issue 30's user parameter settings (basicUserParameters), preset energy (yuzhidianliang) and its
 * records (preset_power_record), rendered against the MSW backend: what the screens show, what
 * they send, and what the database holds after.
 */
signedInForFile('admin');

const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

describe('basicUserParameters', () => {
  it('refuses a hoarding limit below the balance with a message that says the balance (nothing sent), then saves valid limits', async () => {
    const u = user();
    const [account] = await query<{ id: number; room_id: number; room_code: string; balance_fen: number; alarm1_fen: number; hoard_limit_fen: number }>(
      `SELECT a.id, a.room_id, r.room_code, a.balance_fen::int AS balance_fen, a.alarm1_fen::int AS alarm1_fen, a.hoard_limit_fen::int AS hoard_limit_fen
       FROM accounts a JOIN rooms r ON r.id = a.room_id WHERE a.area_id = 1 AND a.utility = 'electric' AND a.balance_fen >= 10000 ORDER BY a.id LIMIT 1`);
    renderScreen(`/basicUserParameters?filter=${filterOf({ roomId: account.room_id, utility: 'electric' })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent(account.room_code);
    expect(rows()[0]).toHaveTextContent(yuan(account.balance_fen));
    await u.click(within(rows()[0]).getByRole('button', { name: '设置参数' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('account-balance')).toHaveTextContent(formatYuan(account.balance_fen));
    const hoard = within(dialog).getByRole('textbox', { name: '囤积限额（元）' });
    await u.clear(hoard);
    await u.type(hoard, yuan(account.balance_fen - 100));
    await u.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`囤积限额 ${formatYuan(account.balance_fen - 100)} 低于当前余额 ${formatYuan(account.balance_fen)}`);
    const [unchanged] = await query<{ hoard_limit_fen: number }>(`SELECT hoard_limit_fen::int AS hoard_limit_fen FROM accounts WHERE id = ${account.id}`);
    expect(unchanged.hoard_limit_fen).toBe(account.hoard_limit_fen);

    // Level 2 not below level 1: refused the same way.
    const alarm2 = within(dialog).getByRole('textbox', { name: '二级报警金额（元）' });
    await u.clear(hoard);
    await u.type(hoard, yuan(account.balance_fen + 50_000));
    await u.clear(alarm2);
    await u.type(alarm2, yuan(account.alarm1_fen));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('须低于一级报警金额');

    await u.clear(alarm2);
    await u.type(alarm2, '1.5');
    await u.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [after] = await query<{ hoard_limit_fen: number; alarm2_fen: number }>(`SELECT hoard_limit_fen::int AS hoard_limit_fen, alarm2_fen::int AS alarm2_fen FROM accounts WHERE id = ${account.id}`);
    expect(after).toEqual({ hoard_limit_fen: account.balance_fen + 50_000, alarm2_fen: 150 });
    const [log] = await query<{ entity_id: string }>(`SELECT entity_id FROM operation_log WHERE entity = 'account' AND action = 'updateUserParameters' ORDER BY id DESC LIMIT 1`);
    expect(log.entity_id).toBe(String(account.id));
  });
});

describe('yuzhidianliang', () => {
  it('presets kWh on the selected meter: the count confirmed, one preset_energy command, its progress and its record', async () => {
    const u = user();
    const [meter] = await query<{ id: number; address: string }>(`SELECT id, address FROM electric_meters WHERE area_id = 1 AND online AND module_id IS NOT NULL AND room_id IS NOT NULL ORDER BY id DESC LIMIT 1`);
    renderScreen(`/yuzhidianliang?filter=${filterOf({ q: meter.address })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('checkbox'));
    await u.click(await screen.findByRole('button', { name: '为所选电表预置电量' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('所选 1 块电表');
    const energy = within(dialog).getByRole('textbox', { name: '预置电量（kWh）' });
    await u.type(energy, '1.234');
    expect(dialog).toHaveTextContent('请输入 0.01–99999.99 kWh，最多两位小数');
    expect(within(dialog).getByRole('button', { name: '确定' })).toBeDisabled();
    await u.clear(energy);
    await u.type(energy, '50');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('向 1 块电表写入预置电量 50.00 kWh？');
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('预置电量：1 个设备')).toBeInTheDocument();
    const [command] = await query<{ id: number; payload: { energy: number } }>(`SELECT id, payload FROM commands WHERE type = 'preset_energy' AND device_id = ${meter.id} ORDER BY id DESC LIMIT 1`);
    expect(command.payload.energy).toBe(50);
    expect(await query(`SELECT 1 FROM preset_energy_records WHERE command_id = ${command.id}`)).toHaveLength(0);
    await testBackend().runCommands();
    const [record] = await query<{ state: string; energy: string }>(`SELECT state, energy FROM preset_energy_records WHERE command_id = ${command.id}`);
    expect(record.state).toBe('succeeded');
    expect(Number(record.energy)).toBe(50);
  });
});

describe('preset_power_record', () => {
  it('lists each result with its meter, kWh, result and operator, filtered by meter; the totals of the filtered set', async () => {
    const [meter] = await query<{ id: number; address: string; room_id: number }>(`SELECT id, address, room_id FROM electric_meters WHERE area_id = 1 AND room_id IS NOT NULL ORDER BY id OFFSET 3 LIMIT 1`);
    const [admin] = await query<{ id: number }>(`SELECT id FROM sys_users WHERE user_name = 'admin'`);
    await query(`INSERT INTO preset_energy_records (area_id, meter_id, room_id, energy, state, operator_id, created_at) VALUES
      (1, ${meter.id}, ${meter.room_id}, 33.25, 'succeeded', ${admin.id}, now()), (1, ${meter.id}, ${meter.room_id}, 10, 'unsupported', ${admin.id}, now())`);
    renderScreen(`/preset_power_record?filter=${filterOf({ meterAddress: meter.address })}`);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const texts = rows().map((row) => row.textContent ?? '');
    expect(texts.some((text) => text.includes('33.25') && text.includes('成功'))).toBe(true);
    expect(texts.some((text) => text.includes('不支持'))).toBe(true);
    expect(texts.every((text) => text.includes(meter.address))).toBe(true);
    expect(await screen.findByText('已预置电量（kWh）')).toBeInTheDocument();
    expect(screen.getByText('33.25', { selector: '*:not(td):not(td *)' })).toBeInTheDocument();
  });
});
