import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { voidImpact } from '../../src/resources/statistics/rechargeOrders/VoidOrderDialog';
import { formatYuan } from '../../common/money';

/**
 * The recharge order screens (chongzhidingdan electric, chongzhiwater water) against the real
 * backend: rows and the totals of the filtered set, filters from the address, the void with its
 * reason and its warning when the credit was spent, the server's CSV, empty and error states.
 */
signedInForFile('admin');

const filterPath = (path: string, filter: Record<string, unknown>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const totalOf = (source: string) => screen.getByTestId('list-totals').querySelector(`[data-total="${source}"]`)!.textContent;
const yuan = (fen: number) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

afterEach(() => vi.restoreAllMocks());

describe('recharge order statistics (chongzhidingdan)', () => {
  it('lists electric orders newest first with the totals of every matching order', async () => {
    renderScreen('/chongzhidingdan');
    await waitFor(() => expect(rows().length).toBe(25));
    const [ref] = await query<{ n: number; amount: number; voided: number }>(`SELECT count(*) AS n, sum(amount_fen) AS amount, count(*) FILTER (WHERE order_status = 0) AS voided
      FROM recharge_orders WHERE utility = 'electric' AND area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    await screen.findByTestId('list-totals');
    expect(totalOf('count')).toBe(Number(ref.n).toLocaleString('en-US'));
    expect(totalOf('amountFen')).toBe(yuan(Number(ref.amount)));
    expect(totalOf('voidCount')).toBe(String(Number(ref.voided)));
    expect(screen.getByRole('columnheader', { name: /金额（元）/ })).toBeInTheDocument();
    expect(rows()[0].textContent).toMatch(/E\d{12,}/);
  });

  it('filters by status from the address and shows void orders without a void action', async () => {
    renderScreen(filterPath('/chongzhidingdan', { orderStatus: '0' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    for (const row of rows()) {
      expect(row).toHaveTextContent('已作废');
      expect(within(row).queryByRole('button', { name: '作废订单' })).toBeNull();
    }
  });

  it('voids an order after a reason is given: status 0 on screen and in the database', async () => {
    const [order] = await query<{ order_id: string }>(`SELECT o.order_id FROM recharge_orders o JOIN accounts a ON a.room_id = o.room_id AND a.utility = o.utility
      WHERE o.utility = 'electric' AND o.order_status = 1 AND o.area_id = 1 AND a.balance_fen >= o.amount_fen ORDER BY o.id LIMIT 1`);
    const u = user();
    renderScreen(filterPath('/chongzhidingdan', { orderId: order.order_id }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('button', { name: '作废订单' }));
    const dialog = await screen.findByRole('dialog', { name: `作废订单 ${order.order_id}` });
    expect(within(dialog).queryByTestId('void-spent')).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: '作废' }));
    expect(await within(dialog).findByText('请填写作废原因')).toBeInTheDocument();
    expect((await query<{ order_status: number }>(`SELECT order_status FROM recharge_orders WHERE order_id = '${order.order_id}'`))[0].order_status).toBe(1);
    await u.type(within(dialog).getByRole('textbox', { name: /作废原因/ }), '重复收款');
    await u.click(within(dialog).getByRole('button', { name: '作废' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()[0]).toHaveTextContent('已作废'));
    const [after] = await query<{ order_status: number }>(`SELECT order_status FROM recharge_orders WHERE order_id = '${order.order_id}'`);
    expect(after.order_status).toBe(0);
    const [refund] = await query<{ remark: string }>(`SELECT remark FROM ledger_entries WHERE ref_id = '${order.order_id}' AND kind = 'void'`);
    expect(refund.remark).toBe('重复收款');
  });

  it('says before voiding that spent credit leaves the balance lower', async () => {
    const [order] = await query<{ order_id: string; balance_fen: number; amount_fen: number }>(`SELECT o.order_id, a.balance_fen, o.amount_fen FROM recharge_orders o
      JOIN accounts a ON a.room_id = o.room_id AND a.utility = o.utility
      WHERE o.utility = 'electric' AND o.order_status = 1 AND o.area_id = 1 AND a.balance_fen < o.amount_fen ORDER BY o.id LIMIT 1`);
    const u = user();
    renderScreen(filterPath('/chongzhidingdan', { orderId: order.order_id }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('button', { name: '作废订单' }));
    const dialog = await screen.findByRole('dialog');
    const after = Number(order.balance_fen) - Number(order.amount_fen);
    // Money as the one formatter writes it (issue 40): the sign before the currency, separators; the rows too.
    expect(within(dialog).getByTestId('void-spent')).toHaveTextContent(`作废后余额将为 ${formatYuan(after)}。`);
    expect(dialog).toHaveTextContent(`冲正金额${formatYuan(-Number(order.amount_fen))}`);
    expect(dialog).toHaveTextContent(`作废后余额${formatYuan(after)}`);
    await u.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await query<{ order_status: number }>(`SELECT order_status FROM recharge_orders WHERE order_id = '${order.order_id}'`))[0].order_status).toBe(1);
  });

  it('exports the filtered set through the server as a CSV file', async () => {
    const created: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => { created.push(blob); return 'blob:test'; }, revokeObjectURL: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const u = user();
    renderScreen(filterPath('/chongzhidingdan', { channel: 'cash' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const text = await created[0].text();
    const [ref] = await query<{ n: number }>(`SELECT count(*) AS n FROM recharge_orders WHERE utility = 'electric' AND channel = 'cash' AND area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0].startsWith('订单号,')).toBe(true);
    expect(lines).toHaveLength(Number(ref.n) + 1);
    expect(lines.slice(1).every((line) => line.includes(',现金,'))).toBe(true);
  });

  it('shows no rows for a filter nothing matches', async () => {
    renderScreen(filterPath('/chongzhidingdan', { orderId: 'NO-SUCH-ORDER' }));
    expect(await screen.findByText(/无结果|没有结果|未找到/)).toBeInTheDocument();
    expect(rows().filter((row) => row.querySelector('td')?.textContent?.startsWith('E'))).toHaveLength(0);
  });
  it('shows the server\'s message naming the field for a range that ends before it starts', async () => {
    renderScreen(filterPath('/chongzhidingdan', { createdFrom: '2026-11-02T00:00:00+08:00', createdTo: '2026-11-01T00:00:00+08:00' }));
    expect(await screen.findByText(/结束日期：必须晚于起始时间/)).toBeInTheDocument();
    expect(screen.queryByTestId('list-totals')).toBeNull();
  });
});

describe('water recharge orders (chongzhiwater)', () => {
  it('lists water orders only, with their totals', async () => {
    renderScreen('/chongzhiwater');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    for (const row of rows()) expect(row.textContent).toMatch(/W\d{12,}/);
    const [ref] = await query<{ n: number }>(`SELECT count(*) AS n FROM recharge_orders WHERE utility = 'water' AND area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    await screen.findByTestId('list-totals');
    expect(totalOf('count')).toBe(Number(ref.n).toLocaleString('en-US'));
  });
});

describe('voidImpact', () => {
  it('is the balance less the amount, and says when the credit was spent', () => {
    expect(voidImpact({ amountFen: 5000, balanceFen: 8000 })).toEqual({ before: 8000, after: 3000, spent: false });
    expect(voidImpact({ amountFen: 5000, balanceFen: 1200 })).toEqual({ before: 1200, after: -3800, spent: true });
    expect(voidImpact({ amountFen: 5000, balanceFen: null })).toEqual({ before: 0, after: -5000, spent: true });
  });
});
