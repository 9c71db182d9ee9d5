import { Bar } from '@nivo/bar';
import { useTheme } from '@mui/material/styles';
import { nivoTheme, prefersReducedMotion } from './nivoTheme';
import { ChartTooltip } from './ChartTooltip';

/**
 * A bar's category: `label` on the axis (shortened to fit it), `title` in full in the tooltip
 * (default the label), `id` when two labels may be the same (two projects' 3号楼 · 207).
 */
export interface CategoryPoint { label: string; value: number; id?: string; title?: string }

/** The horizontal chart's label column (px) and what fits in it at the axis's 11 px text. */
const LABEL_WIDTH = 170;
/** A text's width in half-width units: CJK and other wide characters count two. */
const widthOf = (text: string) => [...text].reduce((sum, ch) => sum + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1), 0);
const cut = (text: string, units: number) => {
  let out = '';
  for (const ch of text) {
    if (widthOf(out + ch) > units) break;
    out += ch;
  }
  return out;
};

/**
 * A label shortened to `units` half-width units for the axis: a "a · b · c" label keeps its last
 * parts (building and room, the specific ones) whole and shortens the first (the project) with an
 * ellipsis; any other label is cut at its end with an ellipsis.
 */
export function shortLabel(label: string, units: number): string {
  if (widthOf(label) <= units) return label;
  const parts = label.split(' · ');
  if (parts.length > 1) {
    const rest = ` · ${parts.slice(1).join(' · ')}`;
    const room = units - widthOf(rest) - 1;
    if (room >= 4) return `${cut(parts[0], room)}…${rest}`;
  }
  return `${cut(label, units - 1)}…`;
}

/**
 * Bars of named categories (nivo), vertical or horizontal (long names: buildings, rooms), in the
 * theme's primary colour. Its own chunk with nivo: load it with React.lazy.
 */
export default function CategoryBar({ data, width, height, format, tooltipFormat, valueLabel, horizontal = false }: {
  data: CategoryPoint[];
  width: number;
  height: number;
  /** A value as the axis and the bars' labels show it (and the tooltip, unless `tooltipFormat`). */
  format: (value: number) => string;
  /** A value in full as the tooltip shows it (money: ¥1,930.00 where the axis says ¥2k). */
  tooltipFormat?: (value: number) => string;
  valueLabel: string;
  horizontal?: boolean;
}) {
  const theme = useTheme();
  const rows = horizontal ? [...data].reverse() : data;
  const byKey = new Map(rows.map((point) => [point.id ?? point.label, point]));
  // ~6.2 px a half-width unit at 11 px; the tick padding and a margin off the label column.
  const labelUnits = Math.floor((LABEL_WIDTH - 12) / 6.2);
  const axisLabel = (key: string | number) => {
    const label = byKey.get(String(key))?.label ?? String(key);
    return horizontal ? shortLabel(label, labelUnits) : label;
  };
  return (
    <Bar
      width={width} height={height}
      data={rows.map((point) => ({ key: point.id ?? point.label, value: point.value }))}
      keys={['value']} indexBy="key"
      layout={horizontal ? 'horizontal' : 'vertical'}
      margin={horizontal ? { top: 4, right: 64, bottom: 24, left: LABEL_WIDTH } : { top: 8, right: 16, bottom: 40, left: 64 }}
      padding={0.3}
      colors={[theme.palette.primary.main]}
      theme={nivoTheme(theme)}
      enableGridX={horizontal} enableGridY={!horizontal}
      // Grid lines where the value axis has its ticks (nivo's default grid is denser than 4 ticks).
      gridXValues={horizontal ? 4 : undefined} gridYValues={horizontal ? undefined : 4}
      label={(bar) => format(Number(bar.value))}
      labelSkipWidth={48} labelSkipHeight={14}
      labelTextColor={theme.palette.primary.contrastText}
      animate={!prefersReducedMotion()}
      axisBottom={horizontal ? { tickSize: 0, tickPadding: 6, tickValues: 4, format: (v: number) => format(v) } : { tickSize: 0, tickPadding: 6, format: axisLabel }}
      axisLeft={horizontal ? { tickSize: 0, tickPadding: 6, format: axisLabel } : { tickSize: 0, tickPadding: 6, tickValues: 4, format: (v: number) => format(v) }}
      valueFormat={(value: number) => format(value)}
      tooltip={({ indexValue, value }) => {
        const point = byKey.get(String(indexValue));
        return <ChartTooltip>{point?.title ?? point?.label ?? String(indexValue)} · {valueLabel}: <strong>{(tooltipFormat ?? format)(Number(value))}</strong></ChartTooltip>;
      }}
      role="presentation"
    />
  );
}
