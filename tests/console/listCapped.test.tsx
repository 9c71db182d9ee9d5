import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderScreen, signedInForFile } from './render';
import { dataProvider } from '../../src/appDataProvider';
import { testBackend } from '../msw/setup';

/**
 * A list whose count stops at the server's cap (the list kit; LIST_COUNT_CAP lowered to 100 here,
 * 10,000 by default) says "100+" instead of presenting the cap as the number of rows, and an
 * export still reads every row past the cap.
 */
const meterCount = async () => Number(((await testBackend().database.db.execute('SELECT count(*)::int AS n FROM water_meters WHERE area_id IN (1, 3)' as never)) as unknown as { rows: { n: number }[] }).rows[0].n);

beforeEach(() => { process.env.LIST_COUNT_CAP = '100'; });
afterEach(() => { delete process.env.LIST_COUNT_CAP; });

signedInForFile('admin');

describe('capped list totals', () => {
  it('shows "1-25，共 100+ 条" when more rows match than the server counts', async () => {
    renderScreen('/waterarchive');
    expect(await screen.findByTestId('range-capped')).toHaveTextContent('1-25，共 100+ 条');
  });

  it('exports every matching row, past the cap', async () => {
    const all = await dataProvider.getList('waterarchive', { pagination: { page: 1, perPage: 100_000 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    const expected = await meterCount();
    expect(expected).toBeGreaterThan(100);
    expect(all.data).toHaveLength(expected);
    expect(new Set(all.data.map((row) => row.id)).size).toBe(expected);
    await waitFor(() => expect(all.meta).toEqual({ totalCapped: true }));
  });
});
