import { Bar } from '@nivo/bar';
import { useTheme } from '@mui/material/styles';
import { nivoTheme, prefersReducedMotion, shortDay } from './nivoTheme';
import { ChartTooltip } from './ChartTooltip';

export interface DailyPoint { day: string; value: number }

/**
 * A bar per day (nivo), in the theme's primary colour; every fifth day labelled on the axis. Its own
 * chunk with nivo: load it with React.lazy, never on the login path.
 */
export default function DailyBar({ data, width, height, format, tooltipFormat, valueLabel }: {
  data: DailyPoint[];
  width: number;
  height: number;
  /** A value as the axis shows it (and the tooltip, unless `tooltipFormat`). */
  format: (value: number) => string;
  /** A value in full as the tooltip shows it (money: ¥1,930.00 where the axis says ¥2k). */
  tooltipFormat?: (value: number) => string;
  valueLabel: string;
}) {
  const theme = useTheme();
  return (
    <Bar
      width={width} height={height}
      data={data.map((point) => ({ day: point.day, value: point.value }))}
      keys={['value']} indexBy="day"
      margin={{ top: 8, right: 16, bottom: 28, left: 56 }}
      padding={0.25}
      colors={[theme.palette.primary.main]}
      theme={nivoTheme(theme)}
      enableLabel={false}
      animate={!prefersReducedMotion()}
      axisBottom={{ tickSize: 0, tickPadding: 6, format: (day: string) => (data.findIndex((p) => p.day === day) % 5 === (data.length - 1) % 5 ? shortDay(day) : '') }}
      axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 4, format: (value: number) => format(value) }}
      gridYValues={4}
      valueFormat={(value: number) => format(value)}
      tooltip={({ indexValue, value }) => (
        <ChartTooltip>{String(indexValue)} · {valueLabel}: <strong>{(tooltipFormat ?? format)(Number(value))}</strong></ChartTooltip>
      )}
      role="presentation"
    />
  );
}
