import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/** 通断控制: select meters, choose the action and a trip's cause, confirm: commands queued, progress shown. */
signedInForFile('admin');

const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));

describe('tongduankongzhi', () => {
  it('trips the selected meter with a cause: the command is queued with it and its progress shows', async () => {
    const u = user();
    const [meter] = await query<{ id: number; address: string }>(`SELECT id, address FROM electric_meters WHERE area_id = 1 AND relay_state = 'on' AND online ORDER BY id LIMIT 1`);
    renderScreen(`/tongduankongzhi?filter=${filterOf({ q: meter.address })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('checkbox'));
    await u.click(await screen.findByRole('button', { name: '通断选中' }));
    const dialog = await screen.findByRole('dialog');
    // Trip comes first; its cause is asked for.
    await u.click(within(dialog).getByRole('combobox', { name: '原因' }));
    await u.click(await screen.findByRole('option', { name: '检修' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('对 1 块电表执行「拉闸」（原因：检修）？');
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('拉闸：1 个设备')).toBeInTheDocument();
    const [command] = await query<{ type: string; payload: { cause: string }; state: string }>(`SELECT type, payload, state FROM commands WHERE device_kind = 'electric' AND device_id = ${meter.id} ORDER BY id DESC LIMIT 1`);
    expect(command).toMatchObject({ type: 'trip', payload: { cause: 'maintenance' }, state: 'queued' });
    expect(await screen.findByRole('table', { name: '本次操作的设备' })).toHaveTextContent(meter.address);
  });

  it('allows closing every meter of the listed filter after stating the count', async () => {
    const u = user();
    await query(`UPDATE electric_meters SET relay_state = 'off' WHERE id IN (SELECT id FROM electric_meters WHERE area_id = 1 ORDER BY id DESC LIMIT 2)`);
    renderScreen(`/tongduankongzhi?filter=${filterOf({ relayState: 'off' })}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM electric_meters WHERE relay_state = 'off' AND area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    await u.click(await screen.findByRole('button', { name: '通断全部筛选结果' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('combobox', { name: '操作' }));
    await u.click(await screen.findByRole('option', { name: '允许合闸' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`对 ${n} 块电表执行「允许合闸」？`);
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`允许合闸：${n} 个设备`)).toBeInTheDocument();
  });
});
