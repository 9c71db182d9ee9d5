import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signIn, sqlRows as query, listRows as rows, fastUser as user } from './render';
import { server } from '../msw/setup';
import { PreferencesProvider, usePreferences } from '../../src/preferences/PreferencesContext';

describe('room picker', () => {
  it('searches for what the operator types, never for the text it shows for the chosen room', async () => {
    await signIn('admin');
    const searches: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/webWaterArchive/findUserUnBind')) searches.push(url.searchParams.get('q') ?? '');
    };
    server.events.on('request:start', listener);
    try {
      const [meter] = await query<{ id: number; room_code: string }>(`SELECT w.id, r.room_code FROM water_meters w JOIN rooms r ON r.id = w.room_id WHERE w.area_id = 1 ORDER BY w.id LIMIT 1`);
      renderScreen(`/waterarchive/${meter.id}`);
      await waitFor(() => expect((screen.getByRole('combobox', { name: '房间' }) as HTMLInputElement).value).toContain(meter.room_code));
      // Give a feedback loop (shown text → search → new choices → new text…) time to show itself.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(searches.length).toBeGreaterThan(0);
      expect(searches.filter(Boolean)).toEqual([]);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });
});

describe('date range filter', () => {
  it('shows a range of the address as its days (the end inclusive), sends a typed day as the platform\'s midnight, and takes last month from the quick ranges', async () => {
    await signIn('admin');
    const sent: URLSearchParams[] = [];
    const listener = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/rechargeSummary/findByCondition')) sent.push(url.searchParams);
    };
    server.events.on('request:start', listener);
    try {
      const filter = { groupBy: 'day', utility: 'electric', createdFrom: '2026-11-01T00:00:00+08:00', createdTo: '2026-11-11T00:00:00+08:00' };
      renderScreen(`/chongzhihuizong?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      // Not one of the quick ranges: shown as custom, with the last day that is in it.
      await waitFor(() => expect(screen.getByRole('combobox', { name: '充值日期' })).toHaveTextContent('自定义…'));
      expect(screen.getByLabelText('开始日期')).toHaveValue('2026-11-01');
      expect(screen.getByLabelText('结束日期')).toHaveValue('2026-11-10');
      await waitFor(() => expect(rows().length).toBeGreaterThan(0));
      expect(rows().every((row) => /^2026-11-(0\d|10)/.test(row.querySelector('td')?.textContent ?? ''))).toBe(true);

      // The operator changes the last day to the 5th: the server is asked up to the 6th's midnight in +08:00.
      fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-11-05' } });
      await waitFor(() => expect(sent.at(-1)?.get('createdTo')).toBe('2026-11-06T00:00:00+08:00'));
      expect(sent.at(-1)?.get('createdFrom')).toBe('2026-11-01T00:00:00+08:00');
      await waitFor(() => expect(rows().every((row) => /^2026-11-0[1-5]/.test(row.querySelector('td')?.textContent ?? ''))).toBe(true));
      // The last day cleared: the range has no end (not the one it had).
      const asked = sent.length;
      fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '' } });
      await waitFor(() => expect(sent.length).toBeGreaterThan(asked));
      await waitFor(() => expect(sent.at(-1)?.has('createdTo')).toBe(false));
      expect(sent.at(-1)?.get('createdFrom')).toBe('2026-11-01T00:00:00+08:00');
      expect(screen.getByLabelText('结束日期')).toHaveValue('');

      // Last month, from today's date in Asia/Shanghai.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
      const [year, month] = today.split('-').map(Number);
      const first = (y: number, m: number) => `${m === 0 ? y - 1 : y}-${String(m === 0 ? 12 : m).padStart(2, '0')}-01T00:00:00+08:00`;
      await user().click(screen.getByRole('combobox', { name: '充值日期' }));
      await user().click(within(await screen.findByRole('listbox')).getByRole('option', { name: '上月' }));
      await waitFor(() => expect(sent.at(-1)?.get('createdFrom')).toBe(first(year, month - 1)));
      expect(sent.at(-1)?.get('createdTo')).toBe(first(year, month));
      expect(screen.queryByLabelText('开始日期')).toBeNull();
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });
});

describe('pickers with nothing matching', () => {
  it('say so in the operator\'s language, not MUI\'s "No options"', async () => {
    await signIn('admin');
    const { fastUser } = await import('./render');
    const u = fastUser();
    renderScreen('/jianzhuguanli/create');
    const project = await screen.findByRole('combobox', { name: /所属项目|项目/ });
    await u.click(project);
    await u.keyboard('没有这个项目zzz');
    expect(await screen.findByText('没有匹配的选项', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('No options')).not.toBeInTheDocument();
  });
});

describe('preferences', () => {
  it('keep their state (no re-render) when an update changes nothing', async () => {
    let renders = 0;
    let api: ReturnType<typeof usePreferences> | undefined;
    function Probe() {
      api = usePreferences();
      renders += 1;
      return <span>{api.preferences.openedTabs.join(',')}</span>;
    }
    render(<PreferencesProvider><Probe /></PreferencesProvider>);
    act(() => api!.update({ openedTabs: ['/index', '/waterarchive'] }));
    const after = renders;
    act(() => api!.update((prefs) => ({ openedTabs: [...prefs.openedTabs] })));
    act(() => api!.update({ theme: api!.preferences.theme }));
    expect(renders).toBe(after);
    act(() => api!.update({ openedTabs: ['/index'] }));
    expect(renders).toBe(after + 1);
  });
});
