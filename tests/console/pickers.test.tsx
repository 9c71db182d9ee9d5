import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { renderScreen, signIn, sqlRows as query } from './render';
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
