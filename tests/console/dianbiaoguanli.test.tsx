import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { testBackend } from '../msw/setup';
import type { DeviceDriver } from '../../server/devices/driver';

/** 电表管理: list with relay and online tags, create with client-side address validation, import report, read now. */
signedInForFile('admin');

const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));
/** A driver that reads fixed values (the living simulator is another part of issue 11). */
const reader: DeviceDriver = {
  execute: async (_target, type) => (type === 'read'
    ? { ok: true, data: { total: 4321.09, sharp: 1, peak: 2, flat: 3, valley: 4315.09, voltage: 220.6, current: 1.25, powerKw: 0.275 } }
    : { ok: false, code: 'unsupported' }),
};

describe('dianbiaoguanli', () => {
  it('lists meters with their relay and online tags and last total', async () => {
    renderScreen('/dianbiaoguanli');
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    const headers = [...document.querySelectorAll('main thead th')].map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(['表地址', '房间号', '继电器', '在线', '总电量（kWh）']));
    expect(within(rows()[0]).getAllByText('合闸').length + within(rows()[0]).queryAllByText('拉闸').length).toBeGreaterThan(0);
  });

  it('refuses an 11-digit address on the form with a message, sending nothing', async () => {
    const u = user();
    const [{ n: before }] = await query<{ n: string }>('SELECT count(*) AS n FROM electric_meters');
    renderScreen('/dianbiaoguanli/create');
    const address = await screen.findByRole('textbox', { name: /表地址/ });
    await u.type(address, '20261122001');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('必须是 12 位数字')).toBeInTheDocument();
    const [{ n: after }] = await query<{ n: string }>('SELECT count(*) AS n FROM electric_meters');
    expect(after).toBe(before);
    expect(window.location.pathname).toBe('/dianbiaoguanli/create');
  });

  it('creates a meter on a DL/T 645 module, then lists it', async () => {
    const u = user();
    const [module] = await query<{ address: string }>(`SELECT address FROM modules WHERE area_id = 1 AND protocol = 'dlt645' ORDER BY natural_sort_key(address) LIMIT 1`);
    renderScreen('/dianbiaoguanli/create');
    await u.type(await screen.findByRole('textbox', { name: /表地址/ }), '202611229901');
    const picker = screen.getByRole('combobox', { name: /通讯模块/ });
    await u.click(picker);
    // Only DL/T 645 modules are offered.
    const options = await screen.findAllByRole('option');
    const cjt = await query<{ address: string }>(`SELECT address FROM modules WHERE protocol = 'cjt188'`);
    expect(options.some((option) => cjt.some((m) => option.textContent?.includes(m.address)))).toBe(false);
    await u.click(await screen.findByRole('option', { name: new RegExp(module.address) }));
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dianbiaoguanli'));
    const [meter] = await query<{ id: number }>(`SELECT id FROM electric_meters WHERE address = '202611229901'`);
    expect(meter).toBeDefined();
    renderScreen(`/dianbiaoguanli?filter=${filterOf({ q: '202611229901' })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('202611229901');
  });

  it('imports from CSV with a per-row report', async () => {
    const u = user();
    const [module] = await query<{ address: string }>(`SELECT address FROM modules WHERE area_id = 1 AND protocol = 'dlt645' ORDER BY id DESC LIMIT 1`);
    renderScreen('/dianbiaoguanli');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(await screen.findByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    const csv = `\uFEFFaddress,moduleAddress,channel\r\n202611229911,${module.address},\r\n20261122991,${module.address},\r\n`;
    await u.upload(within(dialog).getByTestId('import-file'), new File([csv], 'meters.csv', { type: 'text/csv' }));
    const report = await within(dialog).findByRole('table', { name: '各行问题' });
    const [line] = within(report).getAllByRole('row').slice(1);
    expect(within(line).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', 'address', '必须是 12 位数字']);
    await u.click(within(dialog).getByRole('button', { name: '只导入1个有效行' }));
    expect(await screen.findByText('已导入1行')).toBeInTheDocument();
    expect(await query(`SELECT address FROM electric_meters WHERE address IN ('202611229911', '20261122991')`)).toEqual([{ address: '202611229911' }]);
  });

  it('reads a meter now from its row and shows the values once the command succeeds', async () => {
    const u = user();
    const [meter] = await query<{ id: number; address: string }>(`SELECT id, address FROM electric_meters WHERE area_id = 1 AND online AND module_id IS NOT NULL ORDER BY id LIMIT 1`);
    renderScreen(`/dianbiaoguanli?filter=${filterOf({ q: meter.address })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(await within(rows()[0]).findByRole('button', { name: '设备操作' }));
    await u.click(await screen.findByRole('menuitem', { name: '立即抄表' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByRole('status')).toHaveTextContent('对 1 块电表执行「立即抄表」？');
    await u.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('立即抄表：1 个设备')).toBeInTheDocument();
    await testBackend().runCommands(reader);
    const progress = await screen.findByRole('table', { name: '本次操作的设备' });
    await waitFor(() => expect(progress).toHaveTextContent('4321.09'));
    expect(progress).toHaveTextContent('220.6');
  });
});
