import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signIn, signedInForFile, fastUser as user, sqlRows as query } from './render';
import { testBackend } from '../msw/setup';
import { payOnline, refundCalls } from './onlinePayments';
import { fenToYuan } from '../../common/money';

/**
 * Online payments on the payment screen (userJiaofei, issue 41) against the real backend and its
 * simulated providers: a tenant's payment from the phone is a ledger line that names its provider
 * and online state (the transaction number on hover) and is refunded from there with the order
 * lists' refund dialog; a counter's cash recharge has neither; a read-only operator sees the state
 * but no refund.
 */
const { session } = signedInForFile('admin');

interface Fixture { room_id: number; room_code: string; tenant: string; balance_fen: string }
/** An area-1 room with a tenant, an electric meter, room under its hoarding limit and a code few rooms start with; each test its own. */
async function fixture(offset: number): Promise<Fixture> {
  const [row] = await query<Fixture>(`SELECT r.id AS room_id, r.room_code, t.name AS tenant, a.balance_fen
    FROM rooms r JOIN tenant_bindings b ON b.room_id = r.id AND b.end_date IS NULL JOIN tenants t ON t.id = b.tenant_id
    JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric' JOIN electric_meters m ON m.room_id = r.id
    WHERE r.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1) AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000
      AND (SELECT count(*) FROM rooms r2 WHERE lower(r2.room_code) LIKE lower(r.room_code) || '%' AND r2.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)) < 10
    ORDER BY r.id DESC LIMIT 1 OFFSET ${offset}`);
  return row;
}

/** A counter recharge in cash, through the API (as the recharge dialog sends it). */
async function cashRecharge(roomId: number, amountFen: number) {
  const response = await testBackend().app.request('/api/v1/electricity/account/recharge', {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Token': session().sessinId },
    body: JSON.stringify({ roomId, utility: 'electric', amountFen, channel: 'cash', requestId: `counter-cash-${roomId}-${Date.now()}` }),
  });
  const body = (await response.json()) as { code: number; data: { order: { orderId: string } } };
  if (body.code !== 200) throw new Error(`cash recharge refused: ${JSON.stringify(body)}`);
  return body.data.order.orderId;
}

/** Opens the payment screen on a room (typed in the search) and waits for its balance. */
async function openRoom(room: Fixture) {
  const u = user();
  renderScreen('/userJiaofei');
  const search = await screen.findByRole('combobox', { name: '房间号、租户或电话' });
  await waitFor(() => expect(search).toHaveFocus());
  await u.keyboard(room.room_code);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const option = await screen.findByRole('option', { name: new RegExp(`${escape(room.room_code)}.*${escape(room.tenant)}`) });
  for (let i = 0; i < 25 && !option.classList.contains('Mui-focused'); i++) await u.keyboard('{ArrowDown}');
  await u.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByTestId('selected-room')).toHaveTextContent(room.room_code));
  const [{ balance_fen }] = await query<{ balance_fen: string }>(`SELECT balance_fen FROM accounts WHERE room_id = ${room.room_id} AND utility = 'electric'`);
  await waitFor(() => expect(screen.getByTestId('balance-electric')).toHaveTextContent(`¥${fenToYuan(Number(balance_fen))}`));
  return u;
}

/** The electric ledger's line of a reference: an order number, or another reference (a refund's number), exactly (waiting for it). */
const ledgerLine = (ref: string) => waitFor(() => {
  const line = within(screen.getByRole('region', { name: '电费' })).getAllByRole('row')
    .find((row) => row.querySelector('[data-testid="ledger-order-id"]')?.textContent === ref || row.querySelector(`[title="${ref}"]`));
  expect(line).toBeDefined();
  return line!;
});


const transactionOf = async (orderNo: string) =>
  (await query<{ transaction_id: string }>(`SELECT transaction_id FROM pay_orders WHERE order_no = '${orderNo}'`))[0].transaction_id;

describe('online payments on the payment screen (userJiaofei)', () => {
  it('shows a WeChat payment\'s provider and state with its transaction on hover, and refunds it from its line; a cash recharge has neither', async () => {
    const room = await fixture(0);
    const cashOrder = await cashRecharge(room.room_id, 10000);
    const orderNo = await payOnline(session().sessinId, room.room_id, 5000, 'wechat');
    const transactionId = await transactionOf(orderNo);
    const u = await openRoom(room);

    const online = await ledgerLine(orderNo);
    expect(online).toHaveTextContent('充值');
    const chip = within(online).getByTestId('ledger-online');
    expect(chip).toHaveTextContent('微信支付 · 已入账');
    expect(chip).toHaveAttribute('title', `交易流水号：${transactionId}`);
    expect(within(online).getByRole('button', { name: `补打收据 ${orderNo}` })).toBeInTheDocument();
    const refund = within(online).getByRole('button', { name: `退款 ${orderNo}` });

    // The counter's cash recharge: no online state, no refund (its money is not at a provider).
    const cash = await ledgerLine(cashOrder);
    expect(within(cash).queryByTestId('ledger-online')).toBeNull();
    expect(within(cash).queryByRole('button', { name: /^退款/ })).toBeNull();
    expect(cash).not.toHaveTextContent(/微信支付|支付宝|已入账/);

    await u.click(refund);
    const dialog = await screen.findByRole('dialog', { name: `订单 ${orderNo} 退款` });
    const amount = within(dialog).getByRole('textbox', { name: /退款金额/ });
    // All of the payment, by default (no refund yet).
    await waitFor(() => expect(amount).toHaveValue('50.00'));
    const sent = await refundCalls(async () => {
      await u.type(within(dialog).getByRole('textbox', { name: /退款原因/ }), '租户多缴');
      await u.click(within(dialog).getByRole('button', { name: '退款' }));
      await within(dialog).findByTestId('refund-result');
    });
    expect(sent).toEqual([{ orderId: orderNo, amountFen: 5000, reason: '租户多缴' }]);
    const [row] = await query<{ refund_no: string }>(`SELECT refund_no FROM pay_refunds WHERE order_no = '${orderNo}'`);
    expect(within(dialog).getByTestId('refund-result')).toHaveTextContent(`退款单 ${row.refund_no}，金额 ¥50.00`);
    // The counter's data is read again: the line's state is the refund's (WeChat Pay confirms it by a notification).
    await waitFor(() => expect(within(online).getByTestId('ledger-online')).toHaveTextContent(/微信支付 · (退款中|已退款)/));
    await u.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the refund dialog\'s answer when an Alipay refund settles at once and the line has nothing left to refund', async () => {
    const room = await fixture(1);
    const orderNo = await payOnline(session().sessinId, room.room_id, 3000, 'alipay');
    const u = await openRoom(room);
    const line = await ledgerLine(orderNo);
    expect(within(line).getByTestId('ledger-online')).toHaveTextContent('支付宝 · 已入账');
    expect(within(line).getByTestId('ledger-online')).toHaveAttribute('title', `交易流水号：${await transactionOf(orderNo)}`);
    const [before] = await query<{ balance_fen: string }>(`SELECT balance_fen FROM accounts WHERE room_id = ${room.room_id} AND utility = 'electric'`);

    await u.click(within(line).getByRole('button', { name: `退款 ${orderNo}` }));
    const dialog = await screen.findByRole('dialog', { name: `订单 ${orderNo} 退款` });
    const amount = within(dialog).getByRole('textbox', { name: /退款金额/ });
    await waitFor(() => expect(amount).toHaveValue('30.00'));
    await u.type(within(dialog).getByRole('textbox', { name: /退款原因/ }), '重复缴费');
    await u.click(within(dialog).getByRole('button', { name: '退款' }));
    expect(await within(dialog).findByTestId('refund-result')).toHaveTextContent('支付机构已退款给付款人；账务记录已写入。');

    // Refreshed: the payment is refunded (no refund offered any more), the refund's own line and the balance are in.
    await waitFor(() => expect(within(screen.getByRole('region', { name: '电费' })).getByTestId('balance-electric'))
      .toHaveTextContent(`¥${fenToYuan(Number(before.balance_fen) - 3000)}`));
    const refunded = await ledgerLine(orderNo);
    await waitFor(() => expect(within(refunded).getByTestId('ledger-online')).toHaveTextContent('支付宝 · 已退款'));
    expect(within(refunded).queryByRole('button', { name: `退款 ${orderNo}` })).toBeNull();
    const [refund] = await query<{ refund_no: string }>(`SELECT refund_no FROM pay_refunds WHERE order_no = '${orderNo}'`);
    const refundLine = await ledgerLine(refund.refund_no);
    expect(refundLine).toHaveTextContent('退款');
    expect(refundLine).toHaveTextContent('-30.00');
    // The dialog still shows what the provider answered until the operator closes it.
    expect(screen.getByRole('dialog', { name: `订单 ${orderNo} 退款` })).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a read-only operator the online state but no refund', async () => {
    const room = await fixture(2);
    const orderNo = await payOnline(session().sessinId, room.room_id, 2000, 'wechat');
    await signIn('viewer');
    await openRoom(room);
    const line = await ledgerLine(orderNo);
    expect(within(line).getByTestId('ledger-online')).toHaveTextContent('微信支付 · 已入账');
    expect(within(line).getByRole('button', { name: `补打收据 ${orderNo}` })).toBeInTheDocument();
    expect(within(line).queryByRole('button', { name: `退款 ${orderNo}` })).toBeNull();
    expect(screen.getByRole('button', { name: '电费充值' })).toBeDisabled();
  });
});
