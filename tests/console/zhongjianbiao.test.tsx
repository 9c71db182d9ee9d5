import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { formatYuan } from '../../common/money';

/** Room binding (zhongjianbiao): rooms with their meters; attach from stock, detach, move, each after a confirmation. */
signedInForFile('admin');

const filterUrl = (filter: Record<string, unknown>) => `/zhongjianbiao?filter=${encodeURIComponent(JSON.stringify(filter))}`;
/** A room as messages name it, read apart from the console: "project building room". */
const roomName = async (id: number) => (await query<{ name: string }>(`SELECT p.name || ' ' || b.name || ' ' || r.room_code AS name
  FROM rooms r JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = r.project_id WHERE r.id = ${id}`))[0].name;

describe('room binding (zhongjianbiao)', () => {
  it('lists rooms with both meters and filters the rooms without a water meter', async () => {
    renderScreen('/zhongjianbiao');
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    const headers = [...document.querySelectorAll('main thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['房间号', '电表', '继电器', '水表', '阀门']));
    const [{ n }] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM rooms r WHERE r.area_id = 1 AND NOT EXISTS (SELECT 1 FROM water_meters w WHERE w.room_id = r.id)`);
    const view = renderScreen(filterUrl({ withoutWater: 'true' }));
    await waitFor(() => expect(within(view.container).getByText(new RegExp(`共 ${n} 条`))).toBeInTheDocument());
  });

  it('attaches a meter in stock to a room without one, after a confirmation naming both', async () => {
    const [room] = await query<{ id: number; room_code: string; building_id: number }>(`SELECT r.id, r.room_code, r.building_id FROM rooms r WHERE r.area_id = 1
      AND NOT EXISTS (SELECT 1 FROM water_meters w WHERE w.room_id = r.id) ORDER BY r.id LIMIT 1`);
    const [meter] = await query<{ id: number; address: string }>(`SELECT id, address FROM water_meters WHERE area_id = 1 AND room_id IS NULL ORDER BY id LIMIT 1`);
    const u = user();
    renderScreen(filterUrl({ withoutWater: 'true', q: room.room_code, buildingId: room.building_id }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('button', { name: '表计' }));
    const dialog = await screen.findByRole('dialog');
    const water = within(dialog).getByRole('region', { name: '水费' });
    expect(water).toHaveTextContent('未绑定表计');
    await u.click(within(water).getByRole('button', { name: '绑定' }));
    await u.type(within(water).getByRole('combobox', { name: /库存表计/ }), meter.address);
    await u.click(await screen.findByRole('option', { name: meter.address }));
    await u.click(within(water).getByRole('button', { name: '下一步' }));
    const confirm = await screen.findByRole('dialog', { name: '绑定表计' });
    await waitFor(() => expect(confirm).toHaveTextContent(`确定将水表${meter.address}绑定到`));
    expect(confirm).toHaveTextContent(room.room_code);
    await u.click(within(confirm).getByRole('button', { name: '确定' }));
    // The room named with its project and building (issue 40: "1号楼 101" exists in several projects).
    expect(await screen.findByText(`表${meter.address}已绑定到房间${await roomName(room.id)}`)).toBeInTheDocument();
    expect(await query(`SELECT room_id FROM water_meters WHERE id = ${meter.id}`)).toEqual([{ room_id: room.id }]);
    // The dialog shows the room as it is now, though the room has left the list of rooms without a water meter.
    await waitFor(() => expect(within(dialog).getByRole('region', { name: '水费' })).toHaveTextContent(meter.address));
  });

  it('offers to open the water account right after a water meter is attached to a room without one (the payment screen\'s call)', async () => {
    // A room with neither a water meter nor a water account: the attached meter's account is not opened.
    const [room] = await query<{ id: number; room_code: string; building_id: number }>(`SELECT r.id, r.room_code, r.building_id FROM rooms r WHERE r.area_id = 1
      AND NOT EXISTS (SELECT 1 FROM water_meters w WHERE w.room_id = r.id) AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.room_id = r.id AND a.utility = 'water')
      ORDER BY r.id LIMIT 1 OFFSET 5`); // the other tests take the first and the last of the rooms without a water meter
    const [meter] = await query<{ id: number; address: string }>(`SELECT id, address FROM water_meters WHERE area_id = 1 AND room_id IS NULL ORDER BY id DESC LIMIT 1`);
    const u = user();
    renderScreen(filterUrl({ withoutWater: 'true', q: room.room_code, buildingId: room.building_id }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('button', { name: '表计' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(within(dialog).getByRole('region', { name: '水费' })).getByRole('button', { name: '绑定' }));
    const water = within(dialog).getByRole('region', { name: '水费' });
    await u.type(within(water).getByRole('combobox', { name: /库存表计/ }), meter.address);
    await u.click(await screen.findByRole('option', { name: meter.address }));
    await u.click(within(water).getByRole('button', { name: '下一步' }));
    const confirm = await screen.findByRole('dialog', { name: '绑定表计' });
    await u.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`表${meter.address}已绑定到房间${await roomName(room.id)}`)).toBeInTheDocument();
    // The attached meter has no account yet: the card says so and offers the opening.
    const card = () => within(dialog).getByRole('region', { name: '水费' });
    await waitFor(() => expect(card()).toHaveTextContent('水表账户尚未开户，开户后即可充值'));
    expect(await query(`SELECT account_opened FROM water_meters WHERE id = ${meter.id}`)).toEqual([{ account_opened: false }]);
    await u.click(within(card()).getByRole('button', { name: '开户' }));
    expect(await screen.findByText('水表账户已开户，可以充值了')).toBeInTheDocument();
    expect(await query(`SELECT account_opened FROM water_meters WHERE id = ${meter.id}`)).toEqual([{ account_opened: true }]);
    expect(await query(`SELECT count(*)::int AS n FROM accounts WHERE room_id = ${room.id} AND utility = 'water'`)).toEqual([{ n: 1 }]);
    // Opened: the offer is gone.
    await waitFor(() => expect(card()).not.toHaveTextContent('水表账户尚未开户'));
    expect(within(card()).queryByRole('button', { name: '开户' })).not.toBeInTheDocument();
  });

  it('detaches a meter after saying the room keeps its balance', async () => {
    const [room] = await query<{ id: number; room_code: string; building_id: number; meter_id: number; address: string; balance: number }>(`
      SELECT r.id, r.room_code, r.building_id, e.id AS meter_id, e.address, a.balance_fen::int AS balance FROM rooms r
      JOIN electric_meters e ON e.room_id = r.id JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric'
      WHERE r.area_id = 1 AND a.balance_fen > 0 ORDER BY r.id LIMIT 1`);
    const u = user();
    renderScreen(filterUrl({ q: room.address }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('button', { name: '表计' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(within(dialog).getByRole('region', { name: '电费' })).getByRole('button', { name: '解除绑定' }));
    const confirm = await screen.findByRole('dialog', { name: '解除表计绑定' });
    expect(confirm).toHaveTextContent(`房间保留电费账户及其余额${formatYuan(room.balance)}`);
    await u.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`表${room.address}已解除与房间${await roomName(room.id)}的绑定`)).toBeInTheDocument();
    expect(await query(`SELECT room_id FROM electric_meters WHERE id = ${room.meter_id}`)).toEqual([{ room_id: null }]);
    expect(await query(`SELECT balance_fen::int AS b FROM accounts WHERE room_id = ${room.id} AND utility = 'electric'`)).toEqual([{ b: room.balance }]);
  });

  it('moves a meter to a room without one (cascade picker), its readings staying behind', async () => {
    const [from] = await query<{ id: number; room_code: string; meter_id: number; address: string }>(`SELECT r.id, r.room_code, w.id AS meter_id, w.address FROM rooms r
      JOIN water_meters w ON w.room_id = r.id WHERE r.area_id = 1 AND EXISTS (SELECT 1 FROM readings x WHERE x.utility = 'water' AND x.meter_id = w.id) ORDER BY r.id DESC LIMIT 1`);
    const [to] = await query<{ id: number; room_code: string; building: string }>(`SELECT r.id, r.room_code, b.name AS building FROM rooms r JOIN buildings b ON b.id = r.building_id
      WHERE r.area_id = 1 AND NOT EXISTS (SELECT 1 FROM water_meters w WHERE w.room_id = r.id) ORDER BY r.id DESC LIMIT 1`);
    const readings = await query<{ n: number }>(`SELECT count(*)::int AS n FROM readings WHERE utility = 'water' AND meter_id = ${from.meter_id} AND room_id = ${from.id}`);
    const u = user();
    renderScreen(filterUrl({ q: from.address }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('button', { name: '表计' }));
    const dialog = await screen.findByRole('dialog');
    const water = within(dialog).getByRole('region', { name: '水费' });
    await u.click(within(water).getByRole('button', { name: '移到其他房间' }));
    await u.type(within(water).getByRole('combobox', { name: /移到房间/ }), to.room_code);
    await u.click(await screen.findByRole('option', { name: new RegExp(`${to.building} / ${to.room_code}$`) }));
    await u.click(within(water).getByRole('button', { name: '下一步' }));
    const confirm = await screen.findByRole('dialog', { name: '移动表计' });
    await waitFor(() => expect(confirm).toHaveTextContent(new RegExp(`已有的抄表记录仍属于.*${from.room_code}`)));
    await u.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`表${from.address}已移到房间${await roomName(to.id)}`)).toBeInTheDocument();
    expect(await query(`SELECT room_id FROM water_meters WHERE id = ${from.meter_id}`)).toEqual([{ room_id: to.id }]);
    expect(await query(`SELECT count(*)::int AS n FROM readings WHERE utility = 'water' AND meter_id = ${from.meter_id} AND room_id = ${from.id}`)).toEqual(readings);
  });
});
