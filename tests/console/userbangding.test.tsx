import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { formatYuan } from '../../common/money';

/** User binding (userbangding): the list, binding a tenant to a vacant room, unbinding with settlement, room history. */
signedInForFile('admin');

const yuan = (fen: number) => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

describe('user binding (userbangding)', () => {
  it('binds a tenant to a vacant room chosen by typeahead', async () => {
    const [tenant] = await query<{ id: number; name: string; phone: string }>(`SELECT t.id, t.name, t.phone FROM tenants t WHERE t.area_id = 1 AND t.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM tenant_bindings b WHERE b.tenant_id = t.id AND b.end_date IS NULL) ORDER BY t.id LIMIT 1`);
    // A vacant room of the seed (its balance, if any, carried over to the tenant).
    const [room] = await query<{ id: number; room_code: string; building: string; project: string }>(`SELECT r.id, r.room_code, b.name AS building, p.name AS project FROM rooms r
      JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = r.project_id
      WHERE r.area_id = 1 AND NOT EXISTS (SELECT 1 FROM tenant_bindings tb WHERE tb.room_id = r.id) ORDER BY r.id LIMIT 1`);
    const u = user();
    renderScreen('/userbangding');
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    await u.click(screen.getByRole('button', { name: '绑定租户' }));
    const dialog = await screen.findByRole('dialog');
    const bind = within(dialog).getByRole('button', { name: '绑定' });
    expect(bind).toBeDisabled();
    await u.type(within(dialog).getByRole('combobox', { name: /租户/ }), tenant.phone);
    await u.click(await screen.findByRole('option', { name: new RegExp(tenant.phone) }));
    await u.type(within(dialog).getByRole('combobox', { name: /空房间/ }), room.room_code);
    await u.click(await screen.findByRole('option', { name: new RegExp(`${room.building} / ${room.room_code}$`) }));
    await waitFor(() => expect(bind).toBeEnabled());
    const balances = await query<{ b: number }>(`SELECT balance_fen::int AS b FROM accounts WHERE room_id = ${room.id} AND balance_fen <> 0`);
    if (balances.length) await u.click(await within(dialog).findByRole('radio', { name: /^结转给新租户/ }));
    else expect(within(dialog).queryByRole('group', { name: '房间余额的处理' })).toBeNull();
    await u.click(bind);
    expect(await screen.findByText(`${tenant.name}已入住${room.project} ${room.building} ${room.room_code}`)).toBeInTheDocument();
    expect(await query(`SELECT room_id FROM tenant_bindings WHERE tenant_id = ${tenant.id} AND end_date IS NULL`)).toEqual([{ room_id: room.id }]);
  });

  it('shows a vacant room\'s balance and asks whether it goes to the tenant or is settled first (issue 40)', async () => {
    const [tenant] = await query<{ id: number; name: string; phone: string }>(`SELECT t.id, t.name, t.phone FROM tenants t WHERE t.area_id = 1 AND t.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM tenant_bindings b WHERE b.tenant_id = t.id) ORDER BY t.id DESC LIMIT 1`);
    const [room] = await query<{ id: number; room_code: string; building: string; balance: number; account: number }>(`SELECT r.id, r.room_code, b.name AS building, a.balance_fen::int AS balance, a.id AS account
      FROM rooms r JOIN buildings b ON b.id = r.building_id JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric'
      WHERE r.area_id = 1 AND a.balance_fen > 0 AND NOT EXISTS (SELECT 1 FROM tenant_bindings tb WHERE tb.room_id = r.id AND tb.end_date IS NULL)
      AND NOT EXISTS (SELECT 1 FROM accounts w WHERE w.room_id = r.id AND w.utility = 'water' AND w.balance_fen <> 0) ORDER BY r.id LIMIT 1`);
    const u = user();
    renderScreen('/userbangding');
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    await u.click(screen.getByRole('button', { name: '绑定租户' }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByRole('combobox', { name: /租户/ }), tenant.phone);
    await u.click(await screen.findByRole('option', { name: new RegExp(tenant.phone) }));
    await u.type(within(dialog).getByRole('combobox', { name: /空房间/ }), room.room_code);
    await u.click(await screen.findByRole('option', { name: new RegExp(`${room.building} / ${room.room_code}$`) }));
    const question = await within(dialog).findByRole('group', { name: '房间余额的处理' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(`电费¥${yuan(room.balance).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
    // Without a choice nothing is bound.
    await u.click(within(dialog).getByRole('button', { name: '绑定' }));
    expect(await within(dialog).findByText('请选择房间余额的处理方式')).toBeInTheDocument();
    expect(await query(`SELECT id FROM tenant_bindings WHERE room_id = ${room.id} AND end_date IS NULL`)).toEqual([]);
    // Settled first, by write-off: the vacancy's balance is closed, the tenant starts at 0.
    await u.click(within(question).getByRole('radio', { name: /^先结清/ }));
    await u.click(await within(dialog).findByRole('radio', { name: '核销' }));
    await u.type(within(dialog).getByRole('textbox', { name: /备注/ }), '业主同意核销');
    await u.click(within(dialog).getByRole('button', { name: '绑定' }));
    await waitFor(async () => expect(await query(`SELECT tenant_id FROM tenant_bindings WHERE room_id = ${room.id} AND end_date IS NULL`)).toEqual([{ tenant_id: tenant.id }]));
    expect(await query(`SELECT kind, amount_fen::int AS amount FROM ledger_entries WHERE account_id = ${room.account} AND ref_type = 'vacancySettlement'`)).toEqual([{ kind: 'settlement', amount: -room.balance }]);
    expect(await query(`SELECT balance_fen::int AS b FROM accounts WHERE id = ${room.account}`)).toEqual([{ b: 0 }]);
  });

  it('unbinds after showing both balances and the chosen settlement, then shows the result', async () => {
    const [binding] = await query<{ id: number; name: string; room_code: string; room_id: number; electric: number; water: number }>(`
      SELECT b.id, t.name, r.room_code, r.id AS room_id, e.balance_fen::int AS electric, w.balance_fen::int AS water FROM tenant_bindings b
      JOIN tenants t ON t.id = b.tenant_id JOIN rooms r ON r.id = b.room_id
      JOIN accounts e ON e.room_id = r.id AND e.utility = 'electric' JOIN accounts w ON w.room_id = r.id AND w.utility = 'water'
      WHERE b.end_date IS NULL AND b.area_id = 1 AND e.balance_fen > 0 AND w.balance_fen > 0 ORDER BY b.id LIMIT 1`);
    const u = user();
    renderScreen(`/userbangding?filter=${encodeURIComponent(JSON.stringify({ q: binding.name, current: 'true' }))}`);
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes(binding.room_code))).toBe(true));
    const row = rows().find((r) => r.textContent?.includes(binding.room_code))!;
    await u.click(await within(row).findByRole('button', { name: '解绑' }));
    const dialog = await screen.findByRole('dialog');
    const balances = await within(dialog).findByRole('table', { name: '房间余额' });
    expect(balances).toHaveTextContent(formatYuan(binding.electric));
    expect(balances).toHaveTextContent(formatYuan(binding.water));
    await u.click(within(dialog).getByRole('radio', { name: /结转/ }));
    await u.click(within(dialog).getByRole('button', { name: '下一步' }));
    expect(within(dialog).getByText(`电费：结转${formatYuan(binding.electric)}`)).toBeInTheDocument();
    expect(within(dialog).getByText(`水费：结转${formatYuan(binding.water)}`)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '确认解绑' }));
    // The result stays in view, although the row has left the list of current bindings.
    expect(await within(dialog).findByText(new RegExp(`^已解绑${binding.name}`))).toBeInTheDocument();
    await waitFor(() => expect(rows().some((r) => r.textContent?.includes(binding.room_code))).toBe(false));
    const [ended] = await query<{ end_date: string | null }>(`SELECT end_date::text FROM tenant_bindings WHERE id = ${binding.id}`);
    expect(ended.end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await query(`SELECT balance_fen::int AS b FROM accounts WHERE room_id = ${binding.room_id} ORDER BY utility`)).toEqual([{ b: binding.electric }, { b: binding.water }]);
    await u.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Among the ended bindings, this one says what was carried over.
    renderScreen(`/userbangding?filter=${encodeURIComponent(JSON.stringify({ roomId: binding.room_id }))}`);
    await waitFor(() => expect(rows().some((r) => r.textContent?.includes(`电费：结转${formatYuan(binding.electric)}；水费：结转${formatYuan(binding.water)}`))).toBe(true));
  });

  it('refunds on unbinding, credit paid out and arrears collected, and the ended binding says so in the list', async () => {
    // A room whose electricity has credit and whose water is in arrears (the demo estate has such rooms).
    const [binding] = await query<{ id: number; name: string; room_code: string; room_id: number; electric: number; water: number }>(`
      SELECT b.id, t.name, r.room_code, r.id AS room_id, e.balance_fen::int AS electric, w.balance_fen::int AS water FROM tenant_bindings b
      JOIN tenants t ON t.id = b.tenant_id JOIN rooms r ON r.id = b.room_id
      JOIN accounts e ON e.room_id = r.id AND e.utility = 'electric' JOIN accounts w ON w.room_id = r.id AND w.utility = 'water'
      WHERE b.end_date IS NULL AND b.area_id = 1 AND e.balance_fen > 0 AND w.balance_fen < 0 ORDER BY b.id LIMIT 1`);
    expect(binding, 'a room with credit on one account and arrears on the other').toBeDefined();
    const u = user();
    renderScreen(`/userbangding?filter=${encodeURIComponent(JSON.stringify({ roomId: binding.room_id }))}`);
    await waitFor(() => expect(rows().some((r) => within(r).queryByRole('button', { name: '解绑' }))).toBe(true));
    const row = rows().find((r) => within(r).queryByRole('button', { name: '解绑' }))!;
    await u.click(within(row).getByRole('button', { name: '解绑' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table', { name: '房间余额' });
    await u.click(within(dialog).getByRole('radio', { name: /退款/ }));
    await u.click(within(dialog).getByRole('button', { name: '下一步' }));
    await u.click(within(dialog).getByRole('button', { name: '确认解绑' }));
    expect(await within(dialog).findByText(new RegExp(`^已解绑${binding.name}`))).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '关闭' }));
    // Both accounts settled to zero by the ledger.
    expect(await query(`SELECT balance_fen::int AS b FROM accounts WHERE room_id = ${binding.room_id} ORDER BY utility`)).toEqual([{ b: 0 }, { b: 0 }]);
    // The room's history: the ended binding's settlement column in words, each utility with its money.
    const headers = [...document.querySelectorAll('main thead th')].map((th) => th.textContent);
    await waitFor(() => {
      const ended = rows().find((r) => r.textContent?.includes(binding.name) && r.textContent?.includes('已结束'));
      expect(ended?.querySelectorAll('td')[headers.indexOf('结算')]?.textContent)
        .toBe(`电费：退款${formatYuan(binding.electric)}；水费：收回欠费${formatYuan(-binding.water)}`);
    });
  });

  it('narrows the list to one room\'s history and back', async () => {
    const [room] = await query<{ room_id: number; room_code: string; building: string; building_id: number }>(`SELECT b.room_id, r.room_code, bl.name AS building, bl.id AS building_id FROM tenant_bindings b
      JOIN rooms r ON r.id = b.room_id JOIN buildings bl ON bl.id = r.building_id
      WHERE b.area_id = 1 GROUP BY b.room_id, r.room_code, bl.name, bl.id HAVING count(*) > 1 AND bool_or(b.end_date IS NULL) ORDER BY b.room_id LIMIT 1`);
    const u = user();
    renderScreen(`/userbangding?filter=${encodeURIComponent(JSON.stringify({ q: room.room_code, buildingId: room.building_id, current: 'true' }))}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const headers = [...document.querySelectorAll('main thead th')].map((th) => th.textContent);
    const cell = (r: HTMLElement, header: string) => r.querySelectorAll('td')[headers.indexOf(header)]?.textContent;
    const roomCell = (r: HTMLElement) => `${cell(r, '建筑')} ${cell(r, '房间号')}`;
    const row = rows().find((r) => roomCell(r) === `${room.building} ${room.room_code}`)!;
    await u.click(within(row).getByRole('button', { name: '该房间的绑定历史' }));
    const chip = await screen.findByText(new RegExp(`^房间.*${room.room_code}的历史$`));
    await waitFor(() => expect(rows().length).toBeGreaterThan(1));
    expect(rows().some((r) => r.textContent?.includes('已结束'))).toBe(true);
    expect(rows().every((r) => roomCell(r) === `${room.building} ${room.room_code}`)).toBe(true);
    // The chip takes the list back to every binding.
    await u.click(within(chip.closest('[role="button"]') as HTMLElement).getByTestId('CancelIcon'));
    await waitFor(() => expect(screen.queryByText(new RegExp(`^房间.*${room.room_code}的历史$`))).toBeNull());
    await waitFor(() => expect(rows().some((r) => roomCell(r) !== `${room.building} ${room.room_code}`)).toBe(true));
  });
});
