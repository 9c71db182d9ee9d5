import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signIn } from './render';
import { testBackend } from '../msw/setup';

beforeEach(async () => {
  await signIn('admin');
});

const rows = () => screen.getAllByRole('row').slice(1);

describe('water meter archive (waterarchive)', () => {
  it('lists the area\'s water meters with paging and a search filter', async () => {
    renderApp('/waterarchive');
    await waitFor(() => expect(rows().length).toBeGreaterThan(5), { timeout: 15_000 });
    expect(screen.getByText(/1-25 \/ \d+|1-25 of \d+|共/)).toBeInTheDocument();
    const firstAddress = within(rows()[0]).getAllByRole('cell')[1].textContent!;
    expect(firstAddress).toMatch(/^\d{14}$/);
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('搜索'), firstAddress);
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 10_000 });
  });

  it('creates a meter (server validation shown), edits and deletes it', async () => {
    const user = userEvent.setup();
    renderApp('/waterarchive/create');
    const address = await screen.findByRole('textbox', { name: /表地址/ }, { timeout: 15_000 });
    await user.type(address, '1234');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('必须是 14 位数字')).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, '20261121009999');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(window.location.pathname).toBe('/waterarchive'), { timeout: 10_000 });
    // The saved form's tab closes, so "create" starts afresh next time.
    const tabs = screen.getByRole('tablist', { name: '已打开的页面' });
    await waitFor(() => expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页（水）', '水表档案']));

    const { db } = testBackend().database;
    const found = (await db.execute(`SELECT id, price_fen FROM water_meters WHERE address = '20261121009999'` as never)) as unknown as { rows: { id: number; price_fen: number }[] };
    expect(found.rows).toHaveLength(1);
    expect(Number(found.rows[0].price_fen)).toBe(350);
    const id = found.rows[0].id;

    // Find it in the list and open it for editing, as an operator would.
    await user.type(await screen.findByPlaceholderText('搜索'), '20261121009999');
    await waitFor(() => {
      expect(rows()).toHaveLength(1);
      expect(rows()[0]).toHaveTextContent('20261121009999');
    });
    await user.click(await within(rows()[0]).findByRole('link', { name: '编辑' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/waterarchive/${id}`));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /表地址/ })).toHaveValue('20261121009999'));
    await user.type(screen.getByRole('textbox', { name: '备注' }), '测试备注');
    await waitFor(() => expect(screen.getByRole('textbox', { name: '备注' })).toHaveValue('测试备注'));
    const save = screen.getByRole('button', { name: '保存' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(async () => {
      const after = (await db.execute(`SELECT remark FROM water_meters WHERE id = ${id}` as never)) as unknown as { rows: { remark: string }[] };
      expect(after.rows[0].remark).toBe('测试备注');
    }, { timeout: 10_000 });

    // Delete it from its edit page, after confirmation.
    await waitFor(() => expect(window.location.pathname).toBe('/waterarchive'));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('20261121009999'));
    await user.click(await within(rows()[0]).findByRole('link', { name: '编辑' }));
    await user.click(await screen.findByRole('button', { name: '删除' }));
    // A meter without account, tenant or readings needs only the plain confirmation.
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    await waitFor(async () => {
      const gone = (await db.execute(`SELECT id FROM water_meters WHERE id = ${id}` as never)) as unknown as { rows: unknown[] };
      expect(gone.rows).toHaveLength(0);
    }, { timeout: 10_000 });
  });

  it('asks before closing a valve, then shows the command\'s progress until it finishes', async () => {
    const user = userEvent.setup();
    renderApp('/waterarchive?filter=%7B%22valveState%22%3A%22open%22%2C%22online%22%3A%22true%22%7D');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), { timeout: 15_000 });
    await user.click(await within(rows()[0]).findByRole('button', { name: '关阀' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^确定关闭水表 \d{14}（\S+ 房间）的阀门吗？/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('关阀：1 个设备')).toBeInTheDocument();
    await testBackend().runCommands();
    expect(await screen.findByText(/已完成 1\/1：成功 1，失败 0/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
