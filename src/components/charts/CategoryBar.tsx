import { Bar } from '@nivo/bar';
import { useTheme } from '@mui/material/styles';
import { nivoTheme, prefersReducedMotion } from './nivoTheme';
import { ChartTooltip } from './ChartTooltip';

export interface CategoryPoint { label: string; value: number }

/**
 * Bars of named categories (nivo), vertical or horizontal (long names: buildings, rooms), in the
 * theme's primary colour. Its own chunk with nivo: load it with React.lazy.
 */
export default function CategoryBar({ data, width, height, format, valueLabel, horizontal = false }: {
  data: CategoryPoint[];
  width: number;
  height: number;
  format: (value: number) => string;
  valueLabel: string;
  horizontal?: boolean;
}) {
  const theme = useTheme();
  const rows = horizontal ? [...data].reverse() : data;
  return (
    <Bar
      width={width} height={height}
      data={rows.map((point) => ({ label: point.label, value: point.value }))}
      keys={['value']} indexBy="label"
      layout={horizontal ? 'horizontal' : 'vertical'}
      margin={horizontal ? { top: 4, right: 64, bottom: 24, left: 170 } : { top: 8, right: 16, bottom: 40, left: 64 }}
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
      axisBottom={horizontal ? { tickSize: 0, tickPadding: 6, tickValues: 4, format: (v: number) => format(v) } : { tickSize: 0, tickPadding: 6 }}
      axisLeft={horizontal ? { tickSize: 0, tickPadding: 6 } : { tickSize: 0, tickPadding: 6, tickValues: 4, format: (v: number) => format(v) }}
      valueFormat={(value: number) => format(value)}
      tooltip={({ indexValue, value }) => (
        <ChartTooltip>{String(indexValue)} · {valueLabel}: <strong>{format(Number(value))}</strong></ChartTooltip>
      )}
      role="presentation"
    />
  );
}
