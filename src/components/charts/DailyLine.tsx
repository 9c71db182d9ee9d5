import { Line } from '@nivo/line';
import { useTheme } from '@mui/material/styles';
import { nivoTheme, prefersReducedMotion, shortDay } from './nivoTheme';
import type { DailyPoint } from './DailyBar';
import { ChartTooltip } from './ChartTooltip';

/**
 * A line of daily values (nivo) with its area filled lightly, in the theme's success colour; each day
 * a ring in the line's colour on the paper (nivo 0.99 names the series colour `seriesColor`).
 * Its own chunk with nivo: load it with React.lazy.
 */
export default function DailyLine({ data, width, height, format, tooltipFormat, valueLabel, color }: {
  data: DailyPoint[];
  /** The line's colour (default the theme's success colour). */
  color?: string;
  width: number;
  height: number;
  /** A value as the axis shows it (and the tooltip, unless `tooltipFormat`). */
  format: (value: number) => string;
  /** A value in full as the tooltip shows it (money: ¥1,930.00 where the axis says ¥2k). */
  tooltipFormat?: (value: number) => string;
  valueLabel: string;
}) {
  const theme = useTheme();
  const lastIndex = data.length - 1;
  return (
    <Line
      width={width} height={height}
      data={[{ id: valueLabel, data: data.map((point) => ({ x: point.day, y: point.value })) }]}
      margin={{ top: 8, right: 22, bottom: 28, left: 64 }}
      colors={[color ?? theme.palette.success.main]}
      theme={nivoTheme(theme)}
      curve="monotoneX"
      enableArea areaOpacity={0.12}
      pointSize={data.length > 45 ? 0 : 4} pointColor={theme.palette.background.paper} pointBorderWidth={2} pointBorderColor={{ from: 'seriesColor' }}
      enableGridX={false} gridYValues={4}
      yScale={{ type: 'linear', min: 0, max: 'auto' }}
      animate={!prefersReducedMotion()}
      axisBottom={{ tickSize: 0, tickPadding: 6, format: (day: string) => (data.findIndex((p) => p.day === day) % 5 === lastIndex % 5 ? shortDay(day) : '') }}
      axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 4, format: (value: number) => format(value) }}
      useMesh
      tooltip={({ point }) => (
        <ChartTooltip>{String(point.data.x)} · {valueLabel}: <strong>{(tooltipFormat ?? format)(Number(point.data.y))}</strong></ChartTooltip>
      )}
      role="presentation"
    />
  );
}
