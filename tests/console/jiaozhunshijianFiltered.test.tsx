import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/**
 * 校准时间: "all filtered" by broadcast (issue 30) — one frame per module of the meters the filters
 * match, not one command per meter; the scope and the count stated first, the mode explained.
 */
signedInForFile('admin');

const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));

describe('jiaozhunshijian: all filtered', () => {
  it('broadcasts to the modules of the filtered meters: one command per module', async () => {
    const u = user();
    const [building] = await query<{ id: number; project_id: number; meters: number; modules: number }>(`SELECT r.building_id AS id, r.project_id, count(*)::int AS meters, count(DISTINCT e.module_id)::int AS modules
      FROM electric_meters e JOIN rooms r ON r.id = e.room_id WHERE e.area_id = 1 AND e.module_id IS NOT NULL
      GROUP BY r.building_id, r.project_id HAVING count(*) = (SELECT count(*) FROM electric_meters x JOIN rooms y ON y.id = x.room_id WHERE y.building_id = r.building_id)
      ORDER BY count(DISTINCT e.module_id) DESC, r.building_id LIMIT 1`);
    renderScreen(`/jiaozhunshijian?filter=${filterOf({ projectId: building.project_id, buildingId: building.id })}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(await screen.findByRole('button', { name: '筛选出的全部电表校时' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('radio', { name: '广播校时：每个模块一帧，无应答' }));
    expect(within(dialog).getByText(/电表不应答广播：发送即完成/)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(`确定向 ${building.meters} 块电表所在的模块广播校时吗？`));
    const [{ last }] = await query<{ last: string | null }>(`SELECT max(id) AS last FROM commands`);
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`广播校时：${building.modules} 个设备`)).toBeInTheDocument();
    const queued = await query<{ device_kind: string; payload: { broadcast: boolean } }>(`SELECT device_kind, payload FROM commands WHERE id > ${Number(last ?? 0)}`);
    expect(queued).toHaveLength(Number(building.modules));
    expect(queued.every((c) => c.device_kind === 'module' && c.payload.broadcast === true)).toBe(true);
  });
});
