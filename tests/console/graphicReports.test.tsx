import { describe, expect, it, vi, afterEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, fastUser as user } from './render';

/** The graphic reports (tuxingbaobiao) against the real backend: six charts at a fixed jsdom size, CSV of each chart's data, the range's check. */
signedInForFile('admin');
afterEach(() => vi.restoreAllMocks());

describe('graphic reports (tuxingbaobiao)', () => {
  it('draws the four charts of the month and downloads a chart\'s data as CSV', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => { blobs.push(blob as Blob); return 'blob:x'; });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const u = user();
    renderScreen('/tuxingbaobiao');
    await screen.findByTestId('graphic-reports');
    for (const chart of ['byBuilding', 'byChannel', 'topRooms']) {
      await waitFor(() => expect(screen.getByTestId(`chart-${chart}`).querySelectorAll('svg rect[width]').length).toBeGreaterThan(1), { timeout: 30_000 });
    }
    await waitFor(() => expect(screen.getByTestId('chart-daily').querySelector('svg path')).not.toBeNull(), { timeout: 30_000 });
    expect(within(screen.getByTestId('chart-byBuilding')).getByRole('img').getAttribute('aria-label')).toMatch(/^\d+ 栋楼的用量柱状图：合计 [\d,.]+ kWh$/);
    await u.click(within(screen.getByTestId('chart-byChannel')).getByRole('button', { name: /下载数据（CSV）/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await blobs[0].text();
    expect(text).toMatch(/渠道,金额（元）,笔数/);
    expect(text).toMatch(/微信/);
    expect(document.querySelector('a[download]')!.getAttribute('download')).toMatch(/^按渠道的充值 \d{4}-\d{2}-\d{2}~\d{4}-\d{2}-\d{2}\.csv$/);
    await u.click(screen.getByRole('button', { name: '水' }));
    await waitFor(() => expect(screen.getByTestId('chart-daily')).toHaveTextContent('每日用量（m³）'));
  });

  it('draws usage by rate as a ring and the arrears trend as a line, each with its data as CSV', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => { blobs.push(blob as Blob); return 'blob:x'; });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const u = user();
    renderScreen('/tuxingbaobiao');
    await screen.findByTestId('graphic-reports');
    // The ring: one arc per rate that was used, each a path of the pie's svg.
    await waitFor(() => expect(screen.getByTestId('chart-byRate').querySelectorAll('svg path').length).toBeGreaterThan(0), { timeout: 30_000 });
    expect(within(screen.getByTestId('chart-byRate')).getByRole('img').getAttribute('aria-label')).toMatch(/^按费率的用量环形图：合计 [\d,.]+ kWh，尖 .+、峰 .+、平 .+、谷 .+$/);
    await waitFor(() => expect(screen.getByTestId('chart-arrears').querySelector('svg path')).not.toBeNull(), { timeout: 30_000 });
    expect(within(screen.getByTestId('chart-arrears')).getByRole('img').getAttribute('aria-label')).toMatch(/^\d+ 天的欠费走势折线图：最后一天 \d+ 个房间欠费，共 ¥[\d,.]+$/);

    await u.click(within(screen.getByTestId('chart-byRate')).getByRole('button', { name: /下载数据（CSV）/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const rates = await blobs[0].text();
    expect(rates).toMatch(/费率,用量（kWh）,占比/);
    for (const rate of ['尖', '峰', '平', '谷']) expect(rates).toMatch(new RegExp(`\\n${rate},`));
    await u.click(within(screen.getByTestId('chart-arrears')).getByRole('button', { name: /下载数据（CSV）/ }));
    await waitFor(() => expect(blobs).toHaveLength(2));
    const arrears = await blobs[1].text();
    expect(arrears).toMatch(/日期,欠费房间数,欠费金额（元）/);
    expect(arrears).toMatch(/\n\d{4}-\d{2}-\d{2},\d+,\d+\.\d{2}/);
    expect([...document.querySelectorAll('a[download]')].map((a) => a.getAttribute('download') ?? '')).toContainEqual(expect.stringMatching(/^欠费走势 \d{4}-\d{2}-\d{2}~\d{4}-\d{2}-\d{2}\.csv$/));

    // Water has no rate registers: the ring's place says so.
    await u.click(screen.getByRole('button', { name: '水' }));
    expect(await within(screen.getByTestId('chart-byRate')).findByText('用水不分尖峰平谷费率')).toBeInTheDocument();
  });

  it('refuses an end before the start without asking the server', async () => {
    renderScreen('/tuxingbaobiao');
    const from = await screen.findByLabelText('开始日期');
    fireEvent.change(screen.getByLabelText('结束日期（含）'), { target: { value: '2026-01-01' } });
    fireEvent.change(from, { target: { value: '2026-02-01' } });
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeInTheDocument();
  });
});
