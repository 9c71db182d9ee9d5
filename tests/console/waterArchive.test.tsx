import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { testBackend } from '../msw/setup';
import { TabBar } from '../../src/layout/TabBar';

/** Puts a value into a field in one change (what is typed key by key is not under test here). */
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
/** The form's save button once the form has taken the change in (it is disabled meanwhile). */
const saveEnabled = async () => {
  const save = screen.getByRole('button', { name: '保存' });
  await waitFor(() => expect(save).toBeEnabled());
  return save;
};

/**
 * The water meter archive's list, create and edit pages (the whole create → edit → delete round in
 * a browser is tests/e2e/waterArchive.e2e.ts). Each test works on its own meters.
 */
signedInForFile('admin');

/** The list's body rows. */

describe('water meter archive (waterarchive)', () => {
  it('lists the area\'s water meters with paging and a search filter', async () => {
    renderScreen('/waterarchive');
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    expect(screen.getByText(/1-25 \/ \d+|1-25 of \d+|共/)).toBeInTheDocument();
    const firstAddress = rows()[0].querySelectorAll('td')[1].textContent!;
    expect(firstAddress).toMatch(/^\d{14}$/);
    fireEvent.change(screen.getByPlaceholderText('搜索'), { target: { value: firstAddress } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent(firstAddress);
  });

  it('creates a meter (server validation shown) at the default price, and closes the saved form\'s tab', async () => {
    const u = user();
    renderScreen('/waterarchive/create', { shell: <TabBar /> });
    const address = await screen.findByRole('textbox', { name: /表地址/ });
    fill(address, '1234');
    await u.click(await saveEnabled());
    expect(await screen.findByText('必须是 14 位数字')).toBeInTheDocument();
    await u.clear(address);
    fill(address, '20261121009999');
    await u.click(await saveEnabled());
    await waitFor(() => expect(window.location.pathname).toBe('/waterarchive'));
    // The saved form's tab closes, so "create" starts afresh next time.
    const tabs = screen.getByRole('tablist', { name: '已打开的页面' });
    await waitFor(() => expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页（水）', '水表档案']));
    const found = await query<{ price_fen: number }>(`SELECT price_fen FROM water_meters WHERE address = '20261121009999'`);
    expect(found).toHaveLength(1);
    expect(Number(found[0].price_fen)).toBe(350);
  });

  it('edits a meter, then deletes it from its page after the plain confirmation', async () => {
    const [{ id }] = await query<{ id: number }>(`INSERT INTO water_meters (area_id, address) VALUES (1, '20261121008888') RETURNING id`);
    const u = user();
    const first = renderScreen(`/waterarchive/${id}`);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /表地址/ })).toHaveValue('20261121008888'));
    fill(screen.getByRole('textbox', { name: '备注' }), '测试备注');
    const save = screen.getByRole('button', { name: '保存' });
    await waitFor(() => expect(save).toBeEnabled());
    await u.click(save);
    await waitFor(async () => expect(await query(`SELECT remark FROM water_meters WHERE id = ${id}`)).toEqual([{ remark: '测试备注' }]));
    await waitFor(() => expect(window.location.pathname).toBe('/waterarchive'));

    first.unmount();
    renderScreen(`/waterarchive/${id}`);
    await u.click(await screen.findByRole('button', { name: '删除' }));
    // A meter without account, tenant or readings needs only the plain confirmation.
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    await waitFor(async () => expect(await query(`SELECT id FROM water_meters WHERE id = ${id}`)).toHaveLength(0));
  });

  it('asks before closing a valve, then shows the command\'s progress until it finishes', async () => {
    const u = user();
    renderScreen('/waterarchive?filter=%7B%22valveState%22%3A%22open%22%2C%22online%22%3A%22true%22%7D');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(await within(rows()[0]).findByRole('button', { name: '关阀' }));
    const dialog = await screen.findByRole('dialog');
    // The room named with its project and building (issue 40): "项目 建筑 房间".
    expect(within(dialog).getByText(/^确定关闭水表 \d{14}（\S+ \S+ \S+ 房间）的阀门吗？/)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('关阀：1 个设备')).toBeInTheDocument();
    await testBackend().runCommands();
    expect(await screen.findByText(/已完成 1\/1：成功 1，失败 0/)).toBeInTheDocument();
  });
});
