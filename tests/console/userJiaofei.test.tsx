import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, fastUser as user, sqlRows as query } from './render';
import { amountInWords, fenToYuan, rmbCapital } from '../../common/money';
import { amountProblem } from '../../src/resources/archives/userJiaofei/RechargeDialog';

/**
 * 用户缴费 (userJiaofei): find a room by typing (keyboard only), recharge, see the new balance, the
 * order and its ledger row; a double click makes one order; the receipt.
 */
signedInForFile('admin');

interface Fixture { room_id: number; room_code: string; tenant: string; account_id: number; balance_fen: string }
/** An area-1 room with a tenant, an electric meter and room under its hoarding limit; each test its own. */
async function fixture(offset: number, uniqueCode = false): Promise<Fixture> {
  const unique = uniqueCode ? `AND (SELECT count(*) FROM rooms r2 WHERE lower(r2.room_code) LIKE lower(r.room_code) || '%' AND r2.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)) < 10` : '';
  const [row] = await query<Fixture>(`SELECT r.id AS room_id, r.room_code, t.name AS tenant, a.id AS account_id, a.balance_fen
    FROM rooms r JOIN tenant_bindings b ON b.room_id = r.id AND b.end_date IS NULL JOIN tenants t ON t.id = b.tenant_id
    JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric' JOIN electric_meters m ON m.room_id = r.id
    WHERE r.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1) AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000 ${unique}
    ORDER BY r.id LIMIT 1 OFFSET ${offset}`);
  return row;
}
const orderCount = async (roomId: number) => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM recharge_orders WHERE room_id = ${roomId}`))[0].n);

/** Opens the screen and takes the room through the search, by keyboard only. */
async function openRoom(room: Fixture, text: string) {
  const u = user();
  renderScreen('/userJiaofei');
  const search = await screen.findByRole('combobox', { name: '房间号、租户或电话' });
  await waitFor(() => expect(search).toHaveFocus());
  await u.keyboard(text);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const option = await screen.findByRole('option', { name: new RegExp(`${escape(room.room_code)}.*${escape(room.tenant)}`) });
  // ↓ until the room's option is highlighted, then Enter.
  for (let i = 0; i < 25 && !option.classList.contains('Mui-focused'); i++) await u.keyboard('{ArrowDown}');
  await u.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByTestId('selected-room')).toHaveTextContent(room.room_code));
  await waitFor(() => expect(screen.getByTestId('balance-electric')).toHaveTextContent(`¥${fenToYuan(Number(room.balance_fen))}`));
  return u;
}

describe('user payment (userJiaofei)', () => {
  it('highlights nothing until ↓: Enter alone takes no room, ↓ Enter takes the first match, which names its project and building', async () => {
    const room = await fixture(4);
    const u = user();
    renderScreen('/userJiaofei');
    const search = await screen.findByRole('combobox', { name: '房间号、租户或电话' });
    await waitFor(() => expect(search).toHaveFocus());
    await u.keyboard(room.tenant);
    const options = await screen.findAllByRole('option');
    expect(options.some((option) => option.classList.contains('Mui-focused'))).toBe(false);
    await u.keyboard('{Enter}');
    expect(screen.queryByTestId('selected-room')).not.toBeInTheDocument();
    await u.keyboard('{ArrowDown}');
    const first = screen.getAllByRole('option')[0];
    expect(first).toHaveClass('Mui-focused');
    // Every match says where the room is: project · building · room.
    const label = (first.querySelector('span > span')?.textContent ?? '').split(' · ');
    expect(label).toHaveLength(3);
    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('selected-room')).toHaveTextContent(label[2]));
  });

  it('opens a water account right on the payment screen, after which the water side takes a recharge', async () => {
    // A room whose water meter has no account yet (as a newly attached meter has).
    const [room] = await query<{ room_id: number; room_code: string; meter_id: number }>(`SELECT r.id AS room_id, r.room_code, w.id AS meter_id
      FROM rooms r JOIN water_meters w ON w.room_id = r.id JOIN tenant_bindings b ON b.room_id = r.id AND b.end_date IS NULL
      WHERE r.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1) AND NOT EXISTS (SELECT 1 FROM recharge_orders o WHERE o.room_id = r.id AND o.utility = 'water')
      ORDER BY r.id DESC LIMIT 1`);
    await query(`DELETE FROM ledger_entries WHERE account_id IN (SELECT id FROM accounts WHERE room_id = ${room.room_id} AND utility = 'water')`);
    await query(`DELETE FROM accounts WHERE room_id = ${room.room_id} AND utility = 'water'`);
    await query(`UPDATE water_meters SET account_opened = false WHERE id = ${room.meter_id}`);
    const u = user();
    renderScreen('/userJiaofei');
    await u.click(await screen.findByRole('button', { name: '按项目和建筑选择' }));
    const [names] = await query<{ project: string; building: string }>(`SELECT p.name AS project, b.name AS building FROM rooms r
      JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = r.project_id WHERE r.id = ${room.room_id}`);
    const dialog = await screen.findByRole('dialog', { name: /选择房间/ });
    const pick = async (label: RegExp, text: string, option: RegExp) => {
      const input = within(dialog).getByRole('combobox', { name: label });
      await u.click(input);
      await u.type(input, text);
      await u.click(await screen.findByRole('option', { name: option }));
    };
    await pick(/项目/, names.project, new RegExp(`^${names.project}$`));
    await pick(/建筑/, names.building, new RegExp(`^${names.building}$`));
    await pick(/^房间/, room.room_code, new RegExp(`/ ${room.room_code} \\(`));
    await u.click(within(dialog).getByRole('button', { name: '选择此房间' }));
    const water = await screen.findByRole('region', { name: '水费' });
    expect(await within(water).findByText('水表账户尚未开户，开户后即可充值')).toBeInTheDocument();
    expect(within(water).getByRole('button', { name: /水费充值/ })).toBeDisabled();
    await u.click(within(water).getByRole('button', { name: '开户' }));
    expect(await screen.findByText('水表账户已开户，可以充值了')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: '水费' })).getByRole('button', { name: /水费充值/ })).toBeEnabled());
    expect(await query(`SELECT account_opened FROM water_meters WHERE id = ${room.meter_id}`)).toEqual([{ account_opened: true }]);
  });

  it('takes a room through project → building → room as well', async () => {
    const room = await fixture(2);
    const [names] = await query<{ project: string; building: string }>(`SELECT p.name AS project, b.name AS building FROM rooms r
      JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = r.project_id WHERE r.id = ${room.room_id}`);
    const u = user();
    renderScreen('/userJiaofei');
    await u.click(await screen.findByRole('button', { name: '按项目和建筑选择' }));
    const dialog = await screen.findByRole('dialog', { name: /选择房间/ });
    const pick = async (label: RegExp, text: string, option: RegExp) => {
      const input = within(dialog).getByRole('combobox', { name: label });
      await u.click(input);
      await u.type(input, text);
      await u.click(await screen.findByRole('option', { name: option }));
    };
    await pick(/项目/, names.project, new RegExp(`^${names.project}$`));
    await pick(/建筑/, names.building, new RegExp(`^${names.building}$`));
    await pick(/^房间/, room.room_code, new RegExp(`/ ${room.room_code} \\(`));
    await u.click(within(dialog).getByRole('button', { name: '选择此房间' }));
    await waitFor(() => expect(screen.getByTestId('selected-room')).toHaveTextContent(`${names.building} · ${room.room_code}`));
    await waitFor(() => expect(screen.getByTestId('balance-electric')).toHaveTextContent(`¥${fenToYuan(Number(room.balance_fen))}`));
  });

  it('finds a room by typing, recharges it, and shows the new balance, the order and the ledger row', async () => {
    const room = await fixture(0, true);
    const u = await openRoom(room, room.room_code);
    expect(screen.getByText(new RegExp(room.tenant))).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '电费' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '水费' })).toBeInTheDocument();
    // The ledger is the tenant's, from the binding on (issue 40).
    const [binding] = await query<{ start: string }>(`SELECT start_date::text AS start FROM tenant_bindings WHERE room_id = ${room.room_id} AND end_date IS NULL`);
    expect(await screen.findByTestId('tenancy-electric')).toHaveTextContent(`自 ${binding.start} 入住起的流水`);

    await u.click(screen.getByRole('button', { name: '电费充值' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('金额（元）');
    await waitFor(() => expect(amount).toHaveFocus());
    await u.click(within(dialog).getByRole('button', { name: '微信' }));
    await u.click(amount);
    await u.keyboard('123.45');
    expect(within(dialog).getByText('壹佰贰拾叁元肆角伍分')).toBeInTheDocument();
    // Enter in the amount sends the recharge.
    await u.keyboard('{Enter}');

    const after = Number(room.balance_fen) + 12_345;
    await waitFor(() => expect(screen.getByTestId('balance-electric')).toHaveTextContent(`¥${fenToYuan(after)}`));
    const [order] = await query<{ order_id: string; amount_fen: string; channel: string }>(`SELECT order_id, amount_fen, channel FROM recharge_orders WHERE room_id = ${room.room_id} ORDER BY id DESC LIMIT 1`);
    expect([Number(order.amount_fen), order.channel]).toEqual([12_345, 'wechat']);
    const last = screen.getByTestId('last-order');
    expect(last).toHaveTextContent(order.order_id);
    expect(last).toHaveTextContent('¥123.45');
    const ledger = within(screen.getByRole('region', { name: '电费' })).getByRole('table');
    await waitFor(() => expect(within(ledger).getAllByRole('row')[1]).toHaveTextContent('+123.45'));
    expect(within(ledger).getAllByRole('row')[1]).toHaveTextContent(order.order_id);

    // The receipt: order, amount in figures and in capitals, channel, balance after.
    await u.click(screen.getByRole('button', { name: '打印小票' }));
    const receipt = document.getElementById('payment-receipt')!;
    expect(receipt).toHaveTextContent(order.order_id);
    expect(receipt).toHaveTextContent('¥123.45');
    expect(receipt).toHaveTextContent('壹佰贰拾叁元肆角伍分');
    expect(receipt).toHaveTextContent('微信');
    expect(receipt).toHaveTextContent(`¥${fenToYuan(after)}`);
    // The meter and its unit price.
    const [meter] = await query<{ address: string }>(`SELECT address FROM electric_meters WHERE room_id = ${room.room_id}`);
    expect(receipt).toHaveTextContent(`表号${meter.address}`);
    expect(receipt).toHaveTextContent('单价');
    expect(receipt.dataset.size).toBe('thermal80');
    await u.click(screen.getByRole('button', { name: 'A5' }));
    expect(receipt.dataset.size).toBe('a5');
  });

  it('makes one order of a double click (and of a retried submit)', async () => {
    const room = await fixture(1);
    const u = await openRoom(room, room.tenant);
    const before = await orderCount(room.room_id);
    await u.click(screen.getByRole('button', { name: '电费充值' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: '¥100' }));
    const submit = within(dialog).getByRole('button', { name: '收款¥100.00' });
    await u.dblClick(submit);
    await waitFor(() => expect(screen.getByTestId('balance-electric')).toHaveTextContent(`¥${fenToYuan(Number(room.balance_fen) + 10_000)}`));
    expect(await orderCount(room.room_id)).toBe(before + 1);
  });

  it('checks the amount before sending: yuan with two decimals, more than 0, within the hoarding limit', () => {
    expect(amountProblem('', 1000)?.key).toMatch(/amountRequired/);
    expect(amountProblem('1.234', 100_000)?.key).toBe('validation.money');
    expect(amountProblem('0', 100_000)?.key).toMatch(/amountPositive/);
    expect(amountProblem('10.01', 1000)).toEqual({ key: 'resources.userJiaofei.dialog.amountMost', args: { most: '¥10.00' } });
    expect(amountProblem('10.00', 1000)).toBeUndefined();
    expect(amountProblem('0.1', 1000)).toBeUndefined();
    expect(rmbCapital(0)).toBe('零元整');
    expect(rmbCapital(105)).toBe('壹元零伍分');
    expect(rmbCapital(5)).toBe('伍分');
    expect(rmbCapital(1_000_000)).toBe('壹万元整');
    expect(rmbCapital(1_000_100)).toBe('壹万零壹元整');
    expect(rmbCapital(10_001_000_000)).toBe('壹亿零壹万元整');
    expect(rmbCapital(101_000)).toBe('壹仟零壹拾元整');
    expect(rmbCapital(1_234_560)).toBe('壹万贰仟叁佰肆拾伍元陆角整');
    // The amount in words follows the receipt's language.
    expect(amountInWords(1_234_560, 'zh-cht')).toBe('壹萬貳仟參佰肆拾伍元陸角整');
    expect(amountInWords(5_000, 'en')).toBe('Fifty yuan only');
    expect(amountInWords(12_345, 'en')).toBe('One hundred twenty-three yuan and forty-five fen');
    expect(amountInWords(100_000_000, 'en')).toBe('One million yuan only');
    expect(amountInWords(-705, 'en')).toBe('Minus seven yuan and five fen');
    expect(amountInWords(1_234_567, 'ja')).toBe('一万二千三百四十五元六角七分');
    expect(amountInWords(5_000, 'ja')).toBe('五十元');
  });
});
