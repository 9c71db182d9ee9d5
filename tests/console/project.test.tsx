import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/** 项目管理: list with search and drill-down, create and edit with client and server validation, refused delete. */
signedInForFile('admin');

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const saveEnabled = async () => {
  const save = screen.getByRole('button', { name: '保存' });
  await waitFor(() => expect(save).toBeEnabled());
  return save;
};

describe('project management (project)', () => {
  it('lists the area\'s projects with their building and room counts, searchable', async () => {
    const [first] = await query<{ name: string }>(`SELECT name FROM projects WHERE area_id = 1 ORDER BY natural_sort_key(name) LIMIT 1`);
    renderScreen('/project');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(rows()[0]).toHaveTextContent(first.name);
    expect(screen.getByRole('columnheader', { name: /建筑数/ })).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('搜索'), { target: { value: first.name } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]).getByRole('button', { name: '建筑' })).toBeInTheDocument();
  });

  it('creates a project: a bad phone is refused in the form, a taken name by the server', async () => {
    const u = user();
    const [taken] = await query<{ name: string }>(`SELECT name FROM projects WHERE area_id = 1 LIMIT 1`);
    renderScreen('/project/create');
    const name = await screen.findByRole('textbox', { name: /项目名称/ });
    fill(name, taken.name);
    fill(screen.getByRole('textbox', { name: '联系电话' }), '12345');
    await u.click(await saveEnabled());
    expect(await screen.findByText('请输入手机号、带区号的固定电话，或以 + 开头的国际号码')).toBeInTheDocument();
    fill(screen.getByRole('textbox', { name: '联系电话' }), '0571-88886666');
    await u.click(await saveEnabled());
    expect(await screen.findByText(`本片区已有名为“${taken.name}”的项目`)).toBeInTheDocument();
    fill(name, '控制台测试项目');
    await u.click(await saveEnabled());
    await waitFor(() => expect(window.location.pathname).toBe('/project'));
    expect(await query(`SELECT phone FROM projects WHERE name = '控制台测试项目'`)).toEqual([{ phone: '0571-88886666' }]);
  });

  it('shows the server\'s refusal to delete a project that still holds buildings and rooms', async () => {
    const u = user();
    const [busy] = await query<{ id: number; name: string }>(`SELECT p.id, p.name FROM projects p WHERE area_id = 1 AND EXISTS (SELECT 1 FROM rooms r WHERE r.project_id = p.id) LIMIT 1`);
    renderScreen(`/project/${busy.id}`);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /项目名称/ })).toHaveValue(busy.name));
    await u.click(await screen.findByRole('button', { name: '删除' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText(new RegExp(`“${busy.name}”仍有\\d+栋建筑、\\d+个房间`))).toBeInTheDocument();
    expect(await query(`SELECT id FROM projects WHERE id = ${busy.id}`)).toHaveLength(1);
  });
});
