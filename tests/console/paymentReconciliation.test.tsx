import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { payOnline, roomTakingPayments } from './onlinePayments';
import { reconciliationParams } from '../../src/resources/statistics/zhifuduizhang';
import { itemActions, type ReconciliationItem } from '../../src/resources/statistics/zhifuduizhang/model';

/**
 * 支付对账 (issue 41) against the real backend: the reconciled days with their counts and totals,
 * a day's differences with their causes in words and the decisions each offers, a decision taken,
 * and the conflicts with their own decisions. Days with differences and conflicts are written into
 * the file's database as the reconciliation and the notifications would leave them (the seed has
 * none); one day is reconciled for real against the simulated Alipay's bill.
 */
const { session } = signedInForFile('admin');

const filterPath = (filter: Record<string, unknown>) => `/zhifuduizhang?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** A reconciled day with three differences: a payment no order claims, an amount that differs (an order of area 1), one already accepted. */
async function dayWithDifferences(provider: 'wechat' | 'alipay', day: string) {
  const [order] = await query<{ order_id: string }>(`SELECT order_id FROM recharge_orders WHERE area_id = 1 AND order_status = 1 ORDER BY id LIMIT 1`);
  const [run] = await query<{ id: number }>(`INSERT INTO pay_reconciliations (provider, bill_date, status, matched, missing_on_platform, missing_at_provider, amount_mismatch,
    provider_fen, platform_fen, ledger_fen, ran_at) VALUES ('${provider}', '${day}', 'differences', 12, 2, 0, 1, 123456, 110000, 110000, '${day}T02:00:00Z') RETURNING id`);
  const ids = await query<{ id: number }>(`INSERT INTO pay_reconciliation_items (reconciliation_id, kind, line, order_no, transaction_id, area_id, provider_fen, platform_fen, ledger_fen, cause,
    resolution, resolution_note, resolved_at) VALUES
    (${run.id}, 'missingOnPlatform', 'payment', 'P${day.replace(/-/g, '')}X1', '4200000001${day.replace(/-/g, '')}', NULL, 3456, NULL, 0, 'unknownOrder', NULL, NULL, NULL),
    (${run.id}, 'amountMismatch', 'payment', '${order.order_id}', '4200000002${day.replace(/-/g, '')}', 1, 10000, 9000, 9000, 'providerAmount', NULL, NULL, NULL),
    (${run.id}, 'missingOnPlatform', 'payment', 'P${day.replace(/-/g, '')}X3', '4200000003${day.replace(/-/g, '')}', 1, 1000, NULL, 0, 'order.closed', 'accepted', '付款人已线下退回', '${day}T03:00:00Z')
    RETURNING id`);
  return { id: run.id, orderId: order.order_id, items: ids.map((row) => row.id) };
}

const rowOfDay = (day: string) => rows().find((row) => row.textContent?.includes(day));

describe('payment reconciliation (zhifuduizhang): the reconciled days', () => {
  it('lists a reconciled day with its status, counts, totals in yuan and open differences, and opens its differences with their causes in words', async () => {
    const day = '2026-10-05';
    const run = await dayWithDifferences('wechat', day);
    const u = user();
    renderScreen('/zhifuduizhang');
    expect(await screen.findByRole('tab', { name: '每日对账', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(rowOfDay(day)).toBeDefined());
    const row = rowOfDay(day)!;
    expect(row).toHaveTextContent('微信支付');
    expect(row).toHaveTextContent('有差异');
    for (const text of ['12', '1,234.56', '1,100.00']) expect(row).toHaveTextContent(text);
    // Two differences are still open (the third was accepted).
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toContain('2');

    await u.click(within(row).getByRole('button', { name: day }));
    const dialog = await screen.findByRole('dialog', { name: new RegExp(`^差异 · 微信支付 · ${day}`) });
    expect(within(dialog).getByTestId('differences-totals')).toHaveTextContent('机构 ¥1,234.56 · 平台 ¥1,100.00 · 账务 ¥1,100.00');
    const table = await within(dialog).findByRole('table', { name: '当日差异' });
    const lines = within(table).getAllByRole('row').slice(1);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toHaveTextContent('平台缺失');
    expect(lines[0]).toHaveTextContent('支付机构有此笔款项，平台没有对应订单');
    expect(lines[0]).toHaveTextContent('34.56');
    expect(lines[1]).toHaveTextContent(run.orderId);
    expect(lines[1]).toHaveTextContent('金额不符');
    expect(lines[1]).toHaveTextContent('支付机构金额与平台金额不符');
    expect(lines[2]).toHaveTextContent('支付机构有此笔款项，平台订单状态为“已关闭”');
    expect(lines[2]).toHaveTextContent('已确认');
    expect(lines[2]).toHaveTextContent('付款人已线下退回');
    // A payment no order claims names no room: it can be refunded or accepted, not credited.
    expect(within(lines[0]).queryByRole('button', { name: '入账到房间' })).toBeNull();
    expect(within(lines[0]).getByRole('button', { name: '退款给付款人' })).toBeInTheDocument();
    expect(within(lines[0]).getByRole('button', { name: '确认（附说明）' })).toBeInTheDocument();
    // A decided difference offers nothing more.
    expect(within(lines[2]).queryAllByRole('button')).toHaveLength(0);
  });

  it('filters by provider and status from the address', async () => {
    await dayWithDifferences('alipay', '2026-10-06');
    await query(`INSERT INTO pay_reconciliations (provider, bill_date, status, matched) VALUES ('alipay', '2026-10-07', 'matched', 8)`);
    renderScreen(filterPath({ provider: 'alipay', status: 'matched' }));
    await waitFor(() => expect(rowOfDay('2026-10-07')).toBeDefined());
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('支付宝');
    expect(rows()[0]).toHaveTextContent('一致');
  });

  it('accepts a difference only with a note, then shows it decided', async () => {
    const day = '2026-10-08';
    const run = await dayWithDifferences('wechat', day);
    const u = user();
    renderScreen(filterPath({ provider: 'wechat', billDateFrom: `${day}T00:00:00+08:00`, billDateTo: '2026-10-09T00:00:00+08:00' }));
    await waitFor(() => expect(rowOfDay(day)).toBeDefined());
    await u.click(within(rowOfDay(day)!).getByRole('button', { name: '查看差异' }));
    const table = await screen.findByRole('table', { name: '当日差异' });
    const line = within(table).getAllByRole('row')[2];
    await u.click(within(line).getByRole('button', { name: '确认（附说明）' }));
    const confirm = await screen.findByRole('dialog', { name: `按现状确认 ${run.orderId}` });
    await u.click(within(confirm).getByRole('button', { name: '确认' }));
    expect(await within(confirm).findByText('请说明确认的原因')).toBeInTheDocument();
    await u.type(within(confirm).getByRole('textbox', { name: /说明/ }), '机构手续费差额，已与机构核实');
    await u.click(within(confirm).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `按现状确认 ${run.orderId}` })).toBeNull());
    await waitFor(() => expect(within(line).getByText('已确认')).toBeInTheDocument());
    expect(await query(`SELECT resolution, resolution_note FROM pay_reconciliation_items WHERE id = ${run.items[1]}`))
      .toEqual([{ resolution: 'accepted', resolution_note: '机构手续费差额，已与机构核实' }]);
  });

  it('reconciles a day on demand with the provider\'s bill and shows its result', async () => {
    // A payment of the test day (2026-11-21) through the simulated Alipay: the day's bill has it.
    await payOnline(session().sessinId, await roomTakingPayments(3000), 3000, 'alipay');
    const u = user();
    renderScreen('/zhifuduizhang');
    await u.click(await screen.findByRole('button', { name: '按日对账' }));
    const dialog = await screen.findByRole('dialog', { name: '与支付机构当日账单对账' });
    await u.click(within(dialog).getByRole('button', { name: '支付宝' }));
    const date = within(dialog).getByLabelText(/账单日/);
    await u.clear(date);
    await u.type(date, '2026-11-21');
    await u.click(within(dialog).getByRole('button', { name: '开始对账' }));
    const result = await screen.findByRole('dialog', { name: /^差异 · 支付宝 · 2026-11-21/ });
    expect(await screen.findByText('支付宝 2026-11-21：一致 1 笔，差异 0 笔')).toBeInTheDocument();
    expect(within(result).getByText('全部一致，无需处理。')).toBeInTheDocument();
    expect(within(result).getByTestId('differences-totals')).toHaveTextContent('机构 ¥30.00 · 平台 ¥30.00 · 账务 ¥30.00');
    await u.click(within(result).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(rowOfDay('2026-11-21')).toHaveTextContent('一致'));
    expect(await query(`SELECT status, matched FROM pay_reconciliations WHERE provider = 'alipay' AND bill_date = '2026-11-21'`)).toEqual([{ status: 'matched', matched: 1 }]);
  });
});

describe('payment reconciliation (zhifuduizhang): the conflicts', () => {
  it('lists open conflicts (a conflict order and a payment no order claims) with the decisions each allows, and the decided ones on request', async () => {
    const [room] = await query<{ id: number; room_code: string }>(`SELECT id, room_code FROM rooms WHERE area_id = 1 ORDER BY id LIMIT 1`);
    const order = (no: string, extra: string) => `INSERT INTO pay_orders (order_no, area_id, room_id, utility, amount_fen, provider, request_id, status, expires_at, transaction_id,
      paid_fen, paid_at, conflict_reason${extra ? ', resolution, resolution_note, resolved_at' : ''})
      VALUES ('${no}', 1, ${room.id}, 'electric', 5000, 'wechat', '${no}', 'conflict', '2026-11-20T02:00:00Z', 'T${no}', 4800, '2026-11-20T01:00:00Z', 'amount'${extra})`;
    await query(order('EC0001', ''));
    await query(order('EC0002', `, 'accepted', '差额已线下补齐', '2026-11-20T05:00:00Z'`));
    await query(`INSERT INTO pay_unmatched (provider, order_no, transaction_id, amount_fen, paid_at) VALUES ('alipay', 'UNKNOWN0001', '2026112022001', 2500, '2026-11-20T03:00:00Z')`);
    const u = user();
    renderScreen('/zhifuduizhang');
    await u.click(await screen.findByRole('tab', { name: /异常款项/ }));
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes('EC0001'))).toBe(true));
    const conflict = rows().find((row) => row.textContent?.includes('EC0001'))!;
    expect(conflict).toHaveTextContent('实付金额与订单不符');
    expect(conflict).toHaveTextContent(room.room_code);
    expect(conflict).toHaveTextContent('48.00');
    expect(conflict).toHaveTextContent('待处理');
    for (const name of ['入账到房间', '退款给付款人', '确认（附说明）']) expect(within(conflict).getByRole('button', { name })).toBeInTheDocument();
    const orphan = rows().find((row) => row.textContent?.includes('UNKNOWN0001'))!;
    expect(orphan).toHaveTextContent('没有订单对应此笔款项');
    expect(within(orphan).queryByRole('button', { name: '入账到房间' })).toBeNull();
    expect(within(orphan).getByRole('button', { name: '退款给付款人' })).toBeInTheDocument();
    // Decided ones only when asked for.
    expect(rows().some((row) => row.textContent?.includes('EC0002'))).toBe(false);
    await u.click(screen.getByRole('switch', { name: '显示已处理' }));
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes('EC0002'))).toBe(true));
    const decided = rows().find((row) => row.textContent?.includes('EC0002'))!;
    expect(decided).toHaveTextContent('已确认');
    expect(decided).toHaveTextContent('差额已线下补齐');
    expect(within(decided).queryAllByRole('button')).toHaveLength(0);
  });
});

describe('reconciliation rules of the screen', () => {
  it('sends the date range as the days it covers, the end inclusive', () => {
    expect(reconciliationParams({ provider: 'wechat', billDateFrom: '2026-11-01T00:00:00+08:00', billDateTo: '2026-11-08T00:00:00+08:00' }))
      .toEqual({ provider: 'wechat', dateFrom: '2026-11-01', dateTo: '2026-11-07' });
    expect(reconciliationParams({ status: 'failed' })).toEqual({ status: 'failed' });
  });

  it('offers credit only for a payment the platform knows and has not credited, refund only where the provider holds money, never for a refund line', () => {
    const item = (over: Partial<ReconciliationItem>): ReconciliationItem => ({
      id: 1, kind: 'missingOnPlatform', line: 'payment', orderNo: 'E1', refundNo: null, transactionId: 'T', providerFen: 100, platformFen: null, ledgerFen: 0,
      cause: 'order.pending', resolution: null, resolutionNote: null, resolvedAt: null, ...over,
    });
    expect(itemActions(item({}))).toEqual(['credit', 'refund', 'accept']);
    expect(itemActions(item({ cause: 'unknownOrder' }))).toEqual(['refund', 'accept']);
    expect(itemActions(item({ cause: 'order.credited' }))).toEqual(['refund', 'accept']);
    expect(itemActions(item({ kind: 'missingAtProvider', cause: 'notInBill' }))).toEqual(['accept']);
    expect(itemActions(item({ line: 'refund', cause: 'refundNotSettled' }))).toEqual(['accept']);
    expect(itemActions(item({ resolution: 'accepted' }))).toEqual([]);
  });
});
