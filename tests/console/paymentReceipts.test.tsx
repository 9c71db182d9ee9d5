import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/**
 * The payment screen's edges (issue 40): a vacant room's recharge dialog says so (without refusing);
 * the ledger shows an order number whole and copies it; a receipt is printed again — from the
 * ledger, the order lists and the room billing details — as the same receipt, marked as a reprint.
 */
signedInForFile('admin');

const AREA1 = `(SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`;
const filterPath = (path: string, filter: Record<string, unknown>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Room { room_id: number; room_code: string; project: string; building: string }
/** An area-1 room with an electric meter and room under its hoarding limit whose code at most a few rooms share; vacant or let. */
async function roomOf(vacant: boolean, offset = 0): Promise<Room> {
  const [room] = await query<Room>(`SELECT r.id AS room_id, r.room_code, p.name AS project, b.name AS building FROM rooms r
    JOIN projects p ON p.id = r.project_id JOIN buildings b ON b.id = r.building_id
    JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric' JOIN electric_meters m ON m.room_id = r.id
    WHERE r.area_id IN ${AREA1} AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000
      AND ${vacant ? 'NOT' : ''} EXISTS (SELECT 1 FROM tenant_bindings t WHERE t.room_id = r.id AND t.end_date IS NULL)
      AND (SELECT count(*) FROM rooms r2 WHERE lower(r2.room_code) LIKE lower(r.room_code) || '%' AND r2.area_id IN ${AREA1}) < 10
    ORDER BY r.id DESC LIMIT 1 OFFSET ${offset}`);
  return room;
}

/** Opens the payment screen on a room, found by its code (the option naming its project and building). */
async function openRoom(room: Room) {
  const u = user();
  renderScreen('/userJiaofei');
  const search = await screen.findByRole('combobox', { name: '房间号、租户或电话' });
  await waitFor(() => expect(search).toHaveFocus());
  await u.keyboard(room.room_code);
  await u.click(await screen.findByRole('option', { name: new RegExp(`^${escape(`${room.project} · ${room.building} · ${room.room_code}`)}`) }));
  await waitFor(() => expect(screen.getByTestId('selected-room')).toHaveTextContent(`${room.building} · ${room.room_code}`));
  await screen.findByTestId('balance-electric');
  return u;
}

/** A receipt's lines as label → value (what the tenant takes away). */
const receiptLines = () => {
  const receipt = document.getElementById('payment-receipt')!;
  const terms = [...receipt.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
  const values = [...receipt.querySelectorAll('dd')].map((dd) => dd.textContent ?? '');
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
};

afterEach(() => vi.restoreAllMocks());

describe('the recharge dialog of a vacant room', () => {
  it('says the room is vacant and still takes the recharge (a landlord\'s top-up)', async () => {
    const room = await roomOf(true);
    const u = await openRoom(room);
    await u.click(screen.getByRole('button', { name: '电费充值' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('vacant-room')).toHaveTextContent('该房间当前空置（无租户），充值将留在房间账户上');
    const before = (await query<{ n: number }>(`SELECT count(*)::int AS n FROM recharge_orders WHERE room_id = ${room.room_id}`))[0].n;
    await u.click(within(dialog).getByRole('button', { name: '¥50' }));
    await u.click(within(dialog).getByRole('button', { name: /^收款/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect((await query<{ n: number }>(`SELECT count(*)::int AS n FROM recharge_orders WHERE room_id = ${room.room_id}`))[0].n).toBe(before + 1));
  });

  it('says nothing of the kind for a let room', async () => {
    const room = await roomOf(false);
    const u = await openRoom(room);
    await u.click(screen.getByRole('button', { name: '电费充值' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('金额（元）')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('vacant-room')).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('空置');
  });
});

describe('the ledger and receipts printed again', () => {
  it('shows the order number whole in the ledger, copies it, and prints the same receipt again marked as a reprint', async () => {
    const room = await roomOf(false, 1);
    const u = await openRoom(room);
    await u.click(screen.getByRole('button', { name: '电费充值' }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByLabelText('金额（元）'), '88.60');
    await u.click(within(dialog).getByRole('button', { name: '支付宝' }));
    await u.click(within(dialog).getByRole('button', { name: /^收款/ }));
    await waitFor(() => expect(screen.getByTestId('last-order')).toBeInTheDocument());
    const [order] = await query<{ order_id: string }>(`SELECT order_id FROM recharge_orders WHERE room_id = ${room.room_id} ORDER BY id DESC LIMIT 1`);

    // The receipt right after the recharge.
    await u.click(screen.getByRole('button', { name: '打印小票' }));
    const first = await screen.findByRole('dialog', { name: /收据/ });
    await waitFor(() => expect(receiptLines()['订单号']).toBe(order.order_id));
    const original = receiptLines();
    expect(document.getElementById('payment-receipt')).toHaveTextContent('缴费收据');
    expect(document.getElementById('payment-receipt')!.dataset.reprint).toBeUndefined();
    await u.click(within(first).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(document.getElementById('payment-receipt')).toBeNull());

    // The ledger line: the order number whole, copied with one click.
    const ledger = within(screen.getByRole('region', { name: '电费' })).getByRole('table');
    await waitFor(() => expect(within(ledger).getAllByTestId('ledger-order-id').map((cell) => cell.textContent)).toContain(order.order_id));
    const line = within(ledger).getAllByRole('row').find((row) => row.textContent?.includes(order.order_id))!;
    expect(within(line).getByTestId('ledger-order-id').textContent).toBe(order.order_id);
    // user-event's clipboard stands in for the browser's (the Clipboard API of a secure context).
    const secure = Object.getOwnPropertyDescriptor(window, 'isSecureContext');
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    try {
      await u.click(within(line).getByRole('button', { name: `复制单号 ${order.order_id}` }));
      expect(await navigator.clipboard.readText()).toBe(order.order_id);
    } finally {
      if (secure) Object.defineProperty(window, 'isSecureContext', secure);
      else delete (window as { isSecureContext?: boolean }).isSecureContext;
    }
    expect(await screen.findByText(`已复制单号${order.order_id}`)).toBeInTheDocument();

    // Printed again from that line: the same receipt, marked as a reprint with its time.
    await u.click(within(line).getByRole('button', { name: `补打收据 ${order.order_id}` }));
    await screen.findByRole('dialog', { name: /补打/ });
    await waitFor(() => expect(receiptLines()['订单号']).toBe(order.order_id));
    const again = receiptLines();
    expect(again['补打时间']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const { 补打时间: _, ...same } = again;
    expect(same).toEqual(original);
    const receipt = document.getElementById('payment-receipt')!;
    expect(receipt.dataset.reprint).toBe('true');
    expect(receipt).toHaveTextContent('缴费收据（补打）');
  });

  it('prints an order\'s receipt again from the order list (充值订单统计)', async () => {
    const [order] = await query<{ order_id: string; room_code: string; tenant: string | null }>(`SELECT o.order_id, r.room_code, t.name AS tenant FROM recharge_orders o
      JOIN rooms r ON r.id = o.room_id LEFT JOIN tenant_bindings b ON b.room_id = r.id AND b.end_date IS NULL LEFT JOIN tenants t ON t.id = b.tenant_id
      WHERE o.utility = 'electric' AND o.order_status = 2 AND o.area_id IN ${AREA1} ORDER BY o.id DESC LIMIT 1`);
    const u = user();
    renderScreen(filterPath('/chongzhidingdan', { orderId: order.order_id }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('button', { name: '补打收据' }));
    await screen.findByRole('dialog', { name: /补打/ });
    await waitFor(() => expect(receiptLines()['订单号']).toBe(order.order_id));
    const lines = receiptLines();
    expect(lines['房间']).toContain(order.room_code);
    expect(lines['补打时间']).toBeTruthy();
    expect(document.getElementById('payment-receipt')).toHaveTextContent('缴费收据（补打）');
    expect(screen.queryByTestId('receipt-void')).not.toBeInTheDocument();
  });

  it('prints a void water order\'s receipt again, saying the order is void (水表充值订单)', async () => {
    const [order] = await query<{ order_id: string }>(`SELECT order_id FROM recharge_orders WHERE utility = 'water' AND order_status = 0 AND area_id IN ${AREA1} ORDER BY id LIMIT 1`);
    const u = user();
    renderScreen(filterPath('/chongzhiwater', { orderId: order.order_id }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('button', { name: '补打收据' }));
    await screen.findByRole('dialog', { name: /补打/ });
    await waitFor(() => expect(receiptLines()['订单号']).toBe(order.order_id));
    expect(receiptLines()['类型']).toBe('水费');
    expect(screen.getByTestId('receipt-void')).toHaveTextContent('本订单已作废');
  });

  it('prints a recharge line\'s receipt again from the room billing details, and offers it on no other kind of line', async () => {
    // A room of area 1 with exactly one recharge line.
    const [line] = await query<{ ref_id: string; room_code: string; building_id: number }>(`SELECT max(e.ref_id) AS ref_id, r.room_code, r.building_id FROM ledger_entries e
      JOIN accounts a ON a.id = e.account_id JOIN rooms r ON r.id = a.room_id
      WHERE e.kind = 'recharge' AND e.ref_type = 'recharge_order' AND r.area_id IN ${AREA1}
      GROUP BY r.id, r.room_code, r.building_id HAVING count(*) = 1 ORDER BY r.id LIMIT 1`);
    const u = user();
    const view = renderScreen(filterPath('/room_billing_details', { buildingId: line.building_id, roomCode: line.room_code, kind: 'recharge' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const row = rows().find((r) => r.textContent?.includes(line.ref_id)) ?? rows()[0];
    await u.click(within(row).getByRole('button', { name: '补打收据' }));
    await screen.findByRole('dialog', { name: /补打/ });
    await waitFor(() => expect(receiptLines()['订单号']).toBe(line.ref_id));
    expect(document.getElementById('payment-receipt')).toHaveTextContent('缴费收据（补打）');
    view.unmount();
    // Deductions have no order: no reprint.
    renderScreen(filterPath('/room_billing_details', { buildingId: line.building_id, roomCode: line.room_code, kind: 'deduction' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    for (const r of rows()) expect(within(r).queryByRole('button', { name: '补打收据' })).toBeNull();
  });
});
