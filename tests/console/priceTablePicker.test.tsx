import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, fastUser as user } from './render';

/**
 * The electric meter form's price table picker (dianbiaoguanli): each table's prices as its kind
 * has them — a single rate's one price, a time-of-use table's sharp / peak / flat / valley, a
 * tiered table's tiers — never a tiered table's four equal register prices.
 */
signedInForFile('admin');

describe('the meter form\'s price table picker', () => {
  it('shows a single rate\'s price, a time-of-use table\'s four rates and a tiered table\'s tiers', async () => {
    const u = user();
    renderScreen('/dianbiaoguanli/create');
    await u.click(await screen.findByRole('combobox', { name: /电价表/ }));
    const listbox = await screen.findByRole('listbox');
    const option = (name: string) => within(listbox).getAllByRole('option').find((item) => item.textContent?.includes(name))!;
    // The seed's tables of area 1 (server/db/seed/estate.ts).
    await waitFor(() => expect(option('居民阶梯电价')).toBeDefined());
    const tiered = option('居民阶梯电价').textContent!;
    expect(tiered).toContain('阶梯电价 · ≤100: 0.56 / ≤200: 0.61 / >200: 0.86 元/kWh');
    expect(tiered).not.toContain('0.56 / 0.56');
    expect(option('峰谷分时电价').textContent).toContain('峰谷分时 · 尖 1.10 / 峰 0.95 / 平 0.65 / 谷 0.35 元/kWh');
    const single = option('居民单一电价').textContent!;
    expect(single).toContain('单一电价 · 0.60 元/kWh');
    expect(single).not.toContain('0.60 / 0.60');
    // Chosen, the table's prices stay in sight under the field.
    await u.click(option('居民阶梯电价'));
    expect(await screen.findByText(/≤100: 0\.56 \/ ≤200: 0\.61 \/ >200: 0\.86/)).toBeInTheDocument();
  });
});
