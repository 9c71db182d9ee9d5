import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, sqlRows as query } from './render';

/** The statistics record screens against the real backend: rows, the totals of the filtered set, a filter from the address, the empty state. */
signedInForFile('admin');

const filterPath = (path: string, filter: Record<string, unknown>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const totalOf = (source: string) => screen.getByTestId('list-totals').querySelector(`[data-total="${source}"]`)?.textContent;
const AREA = 'area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)';
const count = async (text: string) => Number((await query<{ n: number }>(text))[0].n).toLocaleString('en-US');

describe('statistics records', () => {
  it('continuitytable: power cuts with cause and duration; arrears only from the address', async () => {
    renderScreen(filterPath('/continuitytable', { cause: 'arrears' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    for (const row of rows()) expect(row).toHaveTextContent('欠费');
    await screen.findByTestId('list-totals');
    expect(totalOf('count')).toBe(await count(`SELECT count(*) AS n FROM power_cuts WHERE cause = 'arrears' AND ${AREA}`));
    expect(rows()[0].textContent).toMatch(/\d+:\d{2}/);
  });

  it('guzhang: open faults only from the address, with their totals', async () => {
    renderScreen(filterPath('/guzhang', { state: 'open' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    for (const row of rows()) expect(row).toHaveTextContent('未消除');
    await screen.findByTestId('list-totals');
    expect(totalOf('count')).toBe(await count(`SELECT count(*) AS n FROM faults WHERE cleared_at IS NULL AND ${AREA}`));
  });

  it('mfdianzengyu and waterfree: each utility\'s gift records', async () => {
    const first = renderScreen('/mfdianzengyu');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await screen.findByTestId('list-totals');
    expect(totalOf('count')).toBe(await count(`SELECT count(*) AS n FROM gift_records WHERE utility = 'electric' AND ${AREA}`));
    expect(screen.getByRole('columnheader', { name: /赠送电量（kWh）/ })).toBeInTheDocument();
    first.unmount();
    renderScreen('/waterfree');
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /赠送水量（m³）/ })).toBeInTheDocument());
    await screen.findByTestId('list-totals');
    await waitFor(async () => expect(totalOf('count')).toBe(await count(`SELECT count(*) AS n FROM gift_records WHERE utility = 'water' AND ${AREA}`)));
  });

  it('monthly_order: the multi-rate settlement with its money total', async () => {
    renderScreen('/monthly_order');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await screen.findByTestId('list-totals');
    const [ref] = await query<{ total: number }>(`SELECT sum(total_fen) AS total FROM monthly_settlements WHERE ${AREA}`);
    const fen = Number(ref.total);
    expect(totalOf('totalFen')).toBe((fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  });

  it('says so when nothing matches, and shows the server\'s message naming the field for a bad month', async () => {
    const empty = renderScreen(filterPath('/monthly_order', { roomCode: 'NO-SUCH-ROOM' }));
    expect(await screen.findByText(/未找到/)).toBeInTheDocument();
    empty.unmount();
    renderScreen(filterPath('/monthly_order', { monthFrom: '2026-10', monthTo: '2026-08' }));
    expect(await screen.findByText(/结束月份：必须晚于起始时间/)).toBeInTheDocument();
  });
});
