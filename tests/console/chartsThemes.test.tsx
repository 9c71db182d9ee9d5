import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider, createTheme, getContrastRatio, type Theme } from '@mui/material/styles';
import DailyBar from '../../src/components/charts/DailyBar';
import CategoryBar from '../../src/components/charts/CategoryBar';
import DailyLine from '../../src/components/charts/DailyLine';
import SharePie from '../../src/components/charts/SharePie';
import { nivoTheme } from '../../src/components/charts/nivoTheme';
import { LiquidGauge, captionFontSize } from '../../src/components/dashboard/LiquidGauge';
import { createAppTheme } from '../../src/themes/createAppTheme';
import { THEMES, type ThemeName } from '../../src/themes/palettes';
import { DEFAULT_THEME_COLOR } from '../../src/config';

/**
 * The dashboards' and graphic reports' charts in each of the six themes (issue 32: "coloured from
 * the current theme and readable in all six themes, the dark one included"), drawn at a fixed size
 * in jsdom: what the screenshots showed wrong stays fixed — bar tooltips without a box, the lines'
 * day points drawn as holes, grid lines between the ticks — and the texts keep their contrast.
 */

const AA = 4.5;
const themeOf = (name: ThemeName) => createTheme(createAppTheme(THEMES.find((t) => t.name === name)!, DEFAULT_THEME_COLOR, 'default')) as Theme;
const themed = (theme: Theme, node: React.ReactNode) => render(<ThemeProvider theme={theme}>{node}</ThemeProvider>);
const days = Array.from({ length: 12 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, value: 100 + ((i * 37) % 90) * 10 }));
const fillOf = (element: Element) => (element as SVGElement).style.fill || element.getAttribute('fill') || '';
const NAMES = THEMES.map((t) => t.name);

describe.each(NAMES)('charts in the %s theme', (name) => {
  const theme = themeOf(name);
  const paper = theme.palette.background.paper;

  it('draws axis texts that read on the paper, and a bar\'s tooltip in a box of the theme', async () => {
    const { container } = themed(theme, <DailyBar data={days} width={600} height={240} format={(v) => `${v}`} valueLabel="kWh" />);
    const ticks = [...container.querySelectorAll('svg text')].filter((t) => t.textContent);
    expect(ticks.length).toBeGreaterThan(4);
    for (const tick of ticks) expect(getContrastRatio(fillOf(tick), paper)).toBeGreaterThanOrEqual(AA);

    fireEvent.mouseEnter(container.querySelector('[data-testid^="bar.item."]')!);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('2026-11-01 · kWh: 100');
    expect(getContrastRatio(tooltip.style.background, paper)).toBe(1);
    expect(getContrastRatio(tooltip.style.color, tooltip.style.background)).toBeGreaterThanOrEqual(AA);
  });

  it('rings each day of a line in the line\'s colour on the paper (not a hole in the line)', () => {
    const colour = theme.palette.error.main;
    const { container } = themed(theme, <DailyLine data={days} color={colour} width={600} height={240} format={(v) => `${v}`} valueLabel="¥" />);
    const points = [...container.querySelectorAll('svg circle')];
    expect(points).toHaveLength(days.length);
    for (const point of points) {
      expect(getContrastRatio(point.getAttribute('stroke') ?? '', colour)).toBe(1);
      expect(getContrastRatio(point.getAttribute('fill') ?? '', paper)).toBe(1);
    }
  });

  it('draws a category chart\'s grid lines at its value ticks only', () => {
    const rows = ['A', 'B', 'C', 'D'].map((label, i) => ({ label, value: 2500 + i * 3000 }));
    const { container } = themed(theme, <CategoryBar horizontal data={rows} width={600} height={200} format={(v) => `${v}`} valueLabel="kWh" />);
    // The value axis's tick labels (the bars' own labels are their values, none a multiple of 1,000).
    const tickTexts = [...container.querySelectorAll('svg text')].map((t) => t.textContent ?? '').filter((t) => /^\d+$/.test(t) && Number(t) % 1000 === 0);
    const divider = theme.palette.divider;
    const gridLines = [...container.querySelectorAll('svg line')].filter((line) => {
      const stroke = (line as SVGElement).style.stroke || line.getAttribute('stroke') || '';
      return stroke && getContrastRatio(stroke, divider) === 1 && line.getAttribute('x1') === line.getAttribute('x2') && Number(line.getAttribute('y2')) > Number(line.getAttribute('y1') ?? 0);
    });
    expect(tickTexts.length).toBeGreaterThan(2);
    // One line per tick (the axis line at 0 may be one of them or one more).
    expect(gridLines.length).toBeGreaterThanOrEqual(tickTexts.length);
    expect(gridLines.length).toBeLessThanOrEqual(tickTexts.length + 1);
  });

  it('labels each slice of a ring in a colour that reads on that slice', () => {
    const shares = ['sharp', 'peak', 'flat', 'valley', 'x', 'y'].map((id, i) => ({ id, label: id, value: 10 + i }));
    const { container } = themed(theme, <SharePie data={shares} width={300} height={300} format={(v) => `${v}`} valueLabel="kWh" />);
    const arcs = [...container.querySelectorAll('svg path')];
    const labels = [...container.querySelectorAll('svg text')];
    expect(arcs).toHaveLength(shares.length);
    expect(labels).toHaveLength(shares.length);
    labels.forEach((label, i) => expect(getContrastRatio(fillOf(label), fillOf(arcs[i]))).toBeGreaterThanOrEqual(3));
  });

  it('gives nivo axis, legend and tooltip texts that read on the paper', () => {
    const nivo = nivoTheme(theme);
    expect(getContrastRatio(nivo.axis.ticks.text.fill, paper)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(nivo.axis.legend.text.fill, paper)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(nivo.tooltip.container.color, nivo.tooltip.container.background)).toBeGreaterThanOrEqual(AA);
  });
});

describe('the liquid gauge\'s caption', () => {
  it('keeps 7.5 % of the gauge for the demo estate\'s figures and shrinks for a city\'s, to stay inside the vessel', () => {
    expect(captionFontSize('7,255.03 / 8,883.97 m³', 170)).toBeGreaterThan(170 * 0.07);
    expect(captionFontSize('255.03 / 883.97 m³', 170)).toBe(170 * 0.075);
    const long = '1,234,567.89 / 2,345,678.91 m³';
    const font = captionFontSize(long, 170);
    expect(font).toBeLessThan(170 * 0.075);
    // Its estimated width fits the chord of the vessel at the caption's lower edge.
    const inner = 85 - 6;
    const lower = 170 * 0.17 + 170 * 0.04;
    const chord = 2 * Math.sqrt(inner * inner - lower * lower);
    const ems = [...long].reduce((sum, ch) => sum + (/[\s,./:]/.test(ch) ? 0.3 : 0.58), 0);
    expect(ems * font).toBeLessThanOrEqual(chord);
  });

  it('draws the caption at that size', () => {
    const { container } = themed(themeOf('darkBlue'), <LiquidGauge value={1_234_567.89} full={2_345_678.91} size={170} label="x" caption="1,234,567.89 / 2,345,678.91 m³" />);
    const captions = [...container.querySelectorAll('text')].filter((t) => t.textContent?.includes('m³'));
    expect(captions.length).toBeGreaterThan(0);
    for (const caption of captions) expect(Number(caption.getAttribute('font-size'))).toBeCloseTo(captionFontSize('1,234,567.89 / 2,345,678.91 m³', 170), 5);
  });
});
