import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { formatYuan } from '../../common/money';

/**
 * The reading record screens against the real backend: electric and water readings with their
 * totals, the delete of a wrong reading with its reason and the refund choice, the deleted readings
 * with restore (the refund charged back) and purge, room usage per day and month with its chart,
 * and the recharge summary by channel.
 */
signedInForFile('admin');

const filterPath = (path: string, filter: Record<string, unknown>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const totalOf = (source: string) => screen.getByTestId('list-totals').querySelector(`[data-total="${source}"]`)?.textContent;
const AREA = 'area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)';
const yuan = (fen: number) => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
/** The filter that shows exactly one reading: its meter and its instant. */
const onlyReading = (reading: { meter_id: number; read_at: string }) => {
  const at = new Date(reading.read_at);
  return { meterId: Number(reading.meter_id), readFrom: at.toISOString().replace('Z', '+00:00'), readTo: new Date(at.getTime() + 1).toISOString().replace('Z', '+00:00') };
};

describe('reading records', () => {
  it('MeterReadingRecordDetails: electric readings with the totals of a week', async () => {
    const filter = { readFrom: '2026-11-14T00:00:00+08:00', readTo: '2026-11-21T00:00:00+08:00' };
    renderScreen(filterPath('/MeterReadingRecordDetails', filter));
    await waitFor(() => expect(rows().length).toBe(25));
    await screen.findByTestId('list-totals');
    // The readings taken in the week, and the charge of the week's usage (server/domain/usageRule.ts: each reading's part of it).
    const [ref] = await query<{ n: number; cost: number }>(`SELECT count(*) FILTER (WHERE read_at >= '${filter.readFrom}' AND read_at < '${filter.readTo}') AS n,
      coalesce(sum(usage_in(cost_fen, since_at, read_at, '${filter.readFrom}', '${filter.readTo}')), 0) AS cost FROM readings
      WHERE utility = 'electric' AND deleted_at IS NULL AND read_at >= '${filter.readFrom}' AND least(since_at, read_at) < '${filter.readTo}' AND ${AREA}`);
    expect(totalOf('count')).toBe(Number(ref.n).toLocaleString('en-US'));
    expect(totalOf('costFen')?.replace(/,/g, '')).toBe(yuan(Number(ref.cost)));
    expect(screen.getByRole('columnheader', { name: /用电量（kWh）/ })).toBeInTheDocument();
  });

  it('chaobiao_water: water readings in m³', async () => {
    renderScreen('/chaobiao_water');
    await waitFor(() => expect(rows().length).toBe(25));
    expect(screen.getByRole('columnheader', { name: /用水量（m³）/ })).toBeInTheDocument();
    await screen.findByTestId('list-totals');
    const [ref] = await query<{ n: number }>(`SELECT count(*) AS n FROM readings WHERE utility = 'water' AND deleted_at IS NULL AND ${AREA}`);
    expect(totalOf('count')).toBe(Number(ref.n).toLocaleString('en-US'));
  });

  it('deletes a wrong reading with a reason and a refund, then restores it from the deleted readings: the ledger moves once each way', async () => {
    const [reading] = await query<{ id: number; meter_id: number; read_at: string; cost_fen: number; account_id: number; balance_fen: number }>(`
      SELECT r.id, r.meter_id, r.read_at, r.cost_fen, a.id AS account_id, a.balance_fen FROM readings r JOIN accounts a ON a.room_id = r.room_id AND a.utility = 'electric'
      WHERE r.utility = 'electric' AND r.deleted_at IS NULL AND r.cost_fen > 0 AND r.area_id = 1
        AND NOT EXISTS (SELECT 1 FROM readings x WHERE x.utility = r.utility AND x.meter_id = r.meter_id AND x.read_at > r.read_at) ORDER BY r.id DESC LIMIT 1`);
    const cost = Number(reading.cost_fen);
    const u = user();
    const list = renderScreen(filterPath('/MeterReadingRecordDetails', onlyReading(reading)));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('button', { name: '删除读数' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(formatYuan(cost));
    // The latest reading of its meter: the preview says nothing after it changes, the refund is the whole net.
    expect(await within(dialog).findByText('其后没有读数发生变化。')).toBeInTheDocument();
    expect(within(dialog).getByTestId('recount-lines')).toHaveTextContent(`账户净变动 +${formatYuan(cost)}`);
    await u.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await within(dialog).findByText('请填写删除原因')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择是否退回扣费')).toBeInTheDocument();
    expect((await query<{ deleted_at: string | null }>(`SELECT deleted_at FROM readings WHERE id = ${reading.id}`))[0].deleted_at).toBeNull();
    await u.click(within(dialog).getByRole('radio', { name: /退回扣费/ }));
    await u.type(within(dialog).getByRole('textbox', { name: /删除原因/ }), '换表后读数错误');
    await u.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(0));
    const [after] = await query<{ deleted_at: string | null; delete_reason: string; refunded_fen: number; balance_fen: number }>(`
      SELECT r.deleted_at, r.delete_reason, r.refunded_fen, a.balance_fen FROM readings r, accounts a WHERE r.id = ${reading.id} AND a.id = ${reading.account_id}`);
    expect(after.deleted_at).not.toBeNull();
    expect(after.delete_reason).toBe('换表后读数错误');
    expect(Number(after.refunded_fen)).toBe(cost);
    expect(Number(after.balance_fen)).toBe(Number(reading.balance_fen) + cost);
    list.unmount();

    renderScreen(filterPath('/shanchuchaobiaojilu', { meterId: Number(reading.meter_id) }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const row = rows().find((r) => r.textContent?.includes('换表后读数错误'))!;
    expect(row).toHaveTextContent(yuan(cost));
    await u.click(within(row).getByRole('button', { name: '恢复' }));
    const restore = await screen.findByRole('dialog');
    expect(within(restore).getByTestId('restore-recharge')).toHaveTextContent(`删除时已退款 ${formatYuan(cost)}`);
    await u.click(within(restore).getByRole('button', { name: '恢复' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows().some((r) => r.textContent?.includes('换表后读数错误'))).toBe(false));
    const [restored] = await query<{ deleted_at: string | null; balance_fen: number }>(`SELECT r.deleted_at, a.balance_fen FROM readings r, accounts a WHERE r.id = ${reading.id} AND a.id = ${reading.account_id}`);
    expect(restored.deleted_at).toBeNull();
    expect(Number(restored.balance_fen)).toBe(Number(reading.balance_fen));
    const ledger = await query<{ kind: string }>(`SELECT kind FROM ledger_entries WHERE ref_id = '${reading.id}' AND ref_type LIKE 'reading_%' ORDER BY id`);
    expect(ledger.map((e) => e.kind)).toEqual(['refund', 'deduction']);
  });

  it('shanchuchaobiaojilu: says so when nothing is deleted in a range', async () => {
    renderScreen(filterPath('/shanchuchaobiaojilu', { roomCode: 'NO-SUCH-ROOM' }));
    expect(await screen.findByText(/未找到/)).toBeInTheDocument();
  });

  it('chaobiao: room usage per month with its chart and the totals of the filtered rooms', async () => {
    renderScreen(filterPath('/chaobiao', { granularity: 'month' }));
    await waitFor(() => expect(rows().length).toBe(25));
    await screen.findByTestId('list-totals');
    const [ref] = await query<{ rooms: number }>(`SELECT count(DISTINCT room_id) AS rooms FROM readings WHERE utility = 'electric' AND deleted_at IS NULL AND room_id IS NOT NULL AND ${AREA}`);
    await waitFor(() => expect(totalOf('rooms')).toBe(Number(ref.rooms).toLocaleString('en-US')));
    for (const row of rows()) expect(row.textContent).toMatch(/2026-(0\d|1[0-2])(?!-\d)/);
    const chart = await screen.findByTestId('series-chart');
    expect(within(chart).getByRole('heading', { name: '每月用电量' })).toBeInTheDocument();
    await waitFor(() => expect(within(chart).getByRole('img').getAttribute('aria-label')).toMatch(/2026-11/));
  });

  it('chongzhihuizong: the recharge summary by channel, named in words, with its totals', async () => {
    renderScreen(filterPath('/chongzhihuizong', { groupBy: 'channel', utility: 'electric' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const refs = await query<{ channel: string; n: number }>(`SELECT channel, count(*) AS n FROM recharge_orders WHERE utility = 'electric' AND ${AREA} GROUP BY channel`);
    expect(rows()).toHaveLength(refs.length);
    expect(rows().some((row) => row.textContent?.includes('现金'))).toBe(true);
    await screen.findByTestId('list-totals');
    expect(totalOf('count')).toBe(refs.reduce((sum, row) => sum + Number(row.n), 0).toLocaleString('en-US'));
    const chart = await screen.findByTestId('series-chart');
    expect(within(chart).getByRole('heading', { name: '按渠道充值金额' })).toBeInTheDocument();
  });

  it('chongzhihuizong: by day (the screen\'s first view), a row per day of the zone with the money that stands, in time order on the chart', async () => {
    const filter = { groupBy: 'day', utility: 'electric', createdFrom: '2026-11-01T00:00:00+08:00', createdTo: '2026-11-21T00:00:00+08:00' };
    renderScreen(filterPath('/chongzhihuizong', filter));
    const refs = await query<{ day: string; fen: number; n: number }>(`SELECT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day,
      coalesce(sum(amount_fen) FILTER (WHERE order_status <> 0), 0) AS fen, count(*) AS n FROM recharge_orders
      WHERE utility = 'electric' AND created_at >= '${filter.createdFrom}' AND created_at < '${filter.createdTo}' AND ${AREA} GROUP BY 1 ORDER BY 1`);
    expect(refs.length, 'the seed has orders on several days of the month').toBeGreaterThan(1);
    await waitFor(() => expect(rows()).toHaveLength(Math.min(refs.length, 25)));
    // Each row: its day as it is, its orders and the money that stands; newest first (issue 46: today was on page 4).
    const newest = [...refs].reverse();
    for (const [i, row] of rows().entries()) {
      const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent);
      expect(cells.slice(0, 3), newest[i].day).toEqual([newest[i].day, Number(newest[i].n).toLocaleString('en-US'), Number(yuan(Number(newest[i].fen))).toLocaleString('en-US', { minimumFractionDigits: 2 })]);
    }
    await screen.findByTestId('list-totals');
    expect(totalOf('count')).toBe(refs.reduce((sum, r) => sum + Number(r.n), 0).toLocaleString('en-US'));
    const chart = await screen.findByTestId('series-chart');
    expect(within(chart).getByRole('heading', { name: '按日期充值金额' })).toBeInTheDocument();
    // Its description names the first days in time order (and says there are more).
    await waitFor(() => expect(within(chart).getByRole('img').getAttribute('aria-label')).toMatch(/^按日期充值金额: 2026-11-01 /));
    const described = within(chart).getByRole('img').getAttribute('aria-label')!.match(/\d{4}-\d{2}-\d{2}/g)!;
    expect(described).toEqual(refs.map((r) => r.day).slice(0, described.length));
  });

  it('chongzhihuizong: by operator, each named, orders without an operator under 无', async () => {
    renderScreen(filterPath('/chongzhihuizong', { groupBy: 'operator', utility: 'electric' }));
    const refs = await query<{ name: string | null; n: number }>(`SELECT coalesce(max(u.real_name), max(u.user_name)) AS name, count(*) AS n
      FROM recharge_orders o LEFT JOIN sys_users u ON u.id = o.operator_id WHERE o.utility = 'electric' AND o.${AREA} GROUP BY o.operator_id`);
    await waitFor(() => expect(rows()).toHaveLength(refs.length));
    const names = rows().map((row) => row.querySelector('td')?.textContent);
    expect(names.sort()).toEqual(refs.map((r) => r.name ?? '无').sort());
    await screen.findByTestId('list-totals');
    expect(totalOf('count')).toBe(refs.reduce((sum, r) => sum + Number(r.n), 0).toLocaleString('en-US'));
  });

  it('shows the server\'s message naming the field for a backwards range', async () => {
    renderScreen(filterPath('/chaobiao', { readFrom: '2026-11-20T00:00:00+08:00', readTo: '2026-11-01T00:00:00+08:00' }));
    expect(await screen.findByText(/结束日期：必须晚于起始时间/)).toBeInTheDocument();
  });
});
