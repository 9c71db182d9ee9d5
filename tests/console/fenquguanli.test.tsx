import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, fastUser as user, sqlRows as query } from './render';

/** 分区管理 (project overview): a card per project with live figures; refresh; drill-down to buildings and rooms. */
signedInForFile('admin');

const cards = () => screen.getAllByTestId('project-card');

describe('project overview (fenquguanli)', () => {
  it('shows a card per project of the area with its rooms, occupancy, meters online, balance and arrears', async () => {
    const projects = await query<{ id: number; name: string; rooms: number; occupied: number; arrears: number }>(`SELECT p.id, p.name,
      (SELECT count(*)::int FROM rooms r WHERE r.project_id = p.id) AS rooms,
      (SELECT count(*)::int FROM rooms r WHERE r.project_id = p.id AND r.state = 1) AS occupied,
      (SELECT count(*)::int FROM accounts a JOIN rooms r ON r.id = a.room_id WHERE r.project_id = p.id AND a.balance_fen < 0) AS arrears
      FROM projects p WHERE p.area_id = 1 ORDER BY natural_sort_key(p.name)`);
    renderScreen('/fenquguanli');
    await waitFor(() => expect(cards()).toHaveLength(projects.length));
    const [first] = projects;
    const card = cards()[0];
    expect(within(card).getByRole('heading', { name: first.name })).toBeInTheDocument();
    expect(card).toHaveTextContent(`房间${first.rooms.toLocaleString('zh-CN')}`);
    expect(card).toHaveTextContent(`在住${first.occupied.toLocaleString('zh-CN')}`);
    expect(card).toHaveTextContent(`${((first.occupied / first.rooms) * 100).toFixed(1)}%`);
    expect(card).toHaveTextContent(`欠费账户${first.arrears}`);
    expect(within(card).getByText('在线表计')).toBeInTheDocument();
    // The sign before the currency (issue 40: a negative balance read ¥-18.24).
    expect(within(card).getByText(/^-?¥\d{1,3}(,\d{3})*\.\d{2}$/)).toBeInTheDocument();
  });

  it('reads the figures again on refresh, and drills down to the project\'s buildings', async () => {
    const u = user();
    renderScreen('/fenquguanli');
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    const [first] = await query<{ id: number; name: string }>(`SELECT id, name FROM projects WHERE area_id = 1 ORDER BY natural_sort_key(name) LIMIT 1`);
    const [{ rooms }] = await query<{ rooms: number }>(`SELECT count(*)::int AS rooms FROM rooms WHERE project_id = ${first.id}`);
    await query(`INSERT INTO rooms (area_id, project_id, building_id, room_code, floor) SELECT 1, project_id, id, 'OV-1', 1 FROM buildings WHERE project_id = ${first.id} ORDER BY id LIMIT 1`);
    await u.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(cards()[0]).toHaveTextContent(`房间${(rooms + 1).toLocaleString('zh-CN')}`));
    await u.click(within(cards()[0]).getByRole('button', { name: '建筑' }));
    await waitFor(() => expect(window.location.pathname).toBe('/jianzhuguanli'));
    expect(JSON.parse(new URLSearchParams(window.location.search).get('filter')!)).toEqual({ projectId: first.id });
  });
});
