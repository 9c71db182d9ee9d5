import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, fastUser as user, sqlRows as query } from './render';
import { yuanGrouped } from '../../src/resources/home/dashboard/format';
import { AlarmBell } from '../../src/layout/AlarmBell';

/**
 * The home dashboards (index_water, index) against the real backend through MSW: the figures as the
 * database gives them, the cards' links, the charts (a fixed size in jsdom), the arrears list's
 * one-click recharge moving the figures without a reload, the power-failure drawer, the water gauge.
 */
signedInForFile('admin');

const AREAS = '(SELECT id FROM areas WHERE id = 1 OR parent_id = 1)';
const count = async (sql: string) => Number((await query<{ n: string }>(sql))[0].n);
const grouped = (n: number) => n.toLocaleString('en-US');
const valueOf = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;

describe('electricity home (index_water)', () => {
  it('shows the area\'s figures, each card linking to the list behind it, the charts and the lists', async () => {
    renderScreen('/index_water');
    await screen.findByTestId('kpi-rooms');
    const rooms = await count(`SELECT count(*) AS n FROM rooms WHERE area_id IN ${AREAS}`);
    const offline = await count(`SELECT count(*) AS n FROM electric_meters WHERE NOT online AND area_id IN ${AREAS}`);
    const relaysOff = await count(`SELECT count(*) AS n FROM electric_meters WHERE relay_state = 'off' AND area_id IN ${AREAS}`);
    const arrears = await count(`SELECT count(*) AS n FROM accounts WHERE utility = 'electric' AND balance_fen < 0 AND area_id IN ${AREAS}`);
    expect(valueOf('kpi-rooms')).toBe(grouped(rooms));
    expect(valueOf('kpi-offline')).toBe(grouped(offline));
    expect(valueOf('kpi-cut')).toBe(grouped(relaysOff));
    expect(valueOf('kpi-arrears')).toBe(grouped(arrears));
    expect(valueOf('kpi-usage-month')).toMatch(/kWh$/);
    expect(screen.getByTestId('kpi-usage-month')).toHaveTextContent(/上月同期/);

    const link = (testId: string) => decodeURIComponent(within(screen.getByTestId(testId)).getByRole('link').getAttribute('href') ?? '');
    expect(link('kpi-cut')).toBe('/dianbiaoguanli?filter={"relayState":"off"}');
    expect(link('kpi-offline')).toBe('/dianbiaoguanli?filter={"online":"false"}');
    expect(link('kpi-arrears')).toBe('/fangjianguanli?filter={"arrears":"true"}');
    expect(link('kpi-rooms')).toBe('/fangjianguanli');

    // The charts load in their own chunk and draw at the frame's fixed jsdom width: 30 bars.
    const usage = screen.getByTestId('usage-chart');
    await waitFor(() => expect(usage.querySelectorAll('svg rect[width]').length).toBeGreaterThanOrEqual(30), { timeout: 30_000 });
    expect(within(usage).getByRole('img').getAttribute('aria-label')).toMatch(/近 30 天每日用量柱状图：合计 [\d,.]+ kWh/);
    await waitFor(() => expect(screen.getByTestId('recharge-chart').querySelector('svg path')).not.toBeNull(), { timeout: 30_000 });

    expect(within(screen.getByTestId('top-consumers')).getAllByRole('button').length).toBe(10);
    const worst = (await query<{ room_id: number; balance_fen: string }>(`SELECT room_id, balance_fen FROM accounts
      WHERE utility = 'electric' AND balance_fen < 0 AND area_id IN ${AREAS} ORDER BY balance_fen, room_id LIMIT 1`))[0];
    expect(screen.getByTestId(`arrears-${worst.room_id}`)).toHaveTextContent(yuanGrouped(Number(worst.balance_fen)));
    const alarms = screen.getByTestId('alarm-panel');
    await waitFor(() => expect(within(alarms).getAllByTestId('alarm-row').length).toBeGreaterThan(0));
    const cuts = await count(`SELECT count(*) AS n FROM power_cuts c JOIN electric_meters m ON m.id = c.meter_id WHERE c.on_at IS NULL AND c.area_id IN ${AREAS}`);
    expect(within(alarms).getByTestId('alarm-chip-powerCut')).toHaveTextContent(`停电 ${cuts}`);
    expect(screen.getByTestId('last-updated')).toHaveTextContent(/^更新于 /);
  });

  it('recharges a room of the arrears list in one click and the figures follow without a reload', async () => {
    const u = user();
    renderScreen('/index_water');
    const before = (await screen.findByTestId('kpi-recharge-today-value')).textContent;
    const arrearsBefore = valueOf('kpi-arrears');
    const [row] = await query<{ room_id: number; balance_fen: string }>(`SELECT room_id, balance_fen FROM accounts
      WHERE utility = 'electric' AND balance_fen < 0 AND area_id IN ${AREAS} ORDER BY balance_fen, room_id LIMIT 1`);
    const debt = -Number(row.balance_fen);
    const amountYuan = Math.ceil(debt / 100) + 100;
    await u.click(within(await screen.findByTestId(`arrears-${row.room_id}`)).getByRole('button', { name: '充值' }));
    const dialog = await screen.findByRole('dialog', { name: /充值/ });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /金额/ }), { target: { value: String(amountYuan) } });
    await u.click(within(dialog).getByRole('button', { name: /^收款/ }));
    const done = await screen.findByTestId('drawer-order', {}, { timeout: 30_000 });
    expect(done).toHaveTextContent(`¥${grouped(amountYuan)}.00`);
    expect(within(done).getByRole('button', { name: /收据|小票/ })).toBeInTheDocument();
    await waitFor(() => expect(valueOf('kpi-recharge-today')).not.toBe(before));
    await waitFor(() => expect(Number(valueOf('kpi-arrears')!.replace(/,/g, ''))).toBe(Number(arrearsBefore!.replace(/,/g, '')) - 1));
    expect(await count(`SELECT count(*) AS n FROM recharge_orders WHERE room_id = ${row.room_id} AND amount_fen = ${amountYuan * 100}`)).toBe(1);
  });

  it('records a power failure with its cause, refusing an empty form', async () => {
    const u = user();
    renderScreen('/index_water');
    await u.click(await screen.findByRole('button', { name: '登记停电' }));
    const drawer = await screen.findByTestId('power-failure-drawer');
    await u.click(within(drawer).getByRole('button', { name: '登记' }));
    expect(within(drawer).getByText('请选择房间')).toBeInTheDocument();
    expect(within(drawer).getByText('请选择停电原因')).toBeInTheDocument();
    const [room] = await query<{ room_id: number; room_code: string; tenant: string }>(`SELECT m.room_id, r.room_code, t.name AS tenant
      FROM electric_meters m JOIN rooms r ON r.id = m.room_id JOIN tenant_bindings b ON b.room_id = r.id AND b.end_date IS NULL JOIN tenants t ON t.id = b.tenant_id
      WHERE m.area_id = 1 AND NOT EXISTS (SELECT 1 FROM power_cuts c WHERE c.meter_id = m.id AND c.on_at IS NULL) ORDER BY m.id DESC LIMIT 1`);
    const search = within(drawer).getByRole('combobox');
    await u.click(search);
    await u.keyboard(room.tenant);
    await screen.findByRole('option', { name: new RegExp(room.tenant) });
    await u.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(drawer).toHaveTextContent(room.room_code));
    await u.click(within(drawer).getByRole('radio', { name: '过载' }));
    await u.click(within(drawer).getByRole('button', { name: '登记' }));
    await waitFor(() => expect(screen.queryByTestId('power-failure-drawer')).not.toBeInTheDocument());
    const [cut] = await query<{ cause: string }>(`SELECT cause FROM power_cuts WHERE room_id = ${room.room_id} AND on_at IS NULL`);
    expect(cut.cause).toBe('overload');
  });
});

describe('water home (index)', () => {
  it('shows valves closed, low battery and the month against last month as a liquid gauge with its figures in words', async () => {
    renderScreen('/index');
    await screen.findByTestId('kpi-battery');
    const low = await count(`SELECT count(*) AS n FROM water_meters WHERE battery_low AND area_id IN ${AREAS}`);
    const closed = await count(`SELECT count(*) AS n FROM water_meters WHERE valve_state = 'closed' AND area_id IN ${AREAS}`);
    expect(valueOf('kpi-battery')).toBe(grouped(low));
    expect(valueOf('kpi-cut')).toBe(grouped(closed));
    expect(valueOf('kpi-usage-today')).toMatch(/m³$/);
    // Today against yesterday as it was read by this time yesterday (the seed's water meters are read at 00:00), said on the card.
    expect(screen.getByTestId('kpi-usage-today')).toHaveTextContent('昨日同时段按昨日此时已抄到的读数计');
    const gauge = screen.getByTestId('liquid-gauge');
    expect(gauge.getAttribute('aria-label')).toMatch(/^本月 [\d,.]+ m³，上月 [\d,.]+ m³（\d+%）$/);
    const ratio = Number(gauge.getAttribute('data-ratio'));
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThanOrEqual(1);
    expect(screen.queryByRole('button', { name: '登记停电' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('alarm-panel')).queryByTestId('alarm-chip-powerCut')).not.toBeInTheDocument();
  });
});

describe('the header\'s alarm bell', () => {
  it('names the building with the room code and opens the room', async () => {
    const u = user();
    renderScreen('/index', { shell: <AlarmBell /> });
    await u.click(await screen.findByRole('button', { name: '设备通讯异常' }));
    const popover = await screen.findByRole('dialog', { name: '设备通讯异常' });
    const row = await waitFor(() => {
      const found = [...popover.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('td')!.textContent!.includes(' · '));
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    const [building, code] = row.querySelector('td')!.textContent!.split(' · ');
    await u.click(row);
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/fangjianguanli\/\d+$/));
    const id = Number(window.location.pathname.split('/').pop());
    const [room] = await query<{ room_code: string; name: string }>(`SELECT r.room_code, b.name FROM rooms r JOIN buildings b ON b.id = r.building_id WHERE r.id = ${id}`);
    expect(room).toEqual({ room_code: code, name: building });
  });
});
