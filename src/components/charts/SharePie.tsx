import { Pie } from '@nivo/pie';
import { useTheme } from '@mui/material/styles';
import { nivoTheme, prefersReducedMotion } from './nivoTheme';
import { ChartTooltip } from './ChartTooltip';

export interface SharePoint { id: string; label: string; value: number }

/**
 * Shares of a whole as a ring (nivo pie), one colour of the theme per slice (error, warning, primary,
 * success: sharp, peak, flat, valley read from hot to cool), each slice labelled with its share.
 * Its own chunk with nivo: load it with React.lazy.
 */
export default function SharePie({ data, width, height, format, valueLabel }: {
  data: SharePoint[];
  width: number;
  height: number;
  format: (value: number) => string;
  valueLabel: string;
}) {
  const theme = useTheme();
  const palette = [theme.palette.error.main, theme.palette.warning.main, theme.palette.primary.main, theme.palette.success.main, theme.palette.info.main, theme.palette.secondary.main];
  const total = data.reduce((sum, point) => sum + point.value, 0);
  const share = (value: number) => (total > 0 ? `${Math.round((value / total) * 1000) / 10}%` : '0%');
  const slices = data.filter((point) => point.value > 0);
  // Link labels beside the ring when there is room and more than one slice (one slice's label would hang below it).
  const wide = width >= 420 && slices.length > 1;
  return (
    <Pie
      width={width} height={height}
      data={slices}
      id="id" value="value"
      margin={wide ? { top: 24, right: 140, bottom: 24, left: 140 } : { top: 16, right: 16, bottom: 16, left: 16 }}
      innerRadius={0.55} padAngle={1} cornerRadius={2}
      colors={(datum) => palette[Math.max(0, data.findIndex((point) => point.id === datum.id)) % palette.length]}
      theme={nivoTheme(theme)}
      borderWidth={1} borderColor={theme.palette.background.paper}
      enableArcLinkLabels={wide}
      arcLinkLabel={(datum) => `${String(datum.label)} ${format(datum.value)}`}
      arcLinkLabelsTextColor={theme.palette.text.primary}
      arcLinkLabelsColor={{ from: 'color' }}
      arcLinkLabelsSkipAngle={8}
      arcLabel={(datum) => (slices.length > 1 ? share(datum.value) : `${String(datum.label)} ${share(datum.value)}`)}
      arcLabelsSkipAngle={14}
      // Each share in the colour that reads on its own slice (white on red, dark on amber).
      arcLabelsTextColor={(datum) => theme.palette.getContrastText(datum.color)}
      animate={!prefersReducedMotion()}
      tooltip={({ datum }) => (
        <ChartTooltip>{String(datum.label)} · {valueLabel}: <strong>{format(datum.value)}</strong> ({share(datum.value)})</ChartTooltip>
      )}
      role="presentation"
    />
  );
}
