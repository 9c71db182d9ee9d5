import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import DailyBar from '../../src/components/charts/DailyBar';
import DailyLine from '../../src/components/charts/DailyLine';
import CategoryBar, { shortLabel } from '../../src/components/charts/CategoryBar';
import { maxOf, yuanAxis } from '../../src/components/charts/moneyAxis';
import { yuanGrouped } from '../../src/resources/home/dashboard/format';
import { ARREARS_HEAD_PX, ARREARS_ROW_PX, ARREARS_ROWS_SHOWN } from '../../src/resources/home/dashboard/Panels';
import zhChs from '../../i18n/home/dashboard/zh-chs';
import zhCht from '../../i18n/home/dashboard/zh-cht';
import en from '../../i18n/home/dashboard/en';
import ja from '../../i18n/home/dashboard/ja';
import { renderScreen, signedInForFile } from './render';

/**
 * What the dashboards' and graphic report's screenshots showed (issue 32): money axes mixing
 * ¥8000 with ¥10k and tooltips in the axis's short format, top rooms of two projects' 3号楼
 * labelled alike, the unit twice in a money tooltip, the arrears table's room wrapping and its
 * scroll cutting a row in half.
 */
signedInForFile('admin');

const theme = createTheme();
const themed = (node: React.ReactNode) => render(<ThemeProvider theme={theme}>{node}</ThemeProvider>);
const texts = (container: HTMLElement) => [...container.querySelectorAll('svg text')].map((t) => t.textContent ?? '').filter(Boolean);

describe('money on the charts', () => {
  it('gives every tick of an axis one short format chosen by the axis\'s largest value', () => {
    const small = yuanAxis(950_000); // ¥9,500
    expect([0, 250_000, 500_000, 800_000].map(small)).toEqual(['¥0', '¥2,500', '¥5,000', '¥8,000']);
    const large = yuanAxis(1_200_000); // ¥12,000
    expect([0, 250_000, 800_000, 1_000_000].map(large)).toEqual(['¥0', '¥2.5k', '¥8k', '¥10k']);
    const huge = yuanAxis(2_500_000_000); // ¥25 M
    expect([500_000_000, 2_000_000_000].map(huge)).toEqual(['¥5M', '¥20M']);
    expect(yuanAxis(-1_200_000)(-800_000)).toBe('-¥8k');
    expect(maxOf([3, -7, 5])).toBe(7);
    expect(maxOf([])).toBe(0);
  });

  it('writes a bar\'s value in full money in its tooltip while the axis keeps the short format', async () => {
    const data = Array.from({ length: 10 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, value: 193_000 + i * 100_000 }));
    const { container } = themed(<DailyBar data={data} width={600} height={240} format={yuanAxis(maxOf(data.map((d) => d.value)))} tooltipFormat={yuanGrouped} valueLabel="充值金额" />);
    const money = texts(container).filter((t) => t.startsWith('¥'));
    expect(money.length).toBeGreaterThan(1);
    for (const tick of money) expect(tick).toMatch(/^¥\d+(\.\d)?k$|^¥0$/);
    fireEvent.mouseEnter(container.querySelector('[data-testid^="bar.item."]')!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('2026-11-01 · 充值金额: ¥1,930.00');
  });

  it('writes a line\'s day in full money in its tooltip', async () => {
    const data = Array.from({ length: 5 }, (_, i) => ({ day: `2026-11-0${i + 1}`, value: 64_300 * (i + 1) }));
    const { container } = themed(<DailyLine data={data} width={500} height={240} format={yuanAxis(maxOf(data.map((d) => d.value)))} tooltipFormat={yuanGrouped} valueLabel="欠费金额" />);
    for (const tick of texts(container).filter((t) => t.startsWith('¥'))) expect(tick).toMatch(/^¥[\d,]+$/);
    // The mesh finds the point nearest the cursor (jsdom boxes sit at 0,0): the first day at the left margin.
    const mesh = container.querySelector('svg rect[fill="red"]') ?? [...container.querySelectorAll('svg rect')].at(-1)!;
    fireEvent.mouseMove(mesh, { clientX: 64, clientY: 200 });
    fireEvent.mouseEnter(mesh, { clientX: 64, clientY: 200 });
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('2026-11-01 · 欠费金额: ¥643.00');
  });

  it('names the chart series shown as money without the unit, in all four languages', () => {
    for (const messages of [zhChs, zhCht, en, ja]) {
      const series = (messages as { report: { series: Record<string, string> } }).report.series;
      for (const name of [series.amount, series.arrears]) {
        expect(name).toBeTruthy();
        expect(name).not.toMatch(/元|yuan|¥/);
      }
    }
  });
});

describe('top rooms of the graphic report', () => {
  it('draws two projects\' rooms of the same building name as two bars, the full name in the tooltip', async () => {
    const data = [
      { id: '1', label: '东区花园 · 3号楼 · 207', value: 300 },
      { id: '2', label: '西区公寓 · 3号楼 · 207', value: 200 },
    ];
    const { container } = themed(<CategoryBar horizontal data={data} width={600} height={200} format={(v) => String(v)} valueLabel="kWh" />);
    const bars = container.querySelectorAll('[data-testid^="bar.item."]');
    expect(bars).toHaveLength(2);
    expect(texts(container)).toEqual(expect.arrayContaining(['东区花园 · 3号楼 · 207', '西区公寓 · 3号楼 · 207']));
    fireEvent.mouseEnter(bars[0]);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^(东区花园|西区公寓) · 3号楼 · 207 · kWh: \d+$/);
  });

  it('shortens a long label on the axis by its project, keeping building and room whole', () => {
    const label = '城南经济技术开发区人才公寓二期项目 · 3号楼 · 207';
    const short = shortLabel(label, 25);
    expect(short).toMatch(/^城南.*… · 3号楼 · 207$/);
    expect(short.length).toBeLessThan(label.length);
    expect(shortLabel('东区 · 3号楼 · 207', 25)).toBe('东区 · 3号楼 · 207');
    expect(shortLabel('a'.repeat(40), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('the arrears table (index_water)', () => {
  it('keeps the room on one line and scrolls by whole rows below its header', async () => {
    renderScreen('/index_water');
    const panel = await screen.findByTestId('arrears-list', undefined, { timeout: 30_000 });
    const scroll = await within(panel).findByTestId('arrears-scroll');
    const box = getComputedStyle(scroll);
    expect(box.maxHeight).toBe(`${ARREARS_HEAD_PX + ARREARS_ROWS_SHOWN * ARREARS_ROW_PX}px`);
    expect(box.overflow).toBe('auto');
    const rows = scroll.querySelectorAll('tbody tr');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(getComputedStyle(row).height).toBe(`${ARREARS_ROW_PX}px`);
      expect(getComputedStyle(row.querySelector('td')!).whiteSpace).toBe('nowrap');
    }
    // The panels stack full width below lg (1200 px), two from lg: jsdom applies no media rules, so read the emitted CSS.
    const panels = screen.getByTestId('dashboard-panels');
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
    const rules = (selector: string) => css.split('}').filter((rule) => rule.includes(selector)).join('}');
    const own = [...panels.classList].filter((name) => name.startsWith('css-')).map(rules).join('}');
    expect(own).toMatch(/\{grid-template-columns:minmax\(0, 1fr\);/);
    expect(css).toMatch(new RegExp(`@media \\(min-width:1200px\\)\\{\\.${[...panels.classList].find((n) => n.startsWith('css-'))}\\{grid-template-columns:minmax\\(0, 1fr\\) minmax\\(0, 1fr\\);`));
    expect(own).not.toMatch(/min-width:900px/);
  });
});
