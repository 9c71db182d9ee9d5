import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/**
 * Pay codes (issue 41) against the real backend: a room's QR code, link and sticker, renewed only
 * after a confirmation that says the old sticker stops working; a building's sheet of stickers.
 */
signedInForFile('admin');

const filterPath = (path: string, filter: Record<string, unknown>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const codeOf = async (roomId: number) => (await query<{ code: string }>(`SELECT code FROM pay_codes WHERE room_id = ${roomId}`))[0]?.code;

afterEach(() => vi.restoreAllMocks());

describe('a room\'s pay code (fangjianguanli)', () => {
  it('shows the QR code of the room\'s pay link, prints its sticker, and renews the code after a confirmation', async () => {
    const [room] = await query<{ id: number; room_code: string; building_id: number; building: string; project: string }>(`SELECT r.id, r.room_code, r.building_id, b.name AS building, p.name AS project
      FROM rooms r JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = r.project_id WHERE r.area_id = 1 ORDER BY r.id LIMIT 1`);
    const name = `${room.project} ${room.building} ${room.room_code}`;
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const u = user();
    renderScreen(filterPath('/fangjianguanli', { buildingId: room.building_id, q: room.room_code }));
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes(room.room_code))).toBe(true));
    const row = rows().find((r) => r.textContent?.includes(room.room_code))!;
    await u.click(within(row).getByRole('button', { name: '缴费码' }));
    const dialog = await screen.findByRole('dialog', { name: `缴费码 · ${name}` });
    const qr = await within(dialog).findByRole('img', { name: `${name}的缴费链接二维码` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const code = await codeOf(room.id);
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(within(dialog).getByTestId('pay-link')).toHaveTextContent(new RegExp(`/pay/${code}$`));
    expect(dialog).toHaveTextContent('微信或支付宝扫码，缴纳电费和水费');
    await u.click(within(dialog).getByRole('button', { name: '打印贴纸' }));
    expect(print).toHaveBeenCalledTimes(1);

    // Renewing asks first, saying what happens to the sticker already up; cancelled, nothing changes.
    await u.click(within(dialog).getByRole('button', { name: '更换缴费码' }));
    let confirm = await screen.findByRole('dialog', { name: `更换${name}的缴费码？` });
    expect(confirm).toHaveTextContent('旧缴费码立即失效');
    await u.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `更换${name}的缴费码？` })).toBeNull());
    expect(await codeOf(room.id)).toBe(code);

    await u.click(within(dialog).getByRole('button', { name: '更换缴费码' }));
    confirm = await screen.findByRole('dialog', { name: `更换${name}的缴费码？` });
    await u.click(within(confirm).getByRole('button', { name: '更换缴费码' }));
    expect(await screen.findByText('已生成新缴费码，请打印新贴纸')).toBeInTheDocument();
    const renewed = await codeOf(room.id);
    expect(renewed).not.toBe(code);
    await waitFor(() => expect(within(dialog).getByTestId('pay-link')).toHaveTextContent(new RegExp(`/pay/${renewed}$`)));
  });
});

describe('a building\'s pay stickers (jianzhuguanli)', () => {
  it('opens a sheet of every room\'s sticker with its QR code, and prints it', async () => {
    const [building] = await query<{ id: number; name: string; project_id: number; project: string; rooms: number }>(`SELECT b.id, b.name, b.project_id, p.name AS project, count(r.id)::int AS rooms
      FROM buildings b JOIN projects p ON p.id = b.project_id JOIN rooms r ON r.building_id = b.id WHERE b.area_id = 1 GROUP BY b.id, p.name ORDER BY b.id LIMIT 1`);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const u = user();
    renderScreen(filterPath('/jianzhuguanli', { q: building.name, projectId: building.project_id }));
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes(building.name))).toBe(true));
    const row = rows().find((r) => r.textContent?.includes(building.name))!;
    await u.click(within(row).getByRole('button', { name: '打印缴费贴纸' }));
    const sheet = await screen.findByRole('dialog', { name: `缴费贴纸 · ${building.project} ${building.name}` });
    const stickers = await within(sheet).findByRole('list', { name: '缴费贴纸页' });
    expect(within(stickers).getAllByRole('listitem')).toHaveLength(building.rooms);
    expect(sheet).toHaveTextContent(`房间数：${building.rooms}`);
    await waitFor(() => expect(within(stickers).getAllByRole('img')).toHaveLength(building.rooms));
    expect(within(stickers).getAllByRole('listitem')[0]).toHaveTextContent(`${building.project} ${building.name}`);
    await u.click(within(sheet).getByRole('button', { name: '打印' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(await query(`SELECT count(*)::int AS n FROM pay_codes c JOIN rooms r ON r.id = c.room_id WHERE r.building_id = ${building.id}`)).toEqual([{ n: building.rooms }]);
  });
});
