import { afterEach, describe, expect, it, vi } from 'vitest';
import { countText } from '../../common/formats';
import { screen, waitFor, within } from '@testing-library/react';
import { LocalesMenuButton } from 'react-admin';
import { renderScreen, signedInForFile, listRows as rows, sqlRows as query, fastUser } from './render';
import { SideMenu } from '../../src/layout/SideMenu';
import { useDocumentTitle } from '../../src/layout/useDocumentTitle';

signedInForFile('admin');
afterEach(() => vi.restoreAllMocks());

/** The list's body rows. */
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')];
/** The layout's document title, on its own. */
function DocumentTitle() {
  useDocumentTitle();
  return null;
}

describe('water archive actions', () => {
  it('exports every matching row as UTF-8 CSV with a BOM and translated headers', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = fastUser();
    renderScreen('/waterarchive');
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    await user.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const bytes = new Uint8Array(await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blobs[0]);
    }));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0].split(',').slice(0, 3)).toEqual(['表地址', '类型', '项目']);
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM water_meters WHERE area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    expect(lines).toHaveLength(Number(n) + 1);
  });

  it('opens accounts for the selected meters in one batch', async () => {
    const user = fastUser();
    renderScreen('/waterarchive?filter=%7B%22accountOpened%22%3A%22false%22%7D');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    // Columns by their headers (which ones show depends on the window's width).
    const headers = [...document.querySelectorAll('main thead th')].map((header) => header.textContent);
    const roomColumn = headers.indexOf('房间号');
    const withRoom = rows().filter((row) => cells(row)[roomColumn].textContent !== '');
    const target = withRoom[0];
    const address = cells(target)[headers.indexOf('表地址')].textContent!;
    await user.click(within(target).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: '批量开户' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('为选中的 1 块水表开户？');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('开户 1 块；已开户 0 块；未绑定房间 0 块')).toBeInTheDocument();
    // The selection is cleared (the list keeps it under its own store key).
    await waitFor(() => expect(document.querySelectorAll('main input[type="checkbox"]:checked')).toHaveLength(0));
    const [meter] = await query<{ account_opened: boolean }>(`SELECT account_opened FROM water_meters WHERE address = '${address}'`);
    expect(meter.account_opened).toBe(true);
  });

  it('resets the free water of the whole area only when that scope is stated, refusing a negative amount', async () => {
    const user = fastUser();
    renderScreen('/waterarchive');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await user.click(await screen.findByRole('button', { name: '重置免费水量' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('整个区域：未设置筛选条件')).toBeInTheDocument();
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM water_meters WHERE area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`将 ${countText(Number(n))} 块水表本期的免费水量设为下面的数值？`);
    const amount = within(dialog).getByLabelText('免费水量（m³）');
    await user.type(amount, '-1');
    expect(within(dialog).getByRole('button', { name: '确定' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '2.555');
    expect(within(dialog).getByRole('button', { name: '确定' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '2.5');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`已将 ${countText(Number(n))} 块水表的免费水量设为 2.5 m³`)).toBeInTheDocument();
    const [{ other }] = await query<{ other: string }>(`SELECT count(*) AS other FROM water_meters WHERE area_id = 1 AND free_allowance <> 2.5`);
    expect(Number(other)).toBe(0);
  });

  it('switches the language of the whole console, remembered in the lang cookie', async () => {
    const user = fastUser();
    renderScreen('/waterarchive', { shell: <><LocalesMenuButton /><SideMenu /><DocumentTitle /></> });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: /语言|Language|简体中文/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    // react-admin remounts the tree once the new language's messages are loaded: the menu is looked up afresh.
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'side menu' })).getByRole('button', { name: 'Devices' })).toBeInTheDocument());
    expect(await screen.findByRole('columnheader', { name: /Meter address/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Prepaid Cloud Platform - Water meter archive'));
    expect(document.cookie).toContain('lang=en');
  });
});
