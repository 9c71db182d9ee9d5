import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, fastUser as user, sqlRows as query } from './render';
import { formatYuan } from '../../common/money';
import { RECHARGE_MAX_FEN } from '../../src/resources/archives/userJiaofei/model';

/**
 * Money in dialogs as the one formatter writes it (issue 40): "本次最多可充¥4957.17" and
 * "收款¥1234.50" had no separators, and a message put its own ¥ before an amount ("¥-18.24").
 */
signedInForFile('admin');

describe('money text in dialogs', () => {
  it('the recharge dialog: the most that can be taken and the submit button with separators', async () => {
    // A room with a tenant whose hoarding limit leaves more than ¥1,000 to take.
    const [room] = await query<{ room_code: string; tenant: string; balance: number; hoard: number }>(`SELECT r.room_code, t.name AS tenant,
        a.balance_fen::int AS balance, a.hoard_limit_fen::int AS hoard
      FROM rooms r JOIN tenant_bindings b ON b.room_id = r.id AND b.end_date IS NULL JOIN tenants t ON t.id = b.tenant_id
      JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric' JOIN electric_meters m ON m.room_id = r.id
      WHERE r.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1) AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000
      ORDER BY r.id DESC LIMIT 1`);
    const u = user();
    renderScreen('/userJiaofei');
    const search = await screen.findByRole('combobox', { name: '房间号、租户或电话' });
    await waitFor(() => expect(search).toHaveFocus());
    await u.keyboard(room.tenant);
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const option = await screen.findByRole('option', { name: new RegExp(`${escape(room.room_code)}.*${escape(room.tenant)}`) });
    for (let i = 0; i < 25 && !option.classList.contains('Mui-focused'); i++) await u.keyboard('{ArrowDown}');
    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('selected-room')).toHaveTextContent(room.room_code));
    await u.click(await screen.findByRole('button', { name: '电费充值' }));
    const dialog = await screen.findByRole('dialog');
    const most = formatYuan(Math.min(RECHARGE_MAX_FEN, room.hoard - room.balance));
    expect(most).toMatch(/^¥\d{1,3}(,\d{3})+\.\d{2}$/);
    expect(dialog).toHaveTextContent(`当前余额${formatYuan(room.balance)}，本次最多可充${most}`);
    await u.type(within(dialog).getByRole('textbox', { name: '金额（元）' }), '1234.5');
    expect(within(dialog).getByRole('button', { name: '收款¥1,234.50' })).toBeEnabled();
  });
});
