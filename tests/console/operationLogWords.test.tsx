import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/**
 * Issue 46, the operation log (`caozuojilu`) as an operator reads it: the screens of the call
 * instead of its API path, the record by its name (a meter's address, a room, an account), the
 * changed fields as the screens label them, long texts kept within their column (the row's
 * details button stays in the window at 1440 px), and a filter by operator.
 */
signedInForFile('admin');

const METER_CALL = 'POST /api/v1/electricity/electricMeter/updateElectricMeter';
const ROOM_CALL = 'PUT /api/v1/electricity/room/updateRoom';

async function addRecords() {
  await query(`INSERT INTO operation_log (area_id, user_id, user_name, action, entity, entity_id, call, before, after) VALUES
    (1, 1, 'admin', 'update', 'electricMeter', '1', '${METER_CALL}',
      '{"address":"202299990001","remark":null,"priceTableId":1}', '{"address":"202299990001","remark":"日志检查","priceTableId":2}'),
    (1, NULL, 'viewer', 'update', 'room', '7', '${ROOM_CALL}',
      '{"roomCode":"909","buildingName":"9号楼","projectName":"日志公寓","remark":null}', '{"roomCode":"909","buildingName":"9号楼","projectName":"日志公寓","remark":"查"}'),
    (1, 1, 'admin', 'update', 'project', '8', 'PUT /api/v1/electricity/project/updateProject',
      '{"name":"日志项目","remark":null,"rooms":12,"buildings":2}', '{"name":"日志项目","remark":"改"}'),
    (1, 1, 'admin', 'command', 'electricMeter', '1', 'POST /api/v1/electricity/command/create',
      NULL, '{"type":"read","leftOut":{"inArrears":0},"commandIds":1}')`);
}

describe('operation records in words (caozuojilu)', () => {
  it('names the call by its screen, the record by its name and the changed fields by their labels', async () => {
    await addRecords();
    const u = user();
    renderScreen('/caozuojilu');
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes('202299990001'))).toBe(true));
    const headers = [...document.querySelectorAll('main thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['功能', '记录', '变更']));
    // No API path anywhere in the table.
    expect(document.querySelector('main tbody')!.textContent).not.toMatch(/\/api\/v1\//);

    const meter = rows().find((row) => row.textContent?.includes('202299990001'))!;
    expect(meter).toHaveTextContent('电表管理');
    expect(meter).toHaveTextContent('202299990001 #1');
    expect(meter).toHaveTextContent('备注、电价表');
    expect(meter).not.toHaveTextContent('priceTableId');
    // The screens' cell keeps the path on hover, within a bounded width.
    const screens = within(meter).getByText('电表管理');
    expect(screens.getAttribute('title')).toContain(METER_CALL);
    expect(screens).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis' });

    const room = rows().find((row) => row.textContent?.includes('909'))!;
    expect(room).toHaveTextContent('日志公寓 9号楼 909 #7');
    expect(room).toHaveTextContent('房间管理');

    // The screen's row before and the table's row after: the counts only the first has are no change.
    const project = rows().find((row) => row.textContent?.includes('日志项目'))!;
    expect(project).toHaveTextContent('日志项目 #8');
    expect(within(project).getByText('备注')).toBeInTheDocument();
    expect(project).not.toHaveTextContent('房间数');
    // A command sent from any of many screens: how many share the call (their names on hover); its fields in words.
    const command = rows().find((row) => row.textContent?.includes('未包含的表'))!;
    const shared = within(command).getByText(/^\d+ 个功能共用$/);
    expect(shared.getAttribute('title')).toContain('电表管理');
    expect(command).toHaveTextContent('指令、未包含的表、指令编号');

    await u.click(within(meter).getByRole('button', { name: '详情' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('202299990001 #1');
    expect(dialog).toHaveTextContent(METER_CALL);
    const fields = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1).map((row) => row.firstElementChild!.textContent);
    expect(fields).toEqual(['备注remark', '电价表priceTableId']);
  });

  it('filters by operator', async () => {
    const u = user();
    renderScreen('/caozuojilu');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(screen.getByRole('combobox', { name: '操作员' }));
    await u.click(await screen.findByRole('option', { name: 'viewer' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await waitFor(() => expect(rows().every((row) => row.textContent?.includes('viewer'))).toBe(true));
    expect(rows().some((row) => row.textContent?.includes('日志公寓 9号楼 909'))).toBe(true);
  });
});
