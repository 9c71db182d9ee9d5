import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { testBackend } from '../msw/setup';

signedInForFile('admin');

/** Issue 29's template screens, one test per kind of screen: price tables, day schedules, parameter sets. */
describe('price tables (danjiabiao)', () => {
  it('lists the tables with their prices and "used by N meters" counted from the meters, and lists those meters', async () => {
    const u = user();
    renderScreen('/danjiabiao');
    const tables = await query<{ id: number; name: string; n: number }>(`SELECT p.id, p.name, (SELECT count(*)::int FROM electric_meters e WHERE e.price_table_id = p.id) AS n
      FROM price_tables p WHERE p.area_id = 1 ORDER BY p.id`);
    await waitFor(() => expect(rows()).toHaveLength(tables.length));
    const used = tables.find((table) => table.n > 0)!;
    const row = rows().find((r) => r.textContent?.includes(used.name))!;
    await u.click(within(row).getByRole('button', { name: `${used.n} 块表` }));
    const dialog = await screen.findByRole('dialog', { name: `“${used.name}”的使用情况` });
    const [first] = await query<{ address: string }>(`SELECT address FROM electric_meters WHERE price_table_id = ${used.id} ORDER BY address LIMIT 1`);
    expect(await within(dialog).findByText(first.address)).toBeInTheDocument();
  });

  it('asks to confirm a zero price before saving, then saves a single rate in fen', async () => {
    const u = user();
    renderScreen('/danjiabiao/create');
    await u.type(await screen.findByRole('textbox', { name: '名称' }), '免费试用电价');
    await u.type(screen.getByRole('textbox', { name: '平（元/kWh）' }), '0');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('价格为 0 需要在下方确认')).toBeInTheDocument();
    expect(await query(`SELECT id FROM price_tables WHERE name = '免费试用电价'`)).toHaveLength(0);
    await u.clear(screen.getByRole('textbox', { name: '平（元/kWh）' }));
    await u.type(screen.getByRole('textbox', { name: '平（元/kWh）' }), '0.58');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(async () => expect(await query(`SELECT id FROM price_tables WHERE name = '免费试用电价'`)).toHaveLength(1));
    const [saved] = await query<{ kind: string; flat_fen: number; peak_fen: number }>(`SELECT kind, flat_fen, peak_fen FROM price_tables WHERE name = '免费试用电价'`);
    expect(saved).toEqual({ kind: 'single', flat_fen: 58, peak_fen: 58 });
  });
});

describe('day schedules (dsshijianduan)', () => {
  it('draws each schedule as a 24-hour bar; a gap in a new schedule is named under its segment and nothing is saved', async () => {
    const u = user();
    renderScreen('/dsshijianduan');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(document.querySelector('main tbody [role="img"]')?.getAttribute('aria-label')).toMatch(/00:00–\d\d:\d\d/);

    renderScreen('/dsshijianduan/create');
    await u.type(await screen.findByRole('textbox', { name: '名称' }), '有缺口的时段');
    // The new schedule's second segment starts at 08:00; moving it to 09:00 leaves 08:00–09:00 uncovered.
    const starts = await screen.findAllByRole('textbox', { name: '开始' });
    await u.clear(starts[1]);
    await u.type(starts[1], '09:00');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('08:00–09:00 未被覆盖')).toBeInTheDocument();
    expect(await query(`SELECT id FROM time_periods WHERE name = '有缺口的时段'`)).toHaveLength(0);
    await u.clear(starts[1]);
    await u.type(starts[1], '08:00');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(async () => expect(await query(`SELECT id FROM time_periods WHERE name = '有缺口的时段'`)).toHaveLength(1));
  });
});

describe('parameter sets (gonglvcanshu)', () => {
  it('edits a set in use, offers to push it, pushes through set_parameter commands and shows their progress', async () => {
    const u = user();
    // A set of its own held by three meters on modules (a push to hundreds would only be slower).
    const [made] = await query<{ id: number }>(`INSERT INTO parameter_sets (area_id, kind, name, values) VALUES (1, 'power', '推送测试 2000W', '{"maxPowerW":2000}') RETURNING id`);
    const held = await query<{ id: number }>(`UPDATE electric_meters SET power_set_id = ${made.id} WHERE id IN (SELECT id FROM electric_meters WHERE area_id = 1 AND module_id IS NOT NULL ORDER BY id LIMIT 3) RETURNING id`);
    const set = { id: made.id, name: '推送测试 2000W', n: held.length };
    renderScreen(`/gonglvcanshu/${set.id}`);
    const power = await screen.findByRole('spinbutton', { name: '最大功率（W）' });
    await u.clear(power);
    await u.type(power, '0');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('必须是 1 到 1000000 的整数')).toBeInTheDocument();
    await u.clear(power);
    await u.type(power, '1800');
    await u.click(screen.getByRole('button', { name: '保存' }));
    const dialog = await screen.findByRole('dialog', { name: `下发“${set.name}”` });
    expect(within(dialog).getByText(`“${set.name}”正在使用中，是否现在将修改下发到所用电表？`)).toBeInTheDocument();
    expect(await within(dialog).findByText(`现在将“${set.name}”下发到使用它的 ${set.n} 块电表？`)).toBeInTheDocument();
    const [{ values }] = await query<{ values: { maxPowerW: number } }>(`SELECT values FROM parameter_sets WHERE id = ${set.id}`);
    expect(values.maxPowerW).toBe(1800);
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(`下发参数：${set.n} 个设备`)).toBeInTheDocument();
    const queued = await query<{ n: number }>(`SELECT count(*)::int AS n FROM commands WHERE type = 'set_parameter' AND payload->>'setId' = '${set.id}'`);
    expect(queued[0].n).toBe(set.n);
    await testBackend().runCommands();
    expect(await screen.findByText(new RegExp(`已完成 ${set.n}/${set.n}：`))).toBeInTheDocument();
    const done = await query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM commands WHERE type = 'set_parameter' AND payload->>'setId' = '${set.id}' GROUP BY 1`);
    expect(done).toEqual([{ state: 'succeeded', n: set.n }]);
  });
});
