import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { payOnline, roomTakingPayments, refundCalls } from './onlinePayments';
import { refundAmountProblem, refundableFen } from '../../src/resources/statistics/rechargeOrders/RefundOrderDialog';

/**
 * Online orders in the order statistics (issue 41) against the real backend and its simulated
 * providers: an order paid by WeChat Pay shows its transaction and online state and is refunded,
 * never voided; the refund dialog refuses more than is left before any call, sends integer fen,
 * and says what the provider answered; a counter order keeps its void.
 */
const { session } = signedInForFile('admin');

const filterPath = (filter: Record<string, unknown>) => `/chongzhidingdan?filter=${encodeURIComponent(JSON.stringify(filter))}`;


describe('online orders in the order statistics (chongzhidingdan)', () => {
  it('shows an online order\'s transaction and state with a refund action instead of the void; a counter order keeps its void', async () => {
    const orderNo = await payOnline(session().sessinId, await roomTakingPayments(5000), 5000);
    const [paid] = await query<{ transaction_id: string }>(`SELECT transaction_id FROM pay_orders WHERE order_no = '${orderNo}'`);
    renderScreen(filterPath({ orderId: orderNo }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent(paid.transaction_id);
    expect(rows()[0]).toHaveTextContent('已入账');
    expect(within(rows()[0]).getByRole('button', { name: '退款' })).toBeInTheDocument();
    expect(within(rows()[0]).queryByRole('button', { name: '作废订单' })).toBeNull();
  });

  it('keeps the void for a counter order, with no online state and no refund', async () => {
    const [order] = await query<{ order_id: string }>(`SELECT order_id FROM recharge_orders WHERE utility = 'electric' AND channel = 'cash' AND order_status = 1 AND area_id = 1 ORDER BY id LIMIT 1`);
    renderScreen(filterPath({ orderId: order.order_id }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]).getByRole('button', { name: '作废订单' })).toBeInTheDocument();
    expect(within(rows()[0]).queryByRole('button', { name: '退款' })).toBeNull();
    expect(rows()[0]).not.toHaveTextContent(/已入账|退款中|已退款/);
  });

  it('refuses more than is left before any call, then refunds part in integer fen and says the provider is processing it', async () => {
    const orderNo = await payOnline(session().sessinId, await roomTakingPayments(5000, 1), 5000);
    const u = user();
    renderScreen(filterPath({ orderId: orderNo }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('button', { name: '退款' }));
    const dialog = await screen.findByRole('dialog', { name: `订单 ${orderNo} 退款` });
    const amount = within(dialog).getByRole('textbox', { name: /退款金额/ });
    // All that is left, by default.
    await waitFor(() => expect(amount).toHaveValue('50.00'));
    const refused = await refundCalls(async () => {
      await u.clear(amount);
      await u.type(amount, '50.01');
      await u.type(within(dialog).getByRole('textbox', { name: /退款原因/ }), '多缴');
      await u.click(within(dialog).getByRole('button', { name: '退款' }));
      expect(await within(dialog).findByText('最多还可退 ¥50.00')).toBeInTheDocument();
    });
    expect(refused).toEqual([]);
    const sent = await refundCalls(async () => {
      await u.clear(amount);
      await u.type(amount, '12.3');
      await u.click(within(dialog).getByRole('button', { name: '退款' }));
      await within(dialog).findByTestId('refund-result');
    });
    expect(sent).toEqual([{ orderId: orderNo, amountFen: 1230, reason: '多缴' }]);
    const [refund] = await query<{ refund_no: string; amount_fen: number }>(`SELECT refund_no, amount_fen::int FROM pay_refunds WHERE order_no = '${orderNo}'`);
    expect(refund.amount_fen).toBe(1230);
    // WeChat Pay answers a refund "processing" and confirms it by a notification.
    const result = within(dialog).getByTestId('refund-result');
    expect(result).toHaveTextContent(`退款单 ${refund.refund_no}，金额 ¥12.30`);
    expect(result).toHaveTextContent('支付机构正在处理退款；账务记录在其确认后写入。');
    await u.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()[0]).toHaveTextContent(/退款中|已入账/));
  });
});

describe('refund amounts', () => {
  it('are yuan read into fen exactly, above zero and at most what is left', () => {
    expect(refundAmountProblem('12.3', 5000)).toBeUndefined();
    expect(refundAmountProblem('50', 5000)).toBeUndefined();
    expect(refundAmountProblem('50.01', 5000)).toEqual({ key: 'payments.refund.amountTooMuch', args: { most: '¥50.00' } });
    expect(refundAmountProblem('1.234', 5000)).toEqual({ key: 'payments.refund.amountInvalid' });
    expect(refundAmountProblem('0', 5000)).toEqual({ key: 'payments.refund.amountZero' });
    expect(refundAmountProblem('', 5000)).toEqual({ key: 'payments.refund.amountZero' });
  });
  it('leave out what was refunded and what is being refunded', () => {
    expect(refundableFen({ amountFen: 5000, refundedFen: 1000 }, [
      { refundNo: 'R1', amountFen: 1000, status: 'success' }, { refundNo: 'R2', amountFen: 700, status: 'processing' }, { refundNo: 'R3', amountFen: 300, status: 'failed' },
    ])).toBe(3300);
  });
});
