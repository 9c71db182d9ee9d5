import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, sqlRows as query, fastUser as user } from './render';
import { readXlsx, recordsOf } from '../support/xlsx';

/**
 * The Excel export beside every CSV one (issue 34, "Paper and files"): a list exported in the
 * browser (the water archive) and a list the server exports (recharge orders, `format=xlsx` on the
 * same export path) both give a workbook whose codes are text, money numbers and times dates.
 */
signedInForFile('admin');
afterEach(() => vi.restoreAllMocks());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The files the screen saves (their blobs and names). */
function savedFiles() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:test';
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const names = () => click.mock.contexts.map((link) => (link as HTMLAnchorElement).download);
  return { blobs, names };
}

/** A saved file's bytes (a file the console wrote is jsdom's Blob, one the server sent Node's). */
const bytesOf = async (blob: Blob) => (typeof blob.arrayBuffer === 'function'
  ? new Uint8Array(await blob.arrayBuffer())
  : new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  }));

describe('Excel export', () => {
  it('a list exported in the browser: every matching row, codes as text, money as numbers', async () => {
    const saved = savedFiles();
    renderScreen('/waterarchive');
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(saved.blobs).toHaveLength(1));
    expect(saved.blobs[0].type).toBe(XLSX);
    expect(saved.names()).toEqual(['水表档案.xlsx']);
    const book = readXlsx(await bytesOf(saved.blobs[0]));
    const records = recordsOf(book.rows);
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM water_meters WHERE area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    expect(records).toHaveLength(Number(n));
    expect(book.rows[0].slice(0, 3).map((cell) => cell.value)).toEqual(['表地址', '类型', '项目']);
    expect(records.every((cells) => cells['表地址'].type === 'text' && /^\d{14}$/.test(String(cells['表地址'].value)))).toBe(true);
    const priced = records.filter((cells) => cells['单价（元/m³）']);
    expect(priced.length).toBeGreaterThan(0);
    expect(priced.every((cells) => cells['单价（元/m³）'].type === 'number' && cells['单价（元/m³）'].format === '#,##0.00')).toBe(true);
    const read = records.filter((cells) => cells['抄表时间']);
    expect(read.every((cells) => cells['抄表时间'].type === 'date' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(String(cells['抄表时间'].value)))).toBe(true);
  });

  it('a list the server exports: the Excel button asks the export path for format=xlsx with the list\'s filters', async () => {
    const saved = savedFiles();
    const fetched = vi.spyOn(globalThis, 'fetch');
    renderScreen(`/chongzhidingdan?filter=${encodeURIComponent(JSON.stringify({ channel: 'cash' }))}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(saved.blobs).toHaveLength(1));
    const url = new URL(String(fetched.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input))).find((href) => href.includes('exportRechargeOrderByParams'))), 'http://x');
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(url.searchParams.get('channel')).toBe('cash');
    expect(saved.names()).toEqual(['充值订单统计.xlsx']);
    const records = recordsOf(readXlsx(await bytesOf(saved.blobs[0])).rows);
    const [ref] = await query<{ n: number; amount: number }>(`SELECT count(*) AS n, sum(amount_fen) AS amount FROM recharge_orders
      WHERE utility = 'electric' AND channel = 'cash' AND area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    expect(records).toHaveLength(Number(ref.n));
    expect(records.every((cells) => cells['订单号'].type === 'text' && cells['渠道'].value === '现金')).toBe(true);
    expect(records.reduce((sum, cells) => sum + Math.round((cells['金额（元）'].value as number) * 100), 0)).toBe(Number(ref.amount));
  });

  it('a room\'s area with its decimals, in the list and as #,##0.00 in Excel (issue 40: 20.2 m² showed as 20)', async () => {
    const [room] = await query<{ room_code: string; building_id: number }>(`UPDATE rooms SET size = 20.2
      WHERE id = (SELECT id FROM rooms WHERE area_id = 1 ORDER BY id DESC LIMIT 1) RETURNING room_code, building_id`);
    const saved = savedFiles();
    const u = user();
    renderScreen(`/fangjianguanli?filter=${encodeURIComponent(JSON.stringify({ buildingId: room.building_id, q: room.room_code }))}`);
    await waitFor(() => expect(rows().some((row) => row.querySelector('td.column-roomCode')?.textContent === room.room_code)).toBe(true));
    // The area is a detail column (hidden on a narrow window): the operator shows it.
    await waitFor(() => expect(document.getElementById('fangjianguanli.datatable-columnsSelector')?.querySelector('input')).toBeTruthy());
    await u.click(screen.getByRole('button', { name: '列' }));
    await u.click(await screen.findByRole('switch', { name: '面积（m²）' }));
    const ours = () => rows().find((row) => row.querySelector('td.column-roomCode')?.textContent === room.room_code)!;
    await waitFor(() => expect(ours().querySelector('td.column-size')?.textContent).toBe('20.20'));
    await u.click(screen.getByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(saved.blobs).toHaveLength(1));
    const records = recordsOf(readXlsx(await bytesOf(saved.blobs[0])).rows);
    const cells = records.find((record) => record['房间号'].value === room.room_code)!;
    expect(cells['面积（m²）']).toMatchObject({ type: 'number', value: 20.2, format: '#,##0.00' });
  });

  it('day-only dates are dates in Excel, not text: the tenants\' 入住日期 and the bindings\' 开始日期 (issue 40)', async () => {
    for (const [path, column] of [['/userdangan', '入住日期'], ['/userbangding', '开始日期']]) {
      const saved = savedFiles();
      const { unmount } = renderScreen(path);
      await waitFor(() => expect(rows().length).toBeGreaterThan(0));
      await user().click(screen.getByRole('button', { name: '导出 Excel' }));
      await waitFor(() => expect(saved.blobs).toHaveLength(1));
      const days = recordsOf(readXlsx(await bytesOf(saved.blobs[0])).rows).map((cells) => cells[column]).filter(Boolean);
      expect(days.length, path).toBeGreaterThan(0);
      expect(days.every((cell) => cell.type === 'date' && cell.format === 'yyyy-mm-dd' && /^\d{4}-\d{2}-\d{2}$/.test(String(cell.value))), path).toBe(true);
      unmount();
      vi.restoreAllMocks();
    }
  });

  it('a chart\'s data beside its CSV: channels as text, money and counts as numbers', async () => {
    const saved = savedFiles();
    renderScreen('/tuxingbaobiao');
    const frame = await screen.findByTestId('chart-byChannel');
    await waitFor(() => expect(frame.querySelectorAll('svg rect[width]').length).toBeGreaterThan(1), { timeout: 30_000 });
    expect(within(frame).getByRole('button', { name: /下载数据（CSV）/ })).toBeInTheDocument();
    await user().click(within(frame).getByRole('button', { name: /^导出 Excel: 按渠道的充值/ }));
    await waitFor(() => expect(saved.blobs).toHaveLength(1));
    expect(saved.names()[0]).toMatch(/^按渠道的充值 \d{4}-\d{2}-\d{2}~\d{4}-\d{2}-\d{2}\.xlsx$/);
    const records = recordsOf(readXlsx(await bytesOf(saved.blobs[0])).rows);
    expect(records.length).toBeGreaterThan(0);
    expect(records.some((cells) => cells['渠道'].value === '微信')).toBe(true);
    expect(records.every((cells) => cells['金额（元）'].type === 'number' && cells['金额（元）'].format === '#,##0.00' && cells['笔数'].type === 'number')).toBe(true);
  });
});
