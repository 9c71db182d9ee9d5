import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { testBackend } from '../msw/setup';
import { steadyReader as reader } from '../support/drivers';

signedInForFile('admin');

describe('water meter status', () => {
  it('lists valve, battery, last reading and online state; low battery stands out', async () => {
    renderScreen('/waterstate?filter=%7B%22batteryLow%22%3A%22true%22%7D');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const headers = [...document.querySelectorAll('main thead th')].map((header) => header.textContent);
    for (const header of ['表地址', '阀门', '电池', '在线', '最近读数（m³）', '抄表时间']) expect(headers).toContain(header);
    // Every row's battery tag is the filled warning one.
    const battery = headers.indexOf('电池');
    for (const row of rows()) {
      const chip = row.querySelectorAll('td')[battery].querySelector('.MuiChip-root')!;
      expect(chip).toHaveClass('MuiChip-filled');
      expect(chip).toHaveTextContent('欠压');
    }
    // No create, no delete on this screen.
    expect(screen.queryByRole('button', { name: '新建' })).not.toBeInTheDocument();
  });

  it('reads the selected meters now: commands queued and tracked until done', async () => {
    const u = user();
    renderScreen('/waterstate?filter=%7B%22online%22%3A%22true%22%7D');
    await waitFor(() => expect(rows().length).toBeGreaterThan(1));
    await u.click(within(rows()[0]).getByRole('checkbox'));
    await u.click(within(rows()[1]).getByRole('checkbox'));
    await u.click(await screen.findByRole('button', { name: '抄读所选' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('向所选的 2 块水表发送抄表命令？');
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('抄表：2 个设备')).toBeInTheDocument();
    const queued = await query<{ n: string }>("SELECT count(*) AS n FROM commands WHERE device_kind = 'water' AND type = 'read' AND state = 'queued'");
    expect(Number(queued[0].n)).toBeGreaterThanOrEqual(2);
    await testBackend().runCommands(reader);
    expect(await screen.findByText(/已完成 2\/2：成功 2，失败 0/)).toBeInTheDocument();
  });

  it('reads all the meters of one building after stating the scope and count', async () => {
    const u = user();
    const [building] = await query<{ id: number; n: string }>(`SELECT r.building_id AS id, count(*) AS n FROM water_meters w JOIN rooms r ON r.id = w.room_id
      WHERE w.area_id = 1 GROUP BY r.building_id ORDER BY count(*) ASC LIMIT 1`);
    renderScreen(`/waterstate?filter=${encodeURIComponent(JSON.stringify({ buildingId: building.id }))}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(screen.getByRole('button', { name: '立即抄表' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`向 ${building.n} 块水表发送抄表命令？`);
    const before = await query<{ m: string | null }>('SELECT max(id) AS m FROM commands');
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`抄表：${building.n} 个设备`)).toBeInTheDocument();
    const created = await query<{ n: string }>(`SELECT count(*) AS n FROM commands WHERE id > ${before[0].m ?? 0} AND type = 'read' AND device_kind = 'water'`);
    expect(created[0].n).toBe(building.n);
  });
});
