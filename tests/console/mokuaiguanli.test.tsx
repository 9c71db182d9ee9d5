import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { testBackend } from '../msw/setup';
import { steadyReader as reader } from '../support/drivers';

signedInForFile('admin');

describe('module management', () => {
  it('lists the modules of the seeded estate with kind, protocol, online tag and meter counts', async () => {
    renderScreen('/mokuaiguanli');
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    const headers = [...document.querySelectorAll('main thead th')].map((header) => header.textContent);
    for (const header of ['模块地址', '名称', '类型', '在线', '电表数', '水表数']) expect(headers).toContain(header);
    expect(screen.getAllByText('模拟器').length).toBeGreaterThan(0);
    expect(screen.getAllByText('CJ/T 188（水表）').length).toBeGreaterThan(0);
    const [{ n }] = await query<{ n: string }>('SELECT count(*) AS n FROM modules WHERE area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)');
    expect(await screen.findByText(new RegExp(`共 ${n} 条|/ ${n}|of ${n}`))).toBeInTheDocument();
  });

  it('creates a TCP gateway: a bad host gets a field message, a good one is saved and listed', async () => {
    const u = user();
    renderScreen('/mokuaiguanli/create');
    await u.click(await screen.findByRole('combobox', { name: '类型' }));
    await u.click(await screen.findByRole('option', { name: 'TCP 网关' }));
    // The kind's menu is closed (and the host field shown) before anything else is typed.
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await u.type(await screen.findByRole('textbox', { name: '模块地址' }), 'GW7788');
    await u.type(screen.getByRole('textbox', { name: '名称' }), '三号楼网关');
    const host = await screen.findByRole('textbox', { name: '主机' });
    await u.type(host, 'http://gw.example.net/x');
    await u.type(screen.getByRole('spinbutton', { name: '端口' }), '8899');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入主机名或 IP 地址，不含 http://、端口和路径')).toBeInTheDocument();
    expect(await query('SELECT id FROM modules WHERE address = \'GW7788\'')).toHaveLength(0);
    await u.clear(host);
    await u.type(host, 'gw.example.net');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(async () => expect(await query('SELECT id FROM modules WHERE address = \'GW7788\'')).toHaveLength(1));
    const [saved] = await query<{ kind: string; host: string; port: number; online: boolean }>('SELECT kind, host, port, online FROM modules WHERE address = \'GW7788\'');
    expect(saved).toMatchObject({ kind: 'tcp-gateway', host: 'gw.example.net', port: 8899, online: false });
    renderScreen('/mokuaiguanli?filter=%7B%22q%22%3A%22GW7788%22%7D');
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes('gw.example.net:8899'))).toBe(true));
  });

  it('shows a module with its meters, refuses to delete it while they hang off it, and tests its connection', async () => {
    const u = user();
    const [module] = await query<{ id: number; address: string; n: number }>(`SELECT m.id, m.address, (SELECT count(*)::int FROM water_meters w WHERE w.module_id = m.id) AS n
      FROM modules m WHERE m.area_id = 1 AND m.online AND m.protocol = 'cjt188' AND EXISTS (SELECT 1 FROM water_meters w WHERE w.module_id = m.id AND w.online) ORDER BY m.id LIMIT 1`);
    renderScreen(`/mokuaiguanli/${module.id}`);
    const aside = await screen.findByRole('region', { name: '模块状态' });
    expect(await within(aside).findByRole('table', { name: '下挂的表' })).toBeInTheDocument();
    expect(within(aside).getByText(`电表 0 块 · 水表 ${module.n} 块`)).toBeInTheDocument();
    const [meter] = await query<{ address: string }>(`SELECT address FROM water_meters WHERE module_id = ${module.id} ORDER BY address LIMIT 1`);
    expect(within(aside).getByText(meter.address)).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: '删除' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText(`模块 ${module.address} 下仍挂有电表 0 块、水表 ${module.n} 块：请先移走或删除`)).toBeInTheDocument();
    expect(await query(`SELECT id FROM modules WHERE id = ${module.id}`)).toHaveLength(1);

    await u.click(within(aside).getByRole('button', { name: '测试连接' }));
    expect(await screen.findByText('测试连接（抄表）：1 个设备')).toBeInTheDocument();
    await testBackend().runCommands(reader);
    expect(await screen.findByText(/已完成 1\/1：成功 1，失败 0/)).toBeInTheDocument();
  });
});
