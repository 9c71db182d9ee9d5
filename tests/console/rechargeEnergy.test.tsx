import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/**
 * The energy column of the recharge orders (chongzhidingdan): an order to a time-of-use meter is
 * reckoned at the table's flat rate and shown as an estimate ("≈ 153.85", what it was reckoned at on
 * hover, a legend above the table), also an order stored without energy; a single-rate order's
 * figure is shown as it is.
 */
signedInForFile('admin');

const filterPath = (filter: Record<string, unknown>) => `/chongzhidingdan?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const AREA1 = `(SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`;

/** An electric order of area 1 whose room's meter has a table of this kind. */
const orderOf = async (kind: string) => (await query<{ order_id: string; amount_fen: number; flat_fen: number; energy: string | null }>(`
  SELECT o.order_id, o.amount_fen, p.flat_fen, o.energy FROM recharge_orders o JOIN electric_meters m ON m.room_id = o.room_id
  JOIN price_tables p ON p.id = m.price_table_id
  WHERE o.utility = 'electric' AND o.area_id IN ${AREA1} AND p.kind = '${kind}' ORDER BY o.id LIMIT 1`))[0];

/** The energy column is a detail column (hidden on a narrow window): the operator shows it with the column chooser. */
async function showEnergyColumn() {
  const u = user();
  await u.click(screen.getByRole('button', { name: '列' }));
  await u.click(await screen.findByRole('switch', { name: '电量（kWh）' }));
  await u.keyboard('{Escape}');
  await waitFor(() => expect(rows()[0].querySelector('td.column-energy')).not.toBeNull());
  return rows()[0].querySelector('td.column-energy')!;
}

describe('recharge order energy', () => {
  it('shows a time-of-use order stored without energy as an estimate at the flat rate', async () => {
    const order = await orderOf('tou');
    await query(`UPDATE recharge_orders SET energy = NULL WHERE order_id = '${order.order_id}'`);
    renderScreen(filterPath({ orderId: order.order_id }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    const cell = await showEnergyColumn();
    const expected = (Math.round((Number(order.amount_fen) / order.flat_fen) * 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(cell).toHaveTextContent(`≈ ${expected}`);
    const figure = within(cell as HTMLElement).getByText(`≈ ${expected}`);
    expect(figure).toHaveAttribute('title', expect.stringContaining('平段电价'));
    expect(screen.getByTestId('energy-legend')).toHaveTextContent('峰谷分时电价按平段电价、阶梯电价按第一档单价折算');
  });

  it('shows a single-rate order\'s energy as it is, without the estimate mark or legend', async () => {
    const order = await orderOf('single');
    renderScreen(filterPath({ orderId: order.order_id }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    const cell = await showEnergyColumn();
    expect(cell.textContent).toBe(Number(order.energy).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect(screen.queryByTestId('energy-legend')).toBeNull();
  });
});
