import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/** 房间管理: list with balances and filters, bulk creation with a live preview, CSV import with a per-row report, refused delete. */
signedInForFile('admin');

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const yuan = (fen: number) => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** A building of its own for a test (project of area 1). */
async function building(name: string, floors: number) {
  const [b] = await query<{ id: number; project: string }>(`WITH b AS (INSERT INTO buildings (area_id, project_id, name, floors)
    SELECT 1, id, '${name}', ${floors} FROM projects WHERE area_id = 1 ORDER BY id LIMIT 1 RETURNING id, project_id)
    SELECT b.id, p.name AS project FROM b JOIN projects p ON p.id = b.project_id`);
  return b;
}

describe('room management (fangjianguanli)', () => {
  it('lists rooms with tenant and balances in yuan; the arrears filter shows rooms in arrears only', async () => {
    const [room] = await query<{ id: number; room_code: string; e: string }>(`SELECT r.id, r.room_code, coalesce(a.balance_fen, 0)::text AS e FROM rooms r
      LEFT JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric' WHERE r.area_id = 1 AND (r.electric_balance_fen < 0 OR r.water_balance_fen < 0)
      ORDER BY r.building_sort, r.id LIMIT 1`);
    renderScreen(`/fangjianguanli?filter=${filterOf({ arrears: 'true' })}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(screen.getByRole('columnheader', { name: /电费余额/ })).toBeInTheDocument();
    const first = rows()[0];
    expect(first).toHaveTextContent(room.room_code);
    expect(first).toHaveTextContent(yuan(Number(room.e)));
  });

  it('creates rooms in bulk: the preview marks an existing code, creation skips it', async () => {
    const u = user();
    const b = await building('批量测试楼', 3);
    await query(`INSERT INTO rooms (area_id, project_id, building_id, room_code, floor) SELECT 1, project_id, id, '102', 1 FROM buildings WHERE id = ${b.id}`);
    renderScreen('/fangjianguanli');
    await u.click(await screen.findByRole('button', { name: '批量创建' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: /建筑/ });
    fill(picker, '批量测试楼');
    // Without a project chosen, a building is named with its project ("阳光公寓 · 批量测试楼").
    await u.click(await screen.findByRole('option', { name: /· 批量测试楼$/ }));
    fill(within(dialog).getByRole('spinbutton', { name: /结束楼层/ }), '2');
    fill(within(dialog).getByRole('spinbutton', { name: /结束房号/ }), '5');
    const preview = await within(dialog).findByRole('region', { name: '房间号' });
    expect(within(dialog).getByText('共10个房间号：将新建9个；1个已存在，0个重复（均跳过）。')).toBeInTheDocument();
    expect(within(preview).getAllByText(/^\d{3}$/).map((chip) => chip.textContent)).toEqual(['101', '102', '103', '104', '105', '201', '202', '203', '204', '205']);
    expect(within(preview).getByText('102').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
    // A pattern without the number is refused in the form.
    fill(within(dialog).getByRole('textbox', { name: /房间号规则/ }), '{floor}');
    fireEvent.blur(within(dialog).getByRole('textbox', { name: /房间号规则/ }));
    expect(await within(dialog).findByText('规则必须包含 {n}、{nn} 或 {nnn}（房号）')).toBeInTheDocument();
    fill(within(dialog).getByRole('textbox', { name: /房间号规则/ }), '{floor}{nn}');
    const create = await within(dialog).findByRole('button', { name: '创建9个房间' });
    await waitFor(() => expect(create).toBeEnabled());
    await u.click(create);
    expect(await screen.findByText('已创建9个房间，跳过1个')).toBeInTheDocument();
    expect(await query(`SELECT count(*)::int AS n FROM rooms WHERE building_id = ${b.id}`)).toEqual([{ n: 10 }]);
  });

  it('imports rooms from CSV: the per-row report names line and column; only the valid rows on request', async () => {
    const u = user();
    const b = await building('导入测试楼', 5);
    renderScreen('/fangjianguanli');
    await u.click(await screen.findByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    const csv = `\uFEFFprojectName,buildingName,roomCode,floor,size,remark\r\n${b.project},导入测试楼,301,3,30,\r\n${b.project},导入测试楼,302,9,30,\r\n${b.project},导入测试楼,303,3,,朝南\r\n`;
    await u.upload(within(dialog).getByTestId('import-file'), new File([csv], 'rooms.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('rooms.csv：3行（UTF-8）')).toBeInTheDocument();
    const report = await within(dialog).findByRole('table', { name: '各行问题' });
    const [line] = within(report).getAllByRole('row').slice(1);
    expect(within(line).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', 'floor', '不能大于5（建筑的楼层数）']);
    expect(within(dialog).getByRole('button', { name: '导入3行' })).toBeDisabled();
    await u.click(within(dialog).getByRole('button', { name: '只导入2个有效行' }));
    expect(await screen.findByText('已导入2行')).toBeInTheDocument();
    expect((await query<{ room_code: string }>(`SELECT room_code FROM rooms WHERE building_id = ${b.id} ORDER BY room_code`)).map((r) => r.room_code)).toEqual(['301', '303']);
  });

  it('reads a GBK file, and refuses a file without the required columns', async () => {
    const u = user();
    renderScreen('/fangjianguanli');
    await u.click(await screen.findByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    // "…\n房间,1号楼,101,1" in GBK: 房 = B7 BF, 间 = BC E4 (the project name is unknown: the report says so, in Chinese).
    const ascii = (text: string) => [...new TextEncoder().encode(text)];
    const gbk = new Uint8Array([...ascii('projectName,buildingName,roomCode,floor\n'), 0xb7, 0xbf, 0xbc, 0xe4, ...ascii(',B1,101,1\n')]);
    await u.upload(within(dialog).getByTestId('import-file'), new File([gbk], 'gbk.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('gbk.csv：1行（GBK）')).toBeInTheDocument();
    expect(await within(dialog).findByText('本片区没有名为“房间”的项目')).toBeInTheDocument();
    await u.upload(within(dialog).getByTestId('import-file'), new File(['roomCode,floor\n101,1\n'], 'short.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('表头缺少必填列：projectName, buildingName')).toBeInTheDocument();
  });

  it('shows the server\'s refusal to delete a room with meters and a tenant', async () => {
    const u = user();
    const [room] = await query<{ id: number; room_code: string }>(`SELECT r.id, r.room_code FROM rooms r WHERE r.area_id = 1 AND r.state = 1
      AND EXISTS (SELECT 1 FROM electric_meters m WHERE m.room_id = r.id) ORDER BY r.building_sort LIMIT 1`);
    renderScreen(`/fangjianguanli?filter=${filterOf({ id: room.id })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('checkbox'));
    await u.click(await screen.findByRole('button', { name: '删除' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText(/仍有\d+块表、1位在住用户/)).toBeInTheDocument();
    expect(await query(`SELECT id FROM rooms WHERE id = ${room.id}`)).toHaveLength(1);
  });
});
