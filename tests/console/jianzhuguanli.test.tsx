import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/** 建筑管理: list filtered by project, drill-down to rooms, create with client and server validation. */
signedInForFile('admin');

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const saveEnabled = async () => {
  const save = screen.getByRole('button', { name: '保存' });
  await waitFor(() => expect(save).toBeEnabled());
  return save;
};
const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));

describe('building management (jianzhuguanli)', () => {
  it('lists the buildings of a project (as the overview links to it) and drills down to a building\'s rooms', async () => {
    const u = user();
    const [project] = await query<{ id: number; n: number }>(`SELECT project_id AS id, count(*)::int AS n FROM buildings WHERE area_id = 1 GROUP BY project_id ORDER BY project_id LIMIT 1`);
    renderScreen(`/jianzhuguanli?filter=${filterOf({ projectId: project.id })}`);
    await waitFor(() => expect(rows()).toHaveLength(project.n));
    const names = rows().map((row) => row.querySelectorAll('td')[1].textContent!);
    const numbers = names.map((name) => Number(name.match(/\d+/)?.[0] ?? 0));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    await u.click(within(rows()[0]).getByRole('button', { name: '房间' }));
    await waitFor(() => expect(window.location.pathname).toBe('/fangjianguanli'));
    expect(decodeURIComponent(window.location.search)).toMatch(/"buildingId":\d+/);
  });

  it('creates a building: floors above 200 refused in the form, a name taken in the project by the server', async () => {
    const u = user();
    const [taken] = await query<{ name: string; project_id: number; project: string }>(`SELECT b.name, b.project_id, p.name AS project FROM buildings b JOIN projects p ON p.id = b.project_id WHERE b.area_id = 1 ORDER BY b.id LIMIT 1`);
    renderScreen('/jianzhuguanli/create');
    const project = await screen.findByRole('combobox', { name: /所属项目/ });
    await u.type(project, taken.project);
    await u.click(await screen.findByRole('option', { name: taken.project }));
    fill(screen.getByRole('textbox', { name: /建筑名称/ }), taken.name);
    const floors = screen.getByRole('spinbutton', { name: /楼层数/ });
    fill(floors, '300');
    await u.click(await saveEnabled());
    expect(await screen.findByText(/200/)).toBeInTheDocument();
    fill(floors, '12');
    await u.click(await saveEnabled());
    expect(await screen.findByText(`该项目已有名为“${taken.name}”的建筑`)).toBeInTheDocument();
    fill(screen.getByRole('textbox', { name: /建筑名称/ }), '控制台测试楼');
    await u.click(await saveEnabled());
    await waitFor(() => expect(window.location.pathname).toBe('/jianzhuguanli'));
    expect(await query(`SELECT floors, project_id FROM buildings WHERE name = '控制台测试楼'`)).toEqual([{ floors: 12, project_id: taken.project_id }]);
  });
});
