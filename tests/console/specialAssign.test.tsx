import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/**
 * The assign screens of special functions (issue 30): one flow in the kit (AssignSet.tsx), each
 * screen a declaration of its kind. Choose meters (rows or the filters), choose the set (its values
 * shown), see what changes per meter (current → new, meters already on it left out and counted),
 * confirm, commands set_parameter queued, progress shown.
 */
signedInForFile('admin');

const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const setsOf = (kind: string) => query<{ id: number; name: string; values: Record<string, unknown> }>(`SELECT id, name, values FROM parameter_sets WHERE area_id = 1 AND kind = '${kind}' ORDER BY id LIMIT 2`);
/** A building of area 1 with at least three electric meters, and its meters. */
async function buildingMeters() {
  const [building] = await query<{ id: number; name: string; project_id: number }>(`SELECT b.id, b.name, b.project_id FROM buildings b WHERE b.area_id = 1
    AND (SELECT count(*) FROM electric_meters m JOIN rooms r ON r.id = m.room_id WHERE r.building_id = b.id) >= 3 ORDER BY b.id LIMIT 1`);
  const meters = await query<{ id: number; address: string }>(`SELECT m.id, m.address FROM electric_meters m JOIN rooms r ON r.id = m.room_id WHERE r.building_id = ${building.id} ORDER BY m.id`);
  return { building, meters };
}

describe('nightset: assign to all filtered', () => {
  it('states the scope, shows current → new per meter, leaves out and counts the meters already on it, then queues one command per changing meter', async () => {
    const u = user();
    const [target, previous] = await setsOf('night');
    const { building, meters } = await buildingMeters();
    await query(`UPDATE electric_meters SET night_set_id = ${previous.id} WHERE id IN (${meters.map((m) => m.id).join(',')})`);
    await query(`UPDATE electric_meters SET night_set_id = ${target.id} WHERE id = ${meters[0].id}`);
    renderScreen(`/nightset?filter=${filterOf({ projectId: building.project_id, buildingId: building.id })}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(await screen.findByRole('button', { name: '为筛选出的全部电表设置' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('设置夜间小功率参数');
    expect(dialog).toHaveTextContent(building.name);
    await u.click(within(dialog).getByRole('combobox', { name: '参数方案' }));
    await u.click(await screen.findByRole('option', { name: target.name }));
    // The set's values are shown.
    expect(within(dialog).getByLabelText('方案取值')).toHaveTextContent(String(target.values.maxW));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`将 ${meters.length - 1} 块电表设为“${target.name}”？`);
    expect(dialog).toHaveTextContent(`1 块电表已是“${target.name}”，不再下发`);
    const changes = within(dialog).getByRole('table', { name: '各电表的变化' });
    expect(within(changes).getAllByRole('row')).toHaveLength(Math.min(meters.length - 1, 200) + 1); // header + the changing meters (at most 200 listed)
    expect(changes).toHaveTextContent(`${previous.name}${target.name}`);
    expect(changes).not.toHaveTextContent(meters[0].address);
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`设置夜间小功率参数：${meters.length - 1} 个设备`)).toBeInTheDocument();
    const queued = await query<{ device_id: number; payload: Record<string, unknown> }>(`SELECT device_id, payload FROM commands WHERE type = 'set_parameter' AND device_id IN (${meters.map((m) => m.id).join(',')}) AND state = 'queued' ORDER BY device_id`);
    expect(queued.map((row) => row.device_id)).toEqual(meters.slice(1).map((m) => m.id));
    expect(queued.every((row) => row.payload.setKind === 'night' && row.payload.setId === target.id)).toBe(true);
    // Not assigned before the commands succeed.
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM electric_meters WHERE night_set_id = ${target.id} AND id IN (${meters.map((m) => m.id).join(',')})`);
    expect(Number(n)).toBe(1);
  });
});

describe('kongzhiset: assign to selected', () => {
  it('assigns a control set (money values in yuan) to the selected meter; the meter\'s history shows it', async () => {
    const u = user();
    const [first, second] = await setsOf('control');
    const [meter] = await query<{ id: number; address: string; control_set_id: number | null }>(`SELECT id, address, control_set_id FROM electric_meters WHERE area_id = 1 AND room_id IS NOT NULL ORDER BY id DESC LIMIT 1`);
    const target = meter.control_set_id === first.id ? second : first;
    renderScreen(`/kongzhiset?filter=${filterOf({ q: meter.address })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('checkbox'));
    await u.click(await screen.findByRole('button', { name: '为所选电表设置' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('所选 1 块电表');
    // The scope is the rows ticked, not the list's filters.
    expect(dialog).toHaveTextContent('范围（所选的电表）：');
    expect(dialog).not.toHaveTextContent('列表当前的筛选条件');
    await u.click(within(dialog).getByRole('combobox', { name: '参数方案' }));
    await u.click(await screen.findByRole('option', { name: target.name }));
    expect(within(dialog).getByLabelText('方案取值')).toHaveTextContent('¥');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`将 1 块电表设为“${target.name}”？`);
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('设置控制参数：1 个设备')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: '本次操作的设备' })).toHaveTextContent(meter.address);
    await u.click(screen.getByRole('button', { name: '关闭' }));
    // The meter's history of sets sent: the one just queued, by whom, its state.
    await u.click(within(rows()[0]).getByRole('button', { name: '方案下发记录' }));
    const history = await screen.findByRole('table', { name: '下发记录' });
    const [latest] = within(history).getAllByRole('row').slice(1);
    expect(latest).toHaveTextContent('设置控制参数');
    expect(latest).toHaveTextContent(target.name);
    expect(latest).toHaveTextContent('排队中');
  });
});

describe('fuzaiset and TimedOnOffControl: filter by the current set; nothing to do when all are on it', () => {
  it('fuzaiset lists the meters on a set; assigning that set again changes nothing', async () => {
    const u = user();
    const [set] = await setsOf('load');
    const { building, meters } = await buildingMeters();
    await query(`UPDATE electric_meters SET load_set_id = ${set.id} WHERE id IN (${meters.map((m) => m.id).join(',')})`);
    // One meter of the building on no load set: the filter leaves it out.
    await query(`UPDATE electric_meters SET load_set_id = NULL WHERE id = ${meters[0].id}`);
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM electric_meters WHERE area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1) AND load_set_id = ${set.id}`);
    renderScreen(`/fuzaiset?filter=${filterOf({ buildingId: building.id, loadSetId: String(set.id) })}`);
    await waitFor(() => expect(rows().length).toBe(Math.min(meters.length - 1, Number(n), 25)));
    expect(rows().every((row) => row.textContent!.includes(set.name) && !row.textContent!.includes(meters[0].address))).toBe(true);
    await u.click(await screen.findByRole('button', { name: '为筛选出的全部电表设置' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('combobox', { name: '参数方案' }));
    await u.click(await screen.findByRole('option', { name: set.name }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`范围内的电表都已是“${set.name}”，无需更改`);
    expect(within(dialog).getByRole('button', { name: '确定' })).toBeDisabled();
  });

  it('TimedOnOffControl shows the timed set column and offers the timed sets, a set\'s schedule by its name', async () => {
    const u = user();
    const [set] = await setsOf('timed');
    renderScreen('/TimedOnOffControl');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('定时通断');
    await u.click(await screen.findByRole('button', { name: '为筛选出的全部电表设置' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('设置定时通断参数');
    await u.click(within(dialog).getByRole('combobox', { name: '参数方案' }));
    await u.click(await screen.findByRole('option', { name: set.name }));
    // The set's schedule by its name, its days in words.
    const [schedule] = await query<{ name: string }>(`SELECT name FROM time_periods WHERE id = ${Number(set.values.timePeriodId)}`);
    await waitFor(() => expect(within(dialog).getByLabelText('方案取值')).toHaveTextContent(schedule.name));
  });
});
