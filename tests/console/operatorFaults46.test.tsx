import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { server } from '../msw/setup';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { parseDayText } from '../../src/components/pickers/DayField';

/**
 * Issue 46, "The new screens as an operator finds them": the building filter's unnamed buildings,
 * the bulk delete's bare count, the preset-energy confirm's wrong scope, the date pickers in the
 * browser's form, the arrears table's Recharge buttons cut off, and the recharge summary's oldest
 * day first. Rendered against the MSW backend, as an operator meets them.
 */
signedInForFile('admin');

const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const optionTexts = () => screen.getAllByRole('option').map((option) => option.textContent ?? '');

describe('the building filter of the statistics screens', () => {
  it('names each building with its project while no project is chosen, and only its own name once one is', async () => {
    const u = user();
    const buildings = await query<{ name: string; project: string }>(`SELECT b.name, p.name AS project FROM buildings b JOIN projects p ON p.id = b.project_id
      WHERE b.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    expect(new Set(buildings.map((b) => b.project)).size, 'the seed has two projects\' buildings of the same names').toBeGreaterThan(1);
    renderScreen('/chongzhidingdan');
    const picker = await screen.findByRole('combobox', { name: '建筑' });
    await u.click(picker);
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
    const texts = optionTexts();
    // "阳光公寓 · 1号楼", not "1号楼, 1号楼, 2号楼, 2号楼…".
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(buildings.map((b) => `${b.project} · ${b.name}`)).toContain(text);
    // Project by project: each project's buildings together.
    const projects = texts.map((text) => text.split(' · ')[0]);
    expect(projects.filter((p, i) => i === 0 || p !== projects[i - 1])).toHaveLength(new Set(projects).size);

    // Typing the project's name finds its buildings (what the choices show is what typing finds).
    const project = buildings[0].project;
    await u.type(picker, project);
    await waitFor(() => expect(optionTexts().every((text) => text.startsWith(`${project} · `))).toBe(true));
    expect(optionTexts()).toHaveLength(buildings.filter((b) => b.project === project).length);
  });

  it('offers a chosen project\'s buildings by their own names', async () => {
    const u = user();
    const [project] = await query<{ id: number; name: string }>(`SELECT id, name FROM projects WHERE area_id = 1 ORDER BY id LIMIT 1`);
    const names = (await query<{ name: string }>(`SELECT name FROM buildings WHERE project_id = ${project.id}`)).map((b) => b.name);
    renderScreen(`/chongzhidingdan?filter=${filterOf({ projectId: project.id })}`);
    await u.click(await screen.findByRole('combobox', { name: '建筑' }));
    await waitFor(() => expect(optionTexts().sort()).toEqual([...names].sort()));
  });
});

describe('the bulk delete confirm', () => {
  it('counts the selected records with their noun: "确定要删除选中的 1 条记录吗？", not "1吗"', async () => {
    const u = user();
    renderScreen('/danjiabiao');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(within(rows()[0]).getByRole('checkbox'));
    await u.click(await screen.findByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('删除 1 条记录');
    expect(dialog).toHaveTextContent('确定要删除选中的 1 条记录吗？');
    await u.click(within(dialog).getByRole('button', { name: '取消' }));
  });

  it('has the noun in the four languages, one and many in English', async () => {
    const words: Record<string, [string, string]> = {
      'zh-chs': ['1 条记录', '2 条记录'], 'zh-cht': ['1 筆記錄', '2 筆記錄'], en: ['1 record', '2 records'], ja: ['1 件のレコード', '2 件のレコード'],
    };
    try {
      for (const [locale, [one, two]] of Object.entries(words)) {
        await i18nProvider.changeLocale(locale);
        expect(i18nProvider.translate('bulk.records', { smart_count: 1 }), locale).toBe(one);
        expect(i18nProvider.translate('bulk.records', { smart_count: 2 }), locale).toBe(two);
      }
      await i18nProvider.changeLocale('en');
      expect(i18nProvider.translate('delete.bulkQuestion', { count: i18nProvider.translate('bulk.records', { smart_count: 3 }) })).toBe('Delete the 3 records selected?');
    } finally {
      await i18nProvider.changeLocale('zh-chs');
    }
  });
});

describe('the preset-energy confirm (yuzhidianliang)', () => {
  it('heads its scope with the selected meters and names each by address and room, not the list\'s filters', async () => {
    const u = user();
    const [meter] = await query<{ id: number; address: string; room_code: string; building: string; project: string }>(`SELECT m.id, m.address, r.room_code, b.name AS building, p.name AS project
      FROM electric_meters m JOIN rooms r ON r.id = m.room_id JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = r.project_id
      WHERE m.area_id = 1 ORDER BY m.id LIMIT 1`);
    renderScreen(`/yuzhidianliang?filter=${filterOf({ q: meter.address })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('checkbox'));
    await u.click(await screen.findByRole('button', { name: '为所选电表预置电量' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('范围（所选的电表）：');
    expect(dialog).not.toHaveTextContent('列表当前的筛选条件');
    const scope = within(dialog).getByTestId('selected-meters');
    expect(scope).toHaveTextContent('所选 1 块电表');
    expect(scope).toHaveTextContent(`${meter.address} · ${meter.project} ${meter.building} ${meter.room_code}`);
    await u.click(within(dialog).getByRole('button', { name: '取消' }));
  });

  it('keeps the list\'s filters as the scope of the screen action on all the filters match', async () => {
    const u = user();
    const [project] = await query<{ id: number; name: string }>(`SELECT id, name FROM projects WHERE area_id = 1 ORDER BY id LIMIT 1`);
    renderScreen(`/yuzhidianliang?filter=${filterOf({ projectId: project.id })}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await u.click(await screen.findByRole('button', { name: '为筛选出的全部电表预置电量' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('范围（列表当前的筛选条件）：');
    await waitFor(() => expect(dialog).toHaveTextContent(`项目：${project.name}`));
  });
});

describe('date fields', () => {
  it('show a range\'s days year first in a text field (not the browser\'s date input), and take a typed day in another form', async () => {
    const sent: URLSearchParams[] = [];
    const listener = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/rechargeSummary/findByCondition')) sent.push(url.searchParams);
    };
    server.events.on('request:start', listener);
    try {
      const filter = { groupBy: 'day', utility: 'electric', createdFrom: '2026-11-01T00:00:00+08:00', createdTo: '2026-11-11T00:00:00+08:00' };
      renderScreen(`/chongzhihuizong?filter=${filterOf(filter)}`);
      const from = await screen.findByLabelText('开始日期');
      // A text field: the browser's date input wrote the day in the browser's locale ("11/01/2026").
      expect(from).toHaveAttribute('type', 'text');
      expect(from).toHaveValue('2026-11-01');
      expect(screen.getByLabelText('结束日期')).toHaveValue('2026-11-10');
      expect(screen.getAllByRole('button', { name: '打开日历' }).length).toBeGreaterThanOrEqual(2);
      fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026/11/5' } });
      await waitFor(() => expect(sent.at(-1)?.get('createdTo')).toBe('2026-11-06T00:00:00+08:00'));
      fireEvent.blur(screen.getByLabelText('结束日期'));
      expect(screen.getByLabelText('结束日期')).toHaveValue('2026-11-05');
      // A day that is none stays as typed, marked, and changes nothing.
      const asked = sent.length;
      fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-11-31' } });
      fireEvent.blur(screen.getByLabelText('结束日期'));
      expect(screen.getByLabelText('结束日期')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('结束日期')).toHaveAttribute('title', '请按“2026-11-01”的格式填写日期');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(sent.length).toBe(asked);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  it('show an empty month as its form ("年-月"), not dashes, and filter by a typed month', async () => {
    renderScreen('/monthly_order');
    const month = await screen.findByLabelText('月份');
    expect(month).toHaveAttribute('type', 'text');
    expect(month).toHaveValue('');
    expect(month).toHaveAttribute('placeholder', '年-月');
    fireEvent.change(month, { target: { value: '2026-10' } });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await waitFor(() => expect(rows().every((row) => row.querySelector('td')?.textContent === '2026-10')).toBe(true));
  });

  it('read days, months and minutes year first, in the forms an operator types', () => {
    expect(['2026-11-01', '2026/11/1', '2026.11.01', '20261101', '2026年11月1日'].map((text) => parseDayText('day', text))).toEqual(Array(5).fill('2026-11-01'));
    expect(['2026-02-30', '11/01/2026', '2026-13-01', 'x'].map((text) => parseDayText('day', text))).toEqual(Array(4).fill(undefined));
    expect(['2026-11', '2026/11', '202611', '2026年11月'].map((text) => parseDayText('month', text))).toEqual(Array(4).fill('2026-11'));
    expect(parseDayText('month', '2026-13')).toBeUndefined();
    expect(parseDayText('minute', '2026-11-01 8:30')).toBe('2026-11-01T08:30');
    expect(parseDayText('minute', '2026-11-01 24:00')).toBeUndefined();
  });
});

describe('the arrears table (home dashboard)', () => {
  it('gives the room the width the other columns leave, cut with its whole name as a tooltip, so that Recharge always shows whole', async () => {
    renderScreen('/index_water');
    const panel = await screen.findByTestId('arrears-list', undefined, { timeout: 30_000 });
    const scroll = await within(panel).findByTestId('arrears-scroll');
    const [row] = scroll.querySelectorAll('tbody tr');
    const room = row.querySelector('td')!;
    const style = getComputedStyle(room);
    expect([style.whiteSpace, style.overflow, style.textOverflow, style.maxWidth, style.width]).toEqual(['nowrap', 'hidden', 'ellipsis', '0px', '100%']);
    expect(room).toHaveAttribute('title', room.textContent);
    expect(room.textContent).toMatch(/ · /);
    // What gives way is the project, never the building and the room's code.
    const [project, rest] = [...room.querySelectorAll('span > span')] as HTMLElement[];
    expect(getComputedStyle(project).textOverflow).toBe('ellipsis');
    expect(getComputedStyle(rest).flexShrink).toBe('0');
    expect(rest.textContent).toMatch(/^ · .+ · .+$/);
    const recharge = within(row as HTMLElement).getByRole('button', { name: '充值' });
    expect(getComputedStyle(recharge.closest('td')!).whiteSpace).toBe('nowrap');
  });
});

describe('the recharge summary (chongzhihuizong)', () => {
  it('opens newest first: the latest day on top of page 1', async () => {
    renderScreen('/chongzhihuizong');
    const days = (await query<{ day: string }>(`SELECT DISTINCT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day FROM recharge_orders
      WHERE area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1) ORDER BY 1 DESC LIMIT 25`)).map((r) => r.day);
    expect(days.length).toBeGreaterThan(1);
    await waitFor(() => expect(rows().length).toBeGreaterThan(1));
    const shown = rows().map((row) => row.querySelector('td')?.textContent);
    expect(shown[0]).toBe(days[0]);
    expect(shown).toEqual([...shown].sort().reverse());
  });
});
