import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { testBackend } from '../msw/setup';

signedInForFile('admin');

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

  it('opens the valves of every closed meter of a building, stating scope and count first', async () => {
    const u = user();
    const [building] = await query<{ id: number; n: string }>(`SELECT r.building_id AS id, count(*) AS n FROM water_meters w JOIN rooms r ON r.id = w.room_id
      WHERE w.area_id = 1 AND w.valve_state <> 'open' GROUP BY r.building_id ORDER BY count(*) DESC LIMIT 1`);
    renderScreen(`/waterswitch?filter=${encodeURIComponent(JSON.stringify({ buildingId: building.id }))}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(screen.getByRole('button', { name: '批量阀控' }));
    await u.click(await screen.findByRole('menuitem', { name: '打开列表中水表的阀门' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(new RegExp(`${building.n} 块水表`));
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`开阀：${building.n} 个设备`)).toBeInTheDocument();
  });
});
