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

  it('asks for the count to be typed before tripping more meters than the threshold (no filter: the whole area), and trips nothing on cancel', async () => {
    const u = user();
    renderScreen('/tongduankongzhi');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM electric_meters WHERE area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    expect(Number(n)).toBeGreaterThan(50);
    const [{ before }] = await query<{ before: string }>(`SELECT count(*) AS before FROM commands WHERE type = 'trip'`);
    await u.click(await screen.findByRole('button', { name: '通断全部筛选结果' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`对 ${n} 块电表执行「拉闸」`);
    const confirm = within(dialog).getByRole('button', { name: '确定' });
    expect(confirm).toBeDisabled();
    const typed = within(dialog).getByLabelText(`此操作将切断 ${n} 户的供电或供水：请输入 ${n} 以确认`);
    await u.click(typed);
    await u.keyboard(String(Number(n) - 1));
    expect(confirm).toBeDisabled();
    await u.clear(typed);
    await u.keyboard(String(n));
    expect(confirm).toBeEnabled();
    // Another action (no cut) needs no typed count; back to the trip, the count must be typed again.
    await u.click(within(dialog).getByRole('combobox', { name: '操作' }));
    await u.click(await screen.findByRole('option', { name: '允许合闸' }));
    expect(within(dialog).queryByTestId('typed-count')).not.toBeInTheDocument();
    await u.click(within(dialog).getByRole('combobox', { name: '操作' }));
    await u.click(await screen.findByRole('option', { name: '拉闸' }));
    expect(within(dialog).getByRole('button', { name: '确定' })).toBeDisabled();
    await u.click(within(dialog).getByRole('button', { name: '取消' }));
    const [{ after }] = await query<{ after: string }>(`SELECT count(*) AS after FROM commands WHERE type = 'trip'`);
    expect(after).toBe(before);
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
