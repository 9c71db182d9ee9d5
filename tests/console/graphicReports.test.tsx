import { describe, expect, it, vi, afterEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, fastUser as user } from './render';

/** The graphic reports (tuxingbaobiao) against the real backend: four charts at a fixed jsdom size, CSV of each chart's data, the range's check. */
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

  it('refuses an end before the start without asking the server', async () => {
    renderScreen('/tuxingbaobiao');
    const from = await screen.findByLabelText('开始日期');
    fireEvent.change(screen.getByLabelText('结束日期（含）'), { target: { value: '2026-01-01' } });
    fireEvent.change(from, { target: { value: '2026-02-01' } });
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeInTheDocument();
  });
});
