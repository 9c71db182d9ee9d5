import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/** The room statements and their lines against the real backend: totals, the drill-down, filters, empty and error states. */
signedInForFile('admin');

const filterPath = (path: string, filter: Record<string, unknown>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const totalOf = (source: string) => screen.getByTestId('list-totals').querySelector(`[data-total="${source}"]`)?.textContent;
const yuan = (fen: number) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const AREA = 'area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)';

describe('room settlement statistics (room_billing_statement)', () => {
  it('lists statements newest month first with the totals of the filtered set; usage only within one utility', async () => {
    renderScreen('/room_billing_statement');
    await waitFor(() => expect(rows().length).toBe(25));
    const [ref] = await query<{ n: number; charge: number; recharge: number }>(`SELECT count(*) AS n, sum(charge_fen) AS charge, sum(recharge_fen) AS recharge FROM room_statements WHERE ${AREA}`);
    await screen.findByTestId('list-totals');
    expect(totalOf('count')).toBe(Number(ref.n).toLocaleString('en-US'));
    expect(totalOf('chargeFen')).toBe(yuan(Number(ref.charge)));
    expect(totalOf('rechargeFen')).toBe(yuan(Number(ref.recharge)));
    expect(totalOf('usage')).toBeUndefined();
    // Closing balances of different months are not added up; the current month is marked "to date".
    expect(totalOf('closingBalanceFen')).toBeUndefined();
    expect(screen.getAllByText('本月截至今日').length).toBeGreaterThan(0);
    expect(screen.getByTestId('statement-rule')).toHaveTextContent('期末余额 = 期初余额 + 充值 − 作废 − 扣费 + 退款 + 赠送 + 其他调整');
  });

  it('drills down from a statement to its lines, whose recharges add up to the statement\'s', async () => {
    const [statement] = await query<{ id: number; recharge_fen: number; room_code: string; month: string }>(`SELECT s.id, s.recharge_fen, r.room_code, s.month FROM room_statements s JOIN rooms r ON r.id = s.room_id
      WHERE s.${AREA} AND s.utility = 'electric' AND s.recharge_fen > 0 ORDER BY s.id LIMIT 1`);
    const u = user();
    renderScreen(filterPath('/room_billing_statement', { id: statement.id, utility: 'electric' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('link', { name: '结算明细' }));
    await waitFor(() => expect(window.location.pathname).toBe('/room_billing_details'));
    const banner = await screen.findByTestId('statement-banner');
    await waitFor(() => expect(banner).toHaveTextContent(`${statement.month} 的电费结算明细`));
    await screen.findByTestId('list-totals');
    await waitFor(() => expect(totalOf('rechargeFen')).toBe(yuan(Number(statement.recharge_fen))));
    expect(rows().every((row) => row.textContent!.includes(statement.room_code))).toBe(true);
    await u.click(within(banner).getByRole('button', { name: '全部明细' }));
    await waitFor(() => expect(screen.queryByTestId('statement-banner')).toBeNull());
  });

  it('shows a replaced meter\'s two lines in the reading cells, each with its meter, and says what they mean', async () => {
    // The month-end statement's lines as server/db/monthEnd.ts writes them for a meter replaced mid-month (tests/server/monthChain.test.ts proves the figures).
    const [statement] = await query<{ id: number }>(`UPDATE room_statements SET opening_reading = 3500.63, closing_reading = 41.2, meter_lines = '[
        {"meterId": 1, "address": "202248701044", "openingAt": "2026-10-01T00:00:00+08:00", "openingReading": 3500.63, "closingAt": "2026-10-15T09:00:00+08:00", "closingReading": 3560.5, "usage": 59.87},
        {"meterId": 2, "address": "202248709931", "openingAt": "2026-10-15T10:00:00+08:00", "openingReading": 0, "closingAt": "2026-11-01T00:00:00+08:00", "closingReading": 41.2, "usage": 41.2}]'::jsonb
      WHERE id = (SELECT min(id) FROM room_statements WHERE ${AREA} AND utility = 'electric' AND month = '2026-10') RETURNING id`);
    renderScreen(filterPath('/room_billing_statement', { id: statement.id }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    // The readings are detail columns (hidden on a narrow window): the operator shows them with the column chooser.
    const u = user();
    await u.click(screen.getByRole('button', { name: '列' }));
    await u.click(await screen.findByRole('switch', { name: '期初读数' }));
    await u.click(await screen.findByRole('switch', { name: '期末读数' }));
    await u.keyboard('{Escape}');
    await waitFor(() => expect(within(rows()[0]).getAllByTestId('meter-lines')).toHaveLength(2));
    const cells = within(rows()[0]).getAllByTestId('meter-lines');
    expect(cells).toHaveLength(2);
    expect(cells[0]).toHaveTextContent('…1044 3,500.63…9931 0.00');
    expect(cells[1]).toHaveTextContent('…1044 3,560.50…9931 41.20');
    expect(within(cells[0]).getByLabelText('表 202248701044：3,500.63 → 3,560.50，用量 59.87')).toBeInTheDocument();
    expect(screen.getByTestId('meter-lines-legend')).toHaveTextContent('本月换过表');
  });

  it('says so when no statement matches', async () => {
    renderScreen(filterPath('/room_billing_statement', { roomCode: 'NO-SUCH-ROOM' }));
    expect(await screen.findByText(/未找到/)).toBeInTheDocument();
  });
});

describe('room settlement details (room_billing_details)', () => {
  it('lists ledger lines with totals by kind, filtered by kind (a void is its own kind, not a negative refund)', async () => {
    renderScreen(filterPath('/room_billing_details', { kind: 'void' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    for (const row of rows()) expect(row).toHaveTextContent('作废冲正');
    const [ref] = await query<{ n: number; fen: number }>(`SELECT count(*) AS n, sum(amount_fen) AS fen FROM ledger_entries WHERE kind = 'void' AND ${AREA}`);
    await screen.findByTestId('list-totals');
    expect(totalOf('voidFen')).toBe(yuan(Number(ref.fen)));
    expect(totalOf('count')).toBe(Number(ref.n).toLocaleString('en-US'));
  });

  it('shows the server\'s message naming the field for a bad range', async () => {
    renderScreen(filterPath('/room_billing_details', { createdFrom: '2026-11-02T00:00:00+08:00', createdTo: '2026-11-01T00:00:00+08:00' }));
    expect(await screen.findByText(/结束日期：必须晚于起始时间/)).toBeInTheDocument();
  });
});
