import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/**
 * The meter tree of the assign flow (issue 30: "choose meters: project → building → room tree with
 * multi-select, all in this building, filters by current setting and online state"): a building
 * ticked is all of it (its count shown), rooms ticked one by one; the list's filters narrow the
 * tree; the assign dialog then acts on exactly the meters chosen.
 */
signedInForFile('admin');

const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const MINE = `e.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`;

/** A project of area 1 with two buildings of electric meters, those buildings (fewest meters first) and their meters. */
async function estate() {
  const [project] = await query<{ id: number; name: string }>(`SELECT p.id, p.name FROM projects p WHERE p.area_id = 1
    AND (SELECT count(DISTINCT r.building_id) FROM electric_meters e JOIN rooms r ON r.id = e.room_id WHERE r.project_id = p.id) >= 2 ORDER BY p.id LIMIT 1`);
  const buildings = await query<{ id: number; name: string }>(`SELECT b.id, b.name FROM buildings b WHERE b.project_id = ${project.id}
    AND EXISTS (SELECT 1 FROM electric_meters e JOIN rooms r ON r.id = e.room_id WHERE r.building_id = b.id)
    ORDER BY (SELECT count(*) FROM electric_meters e JOIN rooms r ON r.id = e.room_id WHERE r.building_id = b.id), b.id LIMIT 2`);
  const metersOf = (buildingId: number, where = 'true') => query<{ id: number; address: string; room_code: string }>(`SELECT e.id, e.address, r.room_code FROM electric_meters e
    JOIN rooms r ON r.id = e.room_id WHERE r.building_id = ${buildingId} AND ${MINE} AND ${where} ORDER BY e.room_sort, e.id`);
  return { project, buildings, metersOf };
}

describe('nightset: choose meters in the tree', () => {
  it('a whole building and one room of another: the count, then the assign dialog acts on exactly those meters', async () => {
    const u = user();
    // The building opened (its rooms listed) is the smaller one.
    const { project, buildings: [partly, whole], metersOf } = await estate();
    const wholeMeters = await metersOf(whole.id);
    const [single] = await metersOf(partly.id);
    const [set] = await query<{ id: number; name: string }>(`SELECT id, name FROM parameter_sets WHERE area_id = 1 AND kind = 'night' ORDER BY id LIMIT 1`);
    const chosen = [...wholeMeters.map((m) => m.id), single.id];
    // None of them on the set yet: every one changes.
    await query(`UPDATE electric_meters SET night_set_id = NULL WHERE id IN (${chosen.join(',')})`);
    renderScreen('/nightset');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(await screen.findByRole('button', { name: '按建筑选择电表' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(await within(dialog).findByRole('button', { name: `展开${project.name}的建筑` }));
    await u.click(await within(dialog).findByRole('checkbox', { name: `${whole.name}全部（${wholeMeters.length} 块）` }));
    await u.click(within(dialog).getByRole('button', { name: `展开${partly.name}的房间` }));
    await u.click(await within(dialog).findByRole('checkbox', { name: `${single.room_code} ${single.address}` }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(`已选 ${chosen.length} 块电表`);
    // The building with one room ticked is partly chosen.
    expect(within(dialog).getByRole('checkbox', { name: new RegExp(`^${partly.name}全部`) })).toHaveAttribute('data-indeterminate', 'true');
    await u.click(within(dialog).getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(screen.queryByRole('tree')).toBeNull());
    const assign = await screen.findByRole('dialog');
    expect(assign).toHaveTextContent('范围（所选的建筑和房间）：');
    expect(assign).toHaveTextContent(`${whole.name}全部（${wholeMeters.length} 块）`);
    expect(assign).toHaveTextContent('另选 1 个房间');
    await u.click(within(assign).getByRole('combobox', { name: '参数方案' }));
    await u.click(await screen.findByRole('option', { name: set.name }));
    expect(await within(assign).findByRole('status')).toHaveTextContent(`将 ${chosen.length} 块电表设为“${set.name}”？`);
    await u.click(within(assign).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`设置夜间小功率参数：${chosen.length} 个设备`)).toBeInTheDocument();
    const queued = await query<{ device_id: number }>(`SELECT device_id FROM commands WHERE type = 'set_parameter' AND state = 'queued'
      AND (payload->>'setId')::int = ${set.id} AND device_id IN (SELECT e.id FROM electric_meters e JOIN rooms r ON r.id = e.room_id WHERE r.project_id = ${project.id}) ORDER BY device_id`);
    expect(queued.map((row) => Number(row.device_id))).toEqual([...chosen].sort((a, b) => a - b));
  });

  it('the list\'s filters narrow the tree: with "offline" only the offline meters are counted and listed', async () => {
    const u = user();
    const [building] = await query<{ id: number; name: string; project_id: number; project: string; n: number }>(`SELECT b.id, b.name, b.project_id, p.name AS project, count(*)::int AS n
      FROM electric_meters e JOIN rooms r ON r.id = e.room_id JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = b.project_id
      WHERE ${MINE} AND NOT (e.online AND e.module_id IS NOT NULL) GROUP BY b.id, b.name, b.project_id, p.name ORDER BY b.id LIMIT 1`);
    renderScreen(`/nightset?filter=${filterOf({ online: 'false' })}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(await screen.findByRole('button', { name: '按建筑选择电表' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('列表当前的筛选条件：');
    await u.click(await within(dialog).findByRole('button', { name: `展开${building.project}的建筑` }));
    expect(await within(dialog).findByRole('checkbox', { name: `${building.name}全部（${building.n} 块）` })).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: `展开${building.name}的房间` }));
    const group = await within(dialog).findByRole('group', { name: building.name });
    await waitFor(() => expect(within(group).getAllByRole('checkbox')).toHaveLength(Number(building.n)));
    expect(within(group).getAllByText('离线')).toHaveLength(Number(building.n));
  });
});
